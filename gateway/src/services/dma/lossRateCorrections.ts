// CJJ 92-2016 (城镇供水管网漏损控制及评定标准, 2018 partial revision) §5.2.3: the corrections R1–R4 subtracted from
// the comprehensive loss rate R_WL to give the assessed loss rate R_BL = R_WL − (R1 + R2 + R3 + R4).
// All rates here are fractions (the standard writes them as %).
//
// Source of the coefficients: the standard's §5.2.3 items 3–6 as quoted in public material (the revision text
// itself states only R_n = R1 + R2 + R3 + R4); they were not checked against the printed standard, which is why
// every correction can also be fixed by the utility (WaterBalanceInput.corrections) instead of being computed.

/** 0.08: the standard's 居民用户总分表差率 — the household master-meter / sub-meter gap. */
export const R1_METER_GAP = 0.08;
/** 0.99: effect of mains length per unit supplied on the loss rate. */
export const R2_COEFFICIENT = 0.99;
/** 0.0693 km per 10⁴ m³ a year: the reference mains length per unit supplied. */
export const R2_REFERENCE_KM_PER_10K_M3 = 0.0693;
/** R2 is capped to ±3 %. */
export const R2_LIMIT = 0.03;
/** R4 applies when the maximum frost depth is above 1.4 m. */
export const R4_FROST_DEPTH_M = 1.4;

/**
 * R1 居民抄表到户水量的修正值 = 0.08 · r, where r is the share of the total supply that is household consumption
 * read at the household meter.
 */
export function householdMeteringCorrection(residentialMeteredM3: number, suppliedM3: number): number {
  return R1_METER_GAP * (residentialMeteredM3 / suppliedM3);
}

/**
 * R2 单位供水量管长的修正值 = 0.99 · (A − 0.0693), clamped to ±3 %, where A = L / Q_s is the length of mains
 * (DN75 and above, km) per 10⁴ m³ supplied in a YEAR — the standard assesses a year, so a shorter period's supply
 * is scaled to 365 days first.
 */
export function mainsLengthCorrection(mainsLengthKm: number, annualSuppliedM3: number): number {
  const a = mainsLengthKm / (annualSuppliedM3 / 10_000);
  const r2 = R2_COEFFICIENT * (a - R2_REFERENCE_KM_PER_10K_M3);
  return Math.min(R2_LIMIT, Math.max(-R2_LIMIT, r2));
}

/**
 * R3 年平均出厂压力的修正值: 0.5 % above 0.35 MPa up to 0.55, 1 % above 0.55 up to 0.75, 2 % above 0.75; 0 at or
 * below 0.35 MPa.
 */
export function pressureCorrection(supplyPressureMpa: number): number {
  if (supplyPressureMpa > 0.75) return 0.02;
  if (supplyPressureMpa > 0.55) return 0.01;
  if (supplyPressureMpa > 0.35) return 0.005;
  return 0;
}

/** R4 最大冻土深度的修正值: 1 % when the maximum frost depth is above 1.4 m, else 0. */
export function frostDepthCorrection(maxFrostDepthM: number): number {
  return maxFrostDepthM > R4_FROST_DEPTH_M ? 0.01 : 0;
}

/** CJJ 92-2016 §5.1.2: first grade at most 10 %, second grade at most 12 %. */
export const GRADE_FIRST_MAX = 0.1;
export const GRADE_SECOND_MAX = 0.12;
