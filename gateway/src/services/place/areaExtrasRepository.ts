// SQL of the area extras: id/name lists, areas of regions, per-area meter and resident counts, moving areas and
// placing one. Bounded by company_id; lists narrowed by the caller's data scope (predicates on alias `t` = areas).
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { likePattern } from '../resource/resourceQuery.ts';
import { type ScopePredicate, scopeExpression } from '../resource/resourceScope.ts';

type Db = Kysely<DB> | Transaction<DB>;

const areasOf = (db: Db, companyId: number, scope: readonly ScopePredicate[] | null) => {
  let q = db.selectFrom('areas as t').where('t.company_id', '=', companyId);
  if (scope !== null) q = q.where(scopeExpression(scope));
  return q;
};

/** id, name and region of the areas in scope, by name; optionally a contained name or some regions only. */
export const areaIdNames = async (
  db: Db,
  companyId: number,
  scope: readonly ScopePredicate[] | null,
  filter: { areaName?: string; regionIds?: number[] },
) => {
  let q = areasOf(db, companyId, scope).select(['t.id', 't.area_name', 't.region_id']);
  if (filter.areaName) q = q.where('t.area_name', 'ilike', likePattern(filter.areaName));
  if (filter.regionIds) q = q.where('t.region_id', 'in', filter.regionIds);
  const rows = await q.orderBy('t.area_name').orderBy('t.id').execute();
  return rows.map((r) => ({ id: Number(r.id), areaName: r.area_name, regionId: Number(r.region_id) }));
};

/** Which of the ids are areas of the tenant inside the scope. */
export const areasInScope = async (
  db: Db,
  companyId: number,
  scope: readonly ScopePredicate[] | null,
  ids: number[],
): Promise<number[]> =>
  (await areasOf(db, companyId, scope).select('t.id').where('t.id', 'in', ids).execute()).map((r) => Number(r.id));

export const moveAreas = async (tx: Transaction<DB>, companyId: number, ids: number[], regionId: number) =>
  tx
    .updateTable('areas')
    .set({ region_id: regionId })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();

export const placeArea = async (tx: Transaction<DB>, companyId: number, id: number, lng: number, lat: number) =>
  tx.updateTable('areas').set({ lng, lat }).where('company_id', '=', companyId).where('id', '=', id).execute();

/** One page of areas in scope with their region name and the meters and residents in each. */
export const areaWaterPage = async (
  db: Db,
  companyId: number,
  scope: readonly ScopePredicate[] | null,
  filter: { areaName?: string; regionId?: number },
  offset: number,
  limit: number,
) => {
  let base = areasOf(db, companyId, scope);
  if (filter.areaName) base = base.where('t.area_name', 'ilike', likePattern(filter.areaName));
  if (filter.regionId) base = base.where('t.region_id', '=', filter.regionId);
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .innerJoin('regions as r', (j) => j.onRef('r.company_id', '=', 't.company_id').onRef('r.id', '=', 't.region_id'))
    .select((eb) => [
      't.id',
      't.area_name',
      't.region_id',
      'r.region_name',
      eb
        .selectFrom('water_meters as m')
        .select(eb.fn.countAll().as('n'))
        .whereRef('m.company_id', '=', 't.company_id')
        .whereRef('m.area_id', '=', 't.id')
        .as('meter_count'),
      eb
        .selectFrom('residents as p')
        .select(eb.fn.countAll().as('n'))
        .whereRef('p.company_id', '=', 't.company_id')
        .whereRef('p.area_id', '=', 't.id')
        .as('resident_count'),
    ])
    .orderBy('t.area_name')
    .orderBy('t.id')
    .offset(offset)
    .limit(limit)
    .execute();
  return {
    count: Number(total.n),
    rows: rows.map((r) => ({
      areaId: Number(r.id),
      areaName: r.area_name,
      regionId: Number(r.region_id),
      regionName: r.region_name,
      meterCount: Number(r.meter_count ?? 0),
      residentCount: Number(r.resident_count ?? 0),
    })),
  };
};

/**
 * Areas placed at an impossible position (a coordinate out of range, or only one of the two): what repairManual
 * clears, so the map never draws them at a wrong spot.
 */
export const clearBadPositions = async (tx: Transaction<DB>, companyId: number, ids: number[]) => {
  if (ids.length === 0) return 0;
  const r = await tx
    .updateTable('areas')
    .set({ lng: null, lat: null })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .where((eb) =>
      eb.or([
        eb.and([eb('lng', 'is', null), eb('lat', 'is not', null)]),
        eb.and([eb('lng', 'is not', null), eb('lat', 'is', null)]),
        eb('lng', '<', -180),
        eb('lng', '>', 180),
        eb('lat', '<', -90),
        eb('lat', '>', 90),
      ]),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
};
