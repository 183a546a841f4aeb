import { describe, expect, it } from 'vitest';
import {
  frostDepthCorrection,
  householdMeteringCorrection,
  mainsLengthCorrection,
  pressureCorrection,
} from './lossRateCorrections.ts';

describe('CJJ 92-2016 corrections', () => {
  it.each([
    [0, 10_000, 0],
    [6_000, 10_000, 0.048],
    [10_000, 10_000, 0.08],
  ])('R1: %i household-read of %i supplied → %d', (household, supplied, r1) => {
    expect(householdMeteringCorrection(household, supplied)).toBeCloseTo(r1, 12);
  });

  it.each([
    // A = L km / (annual supply in 10⁴ m³); R2 = 0.99 · (A − 0.0693), capped to ±0.03
    [6.93, 1_000_000, 0], // A = 0.0693, the reference: no correction
    [9, 1_000_000, 0.020493], // A = 0.09 → 0.99 · 0.0207
    [5, 1_000_000, -0.019107], // A = 0.05 → 0.99 · −0.0193
    [10, 1_000_000, 0.03], // A = 0.1 → 0.030393, capped
    [100, 1_000_000, 0.03], // far above: capped
    [0, 1_000_000, -0.03], // no mains: −0.068607, capped
  ])('R2: %d km for %i m³ a year → %d', (km, annual, r2) => {
    expect(mainsLengthCorrection(km, annual)).toBeCloseTo(r2, 12);
  });

  it.each([
    [0.2, 0],
    [0.35, 0],
    [0.36, 0.005],
    [0.55, 0.005],
    [0.56, 0.01],
    [0.75, 0.01],
    [0.76, 0.02],
    [1.2, 0.02],
  ])('R3: supply pressure %d MPa → %d', (mpa, r3) => {
    expect(pressureCorrection(mpa)).toBe(r3);
  });

  it.each([
    [0, 0],
    [1.4, 0],
    [1.41, 0.01],
    [2.5, 0.01],
  ])('R4: frost depth %d m → %d', (depth, r4) => {
    expect(frostDepthCorrection(depth)).toBe(r4);
  });
});
