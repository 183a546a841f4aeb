import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chinaDayNumber, dayCumulative, dayNumberStart, dayShare, householdUse, RESIDENTIAL } from './demand.ts';

const WEDNESDAY = chinaDayNumber(Date.parse('2026-11-18T04:00:00Z'));
const SATURDAY = chinaDayNumber(Date.parse('2026-11-21T04:00:00Z'));

/** Share of the day's volume used in each hour of the day (24 values). */
const hourly = (category: number, d: number) =>
  Array.from({ length: 24 }, (_, h) => dayShare(category, d, (h + 1) * 60) - dayShare(category, d, h * 60));

describe('daily demand', () => {
  it('peaks in the morning (06:30–08:30) and evening (18:00–21:00) and is lowest at night', () => {
    const share = hourly(RESIDENTIAL, WEDNESDAY);
    const night = Math.min(...share.slice(2, 4));
    expect(share.indexOf(Math.min(...share))).toBeGreaterThanOrEqual(1);
    expect(share.indexOf(Math.min(...share))).toBeLessThanOrEqual(4);
    expect(share[7]).toBeGreaterThan(4 * night);
    expect(share[19]).toBeGreaterThan(4 * night);
    expect(share[7]).toBeGreaterThan(share[11] as number);
    expect(share[19]).toBeGreaterThan(share[15] as number);
    expect(share.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 9);
  });

  it('gets up later and flatter at weekends', () => {
    const week = hourly(RESIDENTIAL, WEDNESDAY);
    const weekend = hourly(RESIDENTIAL, SATURDAY);
    expect(weekend[7]).toBeLessThan(week[7] as number);
    expect(weekend[9]).toBeGreaterThan(week[9] as number);
    expect(Math.max(...weekend)).toBeLessThan(Math.max(...week));
  });

  it('never uses a negative volume, in any category, on any day, within any day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 3 }),
        fc.double({ min: 0.01, max: 80, noNaN: true }),
        fc.integer({ min: 19_000, max: 22_000 }),
        fc.integer({ min: 0, max: 1439 }),
        (meter, category, mean, d, minute) => {
          expect(dayCumulative(9, meter, category, mean, d + 1)).toBeGreaterThan(
            dayCumulative(9, meter, category, mean, d),
          );
          const t = dayNumberStart(d) + minute * 60_000;
          expect(householdUse(9, meter, category, mean, 19_000, t + 60_000)).toBeGreaterThanOrEqual(
            householdUse(9, meter, category, mean, 19_000, t),
          );
        },
      ),
    );
  });

  it('keeps a household near its mean daily use over a month', () => {
    const start = dayNumberStart(WEDNESDAY);
    const month = householdUse(1, 5, RESIDENTIAL, 0.4, WEDNESDAY, start + 28 * 86_400_000);
    expect(month / 28).toBeGreaterThan(0.3);
    expect(month / 28).toBeLessThan(0.5);
  });
});
