import { describe, expect, it } from 'vitest';
import { reportAge, reportAgeText } from './lastReport.ts';

const now = new Date('2026-11-23T10:00:00Z');

describe('reportAge', () => {
  it.each([
    [null, { unit: 'never' }],
    ['not a time', { unit: 'never' }],
    ['2026-11-23T10:05:00Z', { unit: 'justNow' }], // a device clock ahead of ours
    ['2026-11-23T09:59:01Z', { unit: 'justNow' }],
    ['2026-11-23T09:59:00Z', { unit: 'minutes', count: 1 }],
    ['2026-11-23T09:00:01Z', { unit: 'minutes', count: 59 }],
    ['2026-11-23T09:00:00Z', { unit: 'hours', count: 1 }],
    ['2026-11-22T10:00:01Z', { unit: 'hours', count: 23 }],
    ['2026-11-22T10:00:00Z', { unit: 'days', count: 1 }],
    ['2026-10-24T10:00:00Z', { unit: 'days', count: 30 }],
  ] as const)('%s → %j', (iso, age) => {
    expect(reportAge(iso, now)).toEqual(age);
  });

  it('names its text key and count', () => {
    expect(reportAgeText({ unit: 'hours', count: 3 })).toEqual({ key: 'deviceStatus.age.hours', count: 3 });
    expect(reportAgeText({ unit: 'never' })).toEqual({ key: 'deviceStatus.age.never' });
  });
});
