// SQL of concentrators beyond the generic resource statements: what hangs on them (collectors, meters), the names
// their rows show (area, manufacturer), the stored settings, and the online counts of the device overview. Every
// statement is bounded by the caller's company_id.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { type ScopePredicate, scopeExpression } from '../resource/resourceScope.ts';

type Db = Kysely<DB> | Transaction<DB>;
// biome-ignore lint/suspicious/noExplicitAny: the device tables are chosen by name from code, never from a request.
type AnyDb = Kysely<any>;
const loose = (db: Db): AnyDb => db as unknown as AnyDb;

/** The tables named by id from a device row: their display column. */
const NAME_COLUMNS = {
  areas: 'area_name',
  manufacturers: 'name',
  collector_types: 'type_name',
  concentrators: 'concentrator_code',
} as const;
export type NamedTable = keyof typeof NAME_COLUMNS;

/** id → display name of rows of the tenant (area names, manufacturer names…). */
export const namesOf = async (db: Db, companyId: number, table: NamedTable, ids: unknown[]) => {
  const wanted = [...new Set(ids.filter((v) => v !== null && v !== undefined).map(Number))];
  if (wanted.length === 0) return new Map<number, string>();
  const rows = await loose(db)
    .selectFrom(table)
    .select(['id', `${NAME_COLUMNS[table]} as name`])
    .where('company_id', '=', companyId)
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), String(r.name)]));
};

/** Whether a row of the tenant exists in a table referred to by a device (area, manufacturer, concentrator…). */
export const tenantRowExists = async (db: Db, companyId: number, table: NamedTable, id: number) =>
  (await loose(db)
    .selectFrom(table)
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst()) !== undefined;

/** Per concentrator: how many collectors and meters hang on it. */
export const devicesUnder = async (db: Db, companyId: number, concentratorIds: number[]) => {
  const out = new Map<number, { collectors: number; meters: number }>();
  if (concentratorIds.length === 0) return out;
  for (const id of concentratorIds) out.set(id, { collectors: 0, meters: 0 });
  const [collectors, meters] = await Promise.all([
    db
      .selectFrom('collectors')
      .select(['concentrator_id', (eb) => eb.fn.countAll().as('n')])
      .where('company_id', '=', companyId)
      .where('concentrator_id', 'in', concentratorIds)
      .groupBy('concentrator_id')
      .execute(),
    db
      .selectFrom('water_meters')
      .select(['concentrator_id', (eb) => eb.fn.countAll().as('n')])
      .where('company_id', '=', companyId)
      .where('concentrator_id', 'in', concentratorIds)
      .groupBy('concentrator_id')
      .execute(),
  ]);
  for (const r of collectors) (out.get(Number(r.concentrator_id)) as { collectors: number }).collectors = Number(r.n);
  for (const r of meters) (out.get(Number(r.concentrator_id)) as { meters: number }).meters = Number(r.n);
  return out;
};

/** The code of the tenant's most recently created concentrator (the base of the proposed next code). */
export const latestConcentratorCode = async (db: Db, companyId: number): Promise<string | null> => {
  const row = await db
    .selectFrom('concentrators')
    .select('concentrator_code')
    .where('company_id', '=', companyId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.concentrator_code ?? null;
};

export const concentratorCodeTaken = async (db: Db, companyId: number, code: string) =>
  (await db
    .selectFrom('concentrators')
    .select('id')
    .where('company_id', '=', companyId)
    .where('concentrator_code', '=', code)
    .executeTakeFirst()) !== undefined;

/** The id of the tenant's concentrator with this code. */
export const concentratorIdByCode = async (db: Db, companyId: number, code: string): Promise<number | undefined> => {
  const row = await db
    .selectFrom('concentrators')
    .select('id')
    .where('company_id', '=', companyId)
    .where('concentrator_code', '=', code)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
};

/** Writes stored settings of one device row (ip, port, rates…); the caller has checked it exists and is in scope. */
export const updateDeviceSettings = async (
  tx: Transaction<DB>,
  table: 'concentrators' | 'collectors',
  companyId: number,
  id: number,
  values: Record<string, unknown>,
  at: Date,
) => {
  await loose(tx)
    .updateTable(table)
    .set({ ...values, updated_at: at })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
};

export type OnlineCount = { online: number; offline: number; total: number };

/** Online / offline / total rows of a device table, inside the data scope (null predicates: unrestricted). */
export const onlineCount = async (
  db: Db,
  companyId: number,
  table: 'concentrators' | 'collectors' | 'water_meters',
  predicates: readonly ScopePredicate[] | null,
): Promise<OnlineCount> => {
  let q = loose(db)
    .selectFrom(`${table} as t`)
    .select([sql<number>`count(*) filter (where t.online)`.as('online'), sql<number>`count(*)`.as('total')])
    .where('t.company_id', '=', companyId);
  if (predicates) q = q.where(scopeExpression(predicates));
  const row = await q.executeTakeFirstOrThrow();
  const online = Number(row.online);
  const total = Number(row.total);
  return { online, offline: total - online, total };
};
