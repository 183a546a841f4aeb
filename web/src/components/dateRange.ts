// Date-range rules of the filters (spec §9): shortcuts today / last week (7 days) / this month / two months /
// three months; nothing after today; a range runs 00:00:00 to 23:59:59; shown as YYYY-MM-DD HH:mm:ss.

export type Range = [Date, Date];

export const startOfDay = (d: Date): Date => new Date(d.getFullYear(), d.getMonth(), d.getDate(), 0, 0, 0, 0);
export const endOfDay = (d: Date): Date => new Date(d.getFullYear(), d.getMonth(), d.getDate(), 23, 59, 59, 0);

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss` in local time. */
export const formatDateTime = (d: Date): string =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/**
 * ISO 8601 in local time with the browser's offset, e.g. `2026-11-22T00:00:00+08:00`: the form to send, so the
 * server reads the instant the user picked rather than that wall-clock time in its own zone.
 */
export const formatIsoDateTime = (d: Date): string => {
  const offset = -d.getTimezoneOffset(); // minutes east of UTC, at that date (summer time included)
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${formatDateTime(d).replace(' ', 'T')}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
};

/** Reads `YYYY-MM-DD[ HH:mm[:ss]]`; null when it is not a real date. */
export const parseDateTime = (s: string): Date | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(s.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', se = '0'] = m;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(se));
  return date.getMonth() === Number(mo) - 1 && date.getDate() === Number(d) ? date : null;
};

export type ShortcutKey = 'today' | 'lastWeek' | 'thisMonth' | 'twoMonths' | 'threeMonths';

/** The shortcut ranges as of `now`, each from 00:00:00 of its first day to 23:59:59 today. */
export const rangeShortcuts = (now: Date): { key: ShortcutKey; range: Range }[] => {
  const end = endOfDay(now);
  const daysBack = (n: number) => startOfDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - n));
  const monthsBack = (n: number) => startOfDay(new Date(now.getFullYear(), now.getMonth() - n, now.getDate()));
  return [
    { key: 'today', range: [startOfDay(now), end] },
    { key: 'lastWeek', range: [daysBack(7), end] },
    { key: 'thisMonth', range: [new Date(now.getFullYear(), now.getMonth(), 1), end] },
    { key: 'twoMonths', range: [monthsBack(2), end] },
    { key: 'threeMonths', range: [monthsBack(3), end] },
  ];
};

/** Stretches a picked range to whole days and clips it at the end of today. */
export const normalizeRange = (start: Date | null, end: Date | null, now: Date): [Date | null, Date | null] => {
  const limit = endOfDay(now);
  const s = start ? startOfDay(start) : null;
  const e = end ? endOfDay(end) : null;
  return [s && s > limit ? startOfDay(now) : s, e && e > limit ? limit : e];
};
