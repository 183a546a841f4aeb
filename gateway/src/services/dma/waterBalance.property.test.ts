// Property-based checks of the water balance arithmetic (fast-check): identities that hold for any district.
import { Value } from '@sinclair/typebox/value';
import { WaterBalance, WaterBalanceInput } from '@waterops/shared/dma';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isUarlIndicativeOnly, uarlLitresPerDay } from './unavoidableRealLosses.ts';
import { computeWaterBalance, WATER_BALANCE_DECIMALS } from './waterBalance.ts';

/** A metered volume in m³ with litre resolution, up to a million m³. */
const volume = fc.integer({ min: 0, max: 1_000_000_000 }).map((l) => l / 1000);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, fc.constant(null), fc.constant(undefined));
const positive = (max: number) => fc.double({ min: 0.001, max, noNaN: true });

/** A complete district: every input known. */
const fullInput: fc.Arbitrary<WaterBalanceInput> = fc.record({
  days: fc.integer({ min: 1, max: 366 }),
  inletM3: volume,
  outletM3: volume,
  billedMeteredM3: volume,
  billedUnmeteredM3: volume,
  unbilledAuthorisedM3: volume,
  apparentLossesM3: volume,
  residentialMeteredM3: volume,
  mainsLengthKm: positive(2_000),
  serviceConnections: fc.integer({ min: 0, max: 200_000 }),
  privatePipeLengthKm: positive(500),
  averagePressureM: positive(120),
  supplyPressureMpa: fc.double({ min: 0, max: 1.2, noNaN: true }),
  maxFrostDepthM: fc.double({ min: 0, max: 3, noNaN: true }),
});

/** Any input at all: each field may be missing, zero or odd. */
const anyInput: fc.Arbitrary<WaterBalanceInput> = fc.record({
  days: maybe(fc.oneof(fc.integer({ min: 1, max: 366 }), fc.double({ min: 1e-9, max: 1e6, noNaN: true }))),
  inletM3: maybe(fc.oneof(volume, fc.constant(0), fc.double({ min: 0, max: 1e12, noNaN: true }))),
  outletM3: maybe(fc.oneof(volume, fc.constant(0))),
  billedMeteredM3: maybe(volume),
  billedUnmeteredM3: maybe(volume),
  unbilledAuthorisedM3: maybe(volume),
  apparentLossesM3: maybe(volume),
  residentialMeteredM3: maybe(volume),
  mainsLengthKm: maybe(fc.double({ min: 0, max: 1e5, noNaN: true })),
  serviceConnections: maybe(fc.integer({ min: 0, max: 1_000_000 })),
  privatePipeLengthKm: maybe(fc.double({ min: 0, max: 1e4, noNaN: true })),
  averagePressureM: maybe(fc.double({ min: 0, max: 200, noNaN: true })),
  supplyPressureMpa: maybe(fc.double({ min: 0, max: 2, noNaN: true })),
  maxFrostDepthM: maybe(fc.double({ min: 0, max: 5, noNaN: true })),
});

/** Half a unit in the last kept decimal, plus a little for the float arithmetic before rounding. */
const half = (decimals: number) => 0.5 * 10 ** -decimals + 1e-9;
const { volume: V, rate: R, litres: L, ili: I } = WATER_BALANCE_DECIMALS;

const numbersOf = (input: WaterBalanceInput) => {
  const b = computeWaterBalance(input);
  return Object.values({ ...b, ...b.corrections }).filter((v) => typeof v !== 'object' && typeof v !== 'string');
};

