// SQL of ingestion keys as users manage them (the key page): the paged list with the concentrator's code and the
// creator's name, one key, enable / disable, delete. Creating a key and checking one live in ingestKeyRepository.ts.
// Never selects key_hash: nothing here needs it.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';

type Db = Kysely<DB> | Transaction<DB>;

export type IngestKeyRow = {
  id: number;
  name: string;
  key_prefix: string;
  concentrator_id: number | null;
  concentrator_code: string | null;
  enabled: boolean;
  created_by_name: string | null;
  created_at: Date;
  last_used_at: Date | null;
};

const keys = (db: Db, companyId: number) =>
  db
    .selectFrom('ingest_keys as k')
    .leftJoin('concentrators as c', (j) =>
      j.onRef('c.company_id', '=', 'k.company_id').onRef('c.id', '=', 'k.concentrator_id'),
    )
    .leftJoin('users as u', (j) => j.onRef('u.company_id', '=', 'k.company_id').onRef('u.id', '=', 'k.created_by'))
    .where('k.company_id', '=', companyId);

const COLUMNS = [
  'k.id',
  'k.name',
  'k.key_prefix',
  'k.concentrator_id',
  'c.concentrator_code',
  'k.enabled',
  'u.username as created_by_name',
  'k.created_at',
  'k.last_used_at',
] as const;

/** One page of the tenant's keys, newest first, and how many match. */
export const listIngestKeys = async (
  db: Db,
  companyId: number,
  q: { name?: string; enabled?: boolean; offset: number; limit: number },
): Promise<{ rows: IngestKeyRow[]; count: number }> => {
  let base = keys(db, companyId);
  const name = q.name?.trim();
  if (name) base = base.where(sql<boolean>`strpos(k.name, ${name}) > 0`);
  if (q.enabled !== undefined) base = base.where('k.enabled', '=', q.enabled);
  const [rows, total] = await Promise.all([
    base
      .select(COLUMNS)
      .orderBy('k.created_at', 'desc')
      .orderBy('k.id', 'desc')
      .offset(q.offset)
      .limit(q.limit)
      .execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as unknown as IngestKeyRow[], count: Number(total.n) };
};

/** One key of the tenant, or undefined. */
export const findIngestKey = async (db: Db, companyId: number, id: number): Promise<IngestKeyRow | undefined> =>
  (await keys(db, companyId).select(COLUMNS).where('k.id', '=', id).executeTakeFirst()) as IngestKeyRow | undefined;

export const setIngestKeyEnabled = async (tx: Transaction<DB>, companyId: number, id: number, enabled: boolean) => {
  await tx
    .updateTable('ingest_keys')
    .set({ enabled })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
};

export const deleteIngestKey = async (tx: Transaction<DB>, companyId: number, id: number) => {
  await tx.deleteFrom('ingest_keys').where('company_id', '=', companyId).where('id', '=', id).execute();
};
