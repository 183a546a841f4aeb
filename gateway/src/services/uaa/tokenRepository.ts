// SQL for access tokens: issue, look up (with the user and tenant still enabled), revoke.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.ts';

export type TokenRow = { tokenHash: string; companyId: number; userId: number; clientId: string; expiresAt: Date };

export const insertToken = async (db: Kysely<DB>, t: TokenRow, now: Date): Promise<void> => {
  await db
    .insertInto('tokens')
    .values({
      token_hash: t.tokenHash,
      company_id: t.companyId,
      user_id: t.userId,
      client_id: t.clientId,
      created_at: now,
      expires_at: t.expiresAt,
    })
    .execute();
};

/** The live session of a token hash: not revoked, not expired, user and company enabled. */
export const findActiveSession = async (db: Kysely<DB>, tokenHash: string, now: Date) =>
  db
    .selectFrom('tokens as t')
    .innerJoin('users as u', (j) => j.onRef('u.company_id', '=', 't.company_id').onRef('u.id', '=', 't.user_id'))
    .innerJoin('companies as c', 'c.id', 't.company_id')
    .select(['t.company_id as companyId', 't.user_id as userId', 'u.username', 't.expires_at as expiresAt'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', now)
    .where('u.enabled', '=', true)
    .where('c.enabled', '=', true)
    .executeTakeFirst();

/** Revokes one token; true when it was live. */
export const revokeToken = async (db: Kysely<DB>, tokenHash: string, now: Date): Promise<boolean> => {
  const r = await db
    .updateTable('tokens')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
};

/** Revokes every live token of a user but one (a password change keeps the session that made it). */
export const revokeOtherTokens = async (
  db: Kysely<DB>,
  companyId: number,
  userId: number,
  keepTokenHash: string,
  now: Date,
): Promise<number> => {
  const r = await db
    .updateTable('tokens')
    .set({ revoked_at: now })
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('token_hash', '<>', keepTokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
};

/** Drops tokens that expired or were revoked more than a day ago, so the table does not grow without bound. */
export const purgeOldTokens = async (db: Kysely<DB>, now: Date): Promise<void> => {
  const cutoff = new Date(now.getTime() - 24 * 3600_000);
  await db
    .deleteFrom('tokens')
    .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
    .execute();
};
