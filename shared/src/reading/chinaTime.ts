// Days and months of meter data are China days (UTC+08:00; China has no daylight saving), whatever the server's
// time zone: a reading at 23:30 in Beijing belongs to that Beijing day, and month-end freezes happen at Beijing
// midnight. These helpers are the only place that offset is written.

const OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** The China day of an instant, 'YYYY-MM-DD'. */
export const chinaDay = (at: Date): string => new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);

/**
 * The China day a reading closes: a register read stamped exactly at 00:00 (a concentrator's daily freeze) is the
 * end of the day before, so the day of a reading is the day of the instant just before it.
 */
export const closingDay = (at: Date): string => chinaDay(new Date(at.getTime() - 1));

/** The China month of an instant, 'YYYY-MM'. */
export const chinaMonth = (at: Date): string => chinaDay(at).slice(0, 7);

/** The instant a China day starts (00:00 Beijing). */
export const dayStart = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);

/** The instant a China month starts, for 'YYYY-MM'. */
export const monthStart = (month: string): Date => dayStart(`${month}-01`);

/** The day after (or `n` days after) a 'YYYY-MM-DD' day. */
export const addDays = (day: string, n = 1): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The month after (or `n` months after) a 'YYYY-MM' month. */
export const addMonths = (month: string, n = 1): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
};

/** Every day from `from` to `to`, both included ('YYYY-MM-DD'); empty when to < from. */
export const daysBetween = (from: string, to: string): string[] => {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d)) out.push(d);
  return out;
};

/** Minutes since 00:00 China time of an instant (0–1439): the hour-of-day of demand curves and night flow. */
export const chinaMinuteOfDay = (at: Date): number => Math.floor(((at.getTime() + OFFSET_MS) % DAY_MS) / 60_000);

/** Day of the week in China time, 0 Sunday … 6 Saturday. */
export const chinaWeekday = (at: Date): number => new Date(at.getTime() + OFFSET_MS).getUTCDay();

/** 'YYYY-MM-DD HH:mm:ss' in China time: how sheets and messages write an instant. */
export const chinaDateTime = (at: Date): string =>
  new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
