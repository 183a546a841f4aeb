// The data of the list benchmark, made inside the database with generate_series (one INSERT … SELECT per table, not a
// million round trips from JavaScript): roles, accounts with their roles and sign-in names, and operation-log rows
// spread over a year, in the tenant of the signed-in administrator.
import type { DB } from '@waterops/gateway/src/db/tables.ts';
import { OPERATIONS } from '@waterops/shared/user';
import { type Kysely, sql } from 'kysely';
import { createIndexes, dropSecondaryIndexes, timed } from './benchApp.ts';

export type ListsDataSize = { accounts: number; logRows: number; roles: number };
export const FULL_SIZE: ListsDataSize = { accounts: 100_000, logRows: 1_000_000, roles: 20 };

/** The newest log row; rows go back from here one every LOG_STEP_SECONDS. */
export const LOG_END = '2026-11-22T00:00:00Z';
export const LOG_STEP_SECONDS = 30;
/** One in FAILED_EVERY log rows is a failed attempt. */
export const FAILED_EVERY = 50;
/** Log rows are written by this many distinct user names (bench000000 … bench000999). */
export const LOG_USERS = 1_000;

export type ListsData = { companyId: number; roleIds: number[]; seconds: Record<string, number> };

/** Fills the tenant of `companyId`; returns its roles (for the by-role case) and how long each step took. */
export const buildListsData = async (db: Kysely<DB>, companyId: number, size: ListsDataSize): Promise<ListsData> => {
  const seconds: Record<string, number> = {};
  await timed(seconds, 'roles', () =>
    sql`insert into roles (company_id, code, name, name_en, type)
        select ${companyId}, 'BENCH' || g, '压测角色' || g, 'Bench role ' || g, '1'
        from generate_series(1, ${size.roles}) g`.execute(db),
  );
  const roleIds = (
    await db
      .selectFrom('roles')
      .select('id')
      .where('company_id', '=', companyId)
      .where('code', 'like', 'BENCH%')
      .execute()
  ).map((r) => r.id);
  // Constants of this file and ids just read: safe to write into the SQL as literals (both drivers read them alike).
  const roleArray = sql.raw(`array[${roleIds.map(Number).join(',')}]::bigint[]`);

  // Accounts created one a minute back from LOG_END; the password hash is a placeholder (nobody signs in as them).
  await timed(seconds, 'accounts', () =>
    sql`insert into users (company_id, username, password_hash, nickname, mobile, enabled, created_at, updated_at)
        select ${companyId}, 'bench' || lpad(g::text, 6, '0'), 'scrypt$bench', '压测用户' || g,
               '138' || lpad(g::text, 8, '0'), g % 10 <> 0,
               ${LOG_END}::timestamptz - g * interval '1 minute', ${LOG_END}::timestamptz
        from generate_series(0, ${size.accounts - 1}) g`.execute(db),
  );
  await timed(seconds, 'logins', () =>
    sql`insert into logins (username, company_id, user_id)
        select username, company_id, id from users where company_id = ${companyId} and username like 'bench%'`.execute(
      db,
    ),
  );
  // Every account holds one bench role; every seventh a second one.
  await timed(seconds, 'userRoles', () =>
    sql`insert into user_roles (company_id, user_id, role_id)
        select u.company_id, u.id, r.ids[1 + u.id % ${roleIds.length}]
        from users u, (select ${roleArray} as ids) r
        where u.company_id = ${companyId} and u.username like 'bench%'
        union all
        select u.company_id, u.id, r.ids[1 + (u.id + 1) % ${roleIds.length}]
        from users u, (select ${roleArray} as ids) r
        where u.company_id = ${companyId} and u.username like 'bench%' and u.id % 7 = 0`.execute(db),
  );

  const operations = OPERATIONS.filter((o) => o !== 'request');
  const operationArray = sql.raw(`array[${operations.map((o) => `'${o}'`).join(',')}]::text[]`);
  // A bulk load: the log's secondary indexes are dropped, the rows written, and the indexes built again from their
  // own definitions (one sorted build each instead of a million insertions into five b-trees).
  const indexes = await dropSecondaryIndexes(db, 'operation_log');
  await timed(seconds, 'operationLog', () =>
    sql`insert into operation_log (company_id, user_id, username, operation, detail, ip, created_at, result, reason)
        select ${companyId}, null, 'bench' || lpad((g % ${LOG_USERS})::text, 6, '0'),
               (${operationArray})[1 + g % ${operations.length}],
               'bench entry ' || g,
               '10.' || (g % 200) || '.' || (g / 200 % 250) || '.' || (1 + g % 7),
               ${LOG_END}::timestamptz - g * interval '${sql.raw(String(LOG_STEP_SECONDS))} seconds',
               case when g % ${FAILED_EVERY} = 0 then 'failed' else 'success' end,
               case when g % ${FAILED_EVERY} = 0 then '角色编码已存在' end
        from generate_series(0, ${size.logRows - 1}) g`.execute(db),
  );
  await timed(seconds, 'logIndexes', () => createIndexes(db, indexes));
  // VACUUM as autovacuum would on a server that has been running (it also sets the visibility map, which lets a
  // count use an index-only scan); PGlite runs no autovacuum of its own.
  await timed(seconds, 'vacuumAnalyze', () => sql`vacuum analyze`.execute(db));
  return { companyId, roleIds, seconds };
};

export type IndexSize = { table: string; index: string; bytes: number };

/** The sizes of the tables' indexes (and of the tables themselves, as index `(table)`). */
export const relationSizes = async (db: Kysely<DB>): Promise<IndexSize[]> => {
  const rows = await sql<{ table: string; index: string; bytes: string | number }>`
    select c.relname as table, '(table)' as index, pg_relation_size(c.oid) as bytes
    from pg_class c where c.relname in ('users', 'user_roles', 'operation_log') and c.relkind = 'r'
    union all
    select t.relname, i.relname, pg_relation_size(i.oid)
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    where t.relname in ('users', 'user_roles', 'operation_log')
    order by 1, 2`.execute(db);
  return rows.rows.map((r) => ({ table: r.table, index: r.index, bytes: Number(r.bytes) }));
};
