// Reading records (抄表记录), reading rate (抄表率) and a meter's voltage and signal history: the read-only views of
// meter data. Days are China days ('YYYY-MM-DD', chinaTime.ts), both ends included; a range never runs past today
// (the server clips it) and is bounded so one request stays small. The signal helpers turn a meter's CSQ and RSRP
// into words a control room reads (RSSI in dBm, a coverage band).
import { type Static, Type } from '@sinclair/typebox';
import { PageQuery } from '../api/paging.ts';
import { Nullable } from '../api/schemaParts.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { addDays } from './chinaTime.ts';
import { QualityCode, RuleCode } from './quality.ts';

export const READING_RECORD_PATHS = {
  /** GET ReadingsQuery → PageResult(RawReading): a meter's raw reads (no meter: every meter in scope), newest first */
  readings: '/api-workbench/meter/meterBase/readings',
  /** GET DaysQuery → Result(MeterDays): a meter's validated daily series, its swaps and totals */
  days: '/api-workbench/meter/meterBase/days',
  /** GET ReadingRateQuery → Result(ReadingRate): read meter-days against expected, per area, concentrator or day */
  readingRate: '/api-workbench/meter/meterBase/readingRate',
  /** GET VoltageHistoryQuery → Result(VoltageHistory): voltage, CSQ and RSRP over time, at most ~1,000 points */
  voltageHistory: '/api-workbench/monitoring/voltageHistory',
} as const;

/** The longest day range of the daily series (a year, leap day included). */
export const DAYS_MAX_SPAN = 366;
/** The longest day range of the reading rate (a quarter). */
export const RATE_MAX_SPAN = 93;
/** The longest day range of raw reads and of the voltage history. */
export const READINGS_MAX_SPAN = 366;
/** The voltage history is averaged into at most this many time buckets. */
export const VOLTAGE_MAX_POINTS = 1000;
/** The meter drawer's voltage and signal chart looks back this many days. */
export const STATUS_CHART_DAYS = 30;

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: "China day 'YYYY-MM-DD'" });

const MeterRange = {
  meterId: Type.Integer({ minimum: 1 }),
  /** first day, included (default: the last 30 days) */
  from: Type.Optional(Day),
  /** last day, included (default: today; clipped at today) */
  to: Type.Optional(Day),
};

export const ReadingsQuery = Type.Object({
  ...MeterRange,
  /** the meter; without one, the latest reads of every meter in the caller's data scope */
  meterId: Type.Optional(Type.Integer({ minimum: 1 })),
  ...PageQuery.properties,
});
export type ReadingsQuery = Static<typeof ReadingsQuery>;

/** 1 device, 2 manual read (meterRead), 3 import. */
export const READING_SOURCES = [1, 2, 3] as const;

/** One raw register read, as the device sent it. */
export const RawReading = Type.Object({
  /** the meter that sent it (a list without a chosen meter mixes meters) */
  meterId: Type.Integer(),
  meterCode: Type.String(),
  time: Type.String({ format: 'date-time' }),
  /** cumulative register, m³ */
  reading: Type.Number(),
  voltage: Nullable(Type.Number()),
  csq: Nullable(Type.Integer()),
  rsrp: Nullable(Type.Integer()),
  /** 1 open, 0 closed */
  valveState: Nullable(Type.Integer()),
  /** 1 device, 2 manual read, 3 import */
  source: Type.Integer(),
  receivedTime: Type.String({ format: 'date-time' }),
});
export type RawReading = Static<typeof RawReading>;

export const DaysQuery = Type.Object(MeterRange);
export type DaysQuery = Static<typeof DaysQuery>;

/** One validated day (reading_days). */
export const ReadingDay = Type.Object({
  day: Day,
  /** the last actual read of the day; null: none arrived */
  rawReading: Nullable(Type.Number()),
  /** validated or estimated register at the end of the day */
  reading: Type.Number(),
  /** validated use of the day, m³ (never negative) */
  consumption: Nullable(Type.Number()),
  /** the use the raw reads alone give */
  rawConsumption: Nullable(Type.Number()),
  quality: QualityCode,
  rule: Nullable(RuleCode),
  /** raw reads that day */
  reads: Type.Integer(),
});
export type ReadingDay = Static<typeof ReadingDay>;

/** A meter swap in the window: the register restarted at a new base. */
export const MeterSwap = Type.Object({
  id: Type.Integer(),
  replacedTime: Type.String({ format: 'date-time' }),
  /** the China day the swap falls on */
  day: Day,
  oldMeterCode: Type.String(),
  oldFinalReading: Type.Number(),
  newMeterCode: Type.String(),
  newBaseReading: Type.Number(),
  remark: Nullable(Type.String()),
});
export type MeterSwap = Static<typeof MeterSwap>;

export const DayTotals = Type.Object({
  /** validated use over the window, m³ */
  consumption: Type.Number(),
  /** use the raw reads give over the window, m³ */
  rawConsumption: Type.Number(),
  actualDays: Type.Integer(),
  estimatedDays: Type.Integer(),
  substitutedDays: Type.Integer(),
  /** days of the window without a validated row yet (not computed, or before the first read) */
  missingDays: Type.Integer(),
  reads: Type.Integer(),
});
export type DayTotals = Static<typeof DayTotals>;

export const MeterDays = Type.Object({
  meterId: Type.Integer(),
  meterCode: Type.String(),
  maxReading: Nullable(Type.Number()),
  from: Day,
  to: Day,
  /** oldest first */
  days: Type.Array(ReadingDay),
  swaps: Type.Array(MeterSwap),
  totals: DayTotals,
});
export type MeterDays = Static<typeof MeterDays>;

