// SQL of the device blacklists (one table, three lists by list_kind): resolving a typed device code to the tenant's
// device, the paged list with each device's area (the data scope applies through it), add, remove, and the set-based
// check ingestion and commands ask before they act on devices.
import type { BlacklistDeviceKind, BlacklistKind } from '@waterops/shared/blacklist';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { type ScopePredicate, scopeExpression } from '../resource/resourceScope.ts';

type Db = Kysely<DB> | Transaction<DB>;
// biome-ignore lint/suspicious/noExplicitAny: the device table is chosen by kind from the constant below.
type AnyDb = Kysely<any>;
const loose = (db: Db): AnyDb => db as unknown as AnyDb;

/** Where each device kind lives and the column of its code. */
const DEVICE_TABLES: Record<BlacklistDeviceKind, { table: string; code: string }> = {
  1: { table: 'concentrators', code: 'concentrator_code' },
  2: { table: 'collectors', code: 'collector_code' },
  3: { table: 'water_meters', code: 'meter_code' },
};

/** The tenant's device of that kind with exactly this code, inside the scope (null predicates: unrestricted). */
export const resolveDevice = async (
  db: Db,
  companyId: number,
  deviceKind: BlacklistDeviceKind,
  code: string,
  predicates: readonly ScopePredicate[] | null,
): Promise<{ id: number; code: string } | undefined> => {
  const { table, code: column } = DEVICE_TABLES[deviceKind];
  let q = loose(db)
    .selectFrom(`${table} as t`)
    .select(['t.id', `t.${column} as code`])
    .where('t.company_id', '=', companyId)
    .where(`t.${column}`, '=', code);
  if (predicates) q = q.where(scopeExpression(predicates));
  const row = await q.executeTakeFirst();
  return row ? { id: Number(row.id), code: String(row.code) } : undefined;
};

export type BlacklistRow = {
  id: number;
  list_kind: number;
  device_kind: number;
  device_id: number;
  device_code: string;
  area_name: string | null;
  reason: string | null;
  created_by_name: string | null;
  created_at: Date;
};

/** One list's entries with their device's area (the scope applies to it) and who added them, as alias `t`. */
const entries = (db: Db, companyId: number, listKind: BlacklistKind) =>
  loose(db)
    .selectFrom('device_blacklists as b')
    .leftJoin('concentrators as c', (j) =>
      j.onRef('c.company_id', '=', 'b.company_id').onRef('c.id', '=', 'b.device_id').on('b.device_kind', '=', 1),
    )
    .leftJoin('collectors as k', (j) =>
      j.onRef('k.company_id', '=', 'b.company_id').onRef('k.id', '=', 'b.device_id').on('b.device_kind', '=', 2),
    )
    .leftJoin('water_meters as m', (j) =>
      j.onRef('m.company_id', '=', 'b.company_id').onRef('m.id', '=', 'b.device_id').on('b.device_kind', '=', 3),
    )
    .leftJoin('users as u', (j) => j.onRef('u.company_id', '=', 'b.company_id').onRef('u.id', '=', 'b.created_by'))
    .select([
      'b.company_id',
      'b.id',
      'b.list_kind',
      'b.device_kind',
      'b.device_id',
      'b.device_code',
      'b.reason',
      'b.created_at',
      'u.username as created_by_name',
      sql<number | null>`coalesce(c.area_id, k.area_id, m.area_id)`.as('area_id'),
    ])
    .where('b.company_id', '=', companyId)
    .where('b.list_kind', '=', listKind)
    .as('t');

export type BlacklistQuery = {
  deviceKind?: number;
  deviceCode?: string;
  offset: number;
  limit: number;
};

/** One page of a list, newest first, inside the scope; and how many match. */
export const listBlacklist = async (
  db: Db,
  companyId: number,
  listKind: BlacklistKind,
  q: BlacklistQuery,
  predicates: readonly ScopePredicate[] | null,
): Promise<{ rows: BlacklistRow[]; count: number }> => {
  let base = loose(db)
    .selectFrom(entries(db, companyId, listKind))
    .leftJoin('areas as a', (j) => j.onRef('a.company_id', '=', 't.company_id').onRef('a.id', '=', 't.area_id'));
  if (q.deviceKind) base = base.where('t.device_kind', '=', q.deviceKind);
  const code = q.deviceCode?.trim();
  if (code) base = base.where(sql`strpos(t.device_code, ${code})`, '>', 0);
  if (predicates) base = base.where(scopeExpression(predicates));
  const [rows, total] = await Promise.all([
    base
      .selectAll('t')
      .select('a.area_name')
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .offset(q.offset)
      .limit(q.limit)
      .execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as BlacklistRow[], count: Number(total.n) };
};

/** One entry of a list inside the scope, or undefined (missing, another tenant's, another list's, out of scope). */
export const findBlacklistEntry = async (
  db: Db,
  companyId: number,
  listKind: BlacklistKind,
  id: number,
  predicates: readonly ScopePredicate[] | null,
): Promise<BlacklistRow | undefined> => {
  let q = loose(db)
    .selectFrom(entries(db, companyId, listKind))
    .leftJoin('areas as a', (j) => j.onRef('a.company_id', '=', 't.company_id').onRef('a.id', '=', 't.area_id'))
    .selectAll('t')
    .select('a.area_name')
    .where('t.id', '=', id);
  if (predicates) q = q.where(scopeExpression(predicates));
  return (await q.executeTakeFirst()) as BlacklistRow | undefined;
};

/** Adds a device to a list; undefined when it is already on it (the unique key decides, so a race cannot double it). */
export const addToBlacklist = async (
  tx: Transaction<DB>,
  v: {
    companyId: number;
    listKind: BlacklistKind;
    deviceKind: BlacklistDeviceKind;
    deviceId: number;
    deviceCode: string;
    reason: string | null;
    createdBy: number;
    at: Date;
  },
): Promise<number | undefined> => {
  const row = await tx
    .insertInto('device_blacklists')
    .values({
      company_id: v.companyId,
      list_kind: v.listKind,
      device_kind: v.deviceKind,
      device_id: v.deviceId,
      device_code: v.deviceCode,
      reason: v.reason,
      created_by: v.createdBy,
      created_at: v.at,
    })
    .onConflict((oc) => oc.constraint('device_blacklists_uq').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
};

export const updateBlacklistReason = async (
  tx: Transaction<DB>,
  companyId: number,
  id: number,
  reason: string | null,
): Promise<void> => {
  await tx
    .updateTable('device_blacklists')
    .set({ reason })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
};

export const removeFromBlacklist = async (tx: Transaction<DB>, companyId: number, id: number): Promise<void> => {
  await tx.deleteFrom('device_blacklists').where('company_id', '=', companyId).where('id', '=', id).execute();
};

/**
 * Which of these devices of one kind are on a list: the check ingestion (data push), the month-end freeze (reading
 * sync) and commands (command filter) make for a whole batch with one query.
 */
export const isBlacklisted = async (
  db: Db,
  companyId: number,
  listKind: BlacklistKind,
  deviceKind: BlacklistDeviceKind,
  deviceIds: readonly number[],
): Promise<Set<number>> => {
  if (deviceIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('device_blacklists')
    .select('device_id')
    .where('company_id', '=', companyId)
    .where('list_kind', '=', listKind)
    .where('device_kind', '=', deviceKind)
    .where(sql<boolean>`device_id = any(${sql.val([...new Set(deviceIds)])}::bigint[])`)
    .execute();
  return new Set(rows.map((r) => Number(r.device_id)));
};
