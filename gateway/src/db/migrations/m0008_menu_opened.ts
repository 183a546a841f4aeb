// Issue 3: menus open / not open per company and the menu administration page. Adds menus.opened (true for every
// existing entry: nothing closes by upgrading), and for every existing tenant adds 菜单管理 (system/MenuPage,
// /system/menu) under its System menu last, moves the permission entries sys:menu:view/edit that
// m0004 put directly under System below it, and grants the page to every role holding sys:menu:view (ADMIN). New
// tenants get the same tree from the seed menus (foundationMenus.ts). Frozen: paths and codes are written out here,
// not imported. Running the data part twice changes nothing.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's DB type.
type AnyDb = Kysely<any>;

const PAGE = {
  name: '菜单管理',
  nameEn: 'Menus',
  path: 'system/MenuPage',
  url: '/system/menu',
  css: 'diagram-tree',
  // after the companies pages m0007 adds (60, 70)
  sort: 80,
  view: 'sys:menu:view',
  permissions: ['sys:menu:view', 'sys:menu:edit'],
};

export const up = async (db: AnyDb): Promise<void> => {
  await db.schema
    .alterTable('menus')
    .addColumn('opened', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await addMenuPages(db);
};

/** The data part: the page for every tenant that lacks it, the permission entries below it, its grants. */
export const addMenuPages = async (db: AnyDb): Promise<void> => {
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
    const existing = await db
      .selectFrom('menus')
      .select('id')
      .where('company_id', '=', companyId)
      .where('type', '=', 0)
      .where('url', '=', PAGE.url)
      .executeTakeFirst();
    const pageId =
      existing?.id ??
      (
        await db
          .insertInto('menus')
          .values({
            company_id: companyId,
            parent_id: parentId,
            name: PAGE.name,
            name_en: PAGE.nameEn,
            type: 0,
            permission: null,
            path: PAGE.path,
            url: PAGE.url,
            css: PAGE.css,
            hidden: false,
            sort: PAGE.sort,
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
      .where('permission', 'in', PAGE.permissions)
      .execute();
    const holders = await db
      .selectFrom('role_menus')
      .innerJoin('menus', (j) =>
        j.onRef('menus.company_id', '=', 'role_menus.company_id').onRef('menus.id', '=', 'role_menus.menu_id'),
      )
      .select('role_menus.role_id')
      .distinct()
      .where('role_menus.company_id', '=', companyId)
      .where('menus.permission', '=', PAGE.view)
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
        await db.insertInto('role_menus').values({ company_id: companyId, role_id: roleId, menu_id: pageId }).execute();
    }
  }
};
