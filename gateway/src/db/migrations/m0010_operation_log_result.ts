// Issue 3: the operation log says how each attempt ended. `result` ('success' for every entry written so far) and
// `reason` (the message a failed attempt was answered), plus indexes for the log page's filters, each led by
// company_id and ending in the page's order (created_at desc, id desc) so a filtered page reads only its rows; and
// two for the account list, which the list benchmark (tests/bench/lists.ts, BENCHMARKS.md) showed sorting 100,000
// rows for every page.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's DB type.
type AnyDb = Kysely<any>;

export const up = async (db: AnyDb): Promise<void> => {
  // A constant default: PostgreSQL 11+ adds the column without rewriting the table.
  await db.schema
    .alterTable('operation_log')
    .addColumn('result', 'text', (c) => c.notNull().defaultTo('success'))
    .addColumn('reason', 'text')
    .execute();
  await db.schema
    .alterTable('operation_log')
    .addCheckConstraint('operation_log_result_ck', sql`result in ('success', 'failed')`)
    .execute();

  await db.schema
    .createIndex('operation_log_user_ix')
    .on('operation_log')
    .columns(['company_id', 'username', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('operation_log_operation_ix')
    .on('operation_log')
    .columns(['company_id', 'operation', 'created_at desc', 'id desc'])
    .execute();
  // Failures are a small share of the log: a partial index holds only them.
  await db.schema
    .createIndex('operation_log_failed_ix')
    .on('operation_log')
    .columns(['company_id', 'created_at desc', 'id desc'])
    .where(sql.ref('result'), '=', 'failed')
    .execute();
  // The IP filter is a prefix (`10.1.`): text_pattern_ops lets LIKE 'prefix%' use the index whatever the collation.
  await sql`create index operation_log_ip_ix on operation_log (company_id, ip text_pattern_ops)`.execute(db);

  // Accounts: the default order (newest first) and the by-role filter (an EXISTS on user_roles per account).
  await db.schema
    .createIndex('users_created_ix')
    .on('users')
    .columns(['company_id', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('user_roles_role_ix')
    .on('user_roles')
    .columns(['company_id', 'role_id', 'user_id'])
    .execute();
};
