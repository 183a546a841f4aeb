// Month-end bases (抄表底数, spec §7 meter/meterBase): each used meter's register at the end of a China month, frozen
// once by a scheduled job (or by hand), checked for anomalies, corrected by import or by hand; and meter swaps
// (换表), which end one register and start another on the same metering point.
import { type Static, Type } from '@sinclair/typebox';
import { PageQuery } from '../api/paging.ts';
import type { MessageKey } from '../i18n/messages.ts';
import type { RuleViolation } from '../user/rules.ts';

const W = '/api-workbench';

export const METER_BASE_PATHS = {
  /** GET MeterBaseQuery → PageResult(MeterBase) */
  list: `${W}/meter/meterBase/list`,
  /** GET the list's filters → .xlsx of the matching bases */
  export: `${W}/meter/meterBase/list/export`,
  /** POST { period } → Result(FreezeReply): freezes an ended month once (refused when already frozen) */
  freeze: `${W}/meter/meterBase/freeze`,
  /** POST { period, areaId? } → Result(BaseCheckReply): marks each base normal or abnormal */
  baseCheck: `${W}/meter/meterBase/baseCheck`,
  /** POST { id, endReading } → Result(MeterBase): a manual correction (source 3) */
  update: `${W}/meter/meterBase/update`,
  /**
   * POST multipart `file`: an .xlsx whose first three columns are body code, period, end reading →
   * Result(MeterBaseImportReply): each row alone; failed rows with their sheet row number and reason
   */
  import: `${W}/meter/meterBase/import`,
  /** POST ReplaceMeter → Result(MeterReplacement) */
  replace: `${W}/device/watermeter/replace`,
  /** GET ?meterId → Result(MeterReplacement[]) newest first */
  replacements: `${W}/device/watermeter/replacements`,
} as const;

/** 'YYYY-MM' */
export const PERIOD_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])$';
export const Period = Type.String({ pattern: PERIOD_PATTERN, description: "a China month, 'YYYY-MM'" });

/** How a base came to be: 1 month-end freeze, 2 import, 3 manual. */
export const BASE_SOURCES = { freeze: 1, import: 2, manual: 3 } as const;
/** 0 unchecked, 1 normal, 2 abnormal. */
export const CHECK_STATES = { unchecked: 0, normal: 1, abnormal: 2 } as const;

/** Why a base is abnormal (several may hold); the list shows their messages, joined. */
export const BASE_CHECK_CODES = ['noEnd', 'negative', 'high', 'zero', 'estimated'] as const;
export type BaseCheckCode = (typeof BASE_CHECK_CODES)[number];
/** A month using more than this many times the mean of the previous periods is abnormal. */
export const HIGH_USE_FACTOR = 3;
/** How many previous periods the mean is taken over. */
export const CHECK_HISTORY_PERIODS = 3;

export const baseCheckMessageKey = (code: BaseCheckCode): MessageKey => `meterBase.check.${code}` as MessageKey;

export type BaseToCheck = { period: string; endReading: number | null; consumption: number | null; quality: string };
export type PreviousUse = { period: string; consumption: number };

/** Days in a 'YYYY-MM' month. */
export const daysInPeriod = (period: string): number => {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
};

/**
 * The anomalies of one base, given the use of up to three previous periods (missing ones left out): no or a
 * negative end reading, a daily use over 3× the previous periods' mean daily use, no use where the meter used water
 * before, an estimated end. Uses are compared per day (months differ in length), and a period the meter's data
 * started inside (`firstDay`, its first validated day) is left out of the mean: its use covers only part of the
 * month. Empty: normal.
 */
export const checkBase = (
  base: BaseToCheck,
  previous: readonly PreviousUse[],
  firstDay: string | null = null,
): BaseCheckCode[] => {
  const out: BaseCheckCode[] = [];
  if (base.endReading === null) out.push('noEnd');
  else if (base.endReading < 0 || (base.consumption ?? 0) < 0) out.push('negative');
  const full = previous.filter((p) => firstDay === null || `${p.period}-01` >= firstDay);
  const rates = full.map((p) => p.consumption / daysInPeriod(p.period));
  const mean = rates.length ? rates.reduce((a, b) => a + b, 0) / rates.length : 0;
  const use = base.consumption ?? 0;
  if (mean > 0 && use / daysInPeriod(base.period) > HIGH_USE_FACTOR * mean) out.push('high');
  if (mean > 0 && base.consumption !== null && use === 0) out.push('zero');
  if (base.quality !== 'A') out.push('estimated');
  return out;
};

