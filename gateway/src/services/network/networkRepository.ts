// SQL of pipelines and wells beyond the generic resource: the codes and names a page of rows points at, the
// references a save must find in the tenant, what keeps a well from being deleted, and the compact map rows.
// Every statement is bounded by company_id.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import type { DbRow } from '../resource/resourceRepository.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The meters', wells' and district's codes and names of a page of pipelines, merged into its rows. */
export const enrichPipelines = async (db: Db, companyId: number, rows: DbRow[]): Promise<DbRow[]> => {
  const ids = rows.map((r) => Number(r.id));
  if (ids.length === 0) return rows;
  const extra = await db
    .selectFrom('pipelines as p')
    .leftJoin('water_meters as sm', (j) =>
      j.onRef('sm.company_id', '=', 'p.company_id').onRef('sm.id', '=', 'p.start_meter_id'),
    )
    .leftJoin('water_meters as em', (j) =>
      j.onRef('em.company_id', '=', 'p.company_id').onRef('em.id', '=', 'p.end_meter_id'),
    )
    .leftJoin('wells as sw', (j) =>
      j.onRef('sw.company_id', '=', 'p.company_id').onRef('sw.id', '=', 'p.start_well_id'),
    )
    .leftJoin('wells as ew', (j) => j.onRef('ew.company_id', '=', 'p.company_id').onRef('ew.id', '=', 'p.end_well_id'))
    .leftJoin('districts as d', (j) => j.onRef('d.company_id', '=', 'p.company_id').onRef('d.id', '=', 'p.district_id'))
    .select([
      'p.id',
      'sm.meter_code as start_meter_code',
      'em.meter_code as end_meter_code',
      'sw.well_code as start_well_code',
      'ew.well_code as end_well_code',
      'd.district_name',
      sql<string | null>`to_char(p.install_date, 'YYYY-MM-DD')`.as('install_day'),
    ])
    .where('p.company_id', '=', companyId)
    .where('p.id', 'in', ids)
    .execute();
  const byId = new Map(extra.map((e) => [Number(e.id), e]));
  return rows.map((r) => ({ ...r, ...byId.get(Number(r.id)), id: r.id }));
};

/** The district's name of a page of wells. */
export const enrichWells = async (db: Db, companyId: number, rows: DbRow[]): Promise<DbRow[]> => {
  const ids = rows.map((r) => Number(r.id));
  if (ids.length === 0) return rows;
  const extra = await db
    .selectFrom('wells as w')
    .leftJoin('districts as d', (j) => j.onRef('d.company_id', '=', 'w.company_id').onRef('d.id', '=', 'w.district_id'))
    .select(['w.id', 'd.district_name'])
    .where('w.company_id', '=', companyId)
    .where('w.id', 'in', ids)
    .execute();
  const byId = new Map(extra.map((e) => [Number(e.id), e]));
  return rows.map((r) => ({ ...r, ...byId.get(Number(r.id)), id: r.id }));
};

export type NetworkReference = 'water_meters' | 'wells' | 'districts';

/** Whether the tenant has a row `id` in the table (another tenant's id is as absent as a missing one). */
export const networkReferenceExists = async (db: Db, companyId: number, table: NetworkReference, id: number) =>
  (await db
    .selectFrom(table)
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst()) !== undefined;

/** How many pipelines start or end at the well: a well with any cannot be deleted. */
export const pipelinesAtWell = async (db: Db, companyId: number, wellId: number): Promise<number> => {
  const row = await db
    .selectFrom('pipelines')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('company_id', '=', companyId)
    .where((eb) => eb.or([eb('start_well_id', '=', wellId), eb('end_well_id', '=', wellId)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

/** Every pipeline of the tenant with a path, compact for the map. */
export const mapPipes = (db: Db, companyId: number) =>
  db
    .selectFrom('pipelines')
    .select(['id', 'pipe_code', 'diameter_mm', 'material', 'status', 'path'])
    .where('company_id', '=', companyId)
    .where('path', 'is not', null)
    .orderBy('id')
    .execute();

/** Every well of the tenant with a position. */
export const mapWells = (db: Db, companyId: number) =>
  db
    .selectFrom('wells')
    .select(['id', 'well_code', 'well_type', 'lng', 'lat'])
    .where('company_id', '=', companyId)
    .where('lng', 'is not', null)
    .where('lat', 'is not', null)
    .orderBy('id')
    .execute();
