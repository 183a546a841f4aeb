// The data of the registry benchmark, made inside the database with generate_series (one INSERT … SELECT per table):
// regions and residential areas, manufacturers and meter models, concentrators and collectors in proportion to the
// meters, and the meters themselves, in the tenant of the signed-in administrator. Meters come in delivery batches:
// a batch's body codes share a prefix ('WM0042' + a 6-digit sequence) and were installed in runs of METERS_PER_AREA_RUN
// meters per area, the way a utility rolls a batch out estate by estate; so one area holds meters of several batches
// and "area AND code prefix" narrows both ways.
import type { DB } from '@waterops/gateway/src/db/tables.ts';
import { type Kysely, sql } from 'kysely';
import { createIndexes, dropSecondaryIndexes, timed } from './benchApp.ts';

export type RegistryDataSize = { meters: number; regions: number; areasPerRegion: number };

/** Meters per concentrator and per collector (a concentrator reads 10 collectors of 100 meters). */
export const METERS_PER_CONCENTRATOR = 1_000;
export const METERS_PER_COLLECTOR = 100;
/** Meters of one delivery batch: they share a code prefix. */
export const BATCH_METERS = 10_000;
/** Consecutive meters of a batch installed in the same area. */
export const METERS_PER_AREA_RUN = 100;
/** When the newest meter was created; older ones go back one a minute. */
export const CREATED_END = '2026-11-22T00:00:00Z';

/** The body code prefix of delivery batch `batch` (0-based): 'WM0000', 'WM0001', … */
export const batchPrefix = (batch: number): string => `WM${String(batch).padStart(4, '0')}`;

export type RegistryData = {
  companyId: number;
  /** every area with its region, in the order meters were spread over them (id order) */
  areas: { id: number; regionId: number }[];
  seconds: Record<string, number>;
};

/** Names and codes of this file and numbers: safe as SQL literals. */
const n = (v: number) => sql.raw(String(Math.trunc(v)));

/**
 * Drops the table's foreign keys and answers how to add them back: adding a key checks every row in one join
 * instead of one trigger query per inserted row.
 */
const dropForeignKeys = async (db: Kysely<DB>, table: string): Promise<string[]> => {
  const keys = await sql<{ name: string; definition: string }>`
    select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
    where conrelid = to_regclass(${table}) and contype = 'f'`.execute(db);
  for (const k of keys.rows) await sql`alter table ${sql.id(table)} drop constraint ${sql.id(k.name)}`.execute(db);
  return keys.rows.map((k) => `alter table ${table} add constraint ${k.name} ${k.definition}`);
};

