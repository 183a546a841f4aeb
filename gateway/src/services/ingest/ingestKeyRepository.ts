// Ingestion keys: long random strings a device, head-end system or the simulator signs its calls with. Only their
// sha256 is stored (a key has ~190 bits of entropy, so a fast hash cannot be brute-forced; a slow one would cost
// every ingestion call), and the first characters, so a person can tell keys apart in the list.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';

export const KEY_PREFIX_LENGTH = 10;

export const hashIngestKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export type IngestKeyOwner = {
  companyId: number;
  keyId: number;
  /** null: a company key, every device; else only this concentrator and the devices beneath it */
  concentratorId: number | null;
};

/** Creates a key and returns it in clear, once; it cannot be read back. */
export const createIngestKey = async (
  db: Kysely<DB> | Transaction<DB>,
  input: { companyId: number; name: string; concentratorId?: number | null; createdBy?: number | null },
): Promise<{ id: number; key: string }> => {
  const key = `wo_${randomBytes(24).toString('base64url')}`;
  const { id } = await db
    .insertInto('ingest_keys')
    .values({
      company_id: input.companyId,
      name: input.name,
      key_prefix: key.slice(0, KEY_PREFIX_LENGTH),
      key_hash: hashIngestKey(key),
      concentrator_id: input.concentratorId ?? null,
      created_by: input.createdBy ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(id), key };
};

/** The owner of an enabled key, or undefined for an unknown or disabled one. */
export const findIngestKeyOwner = async (db: Kysely<DB>, key: string): Promise<IngestKeyOwner | undefined> => {
  const row = await db
    .selectFrom('ingest_keys')
    .innerJoin('companies', 'companies.id', 'ingest_keys.company_id')
    .select(['ingest_keys.company_id', 'ingest_keys.id', 'ingest_keys.concentrator_id'])
    .where('ingest_keys.key_hash', '=', hashIngestKey(key))
    .where('ingest_keys.enabled', '=', true)
    .where('companies.enabled', '=', true)
    .executeTakeFirst();
  return row
    ? {
        companyId: Number(row.company_id),
        keyId: Number(row.id),
        concentratorId: row.concentrator_id === null ? null : Number(row.concentrator_id),
      }
    : undefined;
};

/** Records when a key was last used (callers throttle this: it is a write). */
export const touchIngestKey = (db: Kysely<DB>, owner: IngestKeyOwner, at: Date) =>
  db
    .updateTable('ingest_keys')
    .set({ last_used_at: at })
    .where('company_id', '=', owner.companyId)
    .where('id', '=', owner.keyId)
    .execute();
