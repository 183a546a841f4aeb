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

describe('meterOfflineMinutes (two intervals of at least an hour, plus 10 minutes)', () => {
  it.each([
    [{ reportRate: 5 }, 130], // a 5-minute heartbeat does not mean 5-minute reads
    [{ reportRate: 15 }, 130],
    [{ reportRate: 120 }, 250],
    [{ reportRate: 60 }, 130],
    [{ reportRate: null }, 130], // the concentrator's default rate
    [null, 2890], // no concentrator: a daily meter
  ] as const)('concentrator %j → offline after %s min', (concentrator, minutes) => {
    expect(meterOfflineMinutes(concentrator)).toBe(minutes);
  });
});
