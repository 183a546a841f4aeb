import type { WaterBalanceInput } from '@waterops/shared/dma';
import { describe, expect, it } from 'vitest';
import { computeWaterBalance, lossRateGrade } from './waterBalance.ts';

// Worked by hand — district "East 1", April (30 days):
//   supplied   = inlets 36 000 − outlets 6 000                          = 30 000 m³
//   billed     = metered 24 000 + unmetered 600                         = 24 600 m³
//   authorised = billed 24 600 + unbilled 400                           = 25 000 m³
//   NRW        = 30 000 − 24 600 = 5 400 m³;  NRW % = 产销差率 = 5 400 / 30 000 = 0.18
//   losses     = 30 000 − 25 000 = 5 000 m³;  R_WL = 5 000 / 30 000 = 0.166 67 → 0.1667
//   real       = 5 000 − apparent 1 000 = 4 000 m³
//   R1 = 0.08 · (household-read 18 000 / 30 000 = 0.6)                 = 0.048
//   R2: a year of supply = 30 000 · 365 / 30 = 365 000 m³ = 36.5 × 10⁴ m³; A = 12 km / 36.5 = 0.3288;
//       0.99 · (0.3288 − 0.0693) = 0.2569 → capped at                     0.03
//   R3: supply pressure 0.40 MPa (0.35 < p ≤ 0.55)                      = 0.005
//   R4: frost depth 0.8 m (≤ 1.4 m)                                      = 0
//   R_n = 0.083;  R_BL = 0.166 67 − 0.083 = 0.083 67 → 0.0837 ≤ 10 %     → first grade
//   UARL = (18·12 km + 0.8·1 200 + 25·3 km) · 40 m = 1 251 · 40         = 50 040 L/day
//   real losses a day = 4 000 000 L / 30 = 133 333.33 L;  ILI = 133 333.33 / 50 040 = 2.6645 → 2.665
//   a year of real losses = 4 000 · 365 / 30 = 48 666.667 m³
//   NRW per connection per day = 5 400 000 L / 1 200 / 30 = 150 L; real losses: 4 000 000 / 1 200 / 30 = 111.11 L
//   1 200 connections < 3 000 → the ILI is only indicative
const east1: WaterBalanceInput = {
  days: 30,
  inletM3: 36_000,
  outletM3: 6_000,
  billedMeteredM3: 24_000,
  billedUnmeteredM3: 600,
  unbilledAuthorisedM3: 400,
  apparentLossesM3: 1_000,
  residentialMeteredM3: 18_000,
  mainsLengthKm: 12,
  serviceConnections: 1_200,
  privatePipeLengthKm: 3,
  averagePressureM: 40,
  supplyPressureMpa: 0.4,
  maxFrostDepthM: 0.8,
};

describe('computeWaterBalance: the worked example', () => {
  it('gives every figure computed by hand above', () => {
    expect(computeWaterBalance(east1)).toEqual({
      suppliedM3: 30_000,
      billedM3: 24_600,
      authorisedM3: 25_000,
      nrwM3: 5_400,
      nrwRate: 0.18,
      productionSalesDifferenceRate: 0.18,
      waterLossesM3: 5_000,
      apparentLossesM3: 1_000,
      realLossesM3: 4_000,
      comprehensiveLossRate: 0.1667,
      corrections: { r1: 0.048, r2: 0.03, r3: 0.005, r4: 0, total: 0.083 },
      assessedLossRate: 0.0837,
      grade: 'first',
      uarlLitresPerDay: 50_040,
      annualRealLossesM3: 48_666.667,
      ili: 2.665,
      iliIndicativeOnly: true,
      nrwLitresPerConnectionPerDay: 150,
      realLossesLitresPerConnectionPerDay: 111.11,
    });
  });
});

