// The water balance of one district for one period (handbook domain.md "Water balance and losses"): IWA volumes,
// the 产销差 rate, the CJJ 92-2016 loss rates and grade, UARL / ILI and NRW per connection per day.
//
// Null in, null out: a figure whose inputs are missing is null, as is every rate when nothing (or less than
// nothing) was supplied — never NaN or Infinity. Rounding happens once, on output (WATER_BALANCE_DECIMALS), from
// unrounded intermediates; the grade is read from the rounded assessed rate, so it agrees with what is shown.
import type { LossRateGrade, WaterBalance, WaterBalanceInput } from '@waterops/shared/dma';
import {
  frostDepthCorrection,
  GRADE_FIRST_MAX,
  GRADE_SECOND_MAX,
  householdMeteringCorrection,
  mainsLengthCorrection,
  pressureCorrection,
} from './lossRateCorrections.ts';
import { isUarlIndicativeOnly, uarlLitresPerDay } from './unavoidableRealLosses.ts';

/** Output decimals: m³ to the litre, rates (fractions) to a hundredth of a percent, litres to 0.01 L, ILI 0.001. */
export const WATER_BALANCE_DECIMALS = { volume: 3, rate: 4, litres: 2, ili: 3 } as const;

const DAYS_PER_YEAR = 365;

type N = number | null;

const known = (x: number | null | undefined): N => (x === undefined || x === null || !Number.isFinite(x) ? null : x);
const add = (a: N, b: N): N => (a === null || b === null ? null : a + b);
const sub = (a: N, b: N): N => (a === null || b === null ? null : a - b);
/** a / b, null when b is not a positive number (a rate of nothing supplied is undefined, not 0 or Infinity) */
const per = (a: N, b: N): N => (a === null || b === null || !(b > 0) ? null : a / b);

function round(x: N, decimals: number): N {
  if (x === null || !Number.isFinite(x)) return null;
  const f = 10 ** decimals;
  // + 0 turns −0 into 0, so a balanced district shows 0, not −0
  return Math.round(x * f) / f + 0;
}

export function lossRateGrade(assessedRate: number): LossRateGrade {
  if (assessedRate <= GRADE_FIRST_MAX) return 'first';
  if (assessedRate <= GRADE_SECOND_MAX) return 'second';
  return 'exceeded';
}

export function computeWaterBalance(input: WaterBalanceInput): WaterBalance {
  const givenDays = known(input.days);
  const days = givenDays !== null && givenDays > 0 ? givenDays : null;
  const supplied = sub(known(input.inletM3), known(input.outletM3));
  const billed = add(known(input.billedMeteredM3), known(input.billedUnmeteredM3));
  const authorised = add(billed, known(input.unbilledAuthorisedM3));
  const nrw = sub(supplied, billed);
  const waterLosses = sub(supplied, authorised);
  const apparent = known(input.apparentLossesM3);
  const realLosses = sub(waterLosses, apparent);
  const suppliedForRates = supplied !== null && supplied > 0 ? supplied : null;

  const nrwRate = per(nrw, suppliedForRates);
  const comprehensiveLossRate = per(waterLosses, suppliedForRates);

  // CJJ 92 corrections: a utility-fixed value wins; else computed when its inputs are there
  const fixed = input.corrections ?? {};
  const residential = known(input.residentialMeteredM3);
  const mainsKm = known(input.mainsLengthKm);
  const pressureMpa = known(input.supplyPressureMpa);
  const frostM = known(input.maxFrostDepthM);
  const annualSupplied = suppliedForRates !== null && days !== null ? (suppliedForRates * DAYS_PER_YEAR) / days : null;
  const r1 =
    known(fixed.r1) ??
    (residential !== null && suppliedForRates !== null
      ? householdMeteringCorrection(residential, suppliedForRates)
      : null);
  const r2 =
    known(fixed.r2) ??
    (mainsKm !== null && annualSupplied !== null ? mainsLengthCorrection(mainsKm, annualSupplied) : null);
  const r3 = known(fixed.r3) ?? (pressureMpa !== null ? pressureCorrection(pressureMpa) : null);
  const r4 = known(fixed.r4) ?? (frostM !== null ? frostDepthCorrection(frostM) : null);
  const totalCorrection = add(add(r1, r2), add(r3, r4));
  const assessedLossRate = sub(comprehensiveLossRate, totalCorrection);
  const assessedRounded = round(assessedLossRate, WATER_BALANCE_DECIMALS.rate);

  // UARL needs Lm, Nc and P; private pipe length, when unknown, counts as none
  const connections = known(input.serviceConnections);
  const pressureM = known(input.averagePressureM);
  const privateKm = known(input.privatePipeLengthKm) ?? 0;
  const uarl =
    mainsKm !== null && connections !== null && pressureM !== null
      ? uarlLitresPerDay(mainsKm, connections, privateKm, pressureM)
      : null;
  const realLitresPerDay = per(realLosses === null ? null : realLosses * 1000, days);
  const ili = per(realLitresPerDay, uarl);
  const annualRealLosses = realLosses !== null && days !== null ? (realLosses * DAYS_PER_YEAR) / days : null;
  const perConnectionDay = (m3: N): N => per(per(m3 === null ? null : m3 * 1000, connections), days);

  const { volume, rate, litres } = WATER_BALANCE_DECIMALS;
  return {
    suppliedM3: round(supplied, volume),
    billedM3: round(billed, volume),
    authorisedM3: round(authorised, volume),
    nrwM3: round(nrw, volume),
    nrwRate: round(nrwRate, rate),
    productionSalesDifferenceRate: round(nrwRate, rate),
    waterLossesM3: round(waterLosses, volume),
    apparentLossesM3: round(apparent, volume),
    realLossesM3: round(realLosses, volume),
    comprehensiveLossRate: round(comprehensiveLossRate, rate),
    corrections: {
      r1: round(r1, rate),
      r2: round(r2, rate),
      r3: round(r3, rate),
      r4: round(r4, rate),
      total: round(totalCorrection, rate),
    },
    assessedLossRate: assessedRounded,
    grade: assessedRounded === null ? null : lossRateGrade(assessedRounded),
    uarlLitresPerDay: round(uarl, litres),
    annualRealLossesM3: round(annualRealLosses, volume),
    ili: round(ili, WATER_BALANCE_DECIMALS.ili),
    iliIndicativeOnly:
      ili === null || mainsKm === null || connections === null || pressureM === null
        ? null
        : isUarlIndicativeOnly(mainsKm, connections, pressureM),
    nrwLitresPerConnectionPerDay: round(perConnectionDay(nrw), litres),
    realLossesLitresPerConnectionPerDay: round(perConnectionDay(realLosses), litres),
  };
}
