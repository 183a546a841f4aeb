// SQL of the user service: the signed-in user, their roles, permissions and menus, their company, profile and
// password. Every query is bounded by the caller's company_id, taken from the token.
import { PERMISSIONS } from '@waterops/shared/auth';
import { notOpenedPermissions } from '@waterops/shared/user';
import type { Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { type DB, MENU_TYPE, type Menu } from '../../db/tables.ts';

/** The role code whose holders are administrators ('admin' passes every permission check). */
export const ADMIN_ROLE_CODE = 'ADMIN';

export const findUser = (db: Kysely<DB>, companyId: number, userId: number) =>
  db
    .selectFrom('users as u')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .select([
      'u.id',
      'u.company_id',
      'u.username',
      'u.nickname',
      'u.mobile',
      'u.head_img_url',
      'u.created_at',
      'u.password_hash',
      'c.name as company_name',
      'c.name_en as company_name_en',
    ])
    .where('u.company_id', '=', companyId)
    .where('u.id', '=', userId)
    .executeTakeFirst();

/** The user with their company's names and their roles, in one round trip (the shell asks for this on every load). */
export const findUserWithRoles = (db: Kysely<DB>, companyId: number, userId: number) =>
  db
    .selectFrom('users as u')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .select((eb) => [
      'u.id',
      'u.company_id',
      'u.username',
      'u.nickname',
      'u.mobile',
      'u.head_img_url',
      'u.created_at',
      'c.name as company_name',
      'c.name_en as company_name_en',
      jsonArrayFrom(
        eb
          .selectFrom('user_roles as ur')
          .innerJoin('roles as r', (j) =>
            j.onRef('r.company_id', '=', 'ur.company_id').onRef('r.id', '=', 'ur.role_id'),
          )
          .select(['r.id', 'r.code', 'r.name', 'r.name_en', 'r.type'])
          .whereRef('ur.company_id', '=', 'u.company_id')
          .whereRef('ur.user_id', '=', 'u.id')
          .orderBy('r.id'),
      ).as('roles'),
    ])
    .where('u.company_id', '=', companyId)
    .where('u.id', '=', userId)
    .executeTakeFirst();

export const rolesOf = (db: Kysely<DB>, companyId: number, userId: number) =>
  db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', (j) => j.onRef('r.company_id', '=', 'ur.company_id').onRef('r.id', '=', 'ur.role_id'))
    .select(['r.id', 'r.code', 'r.name', 'r.name_en', 'r.type'])
    .where('ur.company_id', '=', companyId)
    .where('ur.user_id', '=', userId)
    .orderBy('r.id')
    .execute();

/** Menu entries granted to any of the user's roles, of the given types. */
export const grantedMenus = (db: Kysely<DB>, companyId: number, userId: number, types: number[]): Promise<Menu[]> =>
  db
    .selectFrom('menus as m')
    .selectAll('m')
    .where('m.company_id', '=', companyId)
    .where('m.type', 'in', types)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('role_menus as rm')
          .innerJoin('user_roles as ur', (j) =>
            j.onRef('ur.company_id', '=', 'rm.company_id').onRef('ur.role_id', '=', 'rm.role_id'),
          )
          .select(eb.lit(1).as('one'))
          .whereRef('rm.company_id', '=', 'm.company_id')
          .whereRef('rm.menu_id', '=', 'm.id')
          .where('ur.user_id', '=', userId),
      ),
    )
    .orderBy('m.sort')
    .orderBy('m.id')
    .execute();

/** The route paths of the tenant's pages that none of the user's roles is granted. */
export const withheldPageUrls = async (db: Kysely<DB>, companyId: number, userId: number): Promise<string[]> => {
  const granted = new Set((await grantedMenus(db, companyId, userId, [MENU_TYPE.page])).map((m) => m.id));
  const pages = await db
    .selectFrom('menus')
    .select(['id', 'url'])
    .where('company_id', '=', companyId)
    .where('type', '=', MENU_TYPE.page)
    .execute();
  const urls = pages.filter((p) => !granted.has(p.id) && p.url?.startsWith('/')).map((p) => String(p.url));
  return [...new Set(urls)].sort();
};

/** The permission codes of the tenant's entries that are not open for it (menuOpening.ts): they grant nothing. */
export const notOpenedOf = async (db: Kysely<DB>, companyId: number): Promise<string[]> => {
  const rows = await db
    .selectFrom('menus')
    .select(['id', 'parent_id', 'opened', 'permission'])
    .where('company_id', '=', companyId)
    .execute();
  return notOpenedPermissions(rows.map((r) => ({ ...r, parentId: r.parent_id })));
};

/**
 * What the user may do: the codes of the granted permission entries that are open for the company, plus 'admin' for
 * the administrator role; and the codes not open, which are refused even to an administrator (routeAccess.ts).
 */
export const accessOf = async (
  db: Kysely<DB>,
  companyId: number,
  userId: number,
): Promise<{ permissions: string[]; notOpened: string[] }> => {
  const [entries, roles, notOpened] = await Promise.all([
    grantedMenus(db, companyId, userId, [MENU_TYPE.permission]),
    rolesOf(db, companyId, userId),
    notOpenedOf(db, companyId),
  ]);
  const closed = new Set(notOpened);
  const codes = new Set(entries.flatMap((m) => (m.permission && !closed.has(m.permission) ? [m.permission] : [])));
  if (roles.some((r) => r.code === ADMIN_ROLE_CODE)) codes.add(PERMISSIONS.admin);
  return { permissions: [...codes].sort(), notOpened };
};

/** Permission codes of the user (see accessOf). */
export const permissionsOf = async (db: Kysely<DB>, companyId: number, userId: number): Promise<string[]> =>
  (await accessOf(db, companyId, userId)).permissions;

export const findCompany = (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('companies').selectAll().where('id', '=', companyId).executeTakeFirst();

export type ProfileChange = { nickname: string; mobile: string; headImgUrl?: string | null | undefined };

export const updateProfile = async (
  db: Kysely<DB>,
  companyId: number,
  userId: number,
  p: ProfileChange,
  now: Date,
): Promise<void> => {
  await db
    .updateTable('users')
    .set({
      nickname: p.nickname,
      mobile: p.mobile,
      ...(p.headImgUrl !== undefined ? { head_img_url: p.headImgUrl } : {}),
      updated_at: now,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', userId)
    .execute();
};

export const setPasswordHash = async (
  db: Kysely<DB>,
  companyId: number,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<void> => {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('company_id', '=', companyId)
    .where('id', '=', userId)
    .execute();
};
