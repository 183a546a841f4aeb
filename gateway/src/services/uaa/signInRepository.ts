// SQL of sign-in: OAuth clients, the global user-name lookup, failure counters and verification codes. Counters and
// codes live in the database so every gateway instance sees the same ones.
import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { FAILURE_WINDOW_MS, type FailureRecord } from './signInGuard.ts';

export const findClient = (db: Kysely<DB>, clientId: string) =>
  db
    .selectFrom('oauth_clients')
    .select(['client_id', 'secret_hash', 'scope'])
    .where('client_id', '=', clientId)
    .executeTakeFirst();

/** The account behind a user name, across tenants, with what sign-in needs. */
export const findAccount = (db: Kysely<DB>, username: string) =>
  db
    .selectFrom('logins as l')
    .innerJoin('users as u', (j) => j.onRef('u.company_id', '=', 'l.company_id').onRef('u.id', '=', 'l.user_id'))
    .innerJoin('companies as c', 'c.id', 'l.company_id')
    .select([
      'u.company_id as companyId',
      'u.id as userId',
      'u.username',
      'u.password_hash as passwordHash',
      'u.enabled',
      'c.enabled as companyEnabled',
    ])
    .where('l.username', '=', username)
    .executeTakeFirst();

export const findFailures = async (db: Kysely<DB>, username: string): Promise<FailureRecord> => {
  const row = await db
    .selectFrom('login_failures')
    .select(['failures', 'window_started_at'])
    .where('username', '=', username)
    .executeTakeFirst();
  return row ? { failures: row.failures, windowStartedAt: row.window_started_at } : undefined;
};

/** Counts one failure, in one statement so concurrent attempts all count; a passed window restarts at 1. */
export const recordFailure = async (db: Kysely<DB>, username: string, now: Date): Promise<FailureRecord> => {
  const windowStart = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const row = await db
    .insertInto('login_failures')
    .values({ username, failures: 1, window_started_at: now })
    .onConflict((oc) =>
      oc.column('username').doUpdateSet({
        failures: sql`case when login_failures.window_started_at <= ${windowStart} then 1 else login_failures.failures + 1 end`,
        window_started_at: sql`case when login_failures.window_started_at <= ${windowStart} then ${now} else login_failures.window_started_at end`,
      }),
    )
    .returning(['failures', 'window_started_at'])
    .executeTakeFirstOrThrow();
  return { failures: row.failures, windowStartedAt: row.window_started_at };
};

/** Drops failure records whose window has passed (user names that were tried and never again). */
export const purgeStaleFailures = async (db: Kysely<DB>, now: Date): Promise<void> => {
  await db
    .deleteFrom('login_failures')
    .where('window_started_at', '<=', new Date(now.getTime() - FAILURE_WINDOW_MS))
    .execute();
};

export const clearFailures = async (db: Kysely<DB>, username: string): Promise<void> => {
  await db.deleteFrom('login_failures').where('username', '=', username).execute();
};

/** Codes are stored as SHA-256 of device id and code, so the table alone does not reveal a code. */
export const hashCaptcha = (deviceId: string, code: string): string =>
  createHash('sha256').update(`${deviceId}\n${code}`).digest('base64url');

/** Stores the code of a device id (replacing its previous one) and drops expired codes. */
export const saveCaptcha = async (db: Kysely<DB>, deviceId: string, codeHash: string, expiresAt: Date, now: Date) => {
  await db.deleteFrom('captchas').where('expires_at', '<', now).execute();
  await db
    .insertInto('captchas')
    .values({ device_id: deviceId, code_hash: codeHash, expires_at: expiresAt })
    .onConflict((oc) => oc.column('device_id').doUpdateSet({ code_hash: codeHash, expires_at: expiresAt }))
    .execute();
};

/** Removes and returns the code of a device id: a code is good for one attempt, right or wrong. */
export const takeCaptcha = (db: Kysely<DB>, deviceId: string) =>
  db.deleteFrom('captchas').where('device_id', '=', deviceId).returning(['code_hash', 'expires_at']).executeTakeFirst();
