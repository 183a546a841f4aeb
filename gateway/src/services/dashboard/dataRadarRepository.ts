// SQL of the data radar's own axes over a China-day range, for the meters that count in the reading rate (in use,
// inside the caller's data scope): the validated meter-days and how many of them are actual (quality A), and the raw
// reads with how many of them arrived within the meter's read interval. dataRadar.ts defines the axes.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { meterIntervalSql, STANDALONE_METER_MINUTES } from '../deviceStatus/offlineDevices.ts';
import { countedMeters } from '../reading/readingRateRepository.ts';
import type { ScopePredicate } from '../resource/resourceScope.ts';

export type RadarCounts = {
  /** validated meter-days (a reading_days row of any quality) */
  days: number;
  /** of them, quality A (the raw reads passed validation) */
  actualDays: number;
  /** raw reads of the range */
  reads: number;
  /** of them, received no later than one read interval after they were taken */
  timelyReads: number;
};

const asDate = (day: string) => sql<Date>`cast(${day} as date)`;

export const radarCounts = async (
  db: Kysely<DB>,
  companyId: number,
  range: { from: string; to: string; window: { from: Date; to: Date } },
  predicates: readonly ScopePredicate[] | null,
): Promise<RadarCounts> => {
  const counted = countedMeters(companyId, {}, predicates);
  const [days, reads] = await Promise.all([
    db
      .selectFrom('reading_days as d')
      .innerJoin('water_meters as t', (j) =>
        j.onRef('t.company_id', '=', 'd.company_id').onRef('t.id', '=', 'd.meter_id'),
      )
      .select([sql<string>`count(*)`.as('days'), sql<string>`count(*) filter (where d.quality = 'A')`.as('actual')])
      .where('d.company_id', '=', companyId)
      .where('d.day', '>=', asDate(range.from))
      .where('d.day', '<=', asDate(range.to))
      .where(counted)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('meter_readings as r')
      .innerJoin('water_meters as t', (j) =>
        j.onRef('t.company_id', '=', 'r.company_id').onRef('t.id', '=', 'r.meter_id'),
      )
      .leftJoin('concentrators as c', (j) =>
        j.onRef('c.company_id', '=', 't.company_id').onRef('c.id', '=', 't.concentrator_id'),
      )
      .select([
        sql<string>`count(*)`.as('reads'),
        // the meter's read interval as the offline rule has it: its concentrator's, or a day for a meter on its own
        sql<string>`count(*) filter (where r.received_at <= r.read_at + make_interval(mins =>
          case when c.id is null then ${STANDALONE_METER_MINUTES} else ${meterIntervalSql('c.report_rate')} end))`.as(
          'timely',
        ),
      ])
      .where('r.company_id', '=', companyId)
      .where('r.read_at', '>=', range.window.from)
      .where('r.read_at', '<', range.window.to)
      .where(counted)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    days: Number(days.days),
    actualDays: Number(days.actual),
    reads: Number(reads.reads),
    timelyReads: Number(reads.timely),
  };
};
