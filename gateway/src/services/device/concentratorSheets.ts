// Concentrators as spreadsheets: the export columns (what the list shows) and the import columns. The area is named
// in the sheet (its name, as people know it) and resolved to the tenant's area id; an unknown one fails the row.
import type { Concentrator, ConcentratorSave } from '@waterops/shared/device';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.ts';
import type { ExportSpec, ImportSpec, RowReader } from '../resource/resourceSheets.ts';
import { formatDateTime } from '../resource/sheetCells.ts';

export const concentratorExport: ExportSpec<Concentrator> = {
  fileName: 'sheet.concentrator.file',
  columns: [
    { header: 'sheet.concentrator.code', value: (c) => c.concentratorCode },
    { header: 'sheet.concentrator.name', value: (c) => c.name },
    { header: 'sheet.device.area', value: (c) => c.areaName },
    { header: 'sheet.device.address', value: (c) => c.address },
    { header: 'sheet.device.ip', value: (c) => c.ip },
    { header: 'sheet.device.port', value: (c) => c.port },
    { header: 'sheet.concentrator.simCard', value: (c) => c.simCard },
    { header: 'sheet.concentrator.reportRate', value: (c) => c.reportRate },
    { header: 'sheet.device.installDate', value: (c) => c.installDate },
    {
      header: 'sheet.device.online',
      value: (c, t) => t(c.online ? 'sheet.device.onlineYes' : 'sheet.device.onlineNo'),
    },
    {
      header: 'sheet.device.lastReport',
      value: (c) => (c.lastReportTime ? formatDateTime(new Date(c.lastReportTime)) : null),
    },
    { header: 'sheet.concentrator.collectorCount', value: (c) => c.collectorCount },
    { header: 'sheet.concentrator.meterCount', value: (c) => c.meterCount },
    { header: 'sheet.device.remark', value: (c) => c.remark },
  ],
};

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

/** A date cell as YYYY-MM-DD: typed 2024-05-01 or 2024/5/1, or a date cell (read as '2024-05-01 00:00:00'). */
export const dateCell = (v: unknown): string | undefined => {
  const t = text(v);
  const m = t ? /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})( 00:00:00)?$/.exec(t) : null;
  if (!m) return t; // left as typed: the save schema names the column
  return `${m[1]}-${(m[2] as string).padStart(2, '0')}-${(m[3] as string).padStart(2, '0')}`;
};

/** The tenant's area names (lower case) → ids, loaded once per import job. */
export const areaIdsByName = async (db: Kysely<DB>, companyId: number) => {
  const rows = await db.selectFrom('areas').select(['id', 'area_name']).where('company_id', '=', companyId).execute();
  return new Map(rows.map((r) => [r.area_name.trim().toLowerCase(), Number(r.id)]));
};

export const concentratorImport: ImportSpec<ConcentratorSave> = {
  fileName: 'sheet.concentrator.file',
  columns: [
    { field: 'concentratorCode', header: 'sheet.concentrator.code', kind: 'text', note: 'sheet.device.codeNote' },
    { field: 'name', header: 'sheet.concentrator.name', kind: 'text' },
    { field: 'areaId', header: 'sheet.device.area', kind: 'text', note: 'sheet.device.areaNote' },
    { field: 'address', header: 'sheet.device.address', kind: 'text' },
    { field: 'ip', header: 'sheet.device.ip', kind: 'text' },
    { field: 'port', header: 'sheet.device.port', kind: 'number' },
    { field: 'simCard', header: 'sheet.concentrator.simCard', kind: 'text' },
    { field: 'reportRate', header: 'sheet.concentrator.reportRate', kind: 'number' },
    { field: 'installDate', header: 'sheet.device.installDate', kind: 'text', note: 'sheet.device.dateNote' },
    { field: 'remark', header: 'sheet.device.remark', kind: 'text' },
  ],
  prepare: async (db, companyId): Promise<RowReader<ConcentratorSave>> => {
    const areas = await areaIdsByName(db, companyId);
    return (cells) => {
      const areaName = text(cells.areaId);
      if (!areaName) return { refusal: { key: 'rules.deviceArea.required' } };
      const areaId = areas.get(areaName.toLowerCase());
      if (areaId === undefined) return { refusal: { key: 'import.device.unknownArea', params: { name: areaName } } };
      // a missing code stays empty so the form's own rule names it
      return {
        body: {
          concentratorCode: text(cells.concentratorCode) ?? '',
          name: text(cells.name) ?? null,
          areaId,
          address: text(cells.address) ?? null,
          ip: text(cells.ip) ?? null,
          port: num(cells.port) ?? null,
          simCard: text(cells.simCard) ?? null,
          reportRate: num(cells.reportRate) ?? null,
          installDate: dateCell(cells.installDate) ?? null,
          remark: text(cells.remark) ?? null,
        },
      };
    };
  },
};
