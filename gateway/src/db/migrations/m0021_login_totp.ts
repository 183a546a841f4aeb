// Two-step verification (issue 17 point 4): per account, whether an administrator requires it, the TOTP secret
// (sealed, never readable without the server's key: services/uaa/totpSecretBox.ts) once confirmed, the secret being
// enrolled, and the last time step a code was accepted at, so a code cannot be used twice.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's DB type.
type AnyDb = Kysely<any>;

export const up = async (db: AnyDb): Promise<void> => {
  await db.schema
    .createTable('user_totp')
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('secret_sealed', 'text')
    .addColumn('pending_secret_sealed', 'text')
    .addColumn('last_step', 'bigint')
    .addColumn('enabled_at', 'timestamptz')
    .addPrimaryKeyConstraint('user_totp_pk', ['company_id', 'user_id'])
    .addForeignKeyConstraint('user_totp_user_fk', ['company_id', 'user_id'], 'users', ['company_id', 'id'], (f) =>
      f.onDelete('cascade'),
    )
    .execute();
};
