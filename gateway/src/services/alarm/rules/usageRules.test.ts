import { DEFAULT_USAGE_RULE } from '@waterops/shared/monitoring';
import { describe, expect, it } from 'vitest';
import { continuousFlow, type DaySample, stuckMeter, suddenIncrease, zeroUse } from './usageRules.ts';

const rule = DEFAULT_USAGE_RULE;
/** Days from numbers; `e` marks an estimated day, null a gap. */
const days = (...values: (number | null | 'e')[]): DaySample[] =>
  values.map((v) => (v === 'e' ? { consumption: 0, actual: false } : { consumption: v, actual: v !== null }));

describe('zeroUse (7 days)', () => {
  it.each<[string, DaySample[], number | null]>([
    ['7 zero days after use', days(0.3, 0.2, 0, 0, 0, 0, 0, 0, 0), 7],
    ['6 zero days: not yet', days(0.3, 0.2, 0, 0, 0, 0, 0, 0), null],
    ['never used: a vacant home from the start', days(0, 0, 0, 0, 0, 0, 0, 0, 0, 0), null],
    ['an estimated day breaks the run', days(0.3, 0, 0, 0, 'e', 0, 0, 0, 0), null],
    ['used yesterday', days(0.3, 0, 0, 0, 0, 0, 0, 0, 0.1), null],
  ])('%s', (_name, series, value) => {
    expect(zeroUse(series, rule)?.value ?? null).toBe(value);
  });
});

describe('stuckMeter (3 days after 7 flowing days)', () => {
  it.each<[string, DaySample[], number | null]>([
    ['a meter that flowed every day stops', days(0.4, 0.5, 0.3, 0.6, 0.4, 0.5, 0.4, 0, 0, 0), 3],
    ['two frozen days: not yet', days(0.4, 0.5, 0.3, 0.6, 0.4, 0.5, 0.4, 0, 0), null],
    ['a meter that idles some days is not expected to flow', days(0.4, 0, 0.3, 0.6, 0.4, 0.5, 0.4, 0, 0, 0), null],
    ['too little history', days(0.4, 0.5, 0, 0, 0), null],
  ])('%s', (_name, series, value) => {
    expect(stuckMeter(series, rule)?.value ?? null).toBe(value);
  });
});

describe('suddenIncrease (200 % alarm, 500 % severe, ≥ 1 m³, mean of 7 days)', () => {
  const week = [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5];
  it.each<[string, DaySample[], string | null]>([
    ['three times the mean and 1 m³ more', days(...week, 1.6), 'alarm'],
    ['six times the mean', days(...week, 3.1), 'severe'],
    ['twice the mean: no', days(...week, 1.0), null],
    ['a household’s 0.1 → 0.4 m³ is below the minimum', days(0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.4), null],
    ['an estimated last day', days(...week, 'e'), null],
    ['too few days in the mean', days(null, null, null, null, null, 0.5, 0.5, 3), null],
    ['a zero mean', days(0, 0, 0, 0, 0, 0, 0, 5), null],
  ])('%s', (_name, series, level) => {
    expect(suddenIncrease(series, rule)?.level ?? null).toBe(level);
  });

  it('reports the day and the limit it crossed', () => {
    expect(suddenIncrease(days(...week, 1.6), rule)).toEqual({ level: 'alarm', value: 1.6, threshold: 1.5 });
  });
});

describe('continuousFlow (24 h, 0.005 m³/h)', () => {
  const t0 = new Date('2026-11-24T00:00:00Z').getTime();
  const hourly = (rates: number[]) => {
    let reading = 100;
    const reads = [{ at: new Date(t0), reading }];
    rates.forEach((r, i) => {
      reading += r;
      reads.push({ at: new Date(t0 + (i + 1) * 3_600_000), reading });
    });
    return reads;
  };
  it('finds a leak that never stops for a day', () => {
    expect(continuousFlow(hourly(Array(24).fill(0.02)), rule)).toEqual({
      level: 'alarm',
      value: 0.02,
      threshold: 0.005,
    });
  });
  it('lets a household that stops at night pass', () => {
    const rates = Array(24).fill(0.05);
    rates[3] = 0;
    expect(continuousFlow(hourly(rates), rule)).toBeNull();
  });
  it('needs reads over the whole span', () => {
    expect(continuousFlow(hourly(Array(20).fill(0.02)), rule)).toBeNull();
    expect(continuousFlow([], rule)).toBeNull();
  });
});
