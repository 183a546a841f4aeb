// Uploaded files' bytes in the database (WATEROPS_FILE_STORE=database): every instance on one PostgreSQL reads what
// any of them stored. One row per file, keyed like `files` by tenant and id; no foreign key to `files`, because the
// content is written before the file's row (as on disk) and removed again when that row cannot be written.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's DB type.
type AnyDb = Kysely<any>;

export const up = async (db: AnyDb): Promise<void> => {
  await db.schema
    .createTable('file_contents')
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('companies.id'))
    .addColumn('id', 'uuid', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('file_contents_pk', ['company_id', 'id'])
    .execute();
  // images are already compressed: storing them as they are saves PostgreSQL a pointless compression attempt
  await sql`alter table file_contents alter column content set storage external`.execute(db);
};
