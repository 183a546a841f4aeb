// The spreadsheet export of the pipelines and wells lists (GET <list>/export, the resource registration's): the
// rows the list shows for the same filters, types, materials and statuses in the reader's language.
import type { MessageKey } from '@waterops/shared/i18n';
import type { Pipeline, Well } from '@waterops/shared/network';
import type { ExportSpec } from '../resource/resourceSheets.ts';
import { formatDateTime } from '../resource/sheetCells.ts';

/** A pipe end as the list shows it: the well's code, else the meter's. */
const endOf = (wellCode: string | null, meterCode: string | null) => wellCode ?? meterCode;

export const pipelineExport: ExportSpec<Pipeline> = {
  fileName: 'sheet.pipeline.file',
  columns: [
    { header: 'sheet.pipeline.pipeCode', value: (p) => p.pipeCode },
    { header: 'sheet.pipeline.name', value: (p) => p.name },
    { header: 'sheet.pipeline.pipeType', value: (p, t) => t(`sheet.pipeline.type${p.pipeType}` as MessageKey) },
    {
      header: 'sheet.pipeline.material',
      value: (p, t) => (p.material ? t(`sheet.pipeline.material${p.material}` as MessageKey) : null),
    },
    { header: 'sheet.pipeline.diameterMm', value: (p) => p.diameterMm },
    { header: 'sheet.pipeline.lengthM', value: (p) => p.lengthM },
    { header: 'sheet.pipeline.depthM', value: (p) => p.depthM },
    { header: 'sheet.pipeline.start', value: (p) => endOf(p.startWellCode, p.startMeterCode) },
    { header: 'sheet.pipeline.end', value: (p) => endOf(p.endWellCode, p.endMeterCode) },
    { header: 'sheet.network.district', value: (p) => p.districtName },
    {
      header: 'sheet.pipeline.status',
      value: (p, t) => t(p.status === 1 ? 'sheet.pipeline.inService' : 'sheet.pipeline.outOfService'),
    },
    { header: 'sheet.pipeline.installDate', value: (p) => p.installDate },
    { header: 'sheet.network.remark', value: (p) => p.remark },
    { header: 'sheet.network.createTime', value: (p) => formatDateTime(new Date(p.createTime)) },
  ],
};

export const wellExport: ExportSpec<Well> = {
  fileName: 'sheet.well.file',
  columns: [
    { header: 'sheet.well.wellCode', value: (w) => w.wellCode },
    { header: 'sheet.well.name', value: (w) => w.name },
    { header: 'sheet.well.wellType', value: (w, t) => t(`sheet.well.type${w.wellType}` as MessageKey) },
    { header: 'sheet.well.depthM', value: (w) => w.depthM },
    { header: 'sheet.well.elevationM', value: (w) => w.elevationM },
    { header: 'sheet.well.address', value: (w) => w.address },
    { header: 'sheet.well.lng', value: (w) => w.lng },
    { header: 'sheet.well.lat', value: (w) => w.lat },
    { header: 'sheet.network.district', value: (w) => w.districtName },
    { header: 'sheet.network.remark', value: (w) => w.remark },
    { header: 'sheet.network.createTime', value: (w) => formatDateTime(new Date(w.createTime)) },
  ],
};
