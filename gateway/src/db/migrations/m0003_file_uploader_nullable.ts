// Issue 3: accounts can be deleted. A file outlives its uploader (an avatar still shown, an attachment still
// referenced), so files.user_id becomes nullable, without the foreign key to users; deleting an account clears it.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's DB type.
type AnyDb = Kysely<any>;

export const up = async (db: AnyDb): Promise<void> => {
  await db.schema.alterTable('files').dropConstraint('files_user_fk').execute();
  await db.schema
    .alterTable('files')
    .alterColumn('user_id', (c) => c.dropNotNull())
    .execute();
};
