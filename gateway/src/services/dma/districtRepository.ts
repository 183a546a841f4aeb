// SQL of the district registry (dma/district, dmadistrictposition): districts of a tenant with their meters by role
// and their member areas, sub-zones by parent, outlines. A scoped account sees a district when its scope covers one
// of the district's member areas (the area itself, or the area's region); a district with no member area is seen
// only by unscoped accounts.
import type { DataScope } from '@waterops/shared/place';
import { type ExpressionBuilder, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import { DISTRICT_METER_ROLE } from '../../db/dmaTables.ts';
import type { DB } from '../../db/tables.ts';

type Db = Kysely<DB> | Transaction<DB>;

export type DistrictRow = {
  id: number;
  district_name: string;
  kind: number;
  parent_id: number | null;
  parent_name: string | null;
  polygon: [number, number][] | null;
  mains_length_km: string | null;
  connections: number | null;
  private_pipe_km: string | null;
  mean_pressure_m: string | null;
  night_use_l_per_conn_h: string | null;
  night_day_factor_h: string | null;
  night_use_m3h: string | null;
  remark: string | null;
  created_at: Date;
};

export type DistrictDetails = {
  meters: { meterId: number; meterCode: string; role: number; lng: number | null; lat: number | null }[];
  areas: { areaId: number; areaName: string }[];
  memberMeterCount: number;
  subZoneCount: number;
};

/** The columns a save writes (never company_id or id). */
export type DistrictColumns = {
  district_name: string;
  kind: number;
  parent_id: number | null;
  polygon: string | null;
  mains_length_km: number | null;
  connections: number | null;
  private_pipe_km: number | null;
  mean_pressure_m: number | null;
  night_use_l_per_conn_h: number | null;
  night_day_factor_h: number | null;
  night_use_m3h: number | null;
  remark: string | null;
};

export type DistrictListFilters = { districtName?: string; kind?: number; parentId?: number };

/** `d` (a districts row) has a member area inside the scope. */
const visibleTo = (scope: DataScope) => (eb: ExpressionBuilder<DB & { d: DB['districts'] }, 'd'>) => {
  const areaIds = [...new Set(scope.areaIds)];
  const regionIds = [...new Set(scope.regionIds)];
  if (areaIds.length === 0 && regionIds.length === 0) return sql<SqlBool>`false`;
  return eb.exists(
    eb
      .selectFrom('district_areas as da')
      .innerJoin('areas as a', (j) => j.onRef('a.company_id', '=', 'da.company_id').onRef('a.id', '=', 'da.area_id'))
      .select(sql`1`.as('one'))
      .whereRef('da.company_id', '=', 'd.company_id')
      .whereRef('da.district_id', '=', 'd.id')
      .where((w) =>
        w.or([
          ...(areaIds.length ? [w('da.area_id', 'in', areaIds)] : []),
          ...(regionIds.length ? [w('a.region_id', 'in', regionIds)] : []),
        ]),
      ),
  );
};

const districtQuery = (db: Db, companyId: number, scope: DataScope | null) => {
  let q = db
    .selectFrom('districts as d')
    .leftJoin('districts as p', (j) => j.onRef('p.company_id', '=', 'd.company_id').onRef('p.id', '=', 'd.parent_id'))
    .where('d.company_id', '=', companyId);
  if (scope) q = q.where(visibleTo(scope));
  return q;
};

/**
 * The ids of the districts a scoped account sees, for the analysis routes (balance, night flow, import, map) to
 * narrow by the same rule as the list; null for an unscoped account (every district of the tenant).
 */
export const visibleDistrictIds = async (db: Db, companyId: number, scope: DataScope | null) => {
  if (!scope) return null;
  const rows = await db
    .selectFrom('districts as d')
    .select('d.id')
    .where('d.company_id', '=', companyId)
    .where(visibleTo(scope))
    .execute();
  return new Set(rows.map((r) => Number(r.id)));
};

const COLUMNS = [
  'd.id',
  'd.district_name',
  'd.kind',
  'd.parent_id',
  'p.district_name as parent_name',
  'd.polygon',
  'd.mains_length_km',
  'd.connections',
  'd.private_pipe_km',
  'd.mean_pressure_m',
  'd.night_use_l_per_conn_h',
  'd.night_day_factor_h',
  'd.night_use_m3h',
  'd.remark',
  'd.created_at',
] as const;

const asRow = (r: Record<string, unknown>): DistrictRow =>
  ({ ...r, id: Number(r.id), parent_id: r.parent_id == null ? null : Number(r.parent_id) }) as DistrictRow;

export const listDistricts = async (
  db: Db,
  companyId: number,
  scope: DataScope | null,
  f: DistrictListFilters,
  offset: number,
  limit: number,
): Promise<{ rows: DistrictRow[]; count: number }> => {
  let q = districtQuery(db, companyId, scope);
  const name = f.districtName?.trim();
  if (name) q = q.where('d.district_name', 'like', `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (f.kind !== undefined) q = q.where('d.kind', '=', f.kind);
  if (f.parentId === 0) q = q.where('d.parent_id', 'is', null);
  else if (f.parentId !== undefined) q = q.where('d.parent_id', '=', f.parentId);
  const [rows, total] = await Promise.all([
    q.select(COLUMNS).orderBy('d.id').offset(offset).limit(limit).execute(),
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(asRow), count: Number(total.n) };
};

/** One district of the tenant the account may see; undefined otherwise. */
export const findDistrict = async (
  db: Db,
  companyId: number,
  id: number,
  scope: DataScope | null,
): Promise<DistrictRow | undefined> => {
  const r = await districtQuery(db, companyId, scope).select(COLUMNS).where('d.id', '=', id).executeTakeFirst();
  return r ? asRow(r) : undefined;
};

/** Meters, areas, member-meter and sub-zone counts of some districts, with four queries whatever their number. */
export const districtDetails = async (
  db: Db,
  companyId: number,
  ids: number[],
): Promise<Map<number, DistrictDetails>> => {
  const out = new Map<number, DistrictDetails>(
    ids.map((id) => [id, { meters: [], areas: [], memberMeterCount: 0, subZoneCount: 0 }]),
  );
  if (ids.length === 0) return out;
  const [meters, areas, counts, subZones] = await Promise.all([
    db
      .selectFrom('district_meters as dm')
      .innerJoin('water_meters as w', (j) =>
        j.onRef('w.company_id', '=', 'dm.company_id').onRef('w.id', '=', 'dm.meter_id'),
      )
      .select(['dm.district_id', 'dm.meter_id', 'w.meter_code', 'dm.role', 'w.lng', 'w.lat'])
      .where('dm.company_id', '=', companyId)
      .where('dm.district_id', 'in', ids)
      .orderBy('dm.role')
      .orderBy('w.meter_code')
      .execute(),
    db
      .selectFrom('district_areas as da')
      .innerJoin('areas as a', (j) => j.onRef('a.company_id', '=', 'da.company_id').onRef('a.id', '=', 'da.area_id'))
      .select(['da.district_id', 'da.area_id', 'a.area_name'])
      .where('da.company_id', '=', companyId)
      .where('da.district_id', 'in', ids)
      .orderBy('a.area_name')
      .execute(),
    // the household meters of the member areas (not the district's own inlets, outlets or supervision points,
    // which often stand in a member area) plus the member-role meters, each once
    sql<{ district_id: string | number; n: string | number }>`
      select x.district_id, count(distinct x.meter_id) as n from (
        select da.district_id, w.id as meter_id
          from district_areas da
          join water_meters w on w.company_id = da.company_id and w.area_id = da.area_id
         where da.company_id = ${companyId} and da.district_id in (${sql.join(ids)})
           and w.meter_kind = 'household'
           and not exists (select 1 from district_meters r
                            where r.company_id = da.company_id and r.district_id = da.district_id
                              and r.meter_id = w.id and r.role <> ${DISTRICT_METER_ROLE.member})
        union all
        select dm.district_id, dm.meter_id from district_meters dm
         where dm.company_id = ${companyId} and dm.district_id in (${sql.join(ids)})
           and dm.role = ${DISTRICT_METER_ROLE.member}
      ) x group by x.district_id`.execute(db),
    db
      .selectFrom('districts')
      .select(['parent_id', (eb) => eb.fn.countAll().as('n')])
      .where('company_id', '=', companyId)
      .where('parent_id', 'in', ids)
      .groupBy('parent_id')
      .execute(),
  ]);
  for (const m of meters)
    out.get(Number(m.district_id))?.meters.push({
      meterId: Number(m.meter_id),
      meterCode: m.meter_code,
      role: Number(m.role),
      lng: m.lng,
      lat: m.lat,
    });
  for (const a of areas)
    out.get(Number(a.district_id))?.areas.push({ areaId: Number(a.area_id), areaName: a.area_name });
  for (const c of counts.rows) {
    const d = out.get(Number(c.district_id));
    if (d) d.memberMeterCount = Number(c.n);
  }
  for (const s of subZones) {
    const d = out.get(Number(s.parent_id));
    if (d) d.subZoneCount = Number(s.n);
  }
  return out;
};

/** Whether another district of the tenant than `exceptId` holds the name (as stored, trimmed). */
export const districtNameTaken = async (db: Db, companyId: number, name: string, exceptId?: number) => {
  let q = db
    .selectFrom('districts')
    .select('id')
    .where('company_id', '=', companyId)
    .where('district_name', '=', name.trim());
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
};

/** The ids of the list that are not rows of the tenant's table (empty when all are the tenant's). */
export const foreignIds = async (
  db: Db,
  companyId: number,
  table: 'water_meters' | 'areas' | 'districts',
  ids: readonly number[],
): Promise<number[]> => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await (db as Kysely<DB>)
    .selectFrom(table)
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', 'in', unique)
    .execute();
  const known = new Set(found.map((r) => Number(r.id)));
  return unique.filter((id) => !known.has(id));
};

/** The chain of parents above a district, nearest first (stops at a repeat, so a corrupt cycle cannot hang it). */
export const ancestorIds = async (db: Db, companyId: number, parentId: number): Promise<number[]> => {
  const rows = await sql<{ id: string | number }>`
    with recursive up (id, parent_id, depth) as (
      select id, parent_id, 1 from districts where company_id = ${companyId} and id = ${parentId}
      union all
      select d.id, d.parent_id, up.depth + 1 from districts d
        join up on d.company_id = ${companyId} and d.id = up.parent_id
       where up.depth < 100
    ) select id from up order by depth`.execute(db);
  return rows.rows.map((r) => Number(r.id));
};

/** Serializes writes of one tenant's districts (name checks, cycle checks) without blocking other tenants. */
export const lockDistricts = async (tx: Transaction<DB>, companyId: number) => {
  await sql`select pg_advisory_xact_lock(hashtext(${'districts'}), ${companyId}::integer)`.execute(tx);
};

export const insertDistrict = async (tx: Transaction<DB>, companyId: number, c: DistrictColumns, at: Date) =>
  Number(
    (
      await tx
        .insertInto('districts')
        .values({ company_id: companyId, ...c, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );

export const updateDistrict = async (
  tx: Transaction<DB>,
  companyId: number,
  id: number,
  c: Partial<DistrictColumns>,
  at: Date,
) => {
  await tx
    .updateTable('districts')
    .set({ ...c, updated_at: at })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
};

/** The district's meters by role and its member areas become exactly these. */
export const replaceDistrictMembers = async (
  tx: Transaction<DB>,
  companyId: number,
  districtId: number,
  meters: { meterId: number; role: number }[],
  areaIds: readonly number[],
) => {
  await tx
    .deleteFrom('district_meters')
    .where('company_id', '=', companyId)
    .where('district_id', '=', districtId)
    .execute();
  await tx
    .deleteFrom('district_areas')
    .where('company_id', '=', companyId)
    .where('district_id', '=', districtId)
    .execute();
  if (meters.length)
    await tx
      .insertInto('district_meters')
      .values(
        meters.map((m) => ({ company_id: companyId, district_id: districtId, meter_id: m.meterId, role: m.role })),
      )
      .execute();
  const areas = [...new Set(areaIds)];
  if (areas.length)
    await tx
      .insertInto('district_areas')
      .values(areas.map((a) => ({ company_id: companyId, district_id: districtId, area_id: a })))
      .execute();
};

export const subZoneCount = async (db: Db, companyId: number, id: number) =>
  Number(
    (
      await db
        .selectFrom('districts')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', companyId)
        .where('parent_id', '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Deletes a district with its meter roles and areas (and, by foreign-key cascade, its nightlines and events). */
export const deleteDistrict = async (tx: Transaction<DB>, companyId: number, id: number) => {
  await tx.deleteFrom('districts').where('company_id', '=', companyId).where('id', '=', id).execute();
};

/** Every district the account may see, with its outline (null when none). */
export const districtPositions = async (db: Db, companyId: number, scope: DataScope | null) =>
  (
    await districtQuery(db, companyId, scope)
      .select(['d.id', 'd.district_name', 'd.kind', 'd.parent_id', 'd.polygon'])
      .orderBy('d.id')
      .execute()
  ).map((r) => ({
    id: Number(r.id),
    districtName: r.district_name,
    kind: Number(r.kind),
    parentId: r.parent_id == null ? null : Number(r.parent_id),
    polygon: r.polygon,
  }));
