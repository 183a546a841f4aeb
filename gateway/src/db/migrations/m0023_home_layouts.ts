// Issue 18: each user's home-dashboard layout (which widgets, in which order, which hidden), saved on the server so
// it follows the user from browser to browser. One row per user, the layout as JSON (the shared HomeLayout shape);
// it goes with the account.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's DB type.
type AnyDb = Kysely<any>;

export const up = async (db: AnyDb): Promise<void> => {
  await db.schema
    .createTable('home_layouts')
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('layout', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('home_layouts_pk', ['company_id', 'user_id'])
    .addForeignKeyConstraint('home_layouts_user_fk', ['company_id', 'user_id'], 'users', ['company_id', 'id'], (f) =>
      f.onDelete('cascade'),
    )
    .execute();
};
