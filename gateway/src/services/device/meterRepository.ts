// SQL of water meters beyond the generic resource: the names a page of meters points at (one joined query), the
// checks a save needs (references of the tenant, collector under concentrator, no parent cycle), what keeps a meter
// from being deleted, codes lookup, detaching from collectors, and the binding history. Bounded by company_id.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import type { DbRow } from '../resource/resourceRepository.ts';
import { type ScopePredicate, scopeExpression } from '../resource/resourceScope.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The names and the current resident of a page of meters, merged into its rows. */
export const enrichMeters = async (db: Db, companyId: number, rows: DbRow[]): Promise<DbRow[]> => {
  const ids = rows.map((r) => Number(r.id));
  if (ids.length === 0) return rows;
  const extra = await db
    .selectFrom('water_meters as m')
    .leftJoin('collectors as k', (j) =>
      j.onRef('k.company_id', '=', 'm.company_id').onRef('k.id', '=', 'm.collector_id'),
    )
    .leftJoin('concentrators as c', (j) =>
      j.onRef('c.company_id', '=', 'm.company_id').onRef('c.id', '=', 'm.concentrator_id'),
    )
    .leftJoin('manufacturers as f', (j) =>
      j.onRef('f.company_id', '=', 'm.company_id').onRef('f.id', '=', 'm.manufacturer_id'),
    )
    .leftJoin('meter_models as mm', (j) =>
      j.onRef('mm.company_id', '=', 'm.company_id').onRef('mm.id', '=', 'm.meter_model_id'),
    )
    .leftJoin('water_meters as p', (j) =>
      j.onRef('p.company_id', '=', 'm.company_id').onRef('p.id', '=', 'm.parent_meter_id'),
    )
    .leftJoin('areas as a', (j) => j.onRef('a.company_id', '=', 'm.company_id').onRef('a.id', '=', 'm.area_id'))
    .leftJoin('resident_meters as b', (j) =>
      j.onRef('b.company_id', '=', 'm.company_id').onRef('b.meter_id', '=', 'm.id').on('b.unbound_at', 'is', null),
    )
    .leftJoin('residents as r', (j) => j.onRef('r.company_id', '=', 'b.company_id').onRef('r.id', '=', 'b.resident_id'))
    .select([
      'm.id',
      'k.collector_code',
      'c.concentrator_code',
      'f.name as manufacturer_name',
      'mm.type_name as meter_model_name',
      'p.meter_code as parent_meter_code',
      'a.area_name',
      'r.id as resident_id',
      'r.resident_code',
      'r.resident_name',
      sql<string | null>`to_char(m.install_date, 'YYYY-MM-DD')`.as('install_day'),
    ])
    .where('m.company_id', '=', companyId)
    .where('m.id', 'in', ids)
    .execute();
  const byId = new Map(extra.map((e) => [Number(e.id), e]));
  return rows.map((r) => ({ ...r, ...byId.get(Number(r.id)), id: r.id }));
};

/** The tables a meter refers to by id; each must hold the id in the tenant. */
export type MeterReference =
  | 'collectors'
  | 'concentrators'
  | 'manufacturers'
  | 'meter_models'
  | 'areas'
  | 'water_meters';

export const referenceExists = async (db: Db, companyId: number, table: MeterReference, id: number) =>
  (await (db as Kysely<DB>)
    .selectFrom(table)
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst()) !== undefined;

/** The concentrator a collector hangs on (null when none); undefined when there is no such collector. */
export const collectorConcentrator = async (db: Db, companyId: number, collectorId: number) => {
  const row = await db
    .selectFrom('collectors')
    .select('concentrator_id')
    .where('company_id', '=', companyId)
    .where('id', '=', collectorId)
    .executeTakeFirst();
  return row ? (row.concentrator_id === null ? null : Number(row.concentrator_id)) : undefined;
};

/** Whether `meterId` lies above `parentId` already: walking up from the parent reaches the meter (a cycle). */
export const parentWouldCycle = async (db: Db, companyId: number, meterId: number, parentId: number) => {
  const row = await sql<{ hit: boolean }>`
    with recursive up(id, depth) as (
      select parent_meter_id, 1 from water_meters where company_id = ${companyId} and id = ${parentId}
      union all
      select w.parent_meter_id, up.depth + 1 from water_meters w join up on w.id = up.id
      where w.company_id = ${companyId} and up.depth < 1000
    )
    select exists (select 1 from up where id = ${meterId}) as hit`.execute(db);
  return row.rows[0]?.hit === true;
};