export const MeterBase = Type.Object({
  id: Type.Integer(),
  meterId: Type.Integer(),
  meterCode: Type.String(),
  areaId: Type.Union([Type.Integer(), Type.Null()]),
  areaName: Type.Union([Type.String(), Type.Null()]),
  period: Type.String(),
  startReading: Type.Union([Type.Number(), Type.Null()]),
  endReading: Type.Union([Type.Number(), Type.Null()]),
  consumption: Type.Union([Type.Number(), Type.Null()]),
  /** A actual, E estimated end */
  quality: Type.String(),
  /** 1 freeze, 2 import, 3 manual */
  source: Type.Integer(),
  /** 0 unchecked, 1 normal, 2 abnormal */
  checkState: Type.Integer(),
  /** the anomalies found by the check, in the request language, joined by '；' */
  checkMessage: Type.Union([Type.String(), Type.Null()]),
  frozenAt: Type.String({ format: 'date-time' }),
});
export type MeterBase = Static<typeof MeterBase>;

export const MeterBaseQuery = Type.Composite([
  PageQuery,
  Type.Object({
    period: Type.Optional(Period),
    areaId: Type.Optional(Type.Integer({ minimum: 1 })),
    regionId: Type.Optional(Type.Integer({ minimum: 1 })),
    /** the start of the body code */
    meterCode: Type.Optional(Type.String({ maxLength: 64 })),
    quality: Type.Optional(Type.Union([Type.Literal('A'), Type.Literal('E'), Type.Literal('S')])),
    checkState: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
  }),
]);
export type MeterBaseQuery = Static<typeof MeterBaseQuery>;

export const FreezeBody = Type.Object({ period: Period });
export const FreezeReply = Type.Object({ period: Type.String(), frozen: Type.Integer() });
export type FreezeReply = Static<typeof FreezeReply>;

export const BaseCheckBody = Type.Object({ period: Period, areaId: Type.Optional(Type.Integer({ minimum: 1 })) });
export const BaseCheckReply = Type.Object({ checked: Type.Integer(), abnormal: Type.Integer() });
export type BaseCheckReply = Static<typeof BaseCheckReply>;

export const BaseUpdateBody = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  endReading: Type.Number({ minimum: 0, maximum: 99_999_999_999 }),
});
export type BaseUpdateBody = Static<typeof BaseUpdateBody>;

/** What an import did: rows kept, and the failed rows by sheet row number (header = 1) with the reason. */
export const MeterBaseImportReply = Type.Object({
  imported: Type.Integer(),
  failed: Type.Array(Type.Object({ index: Type.Integer(), meterCode: Type.String(), message: Type.String() })),
});
export type MeterBaseImportReply = Static<typeof MeterBaseImportReply>;

/** A meter swap (换表): the old register's last value and the new one's first, at one instant. */
export const ReplaceMeter = Type.Object({
  meterId: Type.Integer({ minimum: 1 }),
  /** ISO 8601 */
  replacedAt: Type.String({ format: 'date-time' }),
  oldFinalReading: Type.Number({ minimum: 0 }),
  newMeterCode: Type.String({ maxLength: 64 }),
  newBaseReading: Type.Number({ minimum: 0 }),
  remark: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
});
export type ReplaceMeter = Static<typeof ReplaceMeter>;

export const MeterReplacement = Type.Object({
  id: Type.Integer(),
  meterId: Type.Integer(),
  replacedAt: Type.String({ format: 'date-time' }),
  oldMeterCode: Type.String(),
  oldFinalReading: Type.Number(),
  newMeterCode: Type.String(),
  newBaseReading: Type.Number(),
  remark: Type.Union([Type.String(), Type.Null()]),
  createTime: Type.String({ format: 'date-time' }),
});
export type MeterReplacement = Static<typeof MeterReplacement>;

export type ReplaceMeterInput = {
  replacedAt?: string | null;
  oldFinalReading?: number | string | null;
  newMeterCode?: string | null;
  newBaseReading?: number | string | null;
};

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';
const notReading = (v: unknown) => blank(v) || !Number.isFinite(Number(v)) || Number(v) < 0;

/** The swap form's rules (the form and the route): a time not in the future, two readings, a new body code. */
export const validateReplaceMeter = (input: ReplaceMeterInput, now: Date = new Date()): RuleViolation[] => {
  const out: RuleViolation[] = [];
  const at = blank(input.replacedAt) ? Number.NaN : Date.parse(String(input.replacedAt));
  if (Number.isNaN(at)) out.push({ field: 'replacedAt', message: 'meterBase.replace.timeRequired' });
  else if (at > now.getTime()) out.push({ field: 'replacedAt', message: 'meterBase.replace.timeFuture' });
  if (notReading(input.oldFinalReading))
    out.push({ field: 'oldFinalReading', message: 'meterBase.replace.readingRequired' });
  if (blank(input.newMeterCode)) out.push({ field: 'newMeterCode', message: 'meterBase.replace.codeRequired' });
  if (notReading(input.newBaseReading))
    out.push({ field: 'newBaseReading', message: 'meterBase.replace.readingRequired' });
  return out;
};
