// What the district analysis answers: the water balance of a district and month (dmaWaterStatistics), every
// district's for a month (dmaZoneMetering, the production–sales difference page), and the night flow (nightline
// per day, detected leak events, the day curves for the chart). Volumes m³, flows m³/h, days China (YYYY-MM-DD).
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../api/schemaParts.ts';
import { LossRateGrade, WaterBalance, WaterBalanceInput } from './waterBalance.ts';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Month = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' });
const Figure = Nullable(Type.Number());

export const WaterStatisticsQuery = Type.Object({ districtId: Type.Integer({ minimum: 1 }), month: Month });
export type WaterStatisticsQuery = Static<typeof WaterStatisticsQuery>;

/** `dmaWaterStatistics`: the month's balance, the inputs it was computed from, and each day's supplied and billed. */
export const DistrictWaterStatistics = Type.Object({
  districtId: Type.Integer(),
  districtName: Type.String(),
  month: Type.String(),
  input: WaterBalanceInput,
  balance: WaterBalance,
  /** share of the member meters with a complete month (0–1): a low share makes billed an underestimate */
  billedCoverage: Figure,
  days: Type.Array(Type.Object({ day: Type.String(), suppliedM3: Figure, billedM3: Figure })),
});
export type DistrictWaterStatistics = Static<typeof DistrictWaterStatistics>;

export const ZoneMeteringQuery = Type.Object({
  month: Month,
  kind: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
});
export type ZoneMeteringQuery = Static<typeof ZoneMeteringQuery>;

/** `dmaZoneMetering`: one row per district for the month. */
export const ZoneMeteringRow = Type.Object({
  districtId: Type.Integer(),
  districtName: Type.String(),
  kind: Type.Integer(),
  parentId: Nullable(Type.Integer()),
  inletCount: Type.Integer(),
  suppliedM3: Figure,
  billedM3: Figure,
  nrwM3: Figure,
  productionSalesDifferenceRate: Figure,
  comprehensiveLossRate: Figure,
  assessedLossRate: Figure,
  grade: Nullable(LossRateGrade),
  ili: Figure,
  nrwLitresPerConnectionPerDay: Figure,
  /** the latest nightline and its leakage, m³/h */
  nightline: Figure,
  nightLeakage: Figure,
  openLeakEvents: Type.Integer(),
});
export type ZoneMeteringRow = Static<typeof ZoneMeteringRow>;

export const NightFlowQuery = Type.Object({ districtId: Type.Integer({ minimum: 1 }), from: Day, to: Day });
export type NightFlowQuery = Static<typeof NightFlowQuery>;

export const NightlineDay = Type.Object({
  day: Type.String(),
  /** m³/h; null when the night had too few points */
  nightline: Figure,
  /** the time of the minimum, ISO */
  minAt: Nullable(Type.String()),
  points: Type.Integer(),
  expected: Type.Integer(),
  legitimate: Figure,
  leakage: Figure,
  meanFlow: Figure,
  /** the detector's baseline and CUSUM for the chart (null before warm-up) */
  baseline: Figure,
  cusum: Figure,
});
export type NightlineDay = Static<typeof NightlineDay>;

export const LeakEvent = Type.Object({
  id: Type.Integer(),
  districtId: Type.Integer(),
  districtName: Type.String(),
  kind: Type.Union([Type.Literal('step'), Type.Literal('trend')]),
  /** notConfirmed: the rise fell back within a week of being raised */
  status: Type.Union([Type.Literal('open'), Type.Literal('repaired'), Type.Literal('notConfirmed')]),
  /** the estimated first day with the leak */
  startDay: Type.String(),
  /** the data day the detector confirmed it on */
  detectedDay: Type.String(),
  /** when WaterOps first saw it (wall clock, ISO): for an imported history, the import */
  firstDetectedAt: Type.String(),
  repairedDay: Nullable(Type.String()),
  /** m³/h above the baseline */
  magnitude: Type.Number(),
  /** m³ lost since the start */
  volume: Type.Number(),
  level: Type.String(),
  alarmId: Nullable(Type.Integer()),
});
export type LeakEvent = Static<typeof LeakEvent>;

/** `dma/nightFlow`: the nightline per day over the range and the events that touch it. */
export const NightFlowSeries = Type.Object({
  districtId: Type.Integer(),
  districtName: Type.String(),
  /** the sample interval seen, minutes (null: no data) */
  intervalMinutes: Figure,
  days: Type.Array(NightlineDay),
  events: Type.Array(LeakEvent),
  /** the detector's baseline: the history it needs, what there is, and the quiet period it was learnt from */
  warmup: Type.Object({
    /** valid nightlines the baseline needs */
    required: Type.Integer(),
    /** valid nightlines towards it */
    have: Type.Integer(),
    /** the day it was set, null while still warming up */
    readyDay: Nullable(Type.String()),
    /** the district's chosen baseline period (null: its first days) */
    baselineFrom: Nullable(Type.String()),
    baselineTo: Nullable(Type.String()),
  }),
});
export type NightFlowSeries = Static<typeof NightFlowSeries>;

/** `dma/nightFlow/baseline`: learn the district's baseline from a quiet period (from/to null: its first days). */
export const NightFlowBaseline = Type.Object({
  districtId: Type.Integer({ minimum: 1 }),
  from: Nullable(Day),
  to: Nullable(Day),
});
export type NightFlowBaseline = Static<typeof NightFlowBaseline>;

export const NightFlowCurvesQuery = Type.Object({
  districtId: Type.Integer({ minimum: 1 }),
  /** comma-separated China days, at most 14 */
  days: Type.String({ maxLength: 14 * 11 }),
});
export type NightFlowCurvesQuery = Static<typeof NightFlowCurvesQuery>;

/** `dma/nightFlow/curves`: each day's inflow (inlets − outlets) as [minutes since 00:00 China, m³/h] points. */
export const NightFlowCurves = Type.Object({
  districtId: Type.Integer(),
  curves: Type.Array(
    Type.Object({
      day: Type.String(),
      points: Type.Array(Type.Tuple([Type.Number(), Type.Number()])),
      nightline: Figure,
      /** minutes since 00:00 of the nightline's minimum */
      minMinute: Figure,
    }),
  ),
});
export type NightFlowCurves = Static<typeof NightFlowCurves>;

export const NightFlowRun = Type.Object({
  districts: Type.Integer(),
  days: Type.Integer(),
  eventsOpened: Type.Integer(),
  alarmsRaised: Type.Integer(),
});
export type NightFlowRun = Static<typeof NightFlowRun>;

export const InletFlowImport = Type.Object({
  /** samples stored, all meters */
  imported: Type.Integer(),
  /** the first bad lines, with their number and message (failedCount counts them all) */
  failed: Type.Array(Type.Object({ line: Type.Integer(), message: Type.String() })),
  failedCount: Type.Integer(),
  layout: Type.Union([Type.Literal('long'), Type.Literal('wide')]),
  intervalMinutes: Figure,
  from: Nullable(Type.String()),
  to: Nullable(Type.String()),
  /** what each meter received: samples, the China days they cover, their span */
  meters: Type.Array(
    Type.Object({
      meterId: Type.Integer(),
      meterCode: Type.String(),
      samples: Type.Integer(),
      days: Type.Integer(),
      from: Type.String(),
      to: Type.String(),
    }),
  ),
});
export type InletFlowImport = Static<typeof InletFlowImport>;
