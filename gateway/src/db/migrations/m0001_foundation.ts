// Issue 2's tables: tenants, users, roles, menus and their grants, OAuth clients, tokens, the operation log, files,
// and the sign-in guards (failure counters, captchas) that must be shared by every instance.
//
// Keys follow architecture §4: company_id leads every tenant table's primary key, unique constraints and foreign
// keys, so each table can later be distributed by company_id (Citus). Identity columns are bigint because Citus
// only supports bigint identities on distributed tables. Tables read before the tenant is known (logins, tokens,
// oauth_clients, login_failures, captchas) are global: small, looked up by their own key, Citus reference tables.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's DB type.
type AnyDb = Kysely<any>;

const now = sql`now()`;

export const up = async (db: AnyDb): Promise<void> => {
  await db.schema
    .createTable('companies')
    .addColumn('id', 'bigint', (c) => c.generatedByDefaultAsIdentity().primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text')
    .addColumn('logo_name', 'text', (c) => c.notNull())
    .addColumn('logo_name_en', 'text')
    .addColumn('logo_img', 'text')
    .addColumn('role_id', 'bigint')
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('companies.id'))
    .addColumn('id', 'bigint', (c) => c.notNull().generatedByDefaultAsIdentity())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text')
    .addColumn('head_img_url', 'text')
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('users_pk', ['company_id', 'id'])
    .addUniqueConstraint('users_username_uq', ['company_id', 'username'])
    .execute();

  // No foreign key to users: Citus reference tables cannot reference distributed tables. The sign-in code writes
  // both rows in one transaction instead.
  await db.schema
    .createTable('logins')
    .addColumn('username', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('companies.id'))
    .addColumn('id', 'bigint', (c) => c.notNull().generatedByDefaultAsIdentity())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text')
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('1'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('roles_pk', ['company_id', 'id'])
    .addUniqueConstraint('roles_code_uq', ['company_id', 'code'])
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('role_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_roles_pk', ['company_id', 'user_id', 'role_id'])
    .addForeignKeyConstraint('user_roles_user_fk', ['company_id', 'user_id'], 'users', ['company_id', 'id'], (f) =>
      f.onDelete('cascade'),
    )
    .addForeignKeyConstraint('user_roles_role_fk', ['company_id', 'role_id'], 'roles', ['company_id', 'id'], (f) =>
      f.onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('menus')
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('companies.id'))
    .addColumn('id', 'bigint', (c) => c.notNull().generatedByDefaultAsIdentity())
    .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text')
    .addColumn('type', 'smallint', (c) => c.notNull().check(sql`type in (0, 1, 2)`))
    .addColumn('permission', 'text')
    .addColumn('path', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('css', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('affix', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('badge', 'text')
    .addColumn('target', 'text')
    .addPrimaryKeyConstraint('menus_pk', ['company_id', 'id'])
    .addCheckConstraint('menus_permission_ck', sql`(type = 2) = (permission is not null)`)
    .execute();
  await db.schema
    .createIndex('menus_permission_uq')
    .on('menus')
    .columns(['company_id', 'permission'])
    .unique()
    .where(sql.ref('permission'), 'is not', null)
    .execute();

  await db.schema
    .createTable('role_menus')
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('role_id', 'bigint', (c) => c.notNull())
    .addColumn('menu_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_menus_pk', ['company_id', 'role_id', 'menu_id'])
    .addForeignKeyConstraint('role_menus_role_fk', ['company_id', 'role_id'], 'roles', ['company_id', 'id'], (f) =>
      f.onDelete('cascade'),
    )
    .addForeignKeyConstraint('role_menus_menu_fk', ['company_id', 'menu_id'], 'menus', ['company_id', 'id'], (f) =>
      f.onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('oauth_clients')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull().defaultTo('app'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('tokens_user_ix').on('tokens').columns(['company_id', 'user_id']).execute();

  await db.schema
    .createTable('operation_log')
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('companies.id'))
    .addColumn('id', 'bigint', (c) => c.notNull().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'bigint')
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('operation_log_pk', ['company_id', 'id'])
    .execute();
  await db.schema
    .createIndex('operation_log_time_ix')
    .on('operation_log')
    .columns(['company_id', 'created_at desc', 'id desc'])
    .execute();

  await db.schema
    .createTable('files')
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('companies.id'))
    .addColumn('id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('files_pk', ['company_id', 'id'])
    .addForeignKeyConstraint('files_user_fk', ['company_id', 'user_id'], 'users', ['company_id', 'id'])
    .execute();
  // GET /api-file/files/:id is public (an <img> sends no bearer), so it finds a file by id alone.
  await db.schema.createIndex('files_id_ix').on('files').column('id').execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('username', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('captchas')
    .addColumn('device_id', 'text', (c) => c.primaryKey())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captchas_expiry_ix').on('captchas').column('expires_at').execute();
};
