// Issue 3: the permission entries (menu type 2) of role and account administration, added to every existing tenant
// under its System menu and granted to its ADMIN role (not to OPERATOR). New tenants get them from the seed menus
// (foundationMenus.ts). Frozen: the codes are written out here, not imported.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's DB type.
type AnyDb = Kysely<any>;

const ENTRIES = [
  { permission: 'sys:role:view', name: '查看角色', nameEn: 'View roles' },
  { permission: 'sys:role:edit', name: '编辑角色和授权', nameEn: 'Edit roles and grants' },
  { permission: 'sys:user:view', name: '查看账号', nameEn: 'View accounts' },
  { permission: 'sys:user:edit', name: '编辑账号', nameEn: 'Edit accounts' },
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
    const admin = await db
      .selectFrom('roles')
      .select('id')
      .where('company_id', '=', companyId)
      .where('code', '=', 'ADMIN')
      .executeTakeFirst();
    const top = await db
      .selectFrom('menus')
      .select(sql<number>`coalesce(max(sort), 0)`.as('sort'))
      .where('company_id', '=', companyId)
      .where('parent_id', '=', system?.id ?? 0)
      .executeTakeFirstOrThrow();
    for (const [index, e] of ENTRIES.entries()) {
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
          parent_id: system?.id ?? 0,
          name: e.name,
          name_en: e.nameEn,
          type: 2,
          permission: e.permission,
          sort: Number(top.sort) + (index + 1) * 10,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (admin)
        await db.insertInto('role_menus').values({ company_id: companyId, role_id: admin.id, menu_id: id }).execute();
    }
  }
};
