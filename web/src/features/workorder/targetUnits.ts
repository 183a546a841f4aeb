// Deadline targets as the settings page shows and takes them: hours or days on the screen, whole minutes stored. A
// value shown is rounded for reading only; a target the user did not touch keeps its exact minutes.
export type TargetUnit = 'hours' | 'days';
export const TARGET_UNITS: readonly TargetUnit[] = ['hours', 'days'];

const PER_UNIT: Record<TargetUnit, number> = { hours: 60, days: 1440 };
/** The schema's bound (TargetRow): a year. */
export const MAX_TARGET_MINUTES = 525_600;

/** "1.5" for 90 minutes in hours, "0.25" for 6 hours in days (at most 3 decimals, no trailing zeros). */
export const minutesToText = (minutes: number, unit: TargetUnit): string =>
  String(Math.round((minutes / PER_UNIT[unit]) * 1000) / 1000);

/** Whole minutes of a typed value, or null when it is not a number above 0 or exceeds a year. */
export const textToMinutes = (text: string, unit: TargetUnit): number | null => {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  const minutes = Math.round(Number(trimmed) * PER_UNIT[unit]);
  return minutes >= 1 && minutes <= MAX_TARGET_MINUTES ? minutes : null;
};

/** The unit a set of targets reads best in: days when every one is whole days, else hours. */
export const naturalUnit = (minutes: readonly number[]): TargetUnit =>
  minutes.length > 0 && minutes.every((m) => m % 1440 === 0) ? 'days' : 'hours';
