// SQL of account data scopes (user_region_areas): read on sign-in (one cheap indexed query per session load),
// replaced by account saves and data/userRegionArea. A row with area_id is one area; without, a whole region.
import type { DataScope } from '@waterops/shared/place';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The scope rows of some users, as region and area ids per user. */
export const scopesOfUsers = async (db: Db, companyId: number, userIds: number[]): Promise<Map<number, DataScope>> => {
  const map = new Map<number, DataScope>();
  if (userIds.length === 0) return map;
  const rows = await db
    .selectFrom('user_region_areas')
    .select(['user_id', 'region_id', 'area_id'])
    .where('company_id', '=', companyId)
    .where('user_id', 'in', userIds)
    .execute();
  for (const r of rows) {
    const s = map.get(Number(r.user_id)) ?? { regionIds: [], areaIds: [] };
    if (r.area_id !== null) s.areaIds.push(Number(r.area_id));
    else if (r.region_id !== null) s.regionIds.push(Number(r.region_id));
    map.set(Number(r.user_id), s);
  }
  for (const s of map.values()) {
    s.regionIds.sort((a, b) => a - b);
    s.areaIds.sort((a, b) => a - b);
  }
  return map;
};

/** A user's data scope; null when unrestricted (no rows). Administrators are unrestricted whatever the rows say. */
export const dataScopeOf = async (db: Db, companyId: number, userId: number): Promise<DataScope | null> =>
  (await scopesOfUsers(db, companyId, [userId])).get(userId) ?? null;

/** The account's scope becomes exactly these regions and areas (both empty: unrestricted). */
export const replaceUserScope = async (
  tx: Transaction<DB>,
  companyId: number,
  userId: number,
  scope: DataScope,
): Promise<void> => {
  await tx.deleteFrom('user_region_areas').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
  const rows = [
    ...[...new Set(scope.regionIds)].map((id) => ({
      company_id: companyId,
      user_id: userId,
      region_id: id,
      area_id: null,
    })),
    ...[...new Set(scope.areaIds)].map((id) => ({
      company_id: companyId,
      user_id: userId,
      region_id: null,
      area_id: id,
    })),
  ];
  if (rows.length) await tx.insertInto('user_region_areas').values(rows).execute();
};

/** How many of these ids are regions (or areas) of the tenant: a scope may name only the tenant's own places. */
export const countTenantPlaces = async (
  db: Db,
  companyId: number,
  table: 'regions' | 'areas',
  ids: number[],
): Promise<number> => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return 0;
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('company_id', '=', companyId)
    .where('id', 'in', unique)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

/** Names of regions and areas by id, for showing scopes in lists. */
export const placeNames = async (db: Db, companyId: number, regionIds: number[], areaIds: number[]) => {
  const [regions, areas] = await Promise.all([
    regionIds.length
      ? db
          .selectFrom('regions')
          .select(['id', 'region_name'])
          .where('company_id', '=', companyId)
          .where('id', 'in', [...new Set(regionIds)])
          .execute()
      : [],
    areaIds.length
      ? db
          .selectFrom('areas')
          .select(['id', 'area_name'])
          .where('company_id', '=', companyId)
          .where('id', 'in', [...new Set(areaIds)])
          .execute()
      : [],
  ]);
  return {
    regions: new Map(regions.map((r) => [Number(r.id), r.region_name])),
    areas: new Map(areas.map((a) => [Number(a.id), a.area_name])),
  };
};

/** Whether a region or area appears in any account's scope (deleting it would silently widen that account). */
export const placeInAnyScope = async (db: Db, companyId: number, column: 'region_id' | 'area_id', id: number) =>
  (await db
    .selectFrom('user_region_areas')
    .select('user_id')
    .where('company_id', '=', companyId)
    .where(column, '=', id)
    .limit(1)
    .executeTakeFirst()) !== undefined;
