import { describe, expect, it } from 'vitest';
import { dayTotals } from './readingRecordTotals.ts';

const day = (consumption: number | null, quality: string, reads = 1, rawConsumption = consumption) => ({
  consumption,
  rawConsumption,
  quality,
  reads,
});

describe('dayTotals', () => {
  it('adds the use of the days without float noise and counts days by quality', () => {
    const totals = dayTotals(
      [day(0.1, 'A', 4), day(0.2, 'A', 2), day(0.3, 'E', 0, null), day(1.5, 'S', 3, -2)],
      '2026-11-01',
      '2026-11-04',
    );
    expect(totals).toEqual({
      consumption: 2.1,
      rawConsumption: -1.7,
      actualDays: 2,
      estimatedDays: 1,
      substitutedDays: 1,
      missingDays: 0,
      reads: 9,
    });
  });

  it('counts the days of the window without a validated row as missing', () => {
    expect(dayTotals([day(1, 'A')], '2026-10-30', '2026-11-02').missingDays).toBe(3);
    expect(dayTotals([], '2026-11-01', '2026-11-30')).toMatchObject({ missingDays: 30, consumption: 0, reads: 0 });
  });

  it('takes a day without a use (the first day of the series) as nothing used', () => {
    expect(dayTotals([day(null, 'A', 1, null), day(2, 'A')], '2026-11-01', '2026-11-02').consumption).toBe(2);
  });
});