describe('computeWaterBalance: one change at a time from the worked example', () => {
  it.each<[string, Partial<WaterBalanceInput>, Record<string, unknown>]>([
    [
      'no outlets metered (0): supplied is all of the inlets',
      { outletM3: 0 },
      { suppliedM3: 36_000, nrwM3: 11_400, nrwRate: 0.3167, comprehensiveLossRate: 0.3056 },
    ],
    [
      'utility-fixed corrections override the computed ones',
      { corrections: { r1: 0.02, r2: -0.01, r3: null } },
      // r3 null in the override falls back to the computed 0.005
      {
        corrections: { r1: 0.02, r2: -0.01, r3: 0.005, r4: 0, total: 0.015 },
        assessedLossRate: 0.1517,
        grade: 'exceeded',
      },
    ],
    [
      'deep frost (1.5 m) and 0.6 MPa add 1 % each',
      { maxFrostDepthM: 1.5, supplyPressureMpa: 0.6 },
      { corrections: { r1: 0.048, r2: 0.03, r3: 0.01, r4: 0.01, total: 0.098 }, assessedLossRate: 0.0687 },
    ],
    [
      'a long period of a big supply on short mains: R2 goes negative, capped at −3 %',
      // A = 12 / (3 000 000 · 365 / 30 / 10⁴ = 3 650) = 0.0033 → 0.99 · (0.0033 − 0.0693) = −0.0654 → −0.03
      { inletM3: 3_006_000, billedMeteredM3: 2_970_000, residentialMeteredM3: 1_800_000 },
      { corrections: { r1: 0.048, r2: -0.03, r3: 0.005, r4: 0, total: 0.023 } },
    ],
    [
      'mains per unit supplied inside the ±3 % band',
      // A = 3.5 km / 36.5 = 0.09589 → 0.99 · (0.09589 − 0.0693) = 0.02632
      { mainsLengthKm: 3.5 },
      { corrections: { r1: 0.048, r2: 0.0263, r3: 0.005, r4: 0, total: 0.0793 } },
    ],
    [
      'no private-pipe length: it counts as none in the UARL',
      { privatePipeLengthKm: null },
      // (216 + 960) · 40 = 47 040; 133 333.33 / 47 040 = 2.8345 (2.834 47)
      { uarlLitresPerDay: 47_040, ili: 2.834 },
    ],
    [
      'a large, dense, pressurised district: the ILI is in the formula’s range',
      { serviceConnections: 5_000, mainsLengthKm: 100, averagePressureM: 30 },
      // (1 800 + 4 000 + 75) · 30 = 176 250 L/day; 133 333.33 / 176 250 = 0.7565
      { uarlLitresPerDay: 176_250, ili: 0.757, iliIndicativeOnly: false },
    ],
    [
      'low pressure makes the ILI indicative even for a large district',
      { serviceConnections: 5_000, mainsLengthKm: 100, averagePressureM: 20 },
      { iliIndicativeOnly: true },
    ],
    [
      'a sparse district (< 20 connections per km) makes the ILI indicative',
      { serviceConnections: 5_000, mainsLengthKm: 300, averagePressureM: 30 },
      { iliIndicativeOnly: true },
    ],
    [
      'more billed than supplied: NRW and the rates go negative, they are not clipped',
      { billedMeteredM3: 31_000 },
      // authorised 32 000: losses −2 000, real −2 000 − 1 000 apparent = −3 000
      { nrwM3: -1_600, nrwRate: -0.0533, comprehensiveLossRate: -0.0667, realLossesM3: -3_000 },
    ],
  ])('%s', (_what, change, expected) => {
    expect(computeWaterBalance({ ...east1, ...change })).toMatchObject(expected);
  });
});

