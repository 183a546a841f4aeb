// The reading rate of a China-day range, grouped by area, concentrator or day, for the meters in use inside a data
// scope and the page's filters: the one computation the reading-rate route and the home dashboards share, so the
// home page's rate is the page's.
import type { RateGroupBy, ReadingRate } from '@waterops/shared/reading';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.ts';
import type { ScopePredicate } from '../resource/resourceScope.ts';
import { dayRates, groupRates } from './readingRateGroups.ts';
import {
  countedMeterTotal,
  type RateFilters,
  rateByArea,
  rateByConcentrator,
  readsByDay,
} from './readingRateRepository.ts';

/** Without from/to the rate covers the last 7 days (today included). */
export const RATE_DEFAULT_DAYS = 7;

export type ReadingRateRequest = { groupBy: RateGroupBy; from: string; to: string; filters: RateFilters };

export const readingRateOf = async (
  db: Kysely<DB>,
  companyId: number,
  predicates: readonly ScopePredicate[] | null,
  { groupBy, from, to, filters }: ReadingRateRequest,
): Promise<ReadingRate> => {
  if (groupBy === 'day') {
    const [meters, read] = await Promise.all([
      countedMeterTotal(db, companyId, filters, predicates),
      readsByDay(db, companyId, from, to, filters, predicates),
    ]);
    return dayRates(from, to, meters, read);
  }
  const count = groupBy === 'area' ? rateByArea : rateByConcentrator;
  return groupRates(groupBy, from, to, await count(db, companyId, from, to, filters, predicates));
};
