import { describe, expect, it } from 'vitest';
import { gatewayOfflineMinutes, meterOfflineMinutes } from './offlineDevices.ts';

describe('gatewayOfflineMinutes (concentrators by report rate, collectors by upload frequency)', () => {
  it.each([
    [null, 120], // default interval 60 min → two missed reports
    [undefined, 120],
    [60, 120],
    [5, 30], // never sooner than 30 minutes
    [15, 30],
    [16, 32],
    [1440, 2880],
  ] as const)('interval %s min → offline after %s min', (interval, minutes) => {
    expect(gatewayOfflineMinutes(interval)).toBe(minutes);
  });
});

describe('meterOfflineMinutes (two intervals plus 10 minutes)', () => {
  it.each([
    [{ reportRate: 15 }, 40],
    [{ reportRate: 60 }, 130],
    [{ reportRate: null }, 130], // the concentrator's default rate
    [null, 2890], // no concentrator: a daily meter
  ] as const)('concentrator %j → offline after %s min', (concentrator, minutes) => {
    expect(meterOfflineMinutes(concentrator)).toBe(minutes);
  });
});