/** Why a meter may not be deleted: an open binding (bound), else any history, sub-meter, valve or pipeline (inUse). */
export const meterDeleteBlock = async (db: Db, companyId: number, meterId: number) => {
  const row = await sql<{ open: boolean; used: boolean }>`
    select
      exists (select 1 from resident_meters where company_id = ${companyId} and meter_id = ${meterId}
              and unbound_at is null) as open,
      exists (select 1 from resident_meters where company_id = ${companyId} and meter_id = ${meterId})
      or exists (select 1 from water_meters where company_id = ${companyId} and parent_meter_id = ${meterId})
      or exists (select 1 from valves where company_id = ${companyId} and meter_id = ${meterId})
      -- a pipeline metered at either end (issue 7): its foreign key would refuse the delete anyway
      or exists (select 1 from pipelines where company_id = ${companyId}
                 and (start_meter_id = ${meterId} or end_meter_id = ${meterId})) as used`.execute(db);
  const r = row.rows[0];
  return r?.open ? 'bound' : r?.used ? 'inUse' : null;
};

/** Whether another meter of the tenant holds the code (the next-code route skips taken codes). */
export const meterCodeTaken = async (db: Db, companyId: number, code: string) =>
  (await db
    .selectFrom('water_meters')
    .select('id')
    .where('company_id', '=', companyId)
    .where('meter_code', '=', code)
    .executeTakeFirst()) !== undefined;

/** The meters of the tenant (inside the scope when one is given) among these ids / codes. */
export const metersAmong = async (
  db: Db,
  companyId: number,
  by: { ids: number[] } | { codes: string[] },
  scope: readonly ScopePredicate[] | null,
): Promise<{ id: number; meterCode: string }[]> => {
  const list = 'ids' in by ? by.ids : by.codes;
  if (list.length === 0) return [];
  let q = (db as Kysely<DB>)
    .selectFrom('water_meters as t')
    .select(['t.id', 't.meter_code'])
    .where('t.company_id', '=', companyId);
  q = 'ids' in by ? q.where('t.id', 'in', by.ids) : q.where('t.meter_code', 'in', by.codes);
  if (scope) q = q.where(scopeExpression(scope));
  const rows = await q.execute();
  return rows.map((r) => ({ id: Number(r.id), meterCode: r.meter_code }));
};

/** Detaches meters from their collector and concentrator. */
export const untieMeters = async (tx: Transaction<DB>, companyId: number, ids: number[], at: Date) => {
  await tx
    .updateTable('water_meters')
    .set({ collector_id: null, concentrator_id: null, updated_at: at })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
};

/** A record an import row may name: by its code or by its name (either may be missing). */
export type NamedRecord = { id: number; code: string | null; name: string | null };

/** What meter import rows refer to, loaded once per job: collectors, concentrators, manufacturers, models, areas. */
export const meterImportLookups = async (db: Db, companyId: number) => {
  const [collectors, concentrators, manufacturers, models, areas] = await Promise.all([
    db.selectFrom('collectors').select(['id', 'collector_code as code']).where('company_id', '=', companyId).execute(),
    db
      .selectFrom('concentrators')
      .select(['id', 'concentrator_code as code', 'name'])
      .where('company_id', '=', companyId)
      .execute(),
    db.selectFrom('manufacturers').select(['id', 'code', 'name']).where('company_id', '=', companyId).execute(),
    db.selectFrom('meter_models').select(['id', 'type_name as name']).where('company_id', '=', companyId).execute(),
    db.selectFrom('areas').select(['id', 'area_name as name']).where('company_id', '=', companyId).execute(),
  ]);
  const named = (rows: { id: number; code?: string | null; name?: string | null }[]): NamedRecord[] =>
    rows.map((r) => ({ id: Number(r.id), code: r.code ?? null, name: r.name ?? null }));
  return {
    collectors: named(collectors),
    concentrators: named(concentrators),
    manufacturers: named(manufacturers),
    models: named(models),
    areas: named(areas),
  };
};
