import { describe, expect, it } from 'vitest';
import { formatDateTime, formatIsoDateTime, normalizeRange, parseDateTime, rangeShortcuts } from './dateRange.ts';

const now = new Date(2025, 4, 20, 15, 30, 0); // 2025-05-20 15:30

describe('date ranges', () => {
  it('format and parse YYYY-MM-DD HH:mm:ss', () => {
    expect(formatDateTime(now)).toBe('2025-05-20 15:30:00');
    expect(parseDateTime('2025-05-20 15:30:00')?.getTime()).toBe(now.getTime());
    expect(parseDateTime('2025-02-30 00:00:00')).toBeNull();
    expect(parseDateTime('yesterday')).toBeNull();
  });

  it.each([
    [-480, '+08:00'],
    [-330, '+05:30'],
    [0, '+00:00'],
    [300, '-05:00'],
    [210, '-03:30'],
  ])('ISO 8601 for the server: local time with the browser offset (getTimezoneOffset %i → %s)', (minutes, zone) => {
    const d = new Date(2025, 4, 20, 15, 30, 0);
    d.getTimezoneOffset = () => minutes;
    expect(formatIsoDateTime(d)).toBe(`2025-05-20T15:30:00${zone}`);
  });

  it('ISO 8601 for the server names the same instant as the local date', () => {
    for (const d of [now, new Date(2025, 0, 1, 0, 0, 0), new Date(2025, 6, 1, 23, 59, 59)]) {
      expect(new Date(formatIsoDateTime(d)).getTime()).toBe(d.getTime());
    }
  });

  it('shortcuts run from 00:00:00 to 23:59:59 today', () => {
    const s = Object.fromEntries(rangeShortcuts(now).map((x) => [x.key, x.range.map(formatDateTime)]));
    expect(s.today).toEqual(['2025-05-20 00:00:00', '2025-05-20 23:59:59']);
    expect(s.lastWeek).toEqual(['2025-05-13 00:00:00', '2025-05-20 23:59:59']);
    expect(s.thisMonth?.[0]).toBe('2025-05-01 00:00:00');
    expect(s.twoMonths?.[0]).toBe('2025-03-20 00:00:00');
    expect(s.threeMonths?.[0]).toBe('2025-02-20 00:00:00');
  });

  it('picked ranges become whole days and never pass today', () => {
    const [start, end] = normalizeRange(new Date(2025, 4, 1, 9), new Date(2025, 5, 3, 9), now);
    expect(formatDateTime(start!)).toBe('2025-05-01 00:00:00');
    expect(formatDateTime(end!)).toBe('2025-05-20 23:59:59');
  });
});
