import { describe, expect, it } from 'vitest';
import { dayRates, groupRates } from './readingRateGroups.ts';

describe('groupRates (per area or concentrator)', () => {
  it('expects every meter on every day of the range and rounds the rate to two decimals', () => {
    const rate = groupRates('area', '2026-11-01', '2026-11-03', [
      { id: 1, name: '东区', meters: 2, read: 6 },
      { id: 2, name: '西区', meters: 3, read: 2 },
      { id: null, name: '', meters: 1, read: 0 },
    ]);
    expect(rate.days).toBe(3);
    expect(rate.groups).toEqual([
      { id: 1, name: '东区', meters: 2, expected: 6, read: 6, rate: 100 },
      { id: 2, name: '西区', meters: 3, expected: 9, read: 2, rate: 22.22 },
      { id: null, name: '', meters: 1, expected: 3, read: 0, rate: 0 },
    ]);
    // overall = all read meter-days over all expected ones, not the mean of the group rates
    expect(rate.overall).toEqual({ meters: 6, expected: 18, read: 8, rate: 44.44 });
  });

  it('gives no rate when no meter is expected', () => {
    expect(groupRates('concentrator', '2026-11-01', '2026-11-01', []).overall).toEqual({
      meters: 0,
      expected: 0,
      read: 0,
      rate: null,
    });
  });
});

describe('dayRates', () => {
  it('lists every day of the range, a day without reads at 0 %', () => {
    const rate = dayRates(
      '2026-10-31',
      '2026-11-02',
      4,
      new Map([
        ['2026-10-31', 4],
        ['2026-11-02', 1],
      ]),
    );
    expect(rate.groups.map((g) => [g.name, g.expected, g.read, g.rate])).toEqual([
      ['2026-10-31', 4, 4, 100],
      ['2026-11-01', 4, 0, 0],
      ['2026-11-02', 4, 1, 25],
    ]);
    expect(rate.overall).toEqual({ meters: 4, expected: 12, read: 5, rate: 41.67 });
  });
});
