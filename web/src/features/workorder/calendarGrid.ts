// The calendar as the pages lay it out, pure: a month as weeks from Monday, weekends, a week's days for the duty
// roster, and a year's days as named runs (元旦 01-01 – 01-03). Days are 'YYYY-MM-DD' China days; the arithmetic is on
// the calendar date itself, so it does not depend on the browser's time zone.
import type { CalendarDay } from '@waterops/shared/workorder';

const DAY_MS = 86_400_000;
const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const shiftDay = (day: string, n: number): string => fromMs(toMs(day) + n * DAY_MS);

/** 0 = Monday … 6 = Sunday. */
export const weekdayIndex = (day: string): number => (new Date(toMs(day)).getUTCDay() + 6) % 7;

export const isWeekend = (day: string): boolean => weekdayIndex(day) >= 5;

/** The Monday of the day's week. */
export const mondayOf = (day: string): string => shiftDay(day, -weekdayIndex(day));

/** The seven days of the week starting on `monday`. */
export const weekDays = (monday: string): string[] => Array.from({ length: 7 }, (_, i) => shiftDay(monday, i));

/** A month (1–12) as rows of seven cells from Monday; null pads before the 1st and after the last day. */
export const monthWeeks = (year: number, month: number): (string | null)[][] => {
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const days: string[] = [];
  for (let d = first; d.slice(0, 7) === first.slice(0, 7); d = shiftDay(d, 1)) days.push(d);
  const cells: (string | null)[] = [...Array<null>(weekdayIndex(first)).fill(null), ...days];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
};

/** A run of consecutive days of the same kind and name. */
export type CalendarRun = { from: string; to: string; kind: CalendarDay['kind']; name: string; count: number };

/** The days as runs, in order (one line of the year's summary each). */
export const calendarRuns = (days: readonly CalendarDay[]): CalendarRun[] => {
  const runs: CalendarRun[] = [];
  for (const d of [...days].sort((a, b) => a.day.localeCompare(b.day))) {
    const last = runs[runs.length - 1];
    if (last && last.kind === d.kind && last.name === d.name && shiftDay(last.to, 1) === d.day) {
      last.to = d.day;
      last.count++;
    } else runs.push({ from: d.day, to: d.day, kind: d.kind, name: d.name, count: 1 });
  }
  return runs;
};

/** Whether two sets of days say the same (order aside). */
export const sameDays = (a: readonly CalendarDay[], b: readonly CalendarDay[]): boolean => {
  if (a.length !== b.length) return false;
  const byDay = new Map(a.map((d) => [d.day, d]));
  return b.every((d) => {
    const x = byDay.get(d.day);
    return x !== undefined && x.kind === d.kind && x.name === d.name;
  });
};
