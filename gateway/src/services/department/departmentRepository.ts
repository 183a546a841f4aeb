// SQL of departments beyond the generic resource: parent names and account counts for a page, children, and whether
// a parent belongs to the tenant. Bounded by company_id throughout.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** department id → name, for the parents of a page. */
export const departmentNames = async (db: Db, companyId: number, ids: number[]): Promise<Map<number, string>> => {
  const unique = [...new Set(ids)].filter((id) => id > 0);
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('departments')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.name]));
};

/** department id → its number of accounts. */
export const accountCounts = async (db: Db, companyId: number, ids: number[]): Promise<Map<number, number>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select((eb) => ['department_id', eb.fn.countAll().as('n')])
    .where('company_id', '=', companyId)
    .where('department_id', 'in', ids)
    .groupBy('department_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.department_id), Number(r.n)]));
};

export const hasChildren = async (db: Db, companyId: number, id: number): Promise<boolean> =>
  (await db
    .selectFrom('departments')
    .select('id')
    .where('company_id', '=', companyId)
    .where('parent_id', '=', id)
    .limit(1)
    .executeTakeFirst()) !== undefined;

/** The department's ancestors' ids from its parent up (a parent may not be the department or one below it). */
export const ancestorIds = async (db: Db, companyId: number, id: number): Promise<number[]> => {
  const out: number[] = [];
  let current = id;
  // departments are a shallow tree; the bound guards a cycle left by hand in the database
  for (let depth = 0; depth < 50 && current > 0; depth++) {
    const row = await db
      .selectFrom('departments')
      .select(['id', 'parent_id'])
      .where('company_id', '=', companyId)
      .where('id', '=', current)
      .executeTakeFirst();
    if (!row) break;
    out.push(Number(row.id));
    current = Number(row.parent_id);
  }
  return out;
};