describe('computeWaterBalance: missing inputs give null figures, never NaN or Infinity', () => {
  it.each<[string, Partial<WaterBalanceInput>, Record<string, unknown>]>([
    [
      'nothing supplied (0): volumes stand, every rate is null',
      { inletM3: 6_000 },
      {
        suppliedM3: 0,
        nrwM3: -24_600,
        nrwRate: null,
        productionSalesDifferenceRate: null,
        comprehensiveLossRate: null,
        assessedLossRate: null,
        grade: null,
        corrections: { r1: null, r2: null, r3: 0.005, r4: 0, total: null },
      },
    ],
    [
      'outlets above inlets (a metering fault): rates are null, not nonsense',
      { inletM3: 5_000 },
      { suppliedM3: -1_000, nrwRate: null, comprehensiveLossRate: null },
    ],
    [
      'no inlet reading: nothing that depends on supply',
      { inletM3: undefined },
      { suppliedM3: null, nrwM3: null, nrwRate: null, waterLossesM3: null, realLossesM3: null, ili: null },
    ],
    [
      'no unbilled figure: billed-side figures stand, loss figures do not',
      { unbilledAuthorisedM3: null },
      { nrwM3: 5_400, nrwRate: 0.18, authorisedM3: null, comprehensiveLossRate: null, assessedLossRate: null },
    ],
    [
      'no apparent-loss estimate: no real losses, so no ILI',
      { apparentLossesM3: undefined },
      { waterLossesM3: 5_000, realLossesM3: null, ili: null, iliIndicativeOnly: null, annualRealLossesM3: null },
    ],
    [
      'no days: nothing that scales to a day or a year (ILI, R2, per connection per day)',
      { days: null },
      {
        ili: null,
        annualRealLossesM3: null,
        nrwLitresPerConnectionPerDay: null,
        corrections: { r1: 0.048, r2: null, r3: 0.005, r4: 0, total: null },
        assessedLossRate: null,
        comprehensiveLossRate: 0.1667,
        uarlLitresPerDay: 50_040,
      },
    ],
    [
      'no connection count: no UARL, no ILI, no per-connection figures',
      { serviceConnections: undefined },
      { uarlLitresPerDay: null, ili: null, nrwLitresPerConnectionPerDay: null },
    ],
    [
      'zero connections: UARL from mains alone, per-connection figures null',
      { serviceConnections: 0 },
      { uarlLitresPerDay: 11_640, nrwLitresPerConnectionPerDay: null, realLossesLitresPerConnectionPerDay: null },
    ],
    ['zero pressure: UARL 0, so no ILI', { averagePressureM: 0 }, { uarlLitresPerDay: 0, ili: null }],
    [
      'no household-read volume: R1 unknown, so R_BL unknown',
      { residentialMeteredM3: null },
      { corrections: { r1: null, r2: 0.03, r3: 0.005, r4: 0, total: null }, assessedLossRate: null, grade: null },
    ],
    [
      'no frost depth: R4 unknown',
      { maxFrostDepthM: undefined },
      { corrections: { r1: 0.048, r2: 0.03, r3: 0.005, r4: null, total: null } },
    ],
  ])('%s', (_what, change, expected) => {
    const balance = computeWaterBalance({ ...east1, ...change });
    expect(balance).toMatchObject(expected);
    const numbers = Object.values({ ...balance, ...balance.corrections }).filter((v) => typeof v === 'number');
    for (const v of numbers) expect(Number.isFinite(v)).toBe(true);
  });

  it('an empty input is all null', () => {
    const balance = computeWaterBalance({});
    const { corrections, ...rest } = balance;
    expect(Object.values(rest).every((v) => v === null)).toBe(true);
    expect(Object.values(corrections).every((v) => v === null)).toBe(true);
  });
});

describe('CJJ 92 grade', () => {
  const graded = (authorised: number) =>
    computeWaterBalance({
      inletM3: 1_000,
      outletM3: 0,
      billedMeteredM3: authorised,
      billedUnmeteredM3: 0,
      unbilledAuthorisedM3: 0,
      corrections: { r1: 0, r2: 0, r3: 0, r4: 0 },
    });
  it.each([
    [950, 0.05, 'first'],
    [900, 0.1, 'first'],
    [899, 0.101, 'second'],
    [880, 0.12, 'second'],
    [879, 0.121, 'exceeded'],
    [500, 0.5, 'exceeded'],
  ] as const)('authorised %i of 1 000 m³ → R_BL %d → %s', (authorised, rate, grade) => {
    expect(graded(authorised)).toMatchObject({ assessedLossRate: rate, grade });
  });

  it.each([
    [0.1, 'first'],
    [0.10001, 'second'],
    [0.12, 'second'],
    [0.12001, 'exceeded'],
    [-0.02, 'first'],
  ] as const)('lossRateGrade(%d) = %s', (rate, grade) => {
    expect(lossRateGrade(rate)).toBe(grade);
  });
});
