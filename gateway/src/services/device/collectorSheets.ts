// Collectors as spreadsheets: export columns (what the lists show) and import columns. The link kind is written as
// a word (有线 / 无线, wired / wireless), the concentrator by its code and the area by its name, as people know them.
import type { Collector, CollectorSave, LinkKind } from '@waterops/shared/device';
import { messages } from '@waterops/shared/i18n';
import type { ExportSpec, ImportSpec, RowReader } from '../resource/resourceSheets.ts';
import { formatDateTime } from '../resource/sheetCells.ts';
import { areaIdsByName, dateCell } from './concentratorSheets.ts';

export const collectorExport: ExportSpec<Collector> = {
  fileName: 'sheet.collector.file',
  columns: [
    { header: 'sheet.collector.code', value: (c) => c.collectorCode },
    {
      header: 'sheet.collector.linkKind',
      value: (c, t) => t(c.linkKind === 2 ? 'sheet.collector.wireless' : 'sheet.collector.wired'),
    },
    { header: 'sheet.collector.concentrator', value: (c) => c.concentratorCode },
    { header: 'sheet.device.area', value: (c) => c.areaName },
    { header: 'sheet.device.address', value: (c) => c.address },
    { header: 'sheet.device.ip', value: (c) => c.ip },
    { header: 'sheet.device.port', value: (c) => c.port },
    { header: 'sheet.collector.uploadFrequency', value: (c) => c.uploadFrequency },
    { header: 'sheet.collector.channel', value: (c) => c.channel },
    { header: 'sheet.device.installDate', value: (c) => c.installDate },
    {
      header: 'sheet.device.online',
      value: (c, t) => t(c.online ? 'sheet.device.onlineYes' : 'sheet.device.onlineNo'),
    },
    {
      header: 'sheet.device.lastReport',
      value: (c) => (c.lastReportTime ? formatDateTime(new Date(c.lastReportTime)) : null),
    },
    { header: 'sheet.collector.meterCount', value: (c) => c.meterCount },
    { header: 'sheet.device.remark', value: (c) => c.remark },
  ],
};

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

/** The words a link kind cell may hold, in either language, or its number. */
const LINK_WORDS = new Map<string, LinkKind>([
  ['1', 1],
  ['2', 2],
  ...Object.values(messages['sheet.collector.wired']).map((w) => [w.toLowerCase(), 1] as [string, LinkKind]),
  ...Object.values(messages['sheet.collector.wireless']).map((w) => [w.toLowerCase(), 2] as [string, LinkKind]),
]);

export const collectorImport: ImportSpec<CollectorSave> = {
  fileName: 'sheet.collector.file',
  columns: [
    { field: 'collectorCode', header: 'sheet.collector.code', kind: 'text', note: 'sheet.device.codeNote' },
    { field: 'linkKind', header: 'sheet.collector.linkKind', kind: 'text', note: 'sheet.collector.linkKindNote' },
    {
      field: 'concentratorId',
      header: 'sheet.collector.concentrator',
      kind: 'text',
      note: 'sheet.collector.concentratorNote',
    },
    { field: 'areaId', header: 'sheet.device.area', kind: 'text', note: 'sheet.device.areaNote' },
    { field: 'address', header: 'sheet.device.address', kind: 'text' },
    { field: 'ip', header: 'sheet.device.ip', kind: 'text' },
    { field: 'port', header: 'sheet.device.port', kind: 'number' },
    { field: 'uploadFrequency', header: 'sheet.collector.uploadFrequency', kind: 'number' },
    { field: 'channel', header: 'sheet.collector.channel', kind: 'number' },
    { field: 'installDate', header: 'sheet.device.installDate', kind: 'text', note: 'sheet.device.dateNote' },
    { field: 'remark', header: 'sheet.device.remark', kind: 'text' },
  ],
  prepare: async (db, companyId): Promise<RowReader<CollectorSave>> => {
    const areas = await areaIdsByName(db, companyId);
    const concentrators = new Map(
      (
        await db
          .selectFrom('concentrators')
          .select(['id', 'concentrator_code'])
          .where('company_id', '=', companyId)
          .execute()
      ).map((r) => [r.concentrator_code, Number(r.id)]),
    );
    return (cells): ReturnType<RowReader<CollectorSave>> => {
      const kindText = text(cells.linkKind);
      if (!kindText) return { refusal: { key: 'rules.collectorLinkKind.required' } };
      const linkKind = LINK_WORDS.get(kindText.toLowerCase());
      if (!linkKind) return { refusal: { key: 'import.device.badLinkKind', params: { value: kindText } } };
      const areaName = text(cells.areaId);
      if (!areaName) return { refusal: { key: 'rules.deviceArea.required' } };
      const areaId = areas.get(areaName.toLowerCase());
      if (areaId === undefined) return { refusal: { key: 'import.device.unknownArea', params: { name: areaName } } };
      const concentratorCode = text(cells.concentratorId);
      const concentratorId = concentratorCode ? concentrators.get(concentratorCode) : undefined;
      if (concentratorCode && concentratorId === undefined)
        return { refusal: { key: 'import.device.unknownConcentrator', params: { code: concentratorCode } } };
      return {
        body: {
          collectorCode: text(cells.collectorCode) ?? '',
          linkKind,
          concentratorId: concentratorId ?? null,
          areaId,
          address: text(cells.address) ?? null,
          ip: text(cells.ip) ?? null,
          port: num(cells.port) ?? null,
          uploadFrequency: num(cells.uploadFrequency) ?? null,
          channel: num(cells.channel) ?? null,
          installDate: dateCell(cells.installDate) ?? null,
          remark: text(cells.remark) ?? null,
        },
      };
    };
  },
};
