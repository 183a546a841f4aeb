import { describe, expect, it } from 'vitest';
import { UNKNOWN_LOSS_RATE_PARAMS } from './dmaParams.ts';
import { districtSupplied, meterVolumes, waterBalanceInput } from './zoneMeteringFigures.ts';

const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03'];

describe('meterVolumes', () => {
  it('takes day-end differences from the day before the period', () => {
    const v = meterVolumes(
      [
        { day: '2026-02-28', reading: 100 },
        { day: '2026-03-01', reading: 110 },
        { day: '2026-03-02', reading: 125 },
        { day: '2026-03-03', reading: 130 },
        { day: '2026-03-04', reading: 999 },
      ],
      DAYS,
    );
    expect(v.total).toBe(30);
    expect([...v.perDay.values()]).toEqual([10, 15, 5]);
  });

  it('keeps the total across a missing day, skips a register that steps back, and knows nothing from one read', () => {
    const gap = meterVolumes(
      [
        { day: '2026-02-28', reading: 100 },
        { day: '2026-03-02', reading: 120 },
        { day: '2026-03-03', reading: 130 },
      ],
      DAYS,
    );
    expect(gap.total).toBe(30);
    expect([...gap.perDay.values()]).toEqual([null, null, 10]);
    const reset = meterVolumes(
      [
        { day: '2026-02-28', reading: 100 },
        { day: '2026-03-01', reading: 110 },
        { day: '2026-03-02', reading: 3 },
        { day: '2026-03-03', reading: 8 },
      ],
      DAYS,
    );
    expect(reset.total).toBe(15);
    expect([...reset.perDay.values()]).toEqual([10, null, 5]);
    expect(meterVolumes([{ day: '2026-03-01', reading: 1 }], DAYS).total).toBeNull();
  });
});

describe('districtSupplied and the balance input', () => {
  const m = (total: number | null, perDay: (number | null)[]) => ({
    total,
    perDay: new Map(DAYS.map((d, i) => [d, perDay[i] ?? null])),
  });

  it('is inlets minus outlets, per day only where every meter has the day', () => {
    const s = districtSupplied([m(30, [10, 10, 10]), m(6, [2, 2, 2])], [m(3, [1, null, 1])], DAYS);
    expect(s).toMatchObject({ inletM3: 36, outletM3: 3 });
    expect([...s.perDay.values()]).toEqual([11, null, 11]);
    const none = districtSupplied([], [], DAYS);
    expect(none.inletM3).toBeNull();
    expect(none.outletM3).toBe(0);
    expect(districtSupplied([m(null, [])], [], DAYS).inletM3).toBeNull();
  });

  it('hands the district network and the utility conditions to the balance; unrecorded authorised use is 0, apparent losses by the AWWA defaults', () => {
    const input = waterBalanceInput(
      31,
      { inletM3: 100, outletM3: 10 },
      70,
      40,
      { mainsLengthKm: 2, privatePipeKm: null, meanPressureM: 35 },
      { supplyPressureMpa: 0.38, maxFrostDepthM: 0.8 },
    );
    expect(input).toMatchObject({
      days: 31,
      inletM3: 100,
      outletM3: 10,
      billedMeteredM3: 70,
      residentialMeteredM3: 70,
      billedUnmeteredM3: 0,
      unbilledAuthorisedM3: 0,
      serviceConnections: 40,
      mainsLengthKm: 2,
      averagePressureM: 35,
      supplyPressureMpa: 0.38,
      maxFrostDepthM: 0.8,
    });
    // AWWA M36 defaults: 0.25 % of the 90 m³ supplied (unauthorised) + 0.25 % of the 70 m³ billed (data errors)
    expect(input.apparentLossesM3).toBeCloseTo(0.225 + 0.175, 9);
    expect(
      waterBalanceInput(
        31,
        { inletM3: null, outletM3: 0 },
        70,
        40,
        { mainsLengthKm: 2, privatePipeKm: null, meanPressureM: 35 },
        UNKNOWN_LOSS_RATE_PARAMS,
      ).apparentLossesM3,
    ).toBeNull();
  });
});
