import { describe, expect, it } from 'vitest';
import { calendarRuns, isWeekend, mondayOf, monthWeeks, sameDays, weekDays, weekdayIndex } from './calendarGrid.ts';

describe('calendarGrid', () => {
  it('lays out a month from Monday, padded to whole weeks', () => {
    // 1 February 2026 is a Sunday: six blanks before it; 28 days end on Saturday the 28th
    const feb = monthWeeks(2026, 2);
    expect(feb[0]).toEqual([null, null, null, null, null, null, '2026-02-01']);
    expect(feb[feb.length - 1]).toEqual([
      '2026-02-23',
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      null,
    ]);
    expect(feb.flat().filter(Boolean)).toHaveLength(28);
    // June 2026 starts on a Monday
    expect(monthWeeks(2026, 6)[0]?.[0]).toBe('2026-06-01');
    expect(monthWeeks(2024, 2).flat().filter(Boolean)).toHaveLength(29);
  });

  it('knows weekdays, weekends and weeks', () => {
    expect(weekdayIndex('2026-10-01')).toBe(3);
    expect(isWeekend('2026-09-20')).toBe(true);
    expect(isWeekend('2026-09-21')).toBe(false);
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(weekDays('2026-12-28')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
  });

  it('groups the year into named runs and compares drafts', () => {
    const days = [
      { day: '2026-10-02', kind: 'holiday' as const, name: '国庆节' },
      { day: '2026-10-01', kind: 'holiday' as const, name: '国庆节' },
      { day: '2026-10-10', kind: 'workday' as const, name: '国庆节调休' },
      { day: '2026-10-03', kind: 'holiday' as const, name: '' },
    ];
    expect(calendarRuns(days)).toEqual([
      { from: '2026-10-01', to: '2026-10-02', kind: 'holiday', name: '国庆节', count: 2 },
      { from: '2026-10-03', to: '2026-10-03', kind: 'holiday', name: '', count: 1 },
      { from: '2026-10-10', to: '2026-10-10', kind: 'workday', name: '国庆节调休', count: 1 },
    ]);
    expect(sameDays(days, [...days].reverse())).toBe(true);
    expect(
      sameDays(
        days,
        days.map((d, i) => (i === 0 ? { ...d, name: '中秋' } : d)),
      ),
    ).toBe(false);
  });
});
