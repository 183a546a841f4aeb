import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  chinaDay,
  chinaMinuteOfDay,
  chinaMonth,
  closingDay,
  dayStart,
  daysBetween,
} from './chinaTime.ts';

describe('China days', () => {
  it('puts 23:30 Beijing (15:30 UTC) in that Beijing day and 00:30 Beijing in the next', () => {
    expect(chinaDay(new Date('2026-03-31T15:30:00Z'))).toBe('2026-03-31');
    expect(chinaDay(new Date('2026-03-31T16:30:00Z'))).toBe('2026-04-01');
    expect(chinaMonth(new Date('2026-03-31T16:30:00Z'))).toBe('2026-04');
  });
  it('counts a midnight read as the close of the day before', () => {
    expect(closingDay(new Date('2026-03-31T16:00:00Z'))).toBe('2026-03-31');
    expect(closingDay(new Date('2026-03-31T16:00:01Z'))).toBe('2026-04-01');
  });
  it('starts a day at 16:00 UTC of the day before', () => {
    expect(dayStart('2026-04-01').toISOString()).toBe('2026-03-31T16:00:00.000Z');
    expect(chinaMinuteOfDay(new Date('2026-03-31T18:15:00Z'))).toBe(135);
  });
  it('walks days and months across ends of month and year', () => {
    expect(addDays('2026-02-28')).toBe('2026-03-01');
    expect(addMonths('2026-12')).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(daysBetween('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(daysBetween('2026-01-02', '2026-01-01')).toEqual([]);
  });
});
