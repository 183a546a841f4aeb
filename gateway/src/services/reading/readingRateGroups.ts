// The reading rate out of counted rows: expected meter-days are the meters in use times the days of the range, read
// meter-days those with at least one read, the rate their ratio in percent. Per day, every day of the range gets a
// group (a day without a single read is a 0 % day, not a missing one). Pure, tested beside it.
import {
  daySpan,
  daysBetween,
  type RateCounts,
  type RateGroup,
  type RateGroupBy,
  type ReadingRate,
  ratePercent,
} from '@waterops/shared/reading';

export type CountedRow = { id: number | null; name: string; meters: number; read: number };

const counts = (meters: number, expected: number, read: number): RateCounts => ({
  meters,
  expected,
  read,
  rate: ratePercent(read, expected),
});

/** Groups of areas or concentrators: each group's meters × the days of the range. */
export const groupRates = (
  groupBy: Exclude<RateGroupBy, 'day'>,
  from: string,
  to: string,
  rows: readonly CountedRow[],
): ReadingRate => {
  const days = daySpan(from, to);
  const groups: RateGroup[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    ...counts(r.meters, r.meters * days, r.read),
  }));
  const meters = rows.reduce((n, r) => n + r.meters, 0);
  const read = rows.reduce((n, r) => n + r.read, 0);
  return { groupBy, from, to, days, groups, overall: counts(meters, meters * days, read) };
};

/** One group per day of the range, each expecting every counted meter. */
export const dayRates = (
  from: string,
  to: string,
  meters: number,
  readByDay: ReadonlyMap<string, number>,
): ReadingRate => {
  const all = daysBetween(from, to);
  const groups: RateGroup[] = all.map((day) => ({
    id: null,
    name: day,
    ...counts(meters, meters, readByDay.get(day) ?? 0),
  }));
  const read = all.reduce((n, day) => n + (readByDay.get(day) ?? 0), 0);
  return { groupBy: 'day', from, to, days: all.length, groups, overall: counts(meters, meters * all.length, read) };
};
