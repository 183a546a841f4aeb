// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { monthName, offeredMonths } from './MonthSelect.tsx';

describe('offeredMonths', () => {
  const now = new Date('2026-11-26T03:00:00Z');

  it('offers the current China month and those before it, newest first', () => {
    expect(offeredMonths('2026-10', now, 4)).toEqual(['2026-11', '2026-10', '2026-09', '2026-08']);
    // 1 December 00:30 in Beijing is still 30 November in UTC
    expect(offeredMonths('2026-11', new Date('2026-11-30T16:30:00Z'), 2)).toEqual(['2026-12', '2026-11']);
  });

  it('keeps a month a link asked for, wherever it falls', () => {
    expect(offeredMonths('2020-02', now, 2)).toEqual(['2026-11', '2026-10', '2020-02']);
  });
});

describe('monthName', () => {
  it('names the month in the app’s language', () => {
    expect(monthName('2026-10', 'zh-CN')).toBe('2026年10月');
    expect(monthName('2026-10', 'en')).toBe('October 2026');
  });
});
