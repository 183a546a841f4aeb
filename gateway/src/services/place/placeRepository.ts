// SQL of regions and residential areas beyond the generic resource: area counts per region, region names of areas,
// and whether a region belongs to the tenant. Bounded by company_id throughout.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** region id → its number of residential areas. */
export const areaCounts = async (db: Db, companyId: number, regionIds: number[]): Promise<Map<number, number>> => {
  if (regionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('areas')
    .select((eb) => ['region_id', eb.fn.countAll().as('n')])
    .where('company_id', '=', companyId)
    .where('region_id', 'in', regionIds)
    .groupBy('region_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.region_id), Number(r.n)]));
};

/** region id → name, for a page of areas. */
export const regionNames = async (db: Db, companyId: number, regionIds: number[]): Promise<Map<number, string>> => {
  const ids = [...new Set(regionIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('regions')
    .select(['id', 'region_name'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.region_name]));
};

export const regionExists = async (db: Db, companyId: number, regionId: number): Promise<boolean> =>
  (await db
    .selectFrom('regions')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', regionId)
    .executeTakeFirst()) !== undefined;
