// Monitoring statistics and device status lists (spec §7 /api-workbench/monitoring/*: typeCount, trend, topTenArea,
// useWaterException, updateLeakageWaterState, collectors, concentrators, meters, {id}/collectors, {id}/meters). Days
// are China days ('YYYY-MM-DD', both ends included); ranges default to the last 30 days and span at most 90.
import { type Static, Type } from '@sinclair/typebox';
import { PageQuery } from '../api/paging.ts';
import { Instant, Nullable } from '../api/schemaParts.ts';
import { AlarmLevel, type AlarmType } from './alarms.ts';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: "China day 'YYYY-MM-DD'" });
const AreaId = Type.Integer({ minimum: 1 });

/** The longest day range of the trend, the top ten areas and the usage-exception list. */
export const STATS_MAX_DAYS = 90;
/** The range when a request names none: the last 30 days up to today. */
export const STATS_DEFAULT_DAYS = 30;

/** The usage exceptions (用水异常) among the alarm types: what the usage-exception page lists and handles. */
export const USAGE_EXCEPTION_TYPES = [
  'zeroUse',
  'reverseFlow',
  'suddenIncrease',
  'continuousFlow',
  'stuckMeter',
] as const satisfies readonly AlarmType[];
export type UsageExceptionType = (typeof USAGE_EXCEPTION_TYPES)[number];
export const UsageExceptionType = Type.Union(USAGE_EXCEPTION_TYPES.map((t) => Type.Literal(t)));

/** alarms.handle_state of a usage exception: 0 pending, 1 confirmed (a real leak / problem), 2 dismissed. */
export const HANDLE_STATES = [0, 1, 2] as const;
export type HandleState = (typeof HANDLE_STATES)[number];

// ── typeCount ─────────────────────────────────────────────────────────────────────────────────────────────────────

export const TypeCountQuery = Type.Object({ areaId: Type.Optional(AreaId) });
export type TypeCountQuery = Static<typeof TypeCountQuery>;

/**
 * Live alarms (active, or returned to normal and not yet acknowledged) per type and per level, in the caller's data
 * scope. Alarms suppressed under a parent are not counted: the parent stands for them, as on the console.
 */
export const TypeCount = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  /** every alarm type, zero included, in ALARM_TYPES order */
  byType: Type.Array(Type.Object({ alarmType: Type.String(), count: Type.Integer({ minimum: 0 }) })),
  /** every level, urgent first */
  byLevel: Type.Array(Type.Object({ level: AlarmLevel, count: Type.Integer({ minimum: 0 }) })),
});
export type TypeCount = Static<typeof TypeCount>;

// ── trend and top ten areas ───────────────────────────────────────────────────────────────────────────────────────

export const StatsRangeQuery = Type.Object({
  /** first day, included (default: 30 days back) */
  from: Type.Optional(Day),
  /** last day, included (default today; clipped at today) */
  to: Type.Optional(Day),
  areaId: Type.Optional(AreaId),
});
export type StatsRangeQuery = Static<typeof StatsRangeQuery>;

const LevelCounts = {
  urgent: Type.Integer({ minimum: 0 }),
  severe: Type.Integer({ minimum: 0 }),
  alarm: Type.Integer({ minimum: 0 }),
  general: Type.Integer({ minimum: 0 }),
};

/** Alarms raised per China day and level, every day of the range present (zeros included), oldest first. */
export const Trend = Type.Object({
  from: Day,
  to: Day,
  days: Type.Array(Type.Object({ day: Day, total: Type.Integer({ minimum: 0 }), ...LevelCounts })),
});
export type Trend = Static<typeof Trend>;
export type TrendDay = Trend['days'][number];

/** The ten residential areas with most alarms raised in the range, most first. */
export const TopArea = Type.Object({
  areaId: Type.Integer(),
  areaName: Type.String(),
  count: Type.Integer({ minimum: 0 }),
  ...LevelCounts,
});
export type TopArea = Static<typeof TopArea>;
export const TOP_AREAS = 10;

// ── usage exceptions ──────────────────────────────────────────────────────────────────────────────────────────────

