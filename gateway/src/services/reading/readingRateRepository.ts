// SQL of the reading rate: meters in use (in the caller's data scope and the page's filters) and the meter-days in a
// China-day range that have at least one read (reading_days.reads > 0), counted per area, per concentrator or per
// day. Meter-days are counted in the database, one grouped query each, so a tenant of a million meters sends back
// one row per group, never per meter.
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { inAreasOfRegions, type ScopePredicate, scopeExpression } from '../resource/resourceScope.ts';

/** A China day 'YYYY-MM-DD' as a date parameter (a JS Date would be an instant, cast in the session's zone). */
const asDate = (day: string) => sql<Date>`cast(${day} as date)`;

export type RateFilters = { regionId?: number; areaId?: number; concentratorId?: number };
export type RateRow = { id: number | null; name: string; meters: number; read: number };

// biome-ignore lint/suspicious/noExplicitAny: used on queries of different joins that all alias water_meters as t
type MeterEb = ExpressionBuilder<any, any>;

/**
 * The meters that count: the tenant's household meters in use, inside the scope and the filters (alias t); the
 * radar's too. Bulk meters (district, bulk, pump: issue 19) are read by SCADA or by hand and are not a household's.
 */
export const countedMeters =
  (companyId: number, filters: RateFilters, predicates: readonly ScopePredicate[] | null) =>
  (eb: MeterEb): Expression<SqlBool> => {
    const terms: Expression<SqlBool>[] = [
      eb('t.company_id', '=', companyId),
      eb('t.used', '=', true),
      eb('t.meter_kind', '=', 'household'),
    ];
    if (filters.areaId !== undefined) terms.push(eb('t.area_id', '=', filters.areaId));
    if (filters.concentratorId !== undefined) terms.push(eb('t.concentrator_id', '=', filters.concentratorId));
    if (filters.regionId !== undefined) terms.push(inAreasOfRegions(eb, 't.area_id', [filters.regionId]));
    if (predicates !== null) terms.push(scopeExpression(predicates)(eb));
    return eb.and(terms);
  };

/** Meter-days with reads per meter in the range: the right side of the per-area and per-concentrator counts. */
const readDaysPerMeter = (db: Kysely<DB>, companyId: number, from: string, to: string) =>
  db
    .selectFrom('reading_days')
    .select(['meter_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('company_id', '=', companyId)
    .where('day', '>=', asDate(from))
    .where('day', '<=', asDate(to))
    .where('reads', '>', 0)
    .groupBy('meter_id');

/** Meters and read meter-days per area (id null: meters without an area). */
export const rateByArea = async (
  db: Kysely<DB>,
  companyId: number,
  from: string,
  to: string,
  filters: RateFilters,
  predicates: readonly ScopePredicate[] | null,
): Promise<RateRow[]> => {
  const rows = await db
    .selectFrom('water_meters as t')
    .leftJoin(readDaysPerMeter(db, companyId, from, to).as('r'), 'r.meter_id', 't.id')
    .leftJoin('areas as a', (j) => j.onRef('a.company_id', '=', 't.company_id').onRef('a.id', '=', 't.area_id'))
    .select([
      't.area_id as id',
      'a.area_name as name',
      (eb) => eb.fn.countAll<string>().as('meters'),
      sql<string>`coalesce(sum(r.n), 0)`.as('read'),
    ])
    .where(countedMeters(companyId, filters, predicates))
    .groupBy(['t.area_id', 'a.area_name'])
    .orderBy(sql`a.area_name is null`)
    .orderBy('a.area_name')
    .execute();
  return rows.map((r) => ({
    id: r.id === null ? null : Number(r.id),
    name: r.name ?? '',
    meters: Number(r.meters),
    read: Number(r.read),
  }));
};

/** Meters and read meter-days per concentrator (id null: meters without one). */
export const rateByConcentrator = async (
  db: Kysely<DB>,
  companyId: number,
  from: string,
  to: string,
  filters: RateFilters,
  predicates: readonly ScopePredicate[] | null,
): Promise<RateRow[]> => {
  const rows = await db
    .selectFrom('water_meters as t')
    .leftJoin(readDaysPerMeter(db, companyId, from, to).as('r'), 'r.meter_id', 't.id')
    .leftJoin('concentrators as c', (j) =>
      j.onRef('c.company_id', '=', 't.company_id').onRef('c.id', '=', 't.concentrator_id'),
    )
    .select([
      't.concentrator_id as id',
      'c.concentrator_code as name',
      (eb) => eb.fn.countAll<string>().as('meters'),
      sql<string>`coalesce(sum(r.n), 0)`.as('read'),
    ])
    .where(countedMeters(companyId, filters, predicates))
    .groupBy(['t.concentrator_id', 'c.concentrator_code'])
    .orderBy(sql`c.concentrator_code is null`)
    .orderBy('c.concentrator_code')
    .execute();
  return rows.map((r) => ({
    id: r.id === null ? null : Number(r.id),
    name: r.name ?? '',
    meters: Number(r.meters),
    read: Number(r.read),
  }));
};

/** How many meters count (the expected meter-days of each day). */
export const countedMeterTotal = async (
  db: Kysely<DB>,
  companyId: number,
  filters: RateFilters,
  predicates: readonly ScopePredicate[] | null,
): Promise<number> => {
  const row = await db
    .selectFrom('water_meters as t')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(countedMeters(companyId, filters, predicates))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

/** Read meter-days per China day of the range (days without any read are absent). */
export const readsByDay = async (
  db: Kysely<DB>,
  companyId: number,
  from: string,
  to: string,
  filters: RateFilters,
  predicates: readonly ScopePredicate[] | null,
): Promise<Map<string, number>> => {
  const rows = await db
    .selectFrom('reading_days as d')
    .innerJoin('water_meters as t', (j) =>
      j.onRef('t.company_id', '=', 'd.company_id').onRef('t.id', '=', 'd.meter_id'),
    )
    .select([sql<string>`to_char(d.day, 'YYYY-MM-DD')`.as('day'), (eb) => eb.fn.countAll<string>().as('n')])
    .where('d.company_id', '=', companyId)
    .where('d.day', '>=', asDate(from))
    .where('d.day', '<=', asDate(to))
    .where('d.reads', '>', 0)
    .where(countedMeters(companyId, filters, predicates))
    .groupBy('d.day')
    .execute();
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
};
