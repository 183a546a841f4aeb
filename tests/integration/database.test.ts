// The database as an operator meets it: the first start seeds (demo or production), a restart on the same data
// keeps everything and seeds nothing twice, and the schema keeps company_id first for a later move to Citus. The
// embedded database's own folder (one writer, damage check, backups) is embeddedDataFolder.test.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrations as releasedMigrations } from '@waterops/gateway/src/db/migrateToLatest.ts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, postToken, signIn } from '../fixtures/factories.ts';
import { createTestDatabase, startTestApp, type TestApp } from '../fixtures/testApp.ts';

const counts = async (t: TestApp) => {
  const tables = [
    'companies',
    'users',
    'logins',
    'roles',
    'user_roles',
    'menus',
    'role_menus',
    'oauth_clients',
  ] as const;
  const result: Record<string, number> = {};
  for (const table of tables) {
    const row = await t.app.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    result[table] = Number(row.n);
  }
  return result;
};

describe('first start and restart', () => {
  it('seeds the demo tenant once; a restart on the same data keeps changes, tokens and seeds nothing again', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'waterops-restart-'));
    const database = await createTestDatabase();
    try {
      const first = await startTestApp({ database, env: { WATEROPS_DATA_DIR: dataDir } });
      let token: string;
      let before: Record<string, number>;
      try {
        before = await counts(first);
        // the administrator, the operator and the demo's dispatcher, customer service and crews (demoPeople.ts); five roles: administrator,
        // operator, dispatcher, crew and customer service (migration 0018)
        expect(before).toMatchObject({ companies: 1, users: 10, logins: 10, roles: 5, oauth_clients: 1 });
        token = await signIn(first.app, 'admin', 'admin123');
        const res = await first.app.inject({
          method: 'PUT',
          url: '/api-user/users/me',
          headers: bearer(token),
          payload: { nickname: '重启之前', mobile: '13811112222' },
        });
        expect(res.json().resp_code).toBe(0);
      } finally {
        await first.close();
      }

      const second = await startTestApp({ database, env: { WATEROPS_DATA_DIR: dataDir } });
      try {
        expect(await counts(second)).toEqual(before);
        const me = await second.app.inject({ method: 'GET', url: '/api-user/users/current', headers: bearer(token) });
        expect(me.statusCode).toBe(200);
        expect(me.json().datas).toMatchObject({ nickname: '重启之前', mobile: '13811112222' });
        const migrations = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
          second.app.db,
        );
        // every migration ran once, in the order of the static list (none re-run by the second start)
        expect(migrations.rows.map((r) => r.name)).toEqual(Object.keys(releasedMigrations));
        expect(migrations.rows.length).toBeGreaterThanOrEqual(10);
        const log = await second.app.db.selectFrom('operation_log').select('operation').orderBy('id').execute();
        expect(log.map((l) => l.operation)).toEqual(['signIn', 'profileUpdate']);
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
    // two cold starts of a folder database with the demo seed: ~25 s on a loaded 2-core machine (a limit, not a
    // timing assertion)
  }, 90_000);
});

describe('WATEROPS_DEMO=0', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { WATEROPS_DEMO: '0', WATEROPS_ADMIN_PASSWORD: 'Fresh-Start-2024' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates one company and one administrator with the given password, and no demo users', async () => {
    expect(await counts(t)).toMatchObject({ companies: 1, users: 1, logins: 1, roles: 5, oauth_clients: 1 });
    const company = await t.app.db.selectFrom('companies').select('name').executeTakeFirstOrThrow();
    expect(company.name).not.toBe('演示水务公司');
    expect((await postToken(t.app, { username: 'admin', password: 'admin123' })).json().resp_code).toBe(1);
    expect((await postToken(t.app, { username: 'operator', password: 'operator123' })).json().resp_code).toBe(1);
    const token = await signIn(t.app, 'admin', 'Fresh-Start-2024');
    const me = await t.app.inject({ method: 'GET', url: '/api-user/users/current', headers: bearer(token) });
    expect(me.json().datas.permissions).toContain('admin');
    const menus = await t.app.inject({ method: 'GET', url: '/api-user/menus/current', headers: bearer(token) });
    expect(menus.json().datas.length).toBeGreaterThan(0);
  });
});

describe('schema', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  // The columns of each constraint in order, from the catalogue (the same query works on PGlite and PostgreSQL).
  const constraints = async (type: 'p' | 'u' | 'f') =>
    (
      await sql<{ table: string; name: string; columns: string[] }>`
        select c.conrelid::regclass::text as table, c.conname as name,
               array(select a.attname::text from unnest(c.conkey) with ordinality k(attnum, ord)
                     join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum order by k.ord) as columns
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where n.nspname = current_schema() and c.contype = ${type} and c.conrelid::regclass::text not like 'kysely%'`.execute(
        t.app.db,
      )
    ).rows;

  const TENANT_TABLES = ['users', 'roles', 'user_roles', 'menus', 'role_menus', 'operation_log', 'files'];

  it('leads every tenant table’s primary key, unique constraints and foreign keys with company_id', async () => {
    const pks = await constraints('p');
    for (const table of TENANT_TABLES) expect(pks.find((c) => c.table === table)?.columns[0]).toBe('company_id');
    const keyed = [...(await constraints('u')), ...(await constraints('f'))].filter((c) =>
      TENANT_TABLES.includes(c.table),
    );
    expect(keyed.length).toBeGreaterThan(5);
    for (const c of keyed) {
      // A foreign key to companies is the distribution column itself.
      expect(c.columns[0], `${c.table}.${c.name}`).toBe('company_id');
    }
  });

  it('stores times as timestamptz', async () => {
    const rows = await sql<{ table_name: string; column_name: string; data_type: string }>`
      select table_name, column_name, data_type from information_schema.columns
      where table_schema = current_schema() and (column_name like '%\\_at' or column_name like '%time%')
        and table_name not like 'kysely%'`.execute(t.app.db);
    expect(rows.rows.length).toBeGreaterThan(8);
    for (const r of rows.rows) expect(r.data_type, `${r.table_name}.${r.column_name}`).toBe('timestamp with time zone');
  });
});
