// Issue 3: spreadsheet imports run as jobs the web polls. One row per upload: who started it, its state, counts, and
// the rows that failed (row number, cells, reason) so they can be downloaded. Keyed company_id first like every
// tenant table; no foreign key to users, because a job outlives the account that started it.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's DB type.
type AnyDb = Kysely<any>;

export const up = async (db: AnyDb): Promise<void> => {
  await db.schema
    .createTable('import_jobs')
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('companies.id'))
    .addColumn('id', 'bigint', (c) => c.notNull().generatedByDefaultAsIdentity())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('waiting'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('succeeded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failures', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    // last sign of life of the process running the job: a stale one was left by a crashed process
    .addColumn('heartbeat_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('import_jobs_pk', ['company_id', 'id'])
    .addCheckConstraint('import_jobs_status_ck', sql`status in ('waiting', 'importing', 'success', 'failed')`)
    .execute();
  // the restart sweep looks for unfinished jobs only
  await db.schema
    .createIndex('import_jobs_unfinished_ix')
    .on('import_jobs')
    .columns(['status', 'heartbeat_at'])
    .where(sql.ref('status'), 'in', ['waiting', 'importing'])
    .execute();
};
