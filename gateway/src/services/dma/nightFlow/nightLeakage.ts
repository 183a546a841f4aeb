// Night leakage of a district: the nightline less the water people legitimately use at night, and the day's
// leakage scaled from it by a night-day factor (handbook domain.md "Night flow"). Rates are litres per hour as the
// field literature quotes them; results are m³/h and m³/day like the nightline.

/** A group of non-household users with the same night rate (shops, schools, hospitals…). */
export type NightUserCategory = { category: string; count: number; litresPerHour: number };
/** A known large user that runs at night (a factory shift, a hospital, a car wash), its measured night flow. */
export type LargeNightUser = { name: string; flow: number };

export type LegitimateNightUseParams = {
  households: number;
  /**
   * persons per household (default 2.62: China's 2020 census average household size)
   */
  personsPerHousehold: number;
  /**
   * per-capita household night use at the nightline hour, litres per person per hour (default 0.6: the UK
   * "Managing Leakage" figure for household night use, 0.6 l/head/h — toilets and appliances of the few awake)
   */
  perCapitaLitresPerHour: number;
  /** non-household users by category (default none); typical small non-household premises use ~8 l/h at night */
  nonHousehold: readonly NightUserCategory[];
  /** known large night users with their own flow, m³/h (default none) */
  largeUsers: readonly LargeNightUser[];
};

export const DEFAULT_LEGITIMATE_NIGHT_USE: LegitimateNightUseParams = {
  households: 0,
  personsPerHousehold: 2.62,
  perCapitaLitresPerHour: 0.6,
  nonHousehold: [],
  largeUsers: [],
};

export type LegitimateNightUse = {
  /** m³/h each */
  households: number;
  nonHousehold: number;
  largeUsers: number;
  total: number;
};

/** Legitimate night use (m³/h): households × persons × per-capita rate + non-household categories + large users. */
export const legitimateNightUse = (params: Partial<LegitimateNightUseParams> = {}): LegitimateNightUse => {
  const p = { ...DEFAULT_LEGITIMATE_NIGHT_USE, ...params };
  const households = (p.households * p.personsPerHousehold * p.perCapitaLitresPerHour) / 1000;
  const nonHousehold = p.nonHousehold.reduce((s, c) => s + (c.count * c.litresPerHour) / 1000, 0);
  const largeUsers = p.largeUsers.reduce((s, u) => s + u.flow, 0);
  return { households, nonHousehold, largeUsers, total: households + nonHousehold + largeUsers };
};

/**
 * How many hours of night leakage a day's leakage equals. `fixed`: a plain number of hours (24 when pressure does
 * not vary over the day — the simulator's case; 20–23 is common where night pressure is higher than day pressure).
 * `favad`: FAVAD (fixed and variable area discharge, leak flow ∝ pressure^N1) from the hourly average zone
 * pressure: NDF = Σ_h (P_h / P_night)^N1, with P_night the pressure at the nightline hour.
 */
export type NightDayFactor =
  | { kind: 'fixed'; hours: number }
  | {
      kind: 'favad';
      /** average zone pressure for each hour of the day (m), 24 values */
      hourlyPressure: readonly number[];
      /** pressure at the nightline hour (m) */
      nightPressure: number;
      /** leakage exponent: 0.5 rigid pipes, 1.5 flexible, 1.0 when mixed or unknown (default 1.0) */
      n1?: number;
    };

export const DEFAULT_NIGHT_DAY_FACTOR: NightDayFactor = { kind: 'fixed', hours: 24 };

/** The night-day factor in hours per day. */
export const nightDayFactorHours = (factor: NightDayFactor = DEFAULT_NIGHT_DAY_FACTOR): number => {
  if (factor.kind === 'fixed') return factor.hours;
  if (factor.nightPressure <= 0) throw new RangeError('night pressure must be positive');
  const n1 = factor.n1 ?? 1;
  return factor.hourlyPressure.reduce((s, p) => s + (Math.max(0, p) / factor.nightPressure) ** n1, 0);
};

export type NightLeakage = {
  nightline: number;
  legitimate: number;
  /** m³/h: max(0, nightline − legitimate) */
  nightLeakage: number;
  /** hours per day the night leakage is scaled by */
  nightDayFactor: number;
  /** m³/day */
  dailyLeakage: number;
};

/** Night leakage (m³/h) and daily leakage (m³/day) from a nightline and the legitimate night use. */
export const nightLeakage = (
  nightline: number,
  legitimate: number | LegitimateNightUse,
  factor: NightDayFactor = DEFAULT_NIGHT_DAY_FACTOR,
): NightLeakage => {
  const legit = typeof legitimate === 'number' ? legitimate : legitimate.total;
  const leak = Math.max(0, nightline - legit);
  const ndf = nightDayFactorHours(factor);
  return { nightline, legitimate: legit, nightLeakage: leak, nightDayFactor: ndf, dailyLeakage: leak * ndf };
};
