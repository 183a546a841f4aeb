// Water meters (spec §2 "Water meter", §7 device/watermeter): the body code a meter is known by, where it reports
// (collector, concentrator), what it is (manufacturer, model, caliber), its seals and readings, the supervision meter
// above it, and where it sits (area, address, BD-09 position). Rules with their spec §5 messages live here, for the
// form and the route alike.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, OptionalNullable } from '../api/schemaParts.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { checkLatitude, checkLongitude, checkOperationYears } from '../rules/index.ts';
import type { RuleViolation } from '../user/rules.ts';
import { MeterKind, meterAreaRequired } from './meterKind.ts';

/** One row of the meter list, also the detail drawer's record (names of what it points at, its current resident). */
export const Meter = Type.Object({
  id: Type.Integer(),
  /** body code (表身号), unique in the tenant */
  meterCode: Type.String(),
  /** household (the default) or a bulk kind: district, bulk, pump (no area needed) */
  meterKind: MeterKind.schema,
  /** remote code (远传号): the address the meter reports under */
  remoteCode: Nullable(Type.String()),
  collectorId: Nullable(Type.Integer()),
  collectorCode: Nullable(Type.String()),
  concentratorId: Nullable(Type.Integer()),
  concentratorCode: Nullable(Type.String()),
  manufacturerId: Nullable(Type.Integer()),
  manufacturerName: Nullable(Type.String()),
  /** the meter's type (表型): a meter model */
  meterModelId: Nullable(Type.Integer()),
  meterModelName: Nullable(Type.String()),
  caliber: Nullable(Type.Integer()),
  valveControl: Type.Boolean(),
  steelSeal: Nullable(Type.String()),
  leadSealNo: Nullable(Type.String()),
  maxReading: Nullable(Type.Number()),
  /** the reading when installed (底数) */
  baseReading: Nullable(Type.Number()),
  precision: Nullable(Type.Integer()),
  /** the supervision meter above this one */
  parentMeterId: Nullable(Type.Integer()),
  parentMeterCode: Nullable(Type.String()),
  areaId: Nullable(Type.Integer()),
  areaName: Nullable(Type.String()),
  address: Nullable(Type.String()),
  /** YYYY-MM-DD */
  installDate: Nullable(Type.String()),
  operationYears: Nullable(Type.Integer()),
  used: Type.Boolean(),
  lng: Nullable(Type.Number()),
  lat: Nullable(Type.Number()),
  online: Type.Boolean(),
  lastReportTime: Nullable(Type.String({ format: 'date-time' })),
  // The last status the meter reported (m0013, kept current by ingestion). Optional in the type only so rows built
  // by hand (tests, older clients) need not name them: the server always sends them, null when never reported.
  /** last cumulative register read, m³ */
  lastReading: Type.Optional(Nullable(Type.Number())),
  /** battery voltage, V */
  voltage: Type.Optional(Nullable(Type.Number())),
  /** signal quality 0–31 (RSSI = −113 + 2·CSQ dBm) */
  csq: Type.Optional(Nullable(Type.Integer())),
  /** reference signal received power, dBm */
  rsrp: Type.Optional(Nullable(Type.Integer())),
  /** 1 open, 0 closed, null unknown */
  valveState: Type.Optional(Nullable(Type.Integer())),
  /** the resident the meter is bound to now (open binding), if any */
  residentId: Nullable(Type.Integer()),
  residentCode: Nullable(Type.String()),
  residentName: Nullable(Type.String()),
  remark: Nullable(Type.String()),
  createTime: Type.String({ format: 'date-time' }),
});
export type Meter = Static<typeof Meter>;

/** A number typed in a form arrives as text: the rules (not the schema) say what is wrong with it. */
const NumberOrText = Type.Union([Type.Number(), Type.String({ maxLength: 30 })]);

/** `POST device/watermeter/save` (no id) and `udpateWatermeter` (id). */
export const MeterSave = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  meterCode: Type.String({ maxLength: 50 }),
  /** absent = household (as the form always sends it, a save states the whole meter) */
  meterKind: Type.Optional(MeterKind.schema),
  remoteCode: OptionalNullable(Type.String({ maxLength: 50 })),
  collectorId: OptionalNullable(Type.Integer({ minimum: 1 })),
  concentratorId: OptionalNullable(Type.Integer({ minimum: 1 })),
  manufacturerId: OptionalNullable(Type.Integer({ minimum: 1 })),
  meterModelId: OptionalNullable(Type.Integer({ minimum: 1 })),
  caliber: OptionalNullable(Type.Integer({ minimum: 0, maximum: 10000 })),
  valveControl: Type.Optional(Type.Boolean()),
  steelSeal: OptionalNullable(Type.String({ maxLength: 50 })),
  leadSealNo: OptionalNullable(Type.String({ maxLength: 50 })),
  maxReading: OptionalNullable(NumberOrText),
  baseReading: OptionalNullable(NumberOrText),
  precision: OptionalNullable(Type.Integer({ minimum: 0, maximum: 6 })),
  parentMeterId: OptionalNullable(Type.Integer({ minimum: 1 })),
  areaId: OptionalNullable(Type.Integer({ minimum: 1 })),
  address: OptionalNullable(Type.String({ maxLength: 200 })),
  installDate: OptionalNullable(Type.String({ maxLength: 10 })),
  operationYears: OptionalNullable(NumberOrText),
  used: Type.Optional(Type.Boolean()),
  lng: OptionalNullable(NumberOrText),
  lat: OptionalNullable(NumberOrText),
  remark: OptionalNullable(Type.String({ maxLength: 200 })),
});
export type MeterSave = Static<typeof MeterSave>;