describe('water balance identities (property)', () => {
  it('never NaN or Infinity: every figure is a finite number, a boolean or null', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        for (const v of numbersOf(input)) {
          if (typeof v === 'number') expect(Number.isFinite(v)).toBe(true);
          else expect(v === null || typeof v === 'boolean').toBe(true);
        }
      }),
    );
  });

  it('inputs fit the shared input schema, and every output fits the shared output schema the API returns', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        // TypeBox treats an undefined optional property as absent only when it is left out, as JSON would
        const json = JSON.parse(JSON.stringify(input));
        expect(Value.Check(WaterBalanceInput, json)).toBe(true);
        expect(Value.Check(WaterBalance, computeWaterBalance(json))).toBe(true);
      }),
    );
  });

  it('NRW = supplied − billed, and the 产销差率 is the NRW rate', () => {
    fc.assert(
      fc.property(fullInput, (input) => {
        const b = computeWaterBalance(input);
        expect(Math.abs((b.nrwM3 as number) - ((b.suppliedM3 as number) - (b.billedM3 as number)))).toBeLessThan(
          3 * half(V),
        );
        expect(b.productionSalesDifferenceRate).toBe(b.nrwRate);
      }),
    );
  });

  it('supplied = authorised + water losses; water losses = apparent + real', () => {
    fc.assert(
      fc.property(fullInput, (input) => {
        const b = computeWaterBalance(input);
        const n = (x: number | null) => x as number;
        expect(Math.abs(n(b.suppliedM3) - n(b.authorisedM3) - n(b.waterLossesM3))).toBeLessThan(3 * half(V));
        expect(Math.abs(n(b.waterLossesM3) - n(b.apparentLossesM3) - n(b.realLossesM3))).toBeLessThan(3 * half(V));
      }),
    );
  });

  it('rates are at most 1 (billed and authorised cannot be negative) and null exactly when nothing was supplied', () => {
    fc.assert(
      fc.property(fullInput, (input) => {
        const b = computeWaterBalance(input);
        const supplied = (input.inletM3 as number) - (input.outletM3 as number);
        if (supplied > 0) {
          expect(b.nrwRate).not.toBeNull();
          expect(b.nrwRate as number).toBeLessThanOrEqual(1);
          expect(b.comprehensiveLossRate as number).toBeLessThanOrEqual(1);
          expect(b.comprehensiveLossRate as number).toBeLessThanOrEqual((b.nrwRate as number) + half(R) * 2);
          // the corrections are bounded: R1 ≤ 8 %, |R2| ≤ 3 %, R3 ≤ 2 %, R4 ≤ 1 %
          expect(b.assessedLossRate as number).toBeLessThanOrEqual((b.comprehensiveLossRate as number) + 0.03 + 1e-4);
        } else {
          expect(b.nrwRate).toBeNull();
          expect(b.comprehensiveLossRate).toBeNull();
          expect(b.assessedLossRate).toBeNull();
          expect(b.grade).toBeNull();
        }
      }),
    );
  });

  it('ILI × UARL = real losses (a day of each, within rounding)', () => {
    fc.assert(
      fc.property(fullInput, (input) => {
        const b = computeWaterBalance(input);
        if (b.ili === null) return;
        const days = input.days as number;
        const uarl = b.uarlLitresPerDay as number;
        const ili = b.ili;
        // each rounded output is off by at most half its last decimal; carry those errors through the product
        const bound = (half(I) * uarl + half(L) * Math.abs(ili) + half(I) * half(L)) * (days / 1000) + half(V) + 1e-6;
        expect(Math.abs((ili * uarl * days) / 1000 - (b.realLossesM3 as number))).toBeLessThanOrEqual(bound);
        // and the annual figure is the period's scaled to 365 days
        expect(
          Math.abs((b.annualRealLossesM3 as number) - ((b.realLossesM3 as number) * 365) / days),
        ).toBeLessThanOrEqual(half(V) * (1 + 365 / days));
      }),
    );
  });

  it('scaling every volume (and the mains length, so A = L / Q_s stays put) by k leaves every rate unchanged', () => {
    const k = fc.oneof(fc.integer({ min: 2, max: 1000 }), fc.double({ min: 0.01, max: 100, noNaN: true }));
    fc.assert(
      fc.property(fullInput, k, (input, k) => {
        const scaled: WaterBalanceInput = { ...input };
        for (const key of [
          'inletM3',
          'outletM3',
          'billedMeteredM3',
          'billedUnmeteredM3',
          'unbilledAuthorisedM3',
          'apparentLossesM3',
          'residentialMeteredM3',
        ] as const) {
          scaled[key] = (input[key] as number) * k;
        }
        scaled.mainsLengthKm = (input.mainsLengthKm as number) * k;
        const a = computeWaterBalance(input);
        const b = computeWaterBalance(scaled);
        const close = (x: number | null, y: number | null) => {
          if (x === null || y === null) return expect(y).toBe(x);
          // both are rounded from values a few ulps apart: they agree, or differ by one unit of the last decimal.
          // When inlets and outlets nearly cancel (999 999.999 − 999 999.991) the rate is huge and the subtraction
          // keeps only a few significant digits, so allow a relative 1e-6 on top.
          expect(Math.abs(x - y)).toBeLessThanOrEqual(10 ** -R + 1e-12 + 1e-6 * Math.abs(x));
        };
        close(a.nrwRate, b.nrwRate);
        close(a.comprehensiveLossRate, b.comprehensiveLossRate);
        close(a.corrections.r1, b.corrections.r1);
        close(a.corrections.r2, b.corrections.r2);
        close(a.assessedLossRate, b.assessedLossRate);
      }),
    );
  });
});

describe('UARL (property)', () => {
  const nonNegative = (max: number) => fc.double({ min: 0, max, noNaN: true });
  const args = fc.tuple(nonNegative(5_000), nonNegative(500_000), nonNegative(5_000), nonNegative(150));
  const increase = fc.double({ min: 0, max: 1_000, noNaN: true });

  it.each([0, 1, 2, 3] as const)('never decreases when input %i (Lm, Nc, Lp, P) grows', (which) => {
    fc.assert(
      fc.property(args, increase, (base, d) => {
        const more = [...base] as [number, number, number, number];
        more[which] += d;
        expect(uarlLitresPerDay(...more)).toBeGreaterThanOrEqual(uarlLitresPerDay(...base));
      }),
    );
  });

  it('is linear in pressure and zero without pressure', () => {
    fc.assert(
      fc.property(args, fc.double({ min: 0, max: 10, noNaN: true }), ([lm, nc, lp, p], k) => {
        expect(uarlLitresPerDay(lm, nc, lp, 0)).toBe(0);
        const scaled = uarlLitresPerDay(lm, nc, lp, p * k);
        expect(Math.abs(scaled - k * uarlLitresPerDay(lm, nc, lp, p))).toBeLessThanOrEqual(1e-9 * Math.max(1, scaled));
      }),
    );
  });

  it('computeWaterBalance reports it only when Lm, Nc and P are all known', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const b = computeWaterBalance(input);
        const known = (x: unknown) => x !== null && x !== undefined;
        expect(b.uarlLitresPerDay !== null).toBe(
          known(input.mainsLengthKm) && known(input.serviceConnections) && known(input.averagePressureM),
        );
      }),
    );
  });

  it('the ILI is indicative for small districts whatever else holds', () => {
    fc.assert(
      fc.property(nonNegative(5_000), fc.integer({ min: 0, max: 2_999 }), nonNegative(150), (lm, nc, p) => {
        expect(isUarlIndicativeOnly(lm, nc, p)).toBe(true);
      }),
    );
  });
});
