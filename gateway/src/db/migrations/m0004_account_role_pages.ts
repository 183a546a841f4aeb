// Issue 3: the page entries (menu type 0) of account and role administration, so the server-driven menus link to
// them. For every existing tenant: add 账号管理 and 角色管理 under its System menu (sorted accounts, roles, operation
// log), move the permission entries m0002 added under them, and grant each page to every role that holds its view
// permission (ADMIN); add menu administration's permission entries sys:menu:view/edit under System, granted to
// ADMIN. New tenants get the same tree from the seed menus (foundationMenus.ts). Frozen: keys, paths and codes are
// written out here, not imported. Running it twice changes nothing.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's DB type.
type AnyDb = Kysely<any>;

const PAGES = [
  {
    name: '账号管理',
    nameEn: 'Accounts',
    path: 'system/AccountPage',
    url: '/system/account',
    css: 'people',
    sort: 10,
    view: 'sys:user:view',
    permissions: ['sys:user:view', 'sys:user:edit'],
  },
  {
    name: '角色管理',
    nameEn: 'Roles',
    path: 'system/RolePage',
    url: '/system/role',
    css: 'shield',
    sort: 20,
    view: 'sys:role:view',
    permissions: ['sys:role:view', 'sys:role:edit'],
  },
];

const OPERATION_LOG = { url: '/system/operationLog', sort: 30 };

/** Menu administration's permission entries, directly under System, granted to ADMIN. */
const MENU_PERMISSIONS = [
  { permission: 'sys:menu:view', name: '查看菜单', nameEn: 'View menus', sort: 40 },
  { permission: 'sys:menu:edit', name: '编辑菜单', nameEn: 'Edit menus', sort: 50 },
];

export const up = async (db: AnyDb): Promise<void> => {
  const companies = await db.selectFrom('companies').select('id').execute();
  for (const { id: companyId } of companies) {
    const system = await db
      .selectFrom('menus')
      .select('id')
      .where('company_id', '=', companyId)
      .where('parent_id', '=', 0)
      .where('url', '=', '/system')
      .executeTakeFirst();
    const parentId = system?.id ?? 0;
    for (const p of PAGES) {
      const existing = await db
        .selectFrom('menus')
        .select('id')
        .where('company_id', '=', companyId)
        .where('type', '=', 0)
        .where('url', '=', p.url)
        .executeTakeFirst();
      const pageId =
        existing?.id ??
        (
          await db
            .insertInto('menus')
            .values({
              company_id: companyId,
              parent_id: parentId,
              name: p.name,
              name_en: p.nameEn,
              type: 0,
              permission: null,
              path: p.path,
              url: p.url,
              css: p.css,
              hidden: false,
              sort: p.sort,
              affix: false,
              badge: null,
              target: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      await db
        .updateTable('menus')
        .set({ parent_id: pageId })
        .where('company_id', '=', companyId)
        .where('type', '=', 2)
        .where('permission', 'in', p.permissions)
        .execute();
      const holders = await db
        .selectFrom('role_menus')
        .innerJoin('menus', (j) =>
          j.onRef('menus.company_id', '=', 'role_menus.company_id').onRef('menus.id', '=', 'role_menus.menu_id'),
        )
        .select('role_menus.role_id')
        .distinct()
        .where('role_menus.company_id', '=', companyId)
        .where('menus.permission', '=', p.view)
        .execute();
      for (const { role_id: roleId } of holders) {
        const granted = await db
          .selectFrom('role_menus')
          .select('menu_id')
          .where('company_id', '=', companyId)
          .where('role_id', '=', roleId)
          .where('menu_id', '=', pageId)
          .executeTakeFirst();
        if (!granted)
          await db
            .insertInto('role_menus')
            .values({ company_id: companyId, role_id: roleId, menu_id: pageId })
            .execute();
      }
    }
    await db
      .updateTable('menus')
      .set({ sort: OPERATION_LOG.sort })
      .where('company_id', '=', companyId)
      .where('parent_id', '=', parentId)
      .where('url', '=', OPERATION_LOG.url)
      .execute();
    const admin = await db
      .selectFrom('roles')
      .select('id')
      .where('company_id', '=', companyId)
      .where('code', '=', 'ADMIN')
      .executeTakeFirst();
    for (const e of MENU_PERMISSIONS) {
      const exists = await db
        .selectFrom('menus')
        .select('id')
        .where('company_id', '=', companyId)
        .where('permission', '=', e.permission)
        .executeTakeFirst();
      if (exists) continue;
      const { id } = await db
        .insertInto('menus')
        .values({
          company_id: companyId,
          parent_id: parentId,
          name: e.name,
          name_en: e.nameEn,
          type: 2,
          permission: e.permission,
          sort: e.sort,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (admin)
        await db.insertInto('role_menus').values({ company_id: companyId, role_id: admin.id, menu_id: id }).execute();
    }
  }
};
