// SQL of companies administration. Companies are a global table keyed by id, not tenant rows: a caller sees and
// changes only their own company and the companies whose parent it is (`visibleTo`), so another customer of the
// same parent, or the parent itself, is never read or changed from a child.
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import type { Condition, SortTerm } from '../resource/resourceQuery.ts';

type Db = Kysely<DB> | Transaction<DB>;

export const COMPANY_COLUMNS = [
  'id',
  'parent_id',
  'name',
  'name_en',
  'kind',
  'code',
  'contact',
  'phone',
  'address',
  'logo_name',
  'logo_name_en',
  'logo_img',
  'enabled',
  'created_at',
] as const;

export type CompanyRow = {
  id: number;
  parent_id: number | null;
  name: string;
  name_en: string | null;
  kind: string;
  code: string | null;
  contact: string | null;
  phone: string | null;
  address: string | null;
  logo_name: string;
  logo_name_en: string | null;
  logo_img: string | null;
  enabled: boolean;
  created_at: Date;
};

/** The caller's own company or one it created. */
const visibleTo = (companyId: number) => (eb: ExpressionBuilder<DB, 'companies'>) =>
  eb.or([eb('companies.id', '=', companyId), eb('companies.parent_id', '=', companyId)]);

/** The columns list filters and sorts may name (from code, never from a request). */
type CompanyColumn = 'name' | 'kind' | 'enabled' | 'code' | 'created_at' | 'id';

export const listCompanies = async (
  db: Kysely<DB>,
  companyId: number,
  p: { conditions: Condition[]; sort: SortTerm[]; offset: number; limit: number },
): Promise<{ rows: CompanyRow[]; count: number }> => {
  let q = db.selectFrom('companies').where(visibleTo(companyId));
  for (const c of p.conditions) {
    if (c.op === 'linked' || c.op === 'where') throw new Error('companies have no linked or where filters');
    q = q.where(c.column as CompanyColumn, c.op, c.value as never);
  }
  let rowsQuery = q.select(COMPANY_COLUMNS);
  for (const s of p.sort) rowsQuery = rowsQuery.orderBy(s.column as CompanyColumn, s.order);
  const [rows, total] = await Promise.all([
    rowsQuery.offset(p.offset).limit(p.limit).execute(),
    q.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as CompanyRow[], count: Number(total.count) };
};

/** The company when the caller may see it (own or created by the caller's company); else undefined. */
export const findVisibleCompany = async (db: Db, companyId: number, id: number): Promise<CompanyRow | undefined> =>
  (await db
    .selectFrom('companies')
    .select(COMPANY_COLUMNS)
    .where('id', '=', id)
    .where(visibleTo(companyId))
    .executeTakeFirst()) as CompanyRow | undefined;

/** Whether a company other than `exceptId` holds the name (exact) or the code (case-insensitive): across all companies. */
export const companyValueTaken = async (
  db: Db,
  field: 'name' | 'code',
  value: string,
  exceptId?: number,
): Promise<boolean> => {
  let q = db.selectFrom('companies').select('id');
  q = field === 'code' ? q.where(sql<string>`upper(code)`, '=', value.toUpperCase()) : q.where('name', '=', value);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
};

/**
 * Serialises company writes across all tenants until the transaction ends: names and codes are unique across
 * companies, so "check free, then write" must not interleave with another company's save.
 */
export const lockCompanies = async (tx: Transaction<DB>): Promise<void> => {
  await sql`select pg_advisory_xact_lock(hashtext('companies'), 0)`.execute(tx);
};

export const updateCompany = async (tx: Transaction<DB>, id: number, values: Record<string, unknown>) => {
  await tx.updateTable('companies').set(values).where('id', '=', id).execute();
};

/** Ends every session of a company's users (the company was disabled); returns their ids to drop cached sessions. */
export const endCompanySessions = async (tx: Transaction<DB>, companyId: number, now: Date): Promise<number[]> => {
  await tx
    .updateTable('tokens')
    .set({ revoked_at: now })
    .where('company_id', '=', companyId)
    .where('revoked_at', 'is', null)
    .execute();
  const users = await tx.selectFrom('users').select('id').where('company_id', '=', companyId).execute();
  return users.map((u) => Number(u.id));
};
