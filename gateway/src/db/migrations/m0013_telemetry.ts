// Issue 5: telemetry. Raw meter readings (append-only, one partition per China month, created on demand by
// services/reading/readingPartitions.ts), the validated daily series, meter swaps, month-end bases, device commands,
// blacklists (data push, reading sync, command filter), ingestion keys and the run record of scheduled jobs. The
// last status a meter reported sits on water_meters (one row per meter, updated by ingestion) with the day from
// which its daily values must be recomputed. Then the menus: a 抄表管理 (Meter reading) group and five device pages,
// for every existing tenant. Keys lead with company_id (architecture §4).
import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { addPages, findMenu, grant, insertMenu, type Page, page } from './m0011_registry.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's DB type.
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: see AnyDb
type TableBuilder = CreateTableBuilder<string, any>;

const now = sql`now()`;

const tenantTable = (db: AnyDb, name: string): TableBuilder =>
  db.schema
    .createTable(name)
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('companies.id'))
    .addColumn('id', 'bigint', (c) => c.notNull().generatedByDefaultAsIdentity());

const createReadings = async (db: AnyDb) => {
  // Raw register reads as the devices sent them. No foreign key to water_meters: ingestion checks the meter, and a
  // key check per row would halve the insert rate. The primary key makes a resent read a no-op.
  await sql`
    create table meter_readings (
      company_id bigint not null,
      meter_id bigint not null,
      read_at timestamptz not null,
      reading numeric(14, 3) not null,
      voltage numeric(5, 2),
      csq smallint,
      rsrp smallint,
      valve_state smallint,
      source smallint not null default 1,
      received_at timestamptz not null default now(),
      constraint meter_readings_pk primary key (company_id, meter_id, read_at)
    ) partition by range (read_at)`.execute(db);

  await sql`
    alter table water_meters
      add column last_reading numeric(14, 3),
      add column voltage numeric(5, 2),
      add column csq smallint,
      add column rsrp smallint,
      add column valve_state smallint,
      add column dirty_from date`.execute(db);
  // Ingestion rewrites these status columns with every batch. None of them is indexed, and pages keep 30 % free, so
  // the rewrite is a HOT update (no index entry touched): 2,500 meters cost ~250 ms a batch with nine index entries
  // per row on PostgreSQL, a fraction of that without. The validation job finds dirty meters with a scan instead.
  await sql`alter table water_meters set (fillfactor = 70)`.execute(db);
  // devices that know a meter by its remote code (远传号) report under it
  await sql`create index water_meters_remote_code_idx on water_meters (company_id, remote_code) where remote_code is not null`.execute(
    db,
  );
  await sql`alter table concentrators add column clock_offset_s integer`.execute(db);

  await db.schema
    .createTable('reading_days')
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('meter_id', 'bigint', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('raw_reading', 'numeric(14, 3)')
    .addColumn('reading', 'numeric(14, 3)', (c) => c.notNull())
    .addColumn('consumption', 'numeric(14, 3)')
    .addColumn('raw_consumption', 'numeric(14, 3)')
    .addColumn('quality', 'char(1)', (c) => c.notNull())
    .addColumn('rule', 'text')
    .addColumn('reads', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('computed_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('reading_days_pk', ['company_id', 'meter_id', 'day'])
    .execute();
  await db.schema.createIndex('reading_days_day_idx').on('reading_days').columns(['company_id', 'day']).execute();
  // the data check's list: only the days a rule fired on or that were estimated (a few percent of all days)
  await sql`create index reading_days_exceptions_idx on reading_days (company_id, day) where rule is not null or quality <> 'A'`.execute(
    db,
  );

  await tenantTable(db, 'meter_replacements')
    .addColumn('meter_id', 'bigint', (c) => c.notNull())
    .addColumn('replaced_at', 'timestamptz', (c) => c.notNull())
    .addColumn('old_meter_code', 'text', (c) => c.notNull())
    .addColumn('old_final_reading', 'numeric(14, 3)', (c) => c.notNull())
    .addColumn('new_meter_code', 'text', (c) => c.notNull())
    .addColumn('new_base_reading', 'numeric(14, 3)', (c) => c.notNull())
    .addColumn('created_by', 'bigint')
    .addColumn('remark', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('meter_replacements_pk', ['company_id', 'id'])
    .addForeignKeyConstraint('meter_replacements_meter_fk', ['company_id', 'meter_id'], 'water_meters', [
      'company_id',
      'id',
    ])
    .execute();
  await db.schema
    .createIndex('meter_replacements_meter_idx')
    .on('meter_replacements')
    .columns(['company_id', 'meter_id', 'replaced_at'])
    .execute();

  await tenantTable(db, 'meter_bases')
    .addColumn('meter_id', 'bigint', (c) => c.notNull())
    /** 'YYYY-MM' */
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('start_reading', 'numeric(14, 3)')
    .addColumn('end_reading', 'numeric(14, 3)')
    .addColumn('consumption', 'numeric(14, 3)')
    .addColumn('quality', 'char(1)', (c) => c.notNull().defaultTo('A'))
    /** 1 month-end freeze, 2 import, 3 manual */
    .addColumn('source', 'smallint', (c) => c.notNull().defaultTo(1))
    /** 0 unchecked, 1 normal, 2 abnormal */
    .addColumn('check_state', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('check_message', 'text')
    .addColumn('frozen_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('meter_bases_pk', ['company_id', 'id'])
    .addUniqueConstraint('meter_bases_period_uq', ['company_id', 'meter_id', 'period'])
    .addForeignKeyConstraint('meter_bases_meter_fk', ['company_id', 'meter_id'], 'water_meters', ['company_id', 'id'])
    .execute();
  await db.schema.createIndex('meter_bases_period_idx').on('meter_bases').columns(['company_id', 'period']).execute();
};

const createCommands = async (db: AnyDb) => {
  await tenantTable(db, 'device_commands')
    /** 1 concentrator, 2 collector, 3 water meter */
    .addColumn('device_kind', 'smallint', (c) => c.notNull())
    .addColumn('device_id', 'bigint', (c) => c.notNull())
    .addColumn('device_code', 'text', (c) => c.notNull())
    /** the concentrator that delivers it; null: the device takes it itself */
    .addColumn('concentrator_id', 'bigint')
    .addColumn('command', 'text', (c) => c.notNull())
    .addColumn('params', 'jsonb')
    /** 0 created, 1 executing, 2 success, 3 failed, 4 cancelled */
    .addColumn('state', 'smallint', (c) => c.notNull().defaultTo(0))
    /** why it failed or was cancelled: offline | intercepted | timeout | device */
    .addColumn('reason', 'text')
    /** the device's own words on failure */
    .addColumn('message', 'text')
    .addColumn('result', 'jsonb')
    .addColumn('batch_id', 'text')
    .addColumn('created_by', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('deadline_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('device_commands_pk', ['company_id', 'id'])
    .execute();
  await db.schema
    .createIndex('device_commands_device_idx')
    .on('device_commands')
    .columns(['company_id', 'device_kind', 'device_id', 'created_at'])
    .execute();
  await sql`create index device_commands_open_idx on device_commands (company_id, state, concentrator_id) where state in (0, 1)`.execute(
    db,
  );

  await tenantTable(db, 'device_blacklists')
    /** 1 data push, 2 reading sync, 3 device command filter */
    .addColumn('list_kind', 'smallint', (c) => c.notNull())
    .addColumn('device_kind', 'smallint', (c) => c.notNull())
    .addColumn('device_id', 'bigint', (c) => c.notNull())
    .addColumn('device_code', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_by', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('device_blacklists_pk', ['company_id', 'id'])
    .addUniqueConstraint('device_blacklists_uq', ['company_id', 'list_kind', 'device_kind', 'device_id'])
    .execute();

  await tenantTable(db, 'ingest_keys')
    .addColumn('name', 'text', (c) => c.notNull())
    /** the first characters of the key, shown in lists so a key can be recognised; the key itself is not stored */
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    /** sha256 of the key (hex): keys are long random strings, so a fast hash is enough */
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    /** null: a company key (every device); else only this concentrator's devices */
    .addColumn('concentrator_id', 'bigint')
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_by', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_used_at', 'timestamptz')
    .addPrimaryKeyConstraint('ingest_keys_pk', ['company_id', 'id'])
    .execute();

  // Global: scheduled work across every tenant and instance. The insert that wins a (job, period) runs it.
  await db.schema
    .createTable('job_runs')
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('instance', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('detail', 'jsonb')
    .addPrimaryKeyConstraint('job_runs_pk', ['job', 'period'])
    .execute();
};

// ── menus ─────────────────────────────────────────────────────────────────────────────────────────────────────────

const READING = { name: '抄表管理', nameEn: 'Meter reading', url: '/reading', css: 'th-list', sort: 45 };
const READING_PAGES: Page[] = [
  page('抄表底数', 'Meter bases', 'reading/MeterBasePage', '/reading/meterBase', 'book', 10, 'reading:meterBase', [
    '抄表底数',
    'meter bases',
  ]),
  page(
    '底数核对与导入',
    'Base check',
    'reading/BaseCheckPage',
    '/reading/baseCheck',
    'tick-circle',
    20,
    'reading:baseCheck',
    ['底数核对', 'the base check'],
  ),
  page('抄表记录', 'Reading records', 'reading/ReadingRecordPage', '/reading/record', 'history', 30, 'reading:record', [
    '抄表记录',
    'reading records',
  ]),
  page('数据校验', 'Data check', 'reading/DataCheckPage', '/reading/dataCheck', 'confirm', 40, 'reading:dataCheck', [
    '数据校验',
    'the data check',
  ]),
  viewOnly(
    page('抄表率', 'Reading rate', 'reading/ReadingRatePage', '/reading/rate', 'percentage', 50, 'reading:rate', [
      '抄表率',
      'reading rates',
    ]),
  ),
];

/** A page with a view permission only: its edit entry is the view entry again (found, not inserted twice). */
function viewOnly(p: Page): Page {
  return { ...p, edit: p.view };
}

const DEVICE_PAGES: Page[] = [
  page(
    '阀门控制',
    'Valve control',
    'command/ValveControlPage',
    '/device/valveControl',
    'key',
    80,
    'device:valveControl',
    ['阀门状态', 'valve states'],
  ),
  page('设备命令', 'Device commands', 'command/CommandPage', '/device/command', 'console', 90, 'device:command', [
    '设备命令',
    'device commands',
  ]),
  viewOnly(
    page('设备状态', 'Device status', 'device/DeviceStatusPage', '/device/status', 'pulse', 100, 'device:status', [
      '设备状态',
      'device status',
    ]),
  ),
  page('接入密钥', 'Ingestion keys', 'device/IngestKeyPage', '/device/ingestKey', 'key', 110, 'device:ingestKey', [
    '接入密钥',
    'ingestion keys',
  ]),
  page('黑名单', 'Blacklists', 'device/BlacklistPage', '/device/blacklist', 'blocked-person', 120, 'device:blacklist', [
    '黑名单',
    'blacklists',
  ]),
];

const addMenus = async (db: AnyDb, companyId: number) => {
  const admin = await db
    .selectFrom('roles')
    .select('id')
    .where('company_id', '=', companyId)
    .where('code', '=', 'ADMIN')
    .executeTakeFirst();
  const adminId = admin?.id as number | undefined;
  const readingId =
    (await findMenu(db, companyId, 'url', READING.url))?.id ??
    (await insertMenu(db, companyId, { ...READING, parentId: 0, type: 1, path: 'Layout' }));
  await grant(db, companyId, adminId, readingId);
  await addPages(db, companyId, adminId, readingId, READING_PAGES);
  const devices = await findMenu(db, companyId, 'url', '/device');
  if (devices) await addPages(db, companyId, adminId, devices.id, DEVICE_PAGES);
};

/** The menu half of the migration, for every tenant; running it twice changes nothing. */
export const addTelemetryMenus = async (db: AnyDb): Promise<void> => {
  const companies = await db.selectFrom('companies').select('id').execute();
  for (const { id: companyId } of companies) await addMenus(db, companyId);
};

export const up = async (db: AnyDb): Promise<void> => {
  await createReadings(db);
  await createCommands(db);
  await addTelemetryMenus(db);
};