/** Fills the tenant of `companyId`; answers its places and how long each step took. */
export const buildRegistryData = async (
  db: Kysely<DB>,
  companyId: number,
  size: RegistryDataSize,
): Promise<RegistryData> => {
  const seconds: Record<string, number> = {};
  const areaCount = size.regions * size.areasPerRegion;
  const concentrators = Math.max(1, Math.ceil(size.meters / METERS_PER_CONCENTRATOR));
  const collectors = Math.max(1, Math.ceil(size.meters / METERS_PER_COLLECTOR));

  await timed(seconds, 'places', async () => {
    await sql`insert into regions (company_id, region_name)
        select ${companyId}, '压测片区' || lpad(g::text, 3, '0') from generate_series(0, ${n(size.regions - 1)}) g`.execute(
      db,
    );
    await sql`insert into areas (company_id, region_id, area_name, address)
        select r.company_id, r.id, r.region_name || '-小区' || lpad(g::text, 3, '0'), r.region_name || g || '号'
        from regions r, generate_series(0, ${n(size.areasPerRegion - 1)}) g
        where r.company_id = ${companyId} and r.region_name like '压测片区%'`.execute(db);
  });
  await timed(seconds, 'catalogues', async () => {
    await sql`insert into manufacturers (company_id, name, code)
        select ${companyId}, '压测厂家' || g, 'MF' || g from generate_series(0, 4) g`.execute(db);
    await sql`insert into meter_models (company_id, type_name, manufacturer_id, meter_kind, caliber)
        select m.company_id, m.name || '-表型' || k, m.id, 1 + k % 5, (array[15, 20, 25, 40, 50])[1 + k % 5]
        from manufacturers m, generate_series(0, 1) k where m.company_id = ${companyId}`.execute(db);
  });

  // The tenant's rows of a table numbered k = 0, 1, … in id order, so a meter can join "the k-th collector".
  const numbered = (table: 'areas' | 'concentrators' | 'collectors' | 'meter_models') =>
    sql`(select t.*, (row_number() over (order by t.id) - 1)::int as k
         from ${sql.table(table)} t where t.company_id = ${companyId})`;

  await timed(seconds, 'devices', async () => {
    // concentrator j sits in the area of its first collector; collector g in area g mod areas (its meters follow it)
    await sql`insert into concentrators (company_id, concentrator_code, name, manufacturer_id, area_id, ip, port,
                                         report_rate, install_date, online)
        select ${companyId}, 'JZQ' || lpad(j::text, 6, '0'), '集中器' || j,
               (select min(id) from manufacturers where company_id = ${companyId}), a.id,
               '10.1.' || (j / 250 % 250) || '.' || (1 + j % 250), 9000, 60, date '2024-01-01' + (j % 700), j % 9 <> 0
        from generate_series(0, ${n(concentrators - 1)}) j
        join ${numbered('areas')} a on a.k = (j * 10) % ${n(areaCount)}`.execute(db);
    await sql`insert into collectors (company_id, collector_code, link_kind, concentrator_id, area_id, channel,
                                      install_date, online)
        select ${companyId}, 'CJQ' || lpad(g::text, 7, '0'), 1 + g % 2, c.id, a.id, g % 8,
               date '2024-01-01' + (g % 700), g % 11 <> 0
        from generate_series(0, ${n(collectors - 1)}) g
        join ${numbered('areas')} a on a.k = g % ${n(areaCount)}
        join ${numbered('concentrators')} c on c.k = g / 10`.execute(db);
  });

  const indexes = await dropSecondaryIndexes(db, 'water_meters');
  const keys = await dropForeignKeys(db, 'water_meters');
  await timed(seconds, 'meters', () =>
    sql`insert into water_meters (company_id, meter_code, remote_code, collector_id, concentrator_id,
                                  manufacturer_id, meter_model_id, caliber, max_reading, base_reading, precision,
                                  area_id, address, install_date, operation_years, used, online, created_at, updated_at)
        select ${companyId},
               'WM' || lpad((g / ${n(BATCH_METERS)})::text, 4, '0') || lpad((g % ${n(BATCH_METERS)})::text, 6, '0'),
               lpad(g::text, 12, '0'), c.id, c.concentrator_id, mm.manufacturer_id, mm.id,
               (array[15, 20, 25, 40, 50])[1 + g % 5], 99999.999, (g % 500)::numeric / 10, 3,
               c.area_id, '压测路' || (g / 100) || '号' || (g % 100) || '室',
               date '2020-01-01' + (g % 2000), 6 + g % 10, g % 50 <> 0, g % 13 <> 0,
               ${CREATED_END}::timestamptz - g * interval '1 minute', ${CREATED_END}::timestamptz
        from generate_series(0, ${n(size.meters - 1)}) g
        join ${numbered('collectors')} c on c.k = g / ${n(METERS_PER_COLLECTOR)}
        join ${numbered('meter_models')} mm on mm.k = g % 10`.execute(db),
  );
  await timed(seconds, 'meterIndexes', () => createIndexes(db, indexes));
  await timed(seconds, 'meterKeys', async () => {
    for (const k of keys) await sql.raw(k).execute(db);
  });
  // VACUUM as autovacuum would on a running server (visibility map for index-only counts); PGlite has none.
  await timed(seconds, 'vacuumAnalyze', () => sql`vacuum analyze`.execute(db));

  const areas = (
    await db.selectFrom('areas').select(['id', 'region_id']).where('company_id', '=', companyId).orderBy('id').execute()
  ).map((r) => ({ id: Number(r.id), regionId: Number(r.region_id) }));
  return { companyId, areas, seconds };
};

export type RelationSize = { table: string; index: string; bytes: number };

/** The sizes of the meter table and its indexes (the table itself as index `(table)`). */
export const meterRelationSizes = async (db: Kysely<DB>): Promise<RelationSize[]> => {
  const rows = await sql<{ table: string; index: string; bytes: string | number }>`
    select c.relname as table, '(table)' as index, pg_relation_size(c.oid) as bytes
    from pg_class c where c.relname = 'water_meters' and c.relkind = 'r'
    union all
    select t.relname, i.relname, pg_relation_size(i.oid)
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    where t.relname = 'water_meters'
    order by 1, 2`.execute(db);
  return rows.rows.map((r) => ({ table: r.table, index: r.index, bytes: Number(r.bytes) }));
};
