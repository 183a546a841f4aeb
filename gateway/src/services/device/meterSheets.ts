// Water meters as spreadsheets. Export: what the list shows, in the request language. Import (issue 4's story: a
// sheet of 10,000 meters, some rows bad): a row names its collector, concentrator, manufacturer, model and area by
// CODE or NAME, as people who fill sheets know them; an unknown one fails the row naming it; a body code seen
// earlier in the same file fails the row; everything else is the meter save path's own rules.
import { type Meter, type MeterSave, meterKindOf } from '@waterops/shared/device';
import type { MessageKey } from '@waterops/shared/i18n';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.ts';
import type { Refusal } from '../resource/registerResource.ts';
import type { ExportSpec, ImportSpec } from '../resource/resourceSheets.ts';
import { formatDateTime } from '../resource/sheetCells.ts';
import { meterImportLookups, type NamedRecord } from './meterRepository.ts';

const yesNo = (v: boolean, t: (k: MessageKey) => string) => t(v ? 'sheet.yes' : 'sheet.no');

export const meterExport: ExportSpec<Meter> = {
  fileName: 'sheet.meter.file',
  columns: [
    { header: 'sheet.meter.meterCode', value: (m) => m.meterCode },
    { header: 'sheet.meter.remoteCode', value: (m) => m.remoteCode },
    { header: 'sheet.meter.collector', value: (m) => m.collectorCode },
    { header: 'sheet.meter.concentrator', value: (m) => m.concentratorCode },
    { header: 'sheet.meter.manufacturer', value: (m) => m.manufacturerName },
    { header: 'sheet.meter.model', value: (m) => m.meterModelName },
    { header: 'sheet.meter.caliber', value: (m) => m.caliber },
    { header: 'sheet.meter.valveControl', value: (m, t) => yesNo(m.valveControl, t) },
    { header: 'sheet.meter.steelSeal', value: (m) => m.steelSeal },
    { header: 'sheet.meter.maxReading', value: (m) => m.maxReading },
    { header: 'sheet.meter.baseReading', value: (m) => m.baseReading },
    { header: 'sheet.meter.leadSealNo', value: (m) => m.leadSealNo },
    { header: 'sheet.meter.precision', value: (m) => m.precision },
    { header: 'sheet.meter.parentMeter', value: (m) => m.parentMeterCode },
    { header: 'sheet.meter.area', value: (m) => m.areaName },
    { header: 'sheet.meter.address', value: (m) => m.address },
    { header: 'sheet.meter.installDate', value: (m) => m.installDate },
    { header: 'sheet.meter.operationYears', value: (m) => m.operationYears },
    { header: 'sheet.meter.lng', value: (m) => m.lng },
    { header: 'sheet.meter.lat', value: (m) => m.lat },
    { header: 'sheet.meter.online', value: (m, t) => yesNo(m.online, t) },
    { header: 'sheet.meter.resident', value: (m) => m.residentCode },
    { header: 'sheet.meter.createTime', value: (m) => formatDateTime(new Date(m.createTime)) },
    // last, so sheets made before meters had kinds keep their columns where they were (issue 19)
    { header: 'sheet.meter.kind', value: (m, t) => t(`meter.kind.${m.meterKind}`) },
  ],
};

/** Looks a typed reference up by code first, then by name, case and surrounding spaces ignored. */
export const referenceIndex = (records: readonly NamedRecord[]) => {
  const byCode = new Map<string, number>();
  const byName = new Map<string, number>();
  const norm = (s: string) => s.trim().toLowerCase();
  for (const r of records) {
    if (r.code && !byCode.has(norm(r.code))) byCode.set(norm(r.code), r.id);
    if (r.name && !byName.has(norm(r.name))) byName.set(norm(r.name), r.id);
  }
  return (typed: string): number | undefined => byCode.get(norm(typed)) ?? byName.get(norm(typed));
};

/**
 * A date cell as people fill them in: `2024-05-01`, `2024/5/1`, `2024.5.1`, or a spreadsheet date (read as
 * `2024-05-01 08:00:00`, the time dropped). Anything else stays as typed for the meter rule to name.
 */
export const dateText = (v: unknown): string | null => {
  const s = typeof v === 'string' ? v.trim() : '';
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?: \d{1,2}:\d{2}(?::\d{2})?)?$/.exec(s);
  if (!m) return s || null;
  return `${m[1]}-${(m[2] ?? '').padStart(2, '0')}-${(m[3] ?? '').padStart(2, '0')}`;
};

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const num = (v: unknown) => (typeof v === 'number' ? v : null);

type RefField = 'collectorId' | 'concentratorId' | 'manufacturerId' | 'meterModelId' | 'areaId';
/** The refusal of a reference the tenant does not have, per column. */
const UNKNOWN: Record<RefField, MessageKey> = {
  collectorId: 'import.meter.unknownCollector',
  concentratorId: 'import.meter.unknownConcentrator',
  manufacturerId: 'import.meter.unknownManufacturer',
  meterModelId: 'import.meter.unknownModel',
  areaId: 'import.meter.unknownArea',
};

/** The reader's references: each field's lookup. */
type Lookups = Record<RefField, (typed: string) => number | undefined>;

/**
 * Turns one parsed row into a save body. `seen` holds the body codes of the rows before it in the file (one set
 * per job); a code already there fails the row, whatever became of the first.
 */
