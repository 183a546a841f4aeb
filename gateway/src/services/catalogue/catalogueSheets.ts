// The catalogues as spreadsheets: each list's export columns, as the page shows them.
import type { CollectorType, Manufacturer, MeterModel, ResidentCategory } from '@waterops/shared/catalogue';
import type { MessageKey } from '@waterops/shared/i18n';
import type { ExportSpec } from '../resource/resourceSheets.ts';
import { formatDateTime } from '../resource/sheetCells.ts';

const created = {
  header: 'sheet.catalogue.createTime',
  value: (r: { createTime: string }) => formatDateTime(new Date(r.createTime)),
} as const;

export const manufacturerExport: ExportSpec<Manufacturer> = {
  fileName: 'sheet.manufacturer.file',
  columns: [
    { header: 'sheet.catalogue.name', value: (m) => m.name },
    { header: 'sheet.catalogue.code', value: (m) => m.code },
    { header: 'sheet.catalogue.contact', value: (m) => m.contact },
    { header: 'sheet.catalogue.phone', value: (m) => m.phone },
    { header: 'sheet.catalogue.address', value: (m) => m.address },
    { header: 'sheet.catalogue.remark', value: (m) => m.remark },
    created,
  ],
};

export const meterModelExport: ExportSpec<MeterModel> = {
  fileName: 'sheet.meterModel.file',
  columns: [
    { header: 'sheet.catalogue.typeName', value: (m) => m.typeName },
    { header: 'sheet.catalogue.manufacturer', value: (m) => m.manufacturerName },
    { header: 'sheet.catalogue.meterKind', value: (m, t) => t(`catalogue.meterKind.${m.meterKind}` as MessageKey) },
    { header: 'sheet.catalogue.caliber', value: (m) => m.caliber },
    { header: 'sheet.catalogue.maxReading', value: (m) => m.maxReading },
    { header: 'sheet.catalogue.precision', value: (m) => m.precision },
    { header: 'sheet.catalogue.valveControl', value: (m, t) => t(m.valveControl ? 'sheet.yes' : 'sheet.no') },
    { header: 'sheet.catalogue.remark', value: (m) => m.remark },
    created,
  ],
};

export const collectorTypeExport: ExportSpec<CollectorType> = {
  fileName: 'sheet.collectorType.file',
  columns: [
    { header: 'sheet.catalogue.typeName', value: (c) => c.typeName },
    { header: 'sheet.catalogue.linkKind', value: (c, t) => t(`catalogue.linkKind.${c.linkKind}` as MessageKey) },
    { header: 'sheet.catalogue.manufacturer', value: (c) => c.manufacturerName },
    { header: 'sheet.catalogue.remark', value: (c) => c.remark },
    created,
  ],
};

export const residentCategoryExport: ExportSpec<ResidentCategory> = {
  fileName: 'sheet.residentCategory.file',
  columns: [
    { header: 'sheet.catalogue.typeName', value: (c) => c.typeName },
    { header: 'sheet.catalogue.residentCount', value: (c) => c.residentCount },
    { header: 'sheet.catalogue.remark', value: (c) => c.remark },
    created,
  ],
};
