// SQL of roles beyond the generic resource: user counts, a tenant's whole role list, and menu grants. Every query is
// bounded by the caller's company_id.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** role id → number of users holding it, for the given roles. */
export const userCounts = async (db: Db, companyId: number, roleIds: number[]): Promise<Map<number, number>> => {
  if (roleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_roles')
    .select(['role_id', (eb) => eb.fn.countAll().as('count')])
    .where('company_id', '=', companyId)
    .where('role_id', 'in', roleIds)
    .groupBy('role_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.role_id), Number(r.count)]));
};

export const usersOfRole = async (db: Db, companyId: number, roleId: number): Promise<number[]> =>
  (
    await db
      .selectFrom('user_roles')
      .select('user_id')
      .where('company_id', '=', companyId)
      .where('role_id', '=', roleId)
      .execute()
  ).map((r) => Number(r.user_id));

export const allRoles = (db: Db, companyId: number) =>
  db
    .selectFrom('roles')
    .select(['id', 'code', 'name', 'name_en', 'type', 'created_at'])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();

export const findRole = (db: Db, companyId: number, roleId: number) =>
  db
    .selectFrom('roles')
    .select(['id', 'code'])
    .where('company_id', '=', companyId)
    .where('id', '=', roleId)
    .executeTakeFirst();

export const tenantMenus = (db: Db, companyId: number) =>
  db
    .selectFrom('menus')
    .select(['id', 'parent_id', 'name', 'name_en', 'type', 'permission', 'hidden', 'sort'])
    .where('company_id', '=', companyId)
    .orderBy('sort')
    .orderBy('id')
    .execute();

export const grantedMenuIds = async (db: Db, companyId: number, roleId: number): Promise<Set<number>> =>
  new Set(
    (
      await db
        .selectFrom('role_menus')
        .select('menu_id')
        .where('company_id', '=', companyId)
        .where('role_id', '=', roleId)
        .execute()
    ).map((r) => Number(r.menu_id)),
  );

/** The tenant's menus among these ids (ids of another tenant are simply not found). */
export const menusByIds = (db: Db, companyId: number, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('menus')
        .select(['id', 'permission'])
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute();

/** The role's grants become exactly these menus. */
export const replaceGrants = async (tx: Transaction<DB>, companyId: number, roleId: number, menuIds: number[]) => {
  await tx.deleteFrom('role_menus').where('company_id', '=', companyId).where('role_id', '=', roleId).execute();
  if (menuIds.length)
    await tx
      .insertInto('role_menus')
      .values(menuIds.map((menuId) => ({ company_id: companyId, role_id: roleId, menu_id: menuId })))
      .execute();
};
