// Self-registration by SMS code: `sms_codes` (global, like captchas: read before the tenant is known) holds one code
// per purpose and mobile as a hash with its expiry, wrong attempts and the per-mobile send window shared by every
// instance; `sms_outbox` (tenant, company_id first) is the built-in sender's store of sent messages. For every
// existing tenant: the page 短信发件箱 under System with its permission entry sys:sms:view, both granted to ADMIN;
// new tenants get them from the seed menus (foundationMenus.ts). Frozen: names and codes are written out here, not
// imported. Running it twice changes nothing.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's DB type.
type AnyDb = Kysely<any>;

const PAGE = {
  name: '短信发件箱',
  nameEn: 'SMS outbox',
  path: 'system/SmsOutboxPage',
  url: '/system/smsOutbox',
  css: 'envelope',
  sort: 60,
};
const VIEW = { permission: 'sys:sms:view', name: '查看短信发件箱', nameEn: 'View the SMS outbox' };

export const up = async (db: AnyDb): Promise<void> => {
  await db.schema
    .createTable('sms_codes')
    .ifNotExists()
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_sent_at', 'timestamptz', (c) => c.notNull())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sends', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sms_codes_pk', ['purpose', 'mobile'])
    .execute();

  await db.schema
    .createTable('sms_outbox')
    .ifNotExists()
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('companies.id'))
    .addColumn('id', 'bigint', (c) => c.notNull().generatedByDefaultAsIdentity())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('sms_outbox_pk', ['company_id', 'id'])
    .execute();
  await db.schema
    .createIndex('sms_outbox_time_ix')
    .ifNotExists()
    .on('sms_outbox')
    .columns(['company_id', 'created_at desc', 'id desc'])
    .execute();

  const companies = await db.selectFrom('companies').select('id').execute();
  for (const { id: companyId } of companies) {
    const exists = await db
      .selectFrom('menus')
      .select('id')
      .where('company_id', '=', companyId)
      .where('permission', '=', VIEW.permission)
      .executeTakeFirst();
    if (exists) continue;
    const system = await db
      .selectFrom('menus')
      .select('id')
      .where('company_id', '=', companyId)
      .where('parent_id', '=', 0)
      .where('url', '=', '/system')
      .executeTakeFirst();
    const { id: pageId } = await db
      .insertInto('menus')
      .values({
        company_id: companyId,
        parent_id: system?.id ?? 0,
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
      .executeTakeFirstOrThrow();
    const { id: viewId } = await db
      .insertInto('menus')
      .values({
        company_id: companyId,
        parent_id: pageId,
        name: VIEW.name,
        name_en: VIEW.nameEn,
        type: 2,
        permission: VIEW.permission,
        path: '',
        url: '',
        css: '',
        hidden: false,
        sort: 10,
        affix: false,
        badge: null,
        target: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const admin = await db
      .selectFrom('roles')
      .select('id')
      .where('company_id', '=', companyId)
      .where('code', '=', 'ADMIN')
      .executeTakeFirst();
    if (admin)
      await db
        .insertInto('role_menus')
        .values([
          { company_id: companyId, role_id: admin.id, menu_id: pageId },
          { company_id: companyId, role_id: admin.id, menu_id: viewId },
        ])
        .execute();
  }
};
