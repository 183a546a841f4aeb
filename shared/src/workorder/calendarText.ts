// The work calendar as text an administrator pastes or imports (a file, or the State Council's notice typed out): one
// day or a range per line, its kind and a name — `2026-10-01~2026-10-07,holiday,国庆节`, `2026-09-20 班 国庆调休`.
// Separators: comma, semicolon, tab or spaces; kinds: holiday / 休 / 假 and workday / 班 / 补班. The web previews
// with it and the server checks what is saved with the same rules (validateCalendarDays).
import type { MessageKey } from '../i18n/messages.ts';
import { addDays } from '../reading/chinaTime.ts';
import type { CalendarDay } from './workOrderRequests.ts';

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const KINDS: Record<string, CalendarDay['kind']> = {
  holiday: 'holiday',
  休: 'holiday',
  假: 'holiday',
  放假: 'holiday',
  off: 'holiday',
  workday: 'workday',
  班: 'workday',
  补班: 'workday',
  上班: 'workday',
  work: 'workday',
};
/** A range may cover at most this many days (the longest Chinese holiday is 9 days; a month leaves room). */
const MAX_RANGE_DAYS = 31;

/** Whether 'YYYY-MM-DD' is a real date. */
export const isRealDay = (d: string): boolean => {
  // an impossible month ('2026-13-01') is an Invalid Date, whose toISOString throws
  const ms = DAY_RE.test(d) ? Date.parse(`${d}T00:00:00Z`) : Number.NaN;
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === d;
};

export type CalendarLineError = { line: number; message: MessageKey };

/** Parses the text: the days it names (a later line wins for a day named twice) and the lines it could not read. */
export const parseCalendarText = (text: string): { days: CalendarDay[]; errors: CalendarLineError[] } => {
  const byDay = new Map<string, CalendarDay>();
  const errors: CalendarLineError[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const [when, kindText, ...rest] = line.split(/[,;\t，]+|\s+/).filter(Boolean);
    const kind = KINDS[(kindText ?? '').toLowerCase()];
    if (!when || !kind) {
      errors.push({ line: index + 1, message: 'workCalendar.import.badLine' });
      return;
    }
    const [from = '', to = from] = when.split(/~|～|至|\.\./);
    if (!isRealDay(from) || !isRealDay(to) || to < from) {
      errors.push({ line: index + 1, message: 'workCalendar.import.badDay' });
      return;
    }
    const name = rest.join(' ').slice(0, 20);
    // a line too long adds none of its days
    const range: string[] = [];
    for (let d = from; d <= to; d = addDays(d)) {
      if (range.push(d) > MAX_RANGE_DAYS) {
        errors.push({ line: index + 1, message: 'workCalendar.import.rangeTooLong' });
        return;
      }
    }
    for (const d of range) byDay.set(d, { day: d, kind, name });
  });
  return { days: [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day)), errors };
};

/** The days of a year's calendar as text, one line per run of days of the same kind and name. */
export const formatCalendarText = (days: readonly CalendarDay[]): string => {
  const sorted = [...days].sort((a, b) => a.day.localeCompare(b.day));
  const lines: string[] = [];
  let run: { from: string; to: string; kind: string; name: string } | null = null;
  for (const d of sorted) {
    if (run && run.kind === d.kind && run.name === d.name && addDays(run.to) === d.day) run.to = d.day;
    else {
      if (run) lines.push(`${run.from === run.to ? run.from : `${run.from}~${run.to}`},${run.kind},${run.name}`);
      run = { from: d.day, to: d.day, kind: d.kind, name: d.name };
    }
  }
  if (run) lines.push(`${run.from === run.to ? run.from : `${run.from}~${run.to}`},${run.kind},${run.name}`);
  return lines.join('\n');
};

/** What a saved year must satisfy: real days, all in that year, each once. */
export const validateCalendarDays = (year: number, days: readonly CalendarDay[]): MessageKey | null => {
  const seen = new Set<string>();
  for (const d of days) {
    if (!isRealDay(d.day) || Number(d.day.slice(0, 4)) !== year) return 'workCalendar.rules.dayOutsideYear';
    if (seen.has(d.day)) return 'workCalendar.rules.dayTwice';
    seen.add(d.day);
  }
  return null;
};
