import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chinaDayNumber,
  dayCumulative,
  dayNumberStart,
  dayShare,
  householdHourShares,
  householdUse,
  RESIDENTIAL,
} from './demand.ts';

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

  it('draws water in bursts: silent hours at night, each day’s volume exactly its profile’s, the city on its profile', () => {
    const HOUR = 3_600_000;
    const start = dayNumberStart(WEDNESDAY);
    const homes = 2_000;
    const mean = hourly(RESIDENTIAL, WEDNESDAY);
    const sum = new Array(24).fill(0);
    let silentNightHours = 0;
    let flowingAllNight = 0;
    for (let meter = 0; meter < homes; meter++) {
      const cum = householdHourShares(7, meter, RESIDENTIAL, WEDNESDAY);
      expect(cum[24]).toBeCloseTo(1, 12);
      // the register at the day's ends is the smooth model's, whatever the hours drew
      const day = householdUse(7, meter, RESIDENTIAL, 0.4, WEDNESDAY, start + 24 * HOUR);
      expect(day).toBeCloseTo(
        dayCumulative(7, meter, RESIDENTIAL, 0.4, WEDNESDAY + 1) - dayCumulative(7, meter, RESIDENTIAL, 0.4, WEDNESDAY),
        9,
      );
      let night = 0;
      for (let h = 0; h < 24; h++) {
        const used = (cum[h + 1] as number) - (cum[h] as number);
        sum[h] += used;
        if (h >= 1 && h < 5 && used === 0) night++;
      }
      silentNightHours += night;
      if (night === 0) flowingAllNight++;
    }
    // 01:00–05:00: most hours silent; few homes draw water in every one of them (the continuous-flow rule's leak)
    expect(silentNightHours / (homes * 4)).toBeGreaterThan(0.6);
    expect(flowingAllNight / homes).toBeLessThan(0.02);
    // summed over the city, each hour stays close to the category's profile
    for (let h = 0; h < 24; h++)
      expect(Math.abs(sum[h] / homes - (mean[h] as number))).toBeLessThan(0.25 * (mean[h] as number) + 0.002);
  });
});
