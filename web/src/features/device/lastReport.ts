// How long ago a device last reported, in the largest whole unit (the status lists show it next to the time).

export type ReportAge = { unit: 'never' } | { unit: 'justNow' } | { unit: 'minutes' | 'hours' | 'days'; count: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The age of a report at `now`; a time in the future (a drifting device clock) reads as just now. */
export const reportAge = (iso: string | null | undefined, now: Date): ReportAge => {
  if (!iso) return { unit: 'never' };
  const ms = now.getTime() - new Date(iso).getTime();
  if (Number.isNaN(ms)) return { unit: 'never' };
  if (ms < MINUTE) return { unit: 'justNow' };
  if (ms < HOUR) return { unit: 'minutes', count: Math.floor(ms / MINUTE) };
  if (ms < DAY) return { unit: 'hours', count: Math.floor(ms / HOUR) };
  return { unit: 'days', count: Math.floor(ms / DAY) };
};

/** The i18n key and count of an age (deviceStatus.age.*). */
export const reportAgeText = (age: ReportAge): { key: string; count?: number } =>
  'count' in age ? { key: `deviceStatus.age.${age.unit}`, count: age.count } : { key: `deviceStatus.age.${age.unit}` };
