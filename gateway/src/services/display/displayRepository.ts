// SQL of display tokens: issue, the paged list (with the issuer's name), rename, revoke, the bearer look-up (live
// tokens of enabled companies) and the screen's last contact. The list and the look-up never select anything a
// client could sign in with: only the hash is stored, and only the look-up reads it.
import type { DisplayState } from '@waterops/shared/display';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';

type Db = Kysely<DB> | Transaction<DB>;

export type DisplayRow = {
  id: number;
  name: string;
  created_by_name: string | null;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  last_seen_at: Date | null;
  last_seen_address: string | null;
};

const COLUMNS = [
  'd.id',
  'd.name',
  'u.username as created_by_name',
  'd.created_at',
  'd.expires_at',
  'd.revoked_at',
  'd.last_seen_at',
  'd.last_seen_address',
] as const;

const displays = (db: Db, companyId: number) =>
  db
    .selectFrom('display_tokens as d')
    .leftJoin('users as u', (j) => j.onRef('u.company_id', '=', 'd.company_id').onRef('u.id', '=', 'd.created_by'))
    .where('d.company_id', '=', companyId);

const toRow = (r: Record<string, unknown>): DisplayRow => ({
  id: Number(r.id),
  name: r.name as string,
  created_by_name: (r.created_by_name as string | null) ?? null,
  created_at: new Date(r.created_at as Date),
  expires_at: new Date(r.expires_at as Date),
  revoked_at: r.revoked_at ? new Date(r.revoked_at as Date) : null,
  last_seen_at: r.last_seen_at ? new Date(r.last_seen_at as Date) : null,
  last_seen_address: (r.last_seen_address as string | null) ?? null,
});

/** One page of the tenant's display tokens, newest first, and how many match (state as of `now`). */
export const listDisplays = async (
  db: Db,
  companyId: number,
  q: { name?: string | undefined; state?: DisplayState | undefined; now: Date; offset: number; limit: number },
): Promise<{ rows: DisplayRow[]; count: number }> => {
  let base = displays(db, companyId);
  const name = q.name?.trim();
  if (name) base = base.where(sql<boolean>`strpos(d.name, ${name}) > 0`);
  if (q.state === 'revoked') base = base.where('d.revoked_at', 'is not', null);
  if (q.state === 'expired') base = base.where('d.revoked_at', 'is', null).where('d.expires_at', '<=', q.now);
  if (q.state === 'active') base = base.where('d.revoked_at', 'is', null).where('d.expires_at', '>', q.now);
  const [rows, total] = await Promise.all([
    base
      .select(COLUMNS)
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id', 'desc')
      .offset(q.offset)
      .limit(q.limit)
      .execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toRow), count: Number(total.n) };
};

/** One display token of the tenant, or undefined. */
export const findDisplay = async (db: Db, companyId: number, id: number): Promise<DisplayRow | undefined> => {
  const row = await displays(db, companyId).select(COLUMNS).where('d.id', '=', id).executeTakeFirst();
  return row ? toRow(row) : undefined;
};

export type NewDisplay = { companyId: number; name: string; tokenHash: string; createdBy: number; expiresAt: Date };

export const insertDisplay = async (db: Db, d: NewDisplay, now: Date): Promise<number> =>
  Number(
    (
      await db
        .insertInto('display_tokens')
        .values({
          company_id: d.companyId,
          name: d.name,
          token_hash: d.tokenHash,
          created_by: d.createdBy,
          created_at: now,
          expires_at: d.expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );

export const renameDisplay = async (db: Db, companyId: number, id: number, name: string): Promise<void> => {
  await db
    .updateTable('display_tokens')
    .set({ name })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
};

/** Revokes a token; its hash (to drop the cached sessions of it), or undefined when it was already revoked. */
export const revokeDisplay = async (db: Db, companyId: number, id: number, now: Date): Promise<string | undefined> =>
  (
    await db
      .updateTable('display_tokens')
      .set({ revoked_at: now })
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .returning('token_hash')
      .executeTakeFirst()
  )?.token_hash;

/** The live display of a token hash: not revoked, not expired, its company enabled. */
export const findActiveDisplay = async (db: Db, tokenHash: string, now: Date) => {
  const row = await db
    .selectFrom('display_tokens as d')
    .innerJoin('companies as c', 'c.id', 'd.company_id')
    .select(['d.company_id as companyId', 'd.id', 'd.name', 'd.expires_at as expiresAt'])
    .where('d.token_hash', '=', tokenHash)
    .where('d.revoked_at', 'is', null)
    .where('d.expires_at', '>', now)
    .where('c.enabled', '=', true)
    .executeTakeFirst();
  return row && { ...row, companyId: Number(row.companyId), id: Number(row.id), expiresAt: new Date(row.expiresAt) };
};

/** The screen as users/current describes a caller: the columns of findUserWithRoles, no roles. */
export const findDisplayAsUser = async (db: Db, companyId: number, id: number, userId: number) => {
  const row = await db
    .selectFrom('display_tokens as d')
    .innerJoin('companies as c', 'c.id', 'd.company_id')
    .select([
      'd.id',
      'd.name',
      'd.company_id',
      'd.created_at',
      'c.name as company_name',
      'c.name_en as company_name_en',
    ])
    .where('d.company_id', '=', companyId)
    .where('d.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: userId,
    company_id: Number(row.company_id),
    username: `display-${row.id}`,
    nickname: row.name,
    mobile: null,
    head_img_url: null,
    created_at: new Date(row.created_at),
    company_name: row.company_name,
    company_name_en: row.company_name_en,
    roles: [] as { id: number; code: string; name: string; name_en: string | null; type: string }[],
  };
};

/** The screen's last contact; a null address keeps the last one known (a call the live layer made for it). */
export const recordDisplayContact = async (db: Db, companyId: number, id: number, at: Date, address: string | null) => {
  await db
    .updateTable('display_tokens')
    .set(address === null ? { last_seen_at: at } : { last_seen_at: at, last_seen_address: address })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
};
