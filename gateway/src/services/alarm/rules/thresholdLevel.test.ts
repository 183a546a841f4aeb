import { DEFAULT_THRESHOLD_RULES } from '@waterops/shared/monitoring';
import { describe, expect, it } from 'vitest';
import { lowValueLevel, reverseFlow } from './thresholdLevel.ts';

describe('lowValueLevel (voltage 3.4 / 3.2 V)', () => {
  const rule = DEFAULT_THRESHOLD_RULES.voltage;
  it.each([
    [3.6, null],
    [3.4, null],
    [3.39, { level: 'alarm', threshold: 3.4 }],
    [3.2, { level: 'alarm', threshold: 3.4 }],
    [3.19, { level: 'severe', threshold: 3.2 }],
    [0, { level: 'severe', threshold: 3.2 }],
    [null, null],
    [Number.NaN, null],
  ])('%s V → %o', (value, expected) => {
    expect(lowValueLevel(value, rule)).toEqual(expected);
  });

  it('reads RSRP in dBm the same way (below is bad)', () => {
    expect(lowValueLevel(-105, DEFAULT_THRESHOLD_RULES.rsrp)).toBeNull();
    expect(lowValueLevel(-115, DEFAULT_THRESHOLD_RULES.rsrp)).toEqual({ level: 'alarm', threshold: -110 });
    expect(lowValueLevel(-121, DEFAULT_THRESHOLD_RULES.rsrp)).toEqual({ level: 'severe', threshold: -120 });
  });
});

describe('reverseFlow (min 0.01 m³)', () => {
  it.each([
    [null, 10, null],
    [10, 10.5, null],
    [10, 10, null],
    [10, 9.995, null],
    [10, 9.99, null],
    [10, 9.5, 0.5],
  ])('%s → %s m³ goes back %s', (previous, current, back) => {
    expect(reverseFlow(previous, current, 0.01)).toBe(back);
  });
});
