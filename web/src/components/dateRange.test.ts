import { describe, expect, it } from 'vitest';
import { formatDateTime, normalizeRange, parseDateTime, rangeShortcuts } from './dateRange.ts';

const now = new Date(2025, 4, 20, 15, 30, 0); // 2025-05-20 15:30

describe('date ranges', () => {
  it('format and parse YYYY-MM-DD HH:mm:ss', () => {
    expect(formatDateTime(now)).toBe('2025-05-20 15:30:00');
    expect(parseDateTime('2025-05-20 15:30:00')?.getTime()).toBe(now.getTime());
    expect(parseDateTime('2025-02-30 00:00:00')).toBeNull();
    expect(parseDateTime('yesterday')).toBeNull();
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
