// SQL of the monitoring device lists: concentrators, collectors and meters with their online state, last report and
// (meters) last voltage, signal and valve, by code; optionally only those hanging on one concentrator. The counts of
// what hangs on a concentrator or collector are read for the page's rows only. Bounded by company_id and the scope.
import type { MonitorDeviceQuery } from '@waterops/shared/monitoring';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { type ScopePredicate, scopeExpression } from '../resource/resourceScope.ts';

// biome-ignore lint/suspicious/noExplicitAny: the device tables are named in code; the scope is written on alias `t`.
type AnyDb = Kysely<any>;
const loose = (db: Kysely<DB>): AnyDb => db as unknown as AnyDb;

export type DeviceKindTable = 'concentrators' | 'collectors' | 'water_meters';
const CODE_COLUMN: Record<DeviceKindTable, string> = {
  concentrators: 'concentrator_code',
  collectors: 'collector_code',
  water_meters: 'meter_code',
};

export type DeviceListFilter = {
  companyId: number;
  scope: readonly ScopePredicate[] | null;
  query: MonitorDeviceQuery;
  /** only the devices hanging on this concentrator */
  concentratorId?: number;
};

/** The filtered rows of one device table (alias t), before columns, order and paging. */
const filtered = (db: Kysely<DB>, table: DeviceKindTable, f: DeviceListFilter) => {
  let q = loose(db).selectFrom(`${table} as t`).where('t.company_id', '=', f.companyId);
  if (f.scope !== null) q = q.where(scopeExpression(f.scope));
  if (f.concentratorId !== undefined) q = q.where('t.concentrator_id', '=', f.concentratorId);
  if (f.query.areaId !== undefined) q = q.where('t.area_id', '=', f.query.areaId);
  if (f.query.online !== undefined) q = q.where('t.online', '=', f.query.online);
  const code = f.query.code?.trim();
  if (code) q = q.where(sql<SqlBool>`starts_with(${sql.ref(`t.${CODE_COLUMN[table]}`)}, ${code})`);
  return q;
};

type Row = Record<string, unknown>;

const pageOf = async (
  db: Kysely<DB>,
  table: DeviceKindTable,
  f: DeviceListFilter,
  build: (q: ReturnType<typeof filtered>) => ReturnType<typeof filtered>,
): Promise<{ rows: Row[]; count: number }> => {
  const q = filtered(db, table, f);
  const [rows, total] = await Promise.all([
    build(q.leftJoin('areas as a', (j) => j.onRef('a.company_id', '=', 't.company_id').onRef('a.id', '=', 't.area_id')))
      .select(['t.id', 't.area_id', 'a.area_name', 't.online', 't.last_report_at'])
      .orderBy(`t.${CODE_COLUMN[table]}`)
      .orderBy('t.id')
      .offset((f.query.page - 1) * f.query.limit)
      .limit(f.query.limit)
      .execute(),
    q.select(sql<string>`count(*)`.as('n')).executeTakeFirst(),
  ]);
  return { rows: rows as Row[], count: Number((total as { n?: unknown } | undefined)?.n ?? 0) };
};

/** How many rows of `table` hang on each of `ids` through `column`, and how many of them are offline. */
const countsUnder = async (
  db: Kysely<DB>,
  companyId: number,
  table: 'collectors' | 'water_meters',
  column: 'concentrator_id' | 'collector_id',
  ids: number[],
): Promise<Map<number, { total: number; offline: number }>> => {
  if (ids.length === 0) return new Map();
  const rows = await loose(db)
    .selectFrom(table)
    .select([column, sql<string>`count(*)`.as('n'), sql<string>`count(*) filter (where not online)`.as('off')])
    .where('company_id', '=', companyId)
    .where(column, 'in', ids)
    .groupBy(column)
    .execute();
  return new Map(rows.map((r) => [Number(r[column]), { total: Number(r.n), offline: Number(r.off) }]));
};

export const listConcentrators = async (db: Kysely<DB>, f: DeviceListFilter) => {
  const { rows, count } = await pageOf(db, 'concentrators', f, (q) =>
    q.select(['t.concentrator_code', 't.report_rate']),
  );
  const ids = rows.map((r) => Number(r.id));
  const [collectors, meters] = await Promise.all([
    countsUnder(db, f.companyId, 'collectors', 'concentrator_id', ids),
    countsUnder(db, f.companyId, 'water_meters', 'concentrator_id', ids),
  ]);
  return {
    count,
    rows: rows.map((r) => ({
      ...r,
      collector_count: collectors.get(Number(r.id))?.total ?? 0,
      meter_count: meters.get(Number(r.id))?.total ?? 0,
      offline_meter_count: meters.get(Number(r.id))?.offline ?? 0,
    })),
  };
};

export const listCollectors = async (db: Kysely<DB>, f: DeviceListFilter) => {
  const { rows, count } = await pageOf(db, 'collectors', f, (q) =>
    q
      .leftJoin('concentrators as c', (j) =>
        j.onRef('c.company_id', '=', 't.company_id').onRef('c.id', '=', 't.concentrator_id'),
      )
      .select(['t.collector_code', 't.concentrator_id', 'c.concentrator_code', 't.upload_frequency']),
  );
  const meters = await countsUnder(
    db,
    f.companyId,
    'water_meters',
    'collector_id',
    rows.map((r) => Number(r.id)),
  );
  return { count, rows: rows.map((r) => ({ ...r, meter_count: meters.get(Number(r.id))?.total ?? 0 })) };
};

export const listMeters = (db: Kysely<DB>, f: DeviceListFilter) =>
  pageOf(db, 'water_meters', f, (q) =>
    q
      .leftJoin('concentrators as c', (j) =>
        j.onRef('c.company_id', '=', 't.company_id').onRef('c.id', '=', 't.concentrator_id'),
      )
      .leftJoin('collectors as k', (j) =>
        j.onRef('k.company_id', '=', 't.company_id').onRef('k.id', '=', 't.collector_id'),
      )
      .select([
        't.meter_code',
        'c.concentrator_code',
        'k.collector_code',
        't.last_reading',
        't.voltage',
        't.csq',
        't.rsrp',
        't.valve_control',
        't.valve_state',
      ]),
  );
