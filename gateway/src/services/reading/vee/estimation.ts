// Estimates for days without a usable read, in volume (the meter's validated use since its first read, so
// rollovers and swaps are already taken out): linear interpolation between the actual days around a gap; after
// the last actual day, that day's volume plus the average daily use of the weeks before. Validated volumes only
// grow, so interpolated ones never decrease and never pass the next actual one.
import { round3 } from './consumption.ts';

/** Days back the trailing estimate averages the use over. */
export const AVERAGE_DAYS = 28;

/** A known validated volume at a day index. */
export type KnownVolume = { index: number; volume: number };

/** The volume on day `index` between two known ones, `before.index < index < after.index`. */
export const interpolate = (before: KnownVolume, after: KnownVolume, index: number): number =>
  round3(before.volume + ((after.volume - before.volume) * (index - before.index)) / (after.index - before.index));

/**
 * The average daily use up to the known volume `last`, over at most AVERAGE_DAYS: from the earliest known volume
 * in that span (0 when there is none before `last`).
 */
export const averageDailyUse = (known: readonly KnownVolume[], last: KnownVolume): number => {
  const from = known.find((k) => k.index >= last.index - AVERAGE_DAYS && k.index < last.index);
  if (!from) return 0;
  return Math.max(0, (last.volume - from.volume) / (last.index - from.index));
};

/**
 * Every day index from the first known one to `lastIndex` with a volume: the known ones as they are, the others
 * estimated. `known` is sorted by index, indexes distinct. Days before the first known volume have none (null).
 */
export const fillVolumes = (
  known: readonly KnownVolume[],
  firstIndex: number,
  lastIndex: number,
): (number | null)[] => {
  const out: (number | null)[] = [];
  let k = 0;
  let before: KnownVolume | undefined;
  let rate: number | null = null;
  for (let i = firstIndex; i <= lastIndex; i++) {
    while (k < known.length && (known[k] as KnownVolume).index < i) before = known[k++];
    const at = known[k];
    if (at && at.index === i) {
      out.push(at.volume);
      continue;
    }
    if (!before) {
      out.push(null);
      continue;
    }
    if (at) {
      out.push(interpolate(before, at, i));
      continue;
    }
    rate ??= averageDailyUse(known, before);
    out.push(round3(before.volume + rate * (i - before.index)));
  }
  return out;
};
