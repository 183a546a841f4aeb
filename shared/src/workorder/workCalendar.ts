// The clock a work order's deadlines run on (issue 15): every minute (emergencies), or working time — China's
// working days (Monday to Friday, less the public holidays, plus the make-up working days, 调休, that the State
// Council moves every year: data an administrator maintains) and, optionally, working hours. A deferral pauses the
// clock. Pure and exact to the millisecond; tested against a minute-by-minute oracle (workCalendar.test.ts).
import { addDays, chinaDay, chinaWeekday, dayStart } from '../reading/chinaTime.ts';

/** The calendar of a tenant: days off that would be working days, make-up working days, and working hours. */
export type WorkCalendar = {
  /** 'YYYY-MM-DD' China days off (public holidays) */
  holidays: ReadonlySet<string>;
  /** 'YYYY-MM-DD' weekend days that are working days (调休) */
  workdays: ReadonlySet<string>;
  /** working hours as minutes of the China day [start, end); null = the whole working day counts */
  hours: { start: number; end: number } | null;
};

export const EMPTY_CALENDAR: WorkCalendar = { holidays: new Set(), workdays: new Set(), hours: null };

/** 'hours24': every minute counts; 'working': only working time. */
export type ClockKind = 'hours24' | 'working';

/** A stretch of time in which the clock stands still; `to` null = still paused. */
export type Pause = { from: number; to: number | null };

const MINUTE = 60_000;
const DAY = 86_400_000;
/** A clock that has not run out within this many days never will (a calendar of holidays only): give up. */
const MAX_DAYS = 3 * 366;

/** Whether a China day is a working day: a make-up day, or a weekday that is not a holiday. */
export const isWorkingDay = (cal: WorkCalendar, day: string): boolean => {
  if (cal.workdays.has(day)) return true;
  if (cal.holidays.has(day)) return false;
  const weekday = chinaWeekday(dayStart(day));
  return weekday >= 1 && weekday <= 5;
};

/** The part of a China day on the clock, [from, to) in ms; null when none of it. */
const daySpan = (clock: ClockKind, cal: WorkCalendar, day: string): [number, number] | null => {
  const start = dayStart(day).getTime();
  if (clock === 'hours24') return [start, start + DAY];
  if (!isWorkingDay(cal, day)) return null;
  if (!cal.hours) return [start, start + DAY];
  return [start + cal.hours.start * MINUTE, start + cal.hours.end * MINUTE];
};

/** [from, to) less the pauses, as ordered segments. */
const withoutPauses = (from: number, to: number, pauses: readonly Pause[]): [number, number][] => {
  let segments: [number, number][] = [[from, to]];
  for (const p of pauses) {
    const pEnd = p.to ?? Number.POSITIVE_INFINITY;
    segments = segments.flatMap(([a, b]): [number, number][] => {
      if (pEnd <= a || p.from >= b) return [[a, b]];
      const out: [number, number][] = [];
      if (p.from > a) out.push([a, p.from]);
      if (pEnd < b) out.push([pEnd, b]);
      return out;
    });
  }
  return segments;
};

/** Whether some pause never ends after `at`: the clock stands still from there on. */
const pausedForever = (pauses: readonly Pause[]): number | null => {
  const open = pauses.filter((p) => p.to === null).map((p) => p.from);
  return open.length ? Math.min(...open) : null;
};

/**
 * The instant the clock, started at `start`, has run `minutes` (ms exact): the due time of a target. Null when it
 * never gets there (paused without end, or no working time within three years).
 */
export const addClockTime = (
  start: number,
  minutes: number,
  clock: ClockKind,
  cal: WorkCalendar,
  pauses: readonly Pause[] = [],
): number | null => {
  let left = minutes * MINUTE;
  if (left <= 0) return start;
  const frozenAt = pausedForever(pauses);
  let day = chinaDay(new Date(start));
  for (let i = 0; i < MAX_DAYS; i++, day = addDays(day)) {
    const span = daySpan(clock, cal, day);
    if (span) {
      const from = Math.max(span[0], start);
      if (from < span[1])
        for (const [a, b] of withoutPauses(from, span[1], pauses)) {
          if (b - a >= left) return a + left;
          left -= b - a;
        }
    }
    if (frozenAt !== null && dayStart(addDays(day)).getTime() > frozenAt) return null;
  }
  return null;
};

/** Time on the clock in [from, to), in ms (elapsed working time, for percentages and the oracle's check). */
export const clockTimeBetween = (
  from: number,
  to: number,
  clock: ClockKind,
  cal: WorkCalendar,
  pauses: readonly Pause[] = [],
): number => {
  if (to <= from) return 0;
  let total = 0;
  for (let day = chinaDay(new Date(from)); dayStart(day).getTime() < to; day = addDays(day)) {
    const span = daySpan(clock, cal, day);
    if (!span) continue;
    const a = Math.max(span[0], from);
    const b = Math.min(span[1], to);
    if (a < b) for (const [s, e] of withoutPauses(a, b, pauses)) total += e - s;
  }
  return total;
};

/** Minutes of the day of "HH:MM" (00:00–24:00), or null. */
export const parseClockTime = (text: string): number | null => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59 || h > 24 || (h === 24 && min > 0)) return null;
  return h * 60 + min;
};

/** Working hours from "08:30-17:30"; null for '' (whole days); undefined when malformed or empty. */
export const parseWorkingHours = (text: string): { start: number; end: number } | null | undefined => {
  if (text.trim() === '') return null;
  const [a, b, ...rest] = text.split('-');
  if (a === undefined || b === undefined || rest.length) return undefined;
  const start = parseClockTime(a);
  const end = parseClockTime(b);
  if (start === null || end === null || end <= start) return undefined;
  return { start, end };
};

export const formatClockTime = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
