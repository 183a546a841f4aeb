import { describe, expect, it } from 'vitest';
import { daySpan, ratePercent, resolveDayRange, rsrpBand, rssiOfCsq } from './records.ts';

describe('rssiOfCsq: RSSI = −113 + 2·CSQ dBm', () => {
  it.each([
    [0, -113],
    [1, -111],
    [15, -83],
    [31, -51],
    [99, null],
    [32, null],
    [-1, null],
    [null, null],
    [undefined, null],
  ])('CSQ %s → %s dBm', (csq, rssi) => {
    expect(rssiOfCsq(csq)).toBe(rssi);
  });
});

describe('rsrpBand', () => {
  it.each([
    [-44, 'excellent'],
    [-80, 'excellent'],
    [-81, 'good'],
    [-90, 'good'],
    [-90.5, 'fair'],
    [-100, 'fair'],
    [-101, 'poor'],
    [-110, 'poor'],
    [-111, 'veryPoor'],
    [-140, 'veryPoor'],
    [null, null],
    [Number.NaN, null],
  ])('RSRP %s dBm is %s', (rsrp, band) => {
    expect(rsrpBand(rsrp)).toBe(band);
  });
});

describe('resolveDayRange', () => {
  const today = '2026-11-23';
  it('defaults to the last N days ending today', () => {
    expect(resolveDayRange({}, today, 30, 366)).toEqual({ from: '2026-10-25', to: '2026-11-23' });
    expect(daySpan('2026-10-25', '2026-11-23')).toBe(30);
  });
  it('clips a range running past today at today', () => {
    expect(resolveDayRange({ from: '2026-11-20', to: '2026-12-31' }, today, 7, 93)).toEqual({
      from: '2026-11-20',
      to: today,
    });
  });
  it.each([
    [{ from: '2026-02-30' }, 'from', 'readingRecord.badDay'],
    [{ to: '2026-13-01' }, 'to', 'readingRecord.badDay'],
    [{ from: '2026-11-10', to: '2026-11-09' }, 'from', 'readingRecord.rangeReversed'],
    [{ from: '2026-08-22', to: '2026-11-23' }, 'to', 'readingRecord.rangeTooLong'],
  ])('refuses %j on %s with %s', (query, field, message) => {
    expect(resolveDayRange(query, today, 7, 93)).toMatchObject({ field, message });
  });
  it('accepts a range of exactly the longest span', () => {
    expect(resolveDayRange({ from: '2026-08-23', to: '2026-11-23' }, today, 7, 93)).toEqual({
      from: '2026-08-23',
      to: '2026-11-23',
    });
  });
});

describe('ratePercent', () => {
  it.each([
    [0, 0, null],
    [0, 10, 0],
    [1, 3, 33.33],
    [2, 3, 66.67],
    [10, 10, 100],
  ])('%s read of %s expected → %s %', (read, expected, rate) => {
    expect(ratePercent(read, expected)).toBe(rate);
  });
});
