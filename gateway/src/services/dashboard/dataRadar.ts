// The data radar's five axes (spec §1: data quality), each a percentage over the reading-rate page's default range
// (the last 7 China days, today included) for the meters that count in the reading rate (in use, in the caller's
// data scope). Pure: the counts come from dataRadarRepository.ts, the reading rate and online rate from their pages.
import type { DataRadarFigures } from '@waterops/shared/dashboard';
import { ratePercent } from '@waterops/shared/reading';
import type { RadarCounts } from './dataRadarRepository.ts';

export type RadarInput = RadarCounts & {
  /** meters in use × days: the reading rate's expected meter-days */
  expectedDays: number;
  /** the platform overview's online rate (meters online now / meters) */
  onlineRate: number | null;
  /** the reading-rate route's overall rate over the range */
  readingRate: number | null;
};

export const radarAxes = (c: RadarInput): DataRadarFigures['axes'] => ({
  // completeness: meter-days with a validated value (actual, estimated or substituted) / expected meter-days — how
  // whole the daily series is after validation (the reading rate counts only days with a raw read)
  completeness: ratePercent(Math.min(c.days, c.expectedDays), c.expectedDays),
  // timeliness: raw reads received no later than one read interval after they were taken (the interval of the
  // offline rule: the concentrator's report rate, at least an hour; a day for a meter on its own) / raw reads
  timeliness: ratePercent(c.timelyReads, c.reads),
  // validity: validated meter-days of quality A (the raw reads passed every rule) / validated meter-days
  validity: ratePercent(c.actualDays, c.days),
  // online rate: the platform overview's (meters online now / meters in the scope)
  onlineRate: c.onlineRate,
  // reading rate: the reading-rate route's overall rate over the same 7 days
  readingRate: c.readingRate,
});
