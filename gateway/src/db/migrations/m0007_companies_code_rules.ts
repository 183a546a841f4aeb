// Issue 3: companies administration and code rules. Companies get their kind (water company or meter maker), the
// company that created them (parent_id), a short code unique across companies (case-insensitive), contact, phone
// and address; code_rules holds each company's numbering per code kind. Every existing tenant gets the pages
// 公司管理 (with the sys:company:view/edit permission entries) and 公司信息 under System, granted to its ADMIN role.
// New tenants get the same from the seed menus (foundationMenus.ts). Frozen: paths and codes are written out here.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's DB type.
type AnyDb = Kysely<any>;

const PAGES = [
  {
    name: '公司管理',
    nameEn: 'Companies',
    path: 'company/CompanyPage',
    url: '/system/company',
    css: 'office',
    sort: 60,
    permissions: [
      { permission: 'sys:company:view', name: '查看公司', nameEn: 'View companies' },
      { permission: 'sys:company:edit', name: '编辑公司和编码规则', nameEn: 'Edit companies and code rules' },
    ],
  },
  {
    name: '公司信息',
    nameEn: 'Company profile',
    path: 'company/CompanyProfilePage',
    url: '/system/companyProfile',
    css: 'id-number',
    sort: 70,
    permissions: [],
  },
];

const insertMenu = async (db: AnyDb, values: Record<string, unknown>): Promise<number> =>
  (await db.insertInto('menus').values(values).returning('id').executeTakeFirstOrThrow()).id;

export const up = async (db: AnyDb): Promise<void> => {
  await db.schema
    .alterTable('companies')
    .addColumn('parent_id', 'bigint', (c) => c.references('companies.id'))
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('water'))
    .addColumn('code', 'text')
    .addColumn('contact', 'text')
    .addColumn('phone', 'text')
    .addColumn('address', 'text')
    .execute();
  await db.schema
    .alterTable('companies')
    .addCheckConstraint('companies_kind_ck', sql`kind in ('water', 'meter')`)
    .execute();
  await db.schema
    .createIndex('companies_code_uq')
    .on('companies')
    .expression(sql`upper(code)`)
    .unique()
    .where(sql.ref('code'), 'is not', null)
    .execute();
  await db.schema.createIndex('companies_parent_ix').on('companies').column('parent_id').execute();

  await db.schema
    .createTable('code_rules')
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('companies.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('date_part', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('seq_length', 'integer', (c) => c.notNull())
    .addColumn('next_seq', 'bigint', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('code_rules_pk', ['company_id', 'kind'])
    .execute();

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
    const admin = await db
      .selectFrom('roles')
      .select('id')
      .where('company_id', '=', companyId)
      .where('code', '=', 'ADMIN')
      .executeTakeFirst();
    const grant = async (menuId: number) => {
      if (admin)
        await db
          .insertInto('role_menus')
          .values({ company_id: companyId, role_id: admin.id, menu_id: menuId })
          .execute();
    };
    for (const p of PAGES) {
      const existing = await db
        .selectFrom('menus')
        .select('id')
        .where('company_id', '=', companyId)
        .where('type', '=', 0)
        .where('url', '=', p.url)
        .executeTakeFirst();
      if (existing) continue;
      const pageId = await insertMenu(db, {
        company_id: companyId,
        parent_id: parentId,
        name: p.name,
        name_en: p.nameEn,
        type: 0,
        path: p.path,
        url: p.url,
        css: p.css,
        sort: p.sort,
      });
      await grant(pageId);
      for (const [i, e] of p.permissions.entries()) {
        const taken = await db
          .selectFrom('menus')
          .select('id')
          .where('company_id', '=', companyId)
          .where('permission', '=', e.permission)
          .executeTakeFirst();
        if (taken) continue;
        await grant(
          await insertMenu(db, {
            company_id: companyId,
            parent_id: pageId,
            name: e.name,
            name_en: e.nameEn,
            type: 2,
            permission: e.permission,
            sort: (i + 1) * 10,
          }),
        );
      }
    }
  }
};
