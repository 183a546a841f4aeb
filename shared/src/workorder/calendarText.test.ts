// The work calendar as text: what an administrator pastes or imports is read day by day with its line errors, and
// a year written out reads back the same.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCalendarText, isRealDay, parseCalendarText, validateCalendarDays } from './calendarText.ts';
import type { CalendarDay } from './workOrderRequests.ts';

describe('parseCalendarText', () => {
  it('reads ranges and single days with their kind and name, in any of the separators and words', () => {
    const { days, errors } = parseCalendarText(
      [
        '# 2026 国务院办公厅通知',
        '2026-10-01~2026-10-03,holiday,国庆节',
        '2026-09-20 班 国庆节调休',
        '2026-10-10\t补班\t国庆节调休',
        '2026-05-01至2026-05-02，休，劳动节',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
    expect(days).toEqual([
      { day: '2026-05-01', kind: 'holiday', name: '劳动节' },
      { day: '2026-05-02', kind: 'holiday', name: '劳动节' },
      { day: '2026-09-20', kind: 'workday', name: '国庆节调休' },
      { day: '2026-10-01', kind: 'holiday', name: '国庆节' },
      { day: '2026-10-02', kind: 'holiday', name: '国庆节' },
      { day: '2026-10-03', kind: 'holiday', name: '国庆节' },
      { day: '2026-10-10', kind: 'workday', name: '国庆节调休' },
    ]);
  });

  it('names each line it cannot read, and still reads the others', () => {
    const { days, errors } = parseCalendarText(
      [
        '2026-10-01,holiday,国庆节',
        'hello',
        '2026-13-01,holiday,x',
        '2026-02-30,休',
        '2026-03-01~2026-05-01,休',
        '2026-10-05,party',
      ].join('\n'),
    );
    expect(days.map((d) => d.day)).toEqual(['2026-10-01']);
    expect(errors).toEqual([
      { line: 2, message: 'workCalendar.import.badLine' },
      { line: 3, message: 'workCalendar.import.badDay' },
      { line: 4, message: 'workCalendar.import.badDay' },
      { line: 5, message: 'workCalendar.import.rangeTooLong' },
      { line: 6, message: 'workCalendar.import.badLine' },
    ]);
  });

  it('isRealDay: real dates only, whatever the month or day typed', () => {
    expect(['2026-02-28', '2024-02-29', '2026-12-31'].every(isRealDay)).toBe(true);
    expect(['2026-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '26-01-01', ''].some(isRealDay)).toBe(false);
  });
});

describe('formatCalendarText', () => {
  const day = fc
    .integer({ min: 0, max: 364 })
    .map((n) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
  const days = fc.uniqueArray(
    fc.record({
      day,
      kind: fc.constantFrom('holiday' as const, 'workday' as const),
      name: fc.constantFrom('', '元旦', '春节', '国庆节调休'),
    }),
    { selector: (d) => d.day, maxLength: 60 },
  );

  it('writes a year that reads back the same, each run of days on one line (property)', () => {
    fc.assert(
      fc.property(days, (ds: CalendarDay[]) => {
        const text = formatCalendarText(ds);
        const back = parseCalendarText(text);
        expect(back.errors).toEqual([]);
        expect(back.days).toEqual([...ds].sort((a, b) => a.day.localeCompare(b.day)));
        expect(validateCalendarDays(2026, back.days)).toBeNull();
      }),
    );
  });

  it('joins consecutive days of the same kind and name', () => {
    expect(
      formatCalendarText([
        { day: '2026-01-02', kind: 'holiday', name: '元旦' },
        { day: '2026-01-01', kind: 'holiday', name: '元旦' },
        { day: '2026-01-04', kind: 'workday', name: '元旦调休' },
      ]),
    ).toBe('2026-01-01~2026-01-02,holiday,元旦\n2026-01-04,workday,元旦调休');
  });
});
