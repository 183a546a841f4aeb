// The water balance of one district (DMA) for one period: what goes in, what the gateway computes from it and
// returns (issue 7 `dmaWaterStatistics` / `dmaZoneMetering`). The arithmetic lives in
// gateway/src/services/dma/waterBalance.ts; the definitions are in the handbook's domain.md "Water balance".
//
// Units: volumes m³ over the period, lengths km, pressure m of head (UARL) or MPa (CJJ 92 R3), rates as fractions
// (0.1234 = 12.34 %). Every input may be absent (undefined or null): a figure that needs it is then null — never NaN;
// every rate is null when nothing (or less than nothing) was supplied. Outputs are rounded once, from unrounded
// intermediates: m³ to 3 decimals, rates and corrections to 4, litres to 2, the ILI to 3.
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { Nullable } from '../api/schemaParts.ts';

const Volume = Type.Number({ minimum: 0 });
const optional = <T extends TSchema>(t: T) => Type.Optional(Nullable(t));

/** CJJ 92-2016 §5.2.3 corrections (fractions). Given here, a value overrides the one computed from the inputs. */
export const LossRateCorrections = Type.Object({
  /** R1 居民抄表到户水量的修正值 (household metering) */
  r1: optional(Type.Number()),
  /** R2 单位供水量管长的修正值 (mains length per unit supplied) */
  r2: optional(Type.Number()),
  /** R3 年平均出厂压力的修正值 (mean supply pressure) */
  r3: optional(Type.Number()),
  /** R4 最大冻土深度的修正值 (maximum frost depth) */
  r4: optional(Type.Number()),
});
export type LossRateCorrections = Static<typeof LossRateCorrections>;

export const WaterBalanceInput = Type.Object({
  /** days in the period (a calendar month: 28–31); scales the period to a year (ILI, CJJ R2) and to a day */
  days: optional(Type.Number({ exclusiveMinimum: 0 })),
  /** sum of the district's inlet meters over the period */
  inletM3: optional(Volume),
  /** sum of its outlet meters (0 when it has none): supplied = inlets − outlets */
  outletM3: optional(Volume),
  /** billed metered consumption (计费计量用水量) */
  billedMeteredM3: optional(Volume),
  /** billed unmetered consumption (计费未计量用水量), 0 when there is none */
  billedUnmeteredM3: optional(Volume),
  /** unbilled authorised consumption, metered and unmetered (免费用水量: fire fighting, flushing, own use) */
  unbilledAuthorisedM3: optional(Volume),
  /** apparent losses estimate (unauthorised use + meter under-registration + data errors); real losses need it */
  apparentLossesM3: optional(Volume),
  /** 居民抄表到户水量: household consumption read at the household meter (CJJ 92 R1) */
  residentialMeteredM3: optional(Volume),
  /** Lm: length of mains (UARL; CJJ 92 R2 counts DN75 and above — the same pipes in practice) */
  mainsLengthKm: optional(Type.Number({ minimum: 0 })),
  /** Nc: number of service connections */
  serviceConnections: optional(Type.Integer({ minimum: 0 })),
  /** Lp: private pipe from the property boundary to the customer meter, in total; absent counts as 0 */
  privatePipeLengthKm: optional(Type.Number({ minimum: 0 })),
  /** P: average operating pressure, m of head (UARL) */
  averagePressureM: optional(Type.Number({ minimum: 0 })),
  /** annual mean supply (出厂) pressure in MPa (CJJ 92 R3) */
  supplyPressureMpa: optional(Type.Number({ minimum: 0 })),
  /** maximum frost depth in m (CJJ 92 R4) */
  maxFrostDepthM: optional(Type.Number({ minimum: 0 })),
  /** corrections fixed by the utility, overriding the computed ones */
  corrections: Type.Optional(LossRateCorrections),
});
export type WaterBalanceInput = Static<typeof WaterBalanceInput>;

/** CJJ 92-2016 §5.1.2 grade of the assessed loss rate: ≤ 10 % first, ≤ 12 % second, above that neither. */
export const LossRateGrade = Type.Union([Type.Literal('first'), Type.Literal('second'), Type.Literal('exceeded')]);
export type LossRateGrade = Static<typeof LossRateGrade>;

const Figure = Nullable(Type.Number());

export const WaterBalance = Type.Object({
  /** system input volume = inlets − outlets */
  suppliedM3: Figure,
  /** billed authorised consumption (metered + unmetered) */
  billedM3: Figure,
  /** authorised consumption = billed + unbilled (CJJ 92 注册用户用水量 Q_a) */
  authorisedM3: Figure,
  /** non-revenue water = supplied − billed */
  nrwM3: Figure,
  /** NRW / supplied; the same figure as the 产销差率 (supplied − billed) / supplied */
  nrwRate: Figure,
  /** 产销差率 (production–sales difference rate) = (supplied − billed) / supplied */
  productionSalesDifferenceRate: Figure,
  /** water losses = supplied − authorised */
  waterLossesM3: Figure,
  /** the apparent losses estimate, as given */
  apparentLossesM3: Figure,
  /** real losses = water losses − apparent losses */
  realLossesM3: Figure,
  /** CJJ 92 综合漏损率 R_WL = (Q_s − Q_a) / Q_s */
  comprehensiveLossRate: Figure,
  /** CJJ 92 corrections R1–R4 and their total R_n (null when any is unknown) */
  corrections: Type.Object({ r1: Figure, r2: Figure, r3: Figure, r4: Figure, total: Figure }),
  /** CJJ 92 漏损率 R_BL = R_WL − R_n, the assessed rate */
  assessedLossRate: Figure,
  grade: Nullable(LossRateGrade),
  /** unavoidable annual real losses, as litres per day: (18·Lm + 0.8·Nc + 25·Lp)·P */
  uarlLitresPerDay: Figure,
  /** real losses scaled to a year */
  annualRealLossesM3: Figure,
  /** infrastructure leakage index = annual real losses / UARL (a year of it) */
  ili: Figure,
  /**
   * true when the district is outside the range the UARL formula was fitted on (Nc < 3000, fewer than 20
   * connections per km of mains, or P < 25 m): the ILI is then only indicative. null when there is no ILI.
   */
  iliIndicativeOnly: Nullable(Type.Boolean()),
  /** NRW in litres per service connection per day */
  nrwLitresPerConnectionPerDay: Figure,
  /** real losses in litres per service connection per day */
  realLossesLitresPerConnectionPerDay: Figure,
});
export type WaterBalance = Static<typeof WaterBalance>;
