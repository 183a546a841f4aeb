// Issue 4: the asset and customer registry. Catalogues (manufacturers, meter models, collector types, resident
// categories, parameter config), devices (concentrators, collectors, water meters, valves), residents and the
// resident–meter binding history. Keys lead with company_id (architecture §4); every row that sits somewhere has
// area_id, the data-scope column. Then the menus, for every existing tenant: a top-level 设备管理 (Devices) group,
// residents and resident categories under 档案管理, parameter config under 系统管理, all granted to ADMIN. New
// tenants get the same from the seed menus. Frozen: keys, paths and codes are written out here, not imported.
import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's DB type.
type AnyDb = Kysely<any>;

const now = sql`now()`;

// biome-ignore lint/suspicious/noExplicitAny: see AnyDb
type TableBuilder = CreateTableBuilder<string, any>;

/** company_id + identity id, the columns every tenant table starts with. */
const tenantTable = (db: AnyDb, name: string): TableBuilder =>
  db.schema
    .createTable(name)
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('companies.id'))
    .addColumn('id', 'bigint', (c) => c.notNull().generatedByDefaultAsIdentity());

/** created_at / updated_at and the primary key, the columns every tenant table ends with. */
const finish = (t: TableBuilder, name: string): TableBuilder =>
  t
    .addColumn('remark', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint(`${name}_pk`, ['company_id', 'id']);

const fk = (t: TableBuilder, name: string, column: string, target: string): TableBuilder =>
  t.addForeignKeyConstraint(`${name}_${column}_fk`, ['company_id', column], target, ['company_id', 'id']);

const index = (db: AnyDb, table: string, column: string) =>
  db.schema.createIndex(`${table}_${column}_idx`).on(table).columns(['company_id', column]).execute();

const createCatalogues = async (db: AnyDb) => {
  await finish(
    tenantTable(db, 'manufacturers')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('code', 'text')
      .addColumn('contact', 'text')
      .addColumn('phone', 'text')
      .addColumn('address', 'text'),
    'manufacturers',
  )
    .addUniqueConstraint('manufacturers_name_uq', ['company_id', 'name'])
    .execute();

  // "type name must be unique" (spec §5): a model's name, a collector type's name, a category's name
  await fk(
    finish(
      tenantTable(db, 'meter_models')
        .addColumn('type_name', 'text', (c) => c.notNull())
        .addColumn('manufacturer_id', 'bigint')
        /** 1 mechanical, 2 wired remote, 3 wireless remote (LoRa), 4 NB-IoT, 5 prepaid IC card */
        .addColumn('meter_kind', 'smallint', (c) => c.notNull().defaultTo(1))
        .addColumn('caliber', 'integer')
        .addColumn('max_reading', 'numeric(14, 3)')
        .addColumn('precision', 'smallint')
        .addColumn('valve_control', 'boolean', (c) => c.notNull().defaultTo(false)),
      'meter_models',
    ),
    'meter_models',
    'manufacturer_id',
    'manufacturers',
  )
    .addUniqueConstraint('meter_models_type_name_uq', ['company_id', 'type_name'])
    .execute();

  await fk(
    finish(
      tenantTable(db, 'collector_types')
        .addColumn('type_name', 'text', (c) => c.notNull())
        /** 1 wired, 2 wireless */
        .addColumn('link_kind', 'smallint', (c) => c.notNull().defaultTo(1))
        .addColumn('manufacturer_id', 'bigint'),
      'collector_types',
    ),
    'collector_types',
    'manufacturer_id',
    'manufacturers',
  )
    .addUniqueConstraint('collector_types_type_name_uq', ['company_id', 'type_name'])
    .execute();

  await finish(
    tenantTable(db, 'resident_categories').addColumn('type_name', 'text', (c) => c.notNull()),
    'resident_categories',
  )
    .addUniqueConstraint('resident_categories_type_name_uq', ['company_id', 'type_name'])
    .execute();

  // paramconfig (spec §7 /api-business): key_type groups (e.g. 'voltage', 'increase'), code unique in its group
  await finish(
    tenantTable(db, 'param_configs')
      .addColumn('key_type', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('value', 'text')
      .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)),
    'param_configs',
  )
    .addUniqueConstraint('param_configs_code_uq', ['company_id', 'key_type', 'code'])
    .execute();
};