export const meterRowReader =
  (lookups: Lookups, seen: Set<string>) =>
  (cells: Record<string, unknown>): { body: MeterSave } | { refusal: Refusal } => {
    const code = text(cells.meterCode);
    if (code !== null) {
      const key = code.toLowerCase();
      if (seen.has(key)) return { refusal: { key: 'import.meter.duplicateCode', params: { value: code } } };
      seen.add(key);
    }
    const ids: Partial<Record<RefField, number>> = {};
    for (const field of Object.keys(UNKNOWN) as RefField[]) {
      const typed = text(cells[field]);
      if (typed === null) continue;
      const id = lookups[field](typed);
      if (id === undefined) return { refusal: { key: UNKNOWN[field], params: { value: typed } } };
      ids[field] = id;
    }
    // the kind by value or label in either language; empty = household
    const kindText = text(cells.meterKind);
    const meterKind = kindText === null ? undefined : meterKindOf(kindText);
    if (kindText !== null && meterKind === undefined)
      return { refusal: { key: 'import.meter.unknownKind', params: { value: kindText } } };
    // missing or bad values stay as typed so the meter form's own rules name them ('请输入表身号', '底数必须为数字'…)
    return {
      body: {
        meterCode: code ?? '',
        ...(meterKind ? { meterKind } : {}),
        remoteCode: text(cells.remoteCode),
        collectorId: ids.collectorId ?? null,
        concentratorId: ids.concentratorId ?? null,
        manufacturerId: ids.manufacturerId ?? null,
        meterModelId: ids.meterModelId ?? null,
        caliber: num(cells.caliber),
        valveControl: cells.valveControl === true,
        steelSeal: text(cells.steelSeal),
        maxReading: text(cells.maxReading),
        baseReading: text(cells.baseReading),
        leadSealNo: text(cells.leadSealNo),
        precision: num(cells.precision),
        areaId: ids.areaId ?? null,
        address: text(cells.address),
        installDate: dateText(cells.installDate),
        operationYears: text(cells.operationYears),
        lng: text(cells.lng),
        lat: text(cells.lat),
      },
    };
  };

// Only the body code and the area must be there (the area may be empty on a bulk meter's row, issue 19): a sheet
// made by hand may leave out the columns it does not fill.
export const meterImport: ImportSpec<MeterSave> = {
  fileName: 'sheet.meter.file',
  columns: [
    { field: 'meterCode', header: 'sheet.meter.meterCode', kind: 'text', note: 'sheet.meter.codeNote' },
    { field: 'remoteCode', header: 'sheet.meter.remoteCode', kind: 'text', optional: true },
    {
      field: 'collectorId',
      header: 'sheet.meter.collector',
      kind: 'text',
      note: 'sheet.meter.refNote',
      optional: true,
    },
    {
      field: 'concentratorId',
      header: 'sheet.meter.concentrator',
      kind: 'text',
      note: 'sheet.meter.refNote',
      optional: true,
    },
    {
      field: 'manufacturerId',
      header: 'sheet.meter.manufacturer',
      kind: 'text',
      note: 'sheet.meter.refNote',
      optional: true,
    },
    { field: 'meterModelId', header: 'sheet.meter.model', kind: 'text', note: 'sheet.meter.refNote', optional: true },
    { field: 'caliber', header: 'sheet.meter.caliber', kind: 'number', optional: true },
    { field: 'valveControl', header: 'sheet.meter.valveControl', kind: 'boolean', optional: true },
    { field: 'steelSeal', header: 'sheet.meter.steelSeal', kind: 'text', optional: true },
    { field: 'maxReading', header: 'sheet.meter.maxReading', kind: 'text', optional: true },
    {
      field: 'baseReading',
      header: 'sheet.meter.baseReading',
      kind: 'text',
      note: 'sheet.meter.baseNote',
      optional: true,
    },
    { field: 'leadSealNo', header: 'sheet.meter.leadSealNo', kind: 'text', optional: true },
    { field: 'precision', header: 'sheet.meter.precision', kind: 'number', optional: true },
    { field: 'areaId', header: 'sheet.meter.area', kind: 'text', note: 'sheet.meter.areaNote' },
    { field: 'address', header: 'sheet.meter.address', kind: 'text', optional: true },
    {
      field: 'installDate',
      header: 'sheet.meter.installDate',
      kind: 'text',
      note: 'sheet.meter.dateNote',
      optional: true,
    },
    {
      field: 'operationYears',
      header: 'sheet.meter.operationYears',
      kind: 'text',
      note: 'sheet.meter.yearsNote',
      optional: true,
    },
    { field: 'lng', header: 'sheet.meter.lng', kind: 'text', optional: true },
    { field: 'lat', header: 'sheet.meter.lat', kind: 'text', optional: true },
    { field: 'meterKind', header: 'sheet.meter.kind', kind: 'text', note: 'sheet.meter.kindNote', optional: true },
  ],
  prepare: async (db: Kysely<DB>, companyId: number) => {
    const l = await meterImportLookups(db, companyId);
    return meterRowReader(
      {
        collectorId: referenceIndex(l.collectors),
        concentratorId: referenceIndex(l.concentrators),
        manufacturerId: referenceIndex(l.manufacturers),
        meterModelId: referenceIndex(l.models),
        areaId: referenceIndex(l.areas),
      },
      new Set(),
    );
  },
};
