// SQL of the generic resources: every statement is bounded by the caller's company_id, so another tenant's row is
// never read, changed or counted. Tables and columns come from descriptors written in code, never from a request.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import type { Condition, SortTerm } from './resourceQuery.ts';
import { type ScopeCondition, scopeExpression } from './resourceScope.ts';

/** The tenant tables a resource may be built on: company_id plus an identity id. */
export type ResourceTable =
  | 'roles'
  | 'users'
  | 'menus'
  | 'regions'
  | 'areas'
  | 'departments'
  | 'residents'
  | 'water_meters'
  | 'valves'
  | 'manufacturers'
  | 'meter_models'
  | 'collector_types'
  | 'resident_categories'
  | 'concentrators'
  | 'collectors'
  // the pipe network (issue 7)
  | 'pipelines'
  | 'wells';

export type DbRow = Record<string, unknown> & { id: number };

// biome-ignore lint/suspicious/noExplicitAny: tables are chosen by name from a descriptor; rows are typed by its schemas.
type AnyDb = Kysely<any>;
const loose = (db: Kysely<DB> | Transaction<DB>): AnyDb => db as unknown as AnyDb;

/** The filters' conditions and, for a scoped principal, the data scope's. */
export type ListCondition = Condition | ScopeCondition;

export type ListPage = { conditions: ListCondition[]; sort: SortTerm[]; offset: number; limit: number };

/**
 * The one "rows of the tenant matching the list's conditions" query, shared by the list page, its count and the
 * spreadsheet export, so a condition added to the list (data scope…) applies to all three alike.
 */
const matchingRows = (db: Kysely<DB>, table: ResourceTable, companyId: number, conditions: ListCondition[]) => {
  let q = loose(db).selectFrom(`${table} as t`).where('t.company_id', '=', companyId);
  for (const c of conditions) {
    if (c.op === 'scope') q = q.where(scopeExpression(c.predicates));
    else if (c.op === 'where') q = q.where(c.where(c.value));
    else if (c.op === 'linked') {
      const { table: link, key } = c.through;
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom(`${link} as l`)
            .select(eb.lit(1).as('one'))
            .whereRef('l.company_id', '=', 't.company_id')
            .whereRef(`l.${key}`, '=', 't.id')
            .where(`l.${c.column}`, '=', c.value),
        ),
      );
    } else q = q.where(`t.${c.column}`, c.op, c.value);
  }
  return q;
};

export const countRows = async (
  db: Kysely<DB>,
  table: ResourceTable,
  companyId: number,
  conditions: ListCondition[],
): Promise<number> => {
  const total = await matchingRows(db, table, companyId, conditions)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(total.count);
};

export const listRows = async (
  db: Kysely<DB>,
  table: ResourceTable,
  columns: readonly string[],
  companyId: number,
  p: ListPage,
): Promise<{ rows: DbRow[]; count: number }> => {
  let rowsQuery = matchingRows(db, table, companyId, p.conditions).select(columns.map((c) => `t.${c}`));
  for (const s of p.sort) rowsQuery = rowsQuery.orderBy(`t.${s.column}`, s.order);
  const [rows, count] = await Promise.all([
    rowsQuery.offset(p.offset).limit(p.limit).execute(),
    countRows(db, table, companyId, p.conditions),
  ]);
  return { rows: rows as DbRow[], count };
};

export const findRow = async (
  db: Kysely<DB> | Transaction<DB>,
  table: ResourceTable,
  columns: readonly string[],
  companyId: number,
  id: number,
): Promise<DbRow | undefined> =>
  (await loose(db)
    .selectFrom(table)
    .select(columns as string[])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst()) as DbRow | undefined;

/** The ids among `ids` that are rows of the tenant's table (another tenant's, or no row at all, are left out). */
export const tenantIdsAmong = async (
  db: Kysely<DB> | Transaction<DB>,
  table: ResourceTable,
  companyId: number,
  ids: readonly number[],
): Promise<Set<number>> => {
  if (ids.length === 0) return new Set();
  const rows = (await loose(db)
    .selectFrom(table)
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .execute()) as { id: number | string }[];
  return new Set(rows.map((r) => Number(r.id)));
};

/** Whether another row of the tenant (not `exceptId`) holds this value in the column. */
export const valueTaken = async (
  db: Kysely<DB> | Transaction<DB>,
  table: ResourceTable,
  companyId: number,
  column: string,
  value: unknown,
  exceptId?: number,
  /** unique only among rows sharing this column's value (department names among siblings) */
  within?: { column: string; value: unknown },
): Promise<boolean> => {
  let q = loose(db).selectFrom(table).select('id').where('company_id', '=', companyId).where(column, '=', value);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  if (within) q = q.where(within.column, '=', within.value);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
};

export const insertRow = async (
  tx: Transaction<DB>,
  table: ResourceTable,
  companyId: number,
  values: Record<string, unknown>,
): Promise<number> => {
  const row = await loose(tx)
    .insertInto(table)
    .values({ ...values, company_id: companyId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
};

export const updateRow = async (
  tx: Transaction<DB>,
  table: ResourceTable,
  companyId: number,
  id: number,
  values: Record<string, unknown>,
): Promise<void> => {
  if (Object.keys(values).length === 0) return;
  await loose(tx).updateTable(table).set(values).where('company_id', '=', companyId).where('id', '=', id).execute();
};

export const deleteRow = async (tx: Transaction<DB>, table: ResourceTable, companyId: number, id: number) => {
  await loose(tx).deleteFrom(table).where('company_id', '=', companyId).where('id', '=', id).execute();
};

/**
 * Serialises the writes of one resource within one tenant until the transaction ends, so "check the value is free,
 * then write it" cannot interleave with another request doing the same (uniqueness without a race).
 */
export const lockResource = async (tx: Transaction<DB>, table: ResourceTable, companyId: number): Promise<void> => {
  await sql`select pg_advisory_xact_lock(hashtext(${table}), ${companyId}::integer)`.execute(tx);
};
