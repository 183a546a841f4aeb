// SQL of water use per residential area: the validated daily consumption (reading_days.consumption, what the reading
// records' daily series and the water balance's billed side add up) summed over a China-day range for the meters of
// each area inside a data scope. The community ranking of the home dashboards reads it.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { type ScopePredicate, scopeExpression } from '../resource/resourceScope.ts';

export type AreaConsumption = { areaId: number; areaName: string; volumeM3: number };

/** Thousandths of a m³ (the register's resolution), as the reading records' totals round. */
const round3 = (v: number): number => Math.round(v * 1000) / 1000;

/** The `limit` areas using most water from `from` to `to` (China days, both included), most first (ties by name). */
export const topAreaConsumption = async (
  db: Kysely<DB>,
  companyId: number,
  from: string,
  to: string,
  predicates: readonly ScopePredicate[] | null,
  limit: number,
): Promise<AreaConsumption[]> => {
  let q = db
    .selectFrom('reading_days as d')
    .innerJoin('water_meters as t', (j) =>
      j.onRef('t.company_id', '=', 'd.company_id').onRef('t.id', '=', 'd.meter_id'),
    )
    .innerJoin('areas as a', (j) => j.onRef('a.company_id', '=', 't.company_id').onRef('a.id', '=', 't.area_id'))
    .select(['a.id as area_id', 'a.area_name', sql<string>`sum(d.consumption)`.as('volume')])
    .where('d.company_id', '=', companyId)
    .where('d.day', '>=', sql<Date>`cast(${from} as date)`)
    .where('d.day', '<=', sql<Date>`cast(${to} as date)`)
    .where('d.consumption', 'is not', null)
    // households' use: a bulk meter that happens to stand in an area (a pump, a district inlet) is not the area's
    .where('t.meter_kind', '=', 'household');
  if (predicates !== null) q = q.where(scopeExpression(predicates));
  const rows = await q
    .groupBy(['a.id', 'a.area_name'])
    .orderBy(sql`sum(d.consumption)`, 'desc')
    .orderBy('a.area_name')
    .orderBy('a.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ areaId: Number(r.area_id), areaName: r.area_name, volumeM3: round3(Number(r.volume)) }));
};