/** List filters (spec §2 selectable search fields: areaId, regionId, concentratorId, collectorId, meterCode…). */
export const MeterFilters = Type.Object({
  /** contained in the body code */
  meterCode: Type.Optional(Type.String({ maxLength: 50 })),
  /** the body code starts with it */
  meterCodePrefix: Type.Optional(Type.String({ maxLength: 50 })),
  remoteCode: Type.Optional(Type.String({ maxLength: 50 })),
  meterKind: Type.Optional(MeterKind.schema),
  /** household meters (false) or any bulk kind (true) */
  bulk: Type.Optional(Type.Boolean()),
  areaId: Type.Optional(Type.Integer({ minimum: 1 })),
  regionId: Type.Optional(Type.Integer({ minimum: 1 })),
  collectorId: Type.Optional(Type.Integer({ minimum: 1 })),
  concentratorId: Type.Optional(Type.Integer({ minimum: 1 })),
  meterModelId: Type.Optional(Type.Integer({ minimum: 1 })),
  manufacturerId: Type.Optional(Type.Integer({ minimum: 1 })),
  online: Type.Optional(Type.Boolean()),
  /** bound to a resident now (true) or free (false) */
  bound: Type.Optional(Type.Boolean()),
});
export type MeterFilters = Static<typeof MeterFilters>;

export const METER_SORT_FIELDS = ['meterCode', 'installDate', 'createTime'] as const;

/** `GET device/watermeter/meterCodes?codes=…`: which of the space-separated codes are meters of the tenant. */
export const MeterCodesQuery = Type.Object({ codes: Type.String({ maxLength: 20000 }) });
export const MeterCodes = Type.Object({
  /** the typed codes that are meters of the tenant, as { meterCode, id } (the selector's item) */
  found: Type.Array(Type.Object({ id: Type.Integer(), meterCode: Type.String() })),
  /** the typed codes that are not */
  missing: Type.Array(Type.String()),
});
export type MeterCodes = Static<typeof MeterCodes>;

/** `POST device/watermeter/batchUntie`: detach these meters from collector and concentrator, all or nothing. */
export const MeterIdsBody = Type.Object({
  ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 1000 }),
});
export type MeterIdsBody = Static<typeof MeterIdsBody>;

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A number as the form or a sheet gives it, or undefined when it is not one. */
export const numberValue = (v: unknown): number | undefined => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  const s = String(v ?? '').trim();
  return DECIMAL.test(s) ? Number(s) : undefined;
};

const validDate = (s: string) =>
  DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

export type MeterInput = {
  id?: number | null;
  meterCode?: string | null;
  meterKind?: string | null;
  maxReading?: number | string | null;
  baseReading?: number | string | null;
  parentMeterId?: number | null;
  areaId?: number | string | null;
  installDate?: string | null;
  operationYears?: number | string | null;
  lng?: number | string | null;
  lat?: number | string | null;
};

/**
 * The meter form's rules (spec §5): body code required, and the area for a household meter (a bulk meter of issue 19
 * may have none); base a number ("base must be a number"), not less
 * than 0 and not above the max reading; operation years 0–20; coordinates in range; a real install date; not its own parent.
 */
export const validateMeter = (m: MeterInput): RuleViolation[] => {
  const out: RuleViolation[] = [];
  const push = (field: string, message: MessageKey | null) => {
    if (message) out.push({ field, message });
  };
  if (blank(m.meterCode)) push('meterCode', 'rules.meterCode.required');
  if (blank(m.areaId) && meterAreaRequired(m.meterKind)) push('areaId', 'rules.meterArea.required');
  const max = blank(m.maxReading) ? undefined : numberValue(m.maxReading);
  if (!blank(m.maxReading) && (max === undefined || max < 0)) push('maxReading', 'rules.maxReading.number');
  if (!blank(m.baseReading)) {
    const base = numberValue(m.baseReading);
    if (base === undefined) push('baseReading', 'rules.baseReading.number');
    else if (base < 0) push('baseReading', 'rules.baseReading.negative');
    else if (max !== undefined && base > max) push('baseReading', 'rules.baseReading.aboveMax');
  }
  push('operationYears', checkOperationYears(m.operationYears ?? null));
  push('lng', checkLongitude(m.lng ?? null));
  push('lat', checkLatitude(m.lat ?? null));
  if (!blank(m.installDate) && !validDate(String(m.installDate).trim()))
    push('installDate', 'rules.installDate.format');
  if (m.id && m.parentMeterId && m.id === m.parentMeterId) push('parentMeterId', 'rules.parentMeter.self');
  return out;
};
