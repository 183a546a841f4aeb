// Issue 3: regions (片区), residential areas (小区), departments, the account's department and type, and account
// data scopes (user_region_areas). Keys lead with company_id (architecture §4). Then the menus, for every existing
// tenant: a top-level 档案管理 (Registry) with 片区管理 / 小区管理 and their permission entries, granted to ADMIN; and
// 部门管理 under System, granted to every role holding sys:user:view (departments are administered with accounts).
// New tenants get the same from the seed menus. Frozen: keys, paths and codes are written out here, not imported.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's DB type.
type AnyDb = Kysely<any>;

const now = sql`now()`;

const REGISTRY = { name: '档案管理', nameEn: 'Registry', url: '/registry', css: 'database', sort: 25 };
const REGISTRY_PAGES = [
  {
    name: '片区管理',
    nameEn: 'Regions',
    path: 'place/RegionPage',
    url: '/registry/region',
    css: 'map',
    sort: 10,
    permissions: [
      { code: 'data:region:view', name: '查看片区', nameEn: 'View regions' },
      { code: 'data:region:edit', name: '编辑片区', nameEn: 'Edit regions' },
    ],
  },
  {
    name: '小区管理',
    nameEn: 'Residential areas',
    path: 'place/AreaPage',
    url: '/registry/area',
    css: 'map-marker',
    sort: 20,
    permissions: [
      { code: 'data:area:view', name: '查看小区', nameEn: 'View residential areas' },
      { code: 'data:area:edit', name: '编辑小区', nameEn: 'Edit residential areas' },
    ],
  },
];
const DEPARTMENT_PAGE = {
  name: '部门管理',
  nameEn: 'Departments',
  path: 'system/DepartmentPage',
  url: '/system/department',
  css: 'layout-hierarchy',
  sort: 25,
  view: 'sys:user:view',
};

const createTables = async (db: AnyDb) => {
  await db.schema
    .createTable('regions')
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('companies.id'))
    .addColumn('id', 'bigint', (c) => c.notNull().generatedByDefaultAsIdentity())
    .addColumn('region_name', 'text', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('regions_pk', ['company_id', 'id'])
    .addUniqueConstraint('regions_name_uq', ['company_id', 'region_name'])
    .execute();

  await db.schema
    .createTable('areas')
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('companies.id'))
    .addColumn('id', 'bigint', (c) => c.notNull().generatedByDefaultAsIdentity())
    .addColumn('region_id', 'bigint', (c) => c.notNull())
    .addColumn('area_name', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('lng', 'double precision')
    .addColumn('lat', 'double precision')
    .addColumn('remark', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('areas_pk', ['company_id', 'id'])
    .addUniqueConstraint('areas_name_uq', ['company_id', 'area_name'])
    // no cascade: a region is deleted only once it holds no area (the route refuses, the key backs it)
    .addForeignKeyConstraint('areas_region_fk', ['company_id', 'region_id'], 'regions', ['company_id', 'id'])
    .execute();
  await db.schema.createIndex('areas_region_idx').on('areas').columns(['company_id', 'region_id']).execute();

  await db.schema
    .createTable('departments')
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('companies.id'))
    .addColumn('id', 'bigint', (c) => c.notNull().generatedByDefaultAsIdentity())
    .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('departments_pk', ['company_id', 'id'])
    .addUniqueConstraint('departments_sibling_name_uq', ['company_id', 'parent_id', 'name'])
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('department_id', 'bigint')
    .addColumn('account_type', 'smallint', (c) => c.notNull().defaultTo(2))
    .execute();
  await db.schema
    .alterTable('users')
    .addForeignKeyConstraint('users_department_fk', ['company_id', 'department_id'], 'departments', [
      'company_id',
      'id',
    ])
    .execute();
  await db.schema.createIndex('users_department_idx').on('users').columns(['company_id', 'department_id']).execute();

  // One row per region (area_id null) or area of an account's scope; none = unrestricted. Places in a scope cannot
  // be deleted (no cascade): dropping the row silently would widen the account to everything.
  await db.schema
    .createTable('user_region_areas')
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('region_id', 'bigint')
    .addColumn('area_id', 'bigint')
    .addForeignKeyConstraint(
      'user_region_areas_user_fk',
      ['company_id', 'user_id'],
      'users',
      ['company_id', 'id'],
      (f) => f.onDelete('cascade'),
    )
    .addForeignKeyConstraint('user_region_areas_region_fk', ['company_id', 'region_id'], 'regions', [
      'company_id',
      'id',
    ])
    .addForeignKeyConstraint('user_region_areas_area_fk', ['company_id', 'area_id'], 'areas', ['company_id', 'id'])
    .addCheckConstraint('user_region_areas_one_place', sql`(region_id is null) <> (area_id is null)`)
    .execute();
  await db.schema
    .createIndex('user_region_areas_user_idx')
    .on('user_region_areas')
    .columns(['company_id', 'user_id'])
    .execute();
};

