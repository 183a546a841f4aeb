// SQL of uploaded files: one row per file, keyed by tenant and a random UUID.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.ts';

export type FileRow = {
  companyId: number;
  id: string;
  userId: number;
  name: string;
  contentType: string;
  size: number;
};

export const insertFile = async (db: Kysely<DB>, f: FileRow, now: Date): Promise<void> => {
  await db
    .insertInto('files')
    .values({
      company_id: f.companyId,
      id: f.id,
      user_id: f.userId,
      name: f.name,
      content_type: f.contentType,
      size: f.size,
      created_at: now,
    })
    .execute();
};

/** A file by id alone: serving it is public (an <img> sends no bearer), the random id is the capability. */
export const findFileById = (db: Kysely<DB>, id: string) =>
  db
    .selectFrom('files')
    .select(['company_id', 'id', 'name', 'content_type', 'size'])
    .where('id', '=', id)
    .executeTakeFirst();

// The bytes themselves, for the database store (fileStore.ts, WATEROPS_FILE_STORE=database).

export const insertFileContent = async (
  db: Kysely<DB>,
  companyId: number,
  id: string,
  content: Uint8Array,
): Promise<void> => {
  await db.insertInto('file_contents').values({ company_id: companyId, id, content }).execute();
};

export const findFileContent = async (db: Kysely<DB>, companyId: number, id: string): Promise<Uint8Array | null> => {
  const row = await db
    .selectFrom('file_contents')
    .select('content')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.content ?? null;
};

export const deleteFileContent = async (db: Kysely<DB>, companyId: number, id: string): Promise<void> => {
  await db.deleteFrom('file_contents').where('company_id', '=', companyId).where('id', '=', id).execute();
};