const createDevices = async (db: AnyDb) => {
  let t = finish(
    tenantTable(db, 'concentrators')
      .addColumn('concentrator_code', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('manufacturer_id', 'bigint')
      .addColumn('area_id', 'bigint')
      .addColumn('address', 'text')
      .addColumn('ip', 'text')
      .addColumn('port', 'integer')
      .addColumn('sim_card', 'text')
      /** minutes between reports */
      .addColumn('report_rate', 'integer')
      .addColumn('install_date', 'date')
      /** true: in use; false: not used (spec §4 "used or not used") */
      .addColumn('used', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('lng', 'double precision')
      .addColumn('lat', 'double precision')
      /** issue 5 fills these from the ingestion API */
      .addColumn('online', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('last_report_at', 'timestamptz'),
    'concentrators',
  );
  t = fk(fk(t, 'concentrators', 'manufacturer_id', 'manufacturers'), 'concentrators', 'area_id', 'areas');
  await t.addUniqueConstraint('concentrators_code_uq', ['company_id', 'concentrator_code']).execute();
  await index(db, 'concentrators', 'area_id');

  t = finish(
    tenantTable(db, 'collectors')
      .addColumn('collector_code', 'text', (c) => c.notNull())
      /** 1 wired (findWiredList), 2 wireless (findWirelessList) */
      .addColumn('link_kind', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('collector_type_id', 'bigint')
      .addColumn('concentrator_id', 'bigint')
      .addColumn('area_id', 'bigint')
      .addColumn('address', 'text')
      .addColumn('ip', 'text')
      .addColumn('port', 'integer')
      /** minutes between uploads (uploadfrequency) */
      .addColumn('upload_frequency', 'integer')
      .addColumn('channel', 'integer')
      .addColumn('install_date', 'date')
      .addColumn('online', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('last_report_at', 'timestamptz'),
    'collectors',
  );
  t = fk(t, 'collectors', 'collector_type_id', 'collector_types');
  t = fk(fk(t, 'collectors', 'concentrator_id', 'concentrators'), 'collectors', 'area_id', 'areas');
  await t.addUniqueConstraint('collectors_code_uq', ['company_id', 'collector_code']).execute();
  await index(db, 'collectors', 'concentrator_id');
  await index(db, 'collectors', 'area_id');

  t = finish(
    tenantTable(db, 'water_meters')
      /** body code (表身号), unique in the tenant */
      .addColumn('meter_code', 'text', (c) => c.notNull())
      /** remote code (远传号): the address the meter reports under */
      .addColumn('remote_code', 'text')
      .addColumn('collector_id', 'bigint')
      .addColumn('concentrator_id', 'bigint')
      .addColumn('manufacturer_id', 'bigint')
      /** the meter's type (表型) */
      .addColumn('meter_model_id', 'bigint')
      .addColumn('caliber', 'integer')
      .addColumn('valve_control', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('steel_seal', 'text')
      .addColumn('lead_seal_no', 'text')
      .addColumn('max_reading', 'numeric(14, 3)')
      /** the reading when installed (底数) */
      .addColumn('base_reading', 'numeric(14, 3)')
      .addColumn('precision', 'smallint')
      /** the supervision meter above this one (district inlet, building meter) */
      .addColumn('parent_meter_id', 'bigint')
      .addColumn('area_id', 'bigint')
      .addColumn('address', 'text')
      .addColumn('install_date', 'date')
      /** years in service allowed, 0–20 (spec §5) */
      .addColumn('operation_years', 'smallint')
      .addColumn('used', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('lng', 'double precision')
      .addColumn('lat', 'double precision')
      .addColumn('online', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('last_report_at', 'timestamptz'),
    'water_meters',
  );
  t = fk(fk(t, 'water_meters', 'collector_id', 'collectors'), 'water_meters', 'concentrator_id', 'concentrators');
  t = fk(fk(t, 'water_meters', 'manufacturer_id', 'manufacturers'), 'water_meters', 'meter_model_id', 'meter_models');
  t = fk(fk(t, 'water_meters', 'parent_meter_id', 'water_meters'), 'water_meters', 'area_id', 'areas');
  await t.addUniqueConstraint('water_meters_code_uq', ['company_id', 'meter_code']).execute();
  for (const column of ['collector_id', 'concentrator_id', 'area_id', 'parent_meter_id'])
    await index(db, 'water_meters', column);
  // the list's default order and code-prefix search (the registry benchmark's filter)
  await db.schema
    .createIndex('water_meters_code_prefix_idx')
    .on('water_meters')
    .expression(sql`company_id, meter_code text_pattern_ops`)
    .execute();

  t = finish(
    tenantTable(db, 'valves')
      .addColumn('valve_code', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      /** 1 gate, 2 butterfly, 3 ball, 4 pressure-reducing, 5 other */
      .addColumn('valve_kind', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('caliber', 'integer')
      /** 1 open, 0 closed */
      .addColumn('valve_state', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('meter_id', 'bigint')
      .addColumn('area_id', 'bigint')
      .addColumn('address', 'text')
      .addColumn('lng', 'double precision')
      .addColumn('lat', 'double precision'),
    'valves',
  );
  t = fk(fk(t, 'valves', 'meter_id', 'water_meters'), 'valves', 'area_id', 'areas');
  await t.addUniqueConstraint('valves_code_uq', ['company_id', 'valve_code']).execute();
  await index(db, 'valves', 'area_id');
};

const createResidents = async (db: AnyDb) => {
  let t = finish(
    tenantTable(db, 'residents')
      /** user code (用户编号), unique in the tenant; generated by the code rules when left empty */
      .addColumn('resident_code', 'text', (c) => c.notNull())
      .addColumn('resident_name', 'text', (c) => c.notNull())
      .addColumn('address', 'text')
      .addColumn('phone', 'text')
      .addColumn('id_card', 'text')
      .addColumn('bank_card', 'text')
      /** user type: the resident category (居民, 商业, …) */
      .addColumn('category_id', 'bigint')
      /** fee-charging flag: true charged, false fee-free (spec §5: the choice is required) */
      .addColumn('charge_fee', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('tax_number', 'text')
      .addColumn('invoice_name', 'text')
      .addColumn('area_id', 'bigint')
      .addColumn('floor', 'text')
      .addColumn('residents_count', 'smallint')
      .addColumn('original_account_no', 'text')
      .addColumn('open_date', 'date')
      /** 1 normal, 2 suspended, 3 closed (销户) */
      .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
      /** the resident-facing app account (generateAppAccount): its user name; the password is hashed */
      .addColumn('app_username', 'text')
      .addColumn('app_password_hash', 'text'),
    'residents',
  );
  t = fk(fk(t, 'residents', 'category_id', 'resident_categories'), 'residents', 'area_id', 'areas');
  await t
    .addUniqueConstraint('residents_code_uq', ['company_id', 'resident_code'])
    .addUniqueConstraint('residents_app_username_uq', ['company_id', 'app_username'])
    .execute();
  await index(db, 'residents', 'area_id');
  await index(db, 'residents', 'category_id');

  // The binding history: one row per binding; unbound_at null while bound. A meter has at most one open binding.
  t = tenantTable(db, 'resident_meters')
    .addColumn('resident_id', 'bigint', (c) => c.notNull())
    .addColumn('meter_id', 'bigint', (c) => c.notNull())
    .addColumn('bound_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('bound_by', 'bigint')
    /** the meter's reading when bound / unbound (the first and last bill's base) */
    .addColumn('start_reading', 'numeric(14, 3)')
    .addColumn('unbound_at', 'timestamptz')
    .addColumn('unbound_by', 'bigint')
    .addColumn('end_reading', 'numeric(14, 3)')
    /** why it ended: 'relieve' (解绑), 'takeOff' (拆表), 'clearance' (销户清算) */
    .addColumn('unbind_kind', 'text')
    .addColumn('remark', 'text')
    .addPrimaryKeyConstraint('resident_meters_pk', ['company_id', 'id']);
  t = fk(fk(t, 'resident_meters', 'resident_id', 'residents'), 'resident_meters', 'meter_id', 'water_meters');
  await t.execute();
  await index(db, 'resident_meters', 'resident_id');
  await index(db, 'resident_meters', 'meter_id');
  await db.schema
    .createIndex('resident_meters_one_open_uq')
    .on('resident_meters')
    .columns(['company_id', 'meter_id'])
    .unique()
    .where(sql.ref('unbound_at'), 'is', null)
    .execute();
};

// ── menus ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/** Exported for later migrations that add pages the same way (the helpers are frozen with this file). */
export type Page = {
  name: string;
  nameEn: string;
  path: string;
  url: string;
  css: string;
  sort: number;
  view: [string, string, string];
  edit: [string, string, string];
};
export const page = (
  name: string,
  nameEn: string,
  path: string,
  url: string,
  css: string,
  sort: number,
  code: string,
  what: [string, string],
): Page => ({
  name,
  nameEn,
  path,
  url,
  css,
  sort,
  view: [`${code}:view`, `查看${what[0]}`, `View ${what[1]}`],
  edit: [`${code}:edit`, `编辑${what[0]}`, `Edit ${what[1]}`],
});

const DEVICES = { name: '设备管理', nameEn: 'Devices', url: '/device', css: 'mobile-phone', sort: 27 };
const DEVICE_PAGES: Page[] = [
  page(
    '集中器管理',
    'Concentrators',
    'device/ConcentratorPage',
    '/device/concentrator',
    'satellite',
    10,
    'device:concentrator',
    ['集中器', 'concentrators'],
  ),
  page('采集器管理', 'Collectors', 'device/CollectorPage', '/device/collector', 'exchange', 20, 'device:collector', [
    '采集器',
    'collectors',
  ]),
  page('水表管理', 'Water meters', 'device/MeterPage', '/device/meter', 'dashboard', 30, 'device:meter', [
    '水表',
    'water meters',
  ]),
  page('阀门管理', 'Valves', 'device/ValvePage', '/device/valve', 'git-merge', 40, 'device:valve', ['阀门', 'valves']),
  page('表型管理', 'Meter models', 'catalogue/MeterModelPage', '/device/meterModel', 'box', 50, 'device:meterModel', [
    '表型',
    'meter models',
  ]),
  page(
    '采集器类型',
    'Collector types',
    'catalogue/CollectorTypePage',
    '/device/collectorType',
    'tag',
    60,
    'device:collectorType',
    ['采集器类型', 'collector types'],
  ),
  page(
    '厂家管理',
    'Manufacturers',
    'catalogue/ManufacturerPage',
    '/device/manufacturer',
    'office',
    70,
    'data:manufacturer',
    ['厂家', 'manufacturers'],
  ),
];
const REGISTRY_PAGES: Page[] = [
  page('用户档案', 'Residents', 'customer/ResidentPage', '/registry/resident', 'person', 30, 'data:resident', [
    '用户档案',
    'residents',
  ]),
  page(
    '用户类别',
    'Resident categories',
    'catalogue/ResidentCategoryPage',
    '/registry/residentCategory',
    'tag',
    40,
    'data:residentCategory',
    ['用户类别', 'resident categories'],
  ),
];
const SYSTEM_PAGES: Page[] = [
  page('参数配置', 'Parameters', 'catalogue/ParamConfigPage', '/system/paramConfig', 'settings', 28, 'sys:param', [
    '参数配置',
    'parameters',
  ]),
];

export const insertMenu = async (
  db: AnyDb,
  companyId: number,
  m: {
    parentId: number;
    name: string;
    nameEn: string;
    type: number;
    permission?: string;
    path?: string;
    url?: string;
    css?: string;
    sort: number;
  },
): Promise<number> =>
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

/** A tenant's role by its code (ADMIN, OPERATOR…), or undefined: the later migrations grant their pages with it. */
export const roleId = async (db: AnyDb, companyId: number, code: string) =>
  (
    await db
      .selectFrom('roles')
      .select('id')
      .where('company_id', '=', companyId)
      .where('code', '=', code)
      .executeTakeFirst()
  )?.id as number | undefined;

export const findMenu = (db: AnyDb, companyId: number, column: 'url' | 'permission', value: string) =>
  db.selectFrom('menus').select('id').where('company_id', '=', companyId).where(column, '=', value).executeTakeFirst();

export const grant = async (db: AnyDb, companyId: number, roleId: number | undefined, menuId: number) => {
  if (roleId === undefined) return;
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

export const addPages = async (
  db: AnyDb,
  companyId: number,
  adminId: number | undefined,
  parentId: number,
  pages: Page[],
) => {
  for (const p of pages) {
    const pageId =
      (await findMenu(db, companyId, 'url', p.url))?.id ??
      (await insertMenu(db, companyId, { ...p, parentId, type: 0 }));
    await grant(db, companyId, adminId, pageId);
    for (const [index, [code, name, nameEn]] of [p.view, p.edit].entries()) {
      const id =
        (await findMenu(db, companyId, 'permission', code))?.id ??
        (await insertMenu(db, companyId, {
          parentId: pageId,
          name,
          nameEn,
          type: 2,
          permission: code,
          sort: (index + 1) * 10,
        }));
      await grant(db, companyId, adminId, id);
    }
  }
};

const addMenus = async (db: AnyDb, companyId: number) => {
  const admin = await db
    .selectFrom('roles')
    .select('id')
    .where('company_id', '=', companyId)
    .where('code', '=', 'ADMIN')
    .executeTakeFirst();
  const adminId = admin?.id as number | undefined;
  const devicesId =
    (await findMenu(db, companyId, 'url', DEVICES.url))?.id ??
    (await insertMenu(db, companyId, { ...DEVICES, parentId: 0, type: 1, path: 'Layout' }));
  await grant(db, companyId, adminId, devicesId);
  await addPages(db, companyId, adminId, devicesId, DEVICE_PAGES);
  const registry = await findMenu(db, companyId, 'url', '/registry');
  if (registry) await addPages(db, companyId, adminId, registry.id, REGISTRY_PAGES);
  const system = await findMenu(db, companyId, 'url', '/system');
  if (system) await addPages(db, companyId, adminId, system.id, SYSTEM_PAGES);
};

/** The menu half of the migration, for every tenant; running it twice changes nothing. */
export const addRegistryMenus = async (db: AnyDb): Promise<void> => {
  const companies = await db.selectFrom('companies').select('id').execute();
  for (const { id: companyId } of companies) await addMenus(db, companyId);
};

export const up = async (db: AnyDb): Promise<void> => {
  await createCatalogues(db);
  await createDevices(db);
  await createResidents(db);
  await addRegistryMenus(db);
};