export const UseWaterExceptionQuery = Type.Composite([
  PageQuery,
  Type.Object({
    areaId: Type.Optional(AreaId),
    alarmType: Type.Optional(UsageExceptionType),
    handleState: Type.Optional(Type.Union(HANDLE_STATES.map((s) => Type.Literal(s)))),
    /** the meter's body code starts with it */
    meterCode: Type.Optional(Type.String({ maxLength: 64 })),
    /** raised on or after this day (default: 30 days back) */
    from: Type.Optional(Day),
    /** raised on or before this day (default today) */
    to: Type.Optional(Day),
  }),
]);
export type UseWaterExceptionQuery = Static<typeof UseWaterExceptionQuery>;

export const UseWaterException = Type.Object({
  /** the alarm's id (updateLeakageWaterState takes it) */
  id: Type.Integer(),
  alarmType: UsageExceptionType,
  level: AlarmLevel,
  meterId: Type.Integer(),
  meterCode: Type.String(),
  residentId: Nullable(Type.Integer()),
  residentCode: Nullable(Type.String()),
  residentName: Nullable(Type.String()),
  areaId: Nullable(Type.Integer()),
  areaName: Nullable(Type.String()),
  /** the measured value (m³ or m³/day) and the limit it crossed */
  value: Nullable(Type.Number()),
  threshold: Nullable(Type.Number()),
  active: Type.Boolean(),
  acknowledged: Type.Boolean(),
  raisedAt: Instant,
  clearedAt: Nullable(Instant),
  /** 0 pending, 1 confirmed, 2 dismissed */
  handleState: Type.Integer({ minimum: 0, maximum: 2 }),
});
export type UseWaterException = Static<typeof UseWaterException>;

/** Mark pending usage exceptions confirmed (1) or dismissed (2), with an optional remark (kept in the operation log). */
export const LeakageStateRequest = Type.Object({
  ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 500 }),
  state: Type.Union([Type.Literal(1), Type.Literal(2)]),
  remark: Type.Optional(Type.String({ maxLength: 200 })),
});
export type LeakageStateRequest = Static<typeof LeakageStateRequest>;

// ── device status lists ───────────────────────────────────────────────────────────────────────────────────────────

export const MonitorDeviceQuery = Type.Composite([
  PageQuery,
  Type.Object({
    areaId: Type.Optional(AreaId),
    online: Type.Optional(Type.Boolean()),
    /** the device's code starts with it */
    code: Type.Optional(Type.String({ maxLength: 64 })),
  }),
]);
export type MonitorDeviceQuery = Static<typeof MonitorDeviceQuery>;

const DeviceBase = {
  id: Type.Integer(),
  areaId: Nullable(Type.Integer()),
  areaName: Nullable(Type.String()),
  online: Type.Boolean(),
  lastReportTime: Nullable(Instant),
};

export const MonitorConcentrator = Type.Object({
  ...DeviceBase,
  concentratorCode: Type.String(),
  reportRate: Nullable(Type.Integer()),
  collectorCount: Type.Integer({ minimum: 0 }),
  meterCount: Type.Integer({ minimum: 0 }),
  offlineMeterCount: Type.Integer({ minimum: 0 }),
});
export type MonitorConcentrator = Static<typeof MonitorConcentrator>;

export const MonitorCollector = Type.Object({
  ...DeviceBase,
  collectorCode: Type.String(),
  concentratorId: Nullable(Type.Integer()),
  concentratorCode: Nullable(Type.String()),
  uploadFrequency: Nullable(Type.Integer()),
  meterCount: Type.Integer({ minimum: 0 }),
});
export type MonitorCollector = Static<typeof MonitorCollector>;

export const MonitorMeter = Type.Object({
  ...DeviceBase,
  meterCode: Type.String(),
  concentratorCode: Nullable(Type.String()),
  collectorCode: Nullable(Type.String()),
  lastReading: Nullable(Type.Number()),
  /** battery voltage, V */
  voltage: Nullable(Type.Number()),
  /** 0–31, 99 unknown */
  csq: Nullable(Type.Integer()),
  /** dBm */
  rsrp: Nullable(Type.Integer()),
  valveControl: Type.Boolean(),
  /** 1 open, 0 closed, null unknown */
  valveState: Nullable(Type.Integer()),
});
export type MonitorMeter = Static<typeof MonitorMeter>;