export const RATE_GROUPS = ['area', 'concentrator', 'day'] as const;
export type RateGroupBy = (typeof RATE_GROUPS)[number];

export const ReadingRateQuery = Type.Object({
  groupBy: Type.Union(
    RATE_GROUPS.map((g) => Type.Literal(g)),
    { default: 'area' },
  ),
  /** first day, included (default: the last 7 days) */
  from: Type.Optional(Day),
  to: Type.Optional(Day),
  regionId: Type.Optional(Type.Integer({ minimum: 1 })),
  areaId: Type.Optional(Type.Integer({ minimum: 1 })),
  concentratorId: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type ReadingRateQuery = Static<typeof ReadingRateQuery>;

/** Expected and read meter-days of a group; the rate in percent (2 decimals), null when nothing was expected. */
export const RateCounts = Type.Object({
  /** meters in use */
  meters: Type.Integer(),
  /** meters in use × days */
  expected: Type.Integer(),
  /** meter-days with at least one read */
  read: Type.Integer(),
  rate: Nullable(Type.Number()),
});
export type RateCounts = Static<typeof RateCounts>;

export const RateGroup = Type.Composite([
  Type.Object({
    /** the area's or concentrator's id; null for meters without one, and for days */
    id: Nullable(Type.Integer()),
    /** the area's name, the concentrator's code, or the day; empty for meters without area or concentrator */
    name: Type.String(),
  }),
  RateCounts,
]);
export type RateGroup = Static<typeof RateGroup>;

export const ReadingRate = Type.Object({
  groupBy: Type.Union(RATE_GROUPS.map((g) => Type.Literal(g))),
  from: Day,
  to: Day,
  days: Type.Integer(),
  groups: Type.Array(RateGroup),
  overall: RateCounts,
});
export type ReadingRate = Static<typeof ReadingRate>;

export const VoltageHistoryQuery = Type.Object(MeterRange);
export type VoltageHistoryQuery = Static<typeof VoltageHistoryQuery>;

/** The averages of one time bucket (null: no value of that kind in it). */
export const StatusPoint = Type.Object({
  /** the bucket's start */
  time: Type.String({ format: 'date-time' }),
  voltage: Nullable(Type.Number()),
  csq: Nullable(Type.Number()),
  rsrp: Nullable(Type.Number()),
  /** raw reads averaged */
  reads: Type.Integer(),
});
export type StatusPoint = Static<typeof StatusPoint>;

export const VoltageHistory = Type.Object({
  meterId: Type.Integer(),
  from: Day,
  to: Day,
  bucketSeconds: Type.Integer(),
  points: Type.Array(StatusPoint),
});
export type VoltageHistory = Static<typeof VoltageHistory>;

// ── rules ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/** Percent with two decimals; null when nothing was expected. */
export const ratePercent = (read: number, expected: number): number | null =>
  expected > 0 ? Math.round((read / expected) * 10_000) / 100 : null;

/** 'YYYY-MM-DD' naming a day of the calendar (not 2026-02-30, not month 13). */
const isRealDay = (day: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const at = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === day;
};

/** Days from `from` to `to`, both included. */
export const daySpan = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export type DayRange = { from: string; to: string };
/** Why a range is refused: the field ('from', 'to', or a caller's own) and the message. */
export type DayRangeRefusal<F extends string = string> = {
  field: F;
  message: MessageKey;
  params?: Record<string, number>;
};

/**
 * The day range a request asks for: defaults (`defaultDays` ending today), `to` clipped at today, then refused when a
 * day is not a real date, when it ends before it starts, or when it spans more than `maxDays`.
 */
export const resolveDayRange = (
  query: { from?: string; to?: string },
  today: string,
  defaultDays: number,
  maxDays: number,
): DayRange | DayRangeRefusal<'from' | 'to'> => {
  if (query.from !== undefined && !isRealDay(query.from)) return { field: 'from', message: 'readingRecord.badDay' };
  if (query.to !== undefined && !isRealDay(query.to)) return { field: 'to', message: 'readingRecord.badDay' };
  const to = query.to === undefined || query.to > today ? today : query.to;
  const from = query.from ?? addDays(to, 1 - defaultDays);
  if (from > to) return { field: 'from', message: 'readingRecord.rangeReversed' };
  if (daySpan(from, to) > maxDays)
    return { field: 'to', message: 'readingRecord.rangeTooLong', params: { max: maxDays } };
  return { from, to };
};

export const isDayRangeRefusal = (r: DayRange | DayRangeRefusal): r is DayRangeRefusal => 'message' in r;

// ── signal ────────────────────────────────────────────────────────────────────────────────────────────────────────

/** RSSI in dBm of a CSQ (0–31, 3GPP 27.007: −113 + 2·CSQ); null for 99 (unknown) or a value out of range. */
export const rssiOfCsq = (csq: number | null | undefined): number | null =>
  csq === null || csq === undefined || !Number.isFinite(csq) || csq < 0 || csq > 31 ? null : -113 + 2 * csq;

export const RSRP_BANDS = ['excellent', 'good', 'fair', 'poor', 'veryPoor'] as const;
export type RsrpBand = (typeof RSRP_BANDS)[number];

/** The coverage band of an RSRP (dBm): ≥ −80 excellent, ≥ −90 good, ≥ −100 fair, ≥ −110 poor, below very poor. */
export const rsrpBand = (rsrp: number | null | undefined): RsrpBand | null => {
  if (rsrp === null || rsrp === undefined || !Number.isFinite(rsrp)) return null;
  if (rsrp >= -80) return 'excellent';
  if (rsrp >= -90) return 'good';
  if (rsrp >= -100) return 'fair';
  if (rsrp >= -110) return 'poor';
  return 'veryPoor';
};