type MenuValues = {
  parentId: number;
  name: string;
  nameEn: string;
  type: number;
  permission?: string;
  path?: string;
  url?: string;
  css?: string;
  sort: number;
};

const insertMenu = async (db: AnyDb, companyId: number, m: MenuValues): Promise<number> =>
  (
    await db
      .insertInto('menus')
      .values({
        company_id: companyId,
        parent_id: m.parentId,
        name: m.name,
        name_en: m.nameEn,
        type: m.type,
        permission: m.permission ?? null,
        path: m.path ?? '',
        url: m.url ?? '',
        css: m.css ?? '',
        hidden: false,
        sort: m.sort,
        affix: false,
        badge: null,
        target: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

const grant = async (db: AnyDb, companyId: number, roleId: number, menuId: number) => {
  const granted = await db
    .selectFrom('role_menus')
    .select('menu_id')
    .where('company_id', '=', companyId)
    .where('role_id', '=', roleId)
    .where('menu_id', '=', menuId)
    .executeTakeFirst();
  if (!granted)
    await db.insertInto('role_menus').values({ company_id: companyId, role_id: roleId, menu_id: menuId }).execute();
};

const findMenu = (db: AnyDb, companyId: number, url: string, type: number) =>
  db
    .selectFrom('menus')
    .select('id')
    .where('company_id', '=', companyId)
    .where('url', '=', url)
    .where('type', '=', type)
    .executeTakeFirst();

const addMenus = async (db: AnyDb, companyId: number) => {
  const admin = await db
    .selectFrom('roles')
    .select('id')
    .where('company_id', '=', companyId)
    .where('code', '=', 'ADMIN')
    .executeTakeFirst();
  const registryId =
    (await findMenu(db, companyId, REGISTRY.url, 1))?.id ??
    (await insertMenu(db, companyId, { ...REGISTRY, parentId: 0, type: 1, path: 'Layout' }));
  if (admin) await grant(db, companyId, admin.id, registryId);
  for (const p of REGISTRY_PAGES) {
    const pageId =
      (await findMenu(db, companyId, p.url, 0))?.id ??
      (await insertMenu(db, companyId, { ...p, parentId: registryId, type: 0 }));
    if (admin) await grant(db, companyId, admin.id, pageId);
    for (const [index, e] of p.permissions.entries()) {
      const existing = await db
        .selectFrom('menus')
        .select('id')
        .where('company_id', '=', companyId)
        .where('permission', '=', e.code)
        .executeTakeFirst();
      const id =
        existing?.id ??
        (await insertMenu(db, companyId, {
          parentId: pageId,
          name: e.name,
          nameEn: e.nameEn,
          type: 2,
          permission: e.code,
          sort: (index + 1) * 10,
        }));
      if (admin) await grant(db, companyId, admin.id, id);
    }
  }

  const system = await findMenu(db, companyId, '/system', 1);
  const departmentId =
    (await findMenu(db, companyId, DEPARTMENT_PAGE.url, 0))?.id ??
    (await insertMenu(db, companyId, { ...DEPARTMENT_PAGE, parentId: system?.id ?? 0, type: 0 }));
  const holders = await db
    .selectFrom('role_menus')
    .innerJoin('menus', (j) =>
      j.onRef('menus.company_id', '=', 'role_menus.company_id').onRef('menus.id', '=', 'role_menus.menu_id'),
    )
    .select('role_menus.role_id')
    .distinct()
    .where('role_menus.company_id', '=', companyId)
    .where('menus.permission', '=', DEPARTMENT_PAGE.view)
    .execute();
  for (const { role_id: roleId } of holders) await grant(db, companyId, roleId, departmentId);
};

/** The menu half of the migration, for every tenant; running it twice changes nothing. */
export const addPlaceMenus = async (db: AnyDb): Promise<void> => {
  const companies = await db.selectFrom('companies').select('id').execute();
  for (const { id: companyId } of companies) await addMenus(db, companyId);
};

export const up = async (db: AnyDb): Promise<void> => {
  await createTables(db);
  await addPlaceMenus(db);
};
