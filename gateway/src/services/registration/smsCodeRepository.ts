// SQL of SMS codes: one row per purpose and mobile, in the database so every gateway instance sees the same code,
// attempts and send window. Callers lock the row (inside their transaction) before judging it.

import { SMS_DAILY_WINDOW_MS } from '@waterops/shared/registration';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import type { SmsCodeRecord } from './smsCodeGuard.ts';

/**
 * Locks a mobile's record until the transaction ends and reads it: concurrent sends or checks for one mobile wait,
 * so each sees the others' sends and attempts. (An advisory lock, since the first send has no row to lock yet.)
 */
export const lockSmsCode = async (
  tx: Transaction<DB>,
  purpose: string,
  mobile: string,
): Promise<SmsCodeRecord | undefined> => {
  await sql`select pg_advisory_xact_lock(hashtext(${`sms:${purpose}:${mobile}`}))`.execute(tx);
  const row = await tx
    .selectFrom('sms_codes')
    .select(['company_id', 'code_hash', 'expires_at', 'attempts', 'last_sent_at', 'window_started_at', 'sends'])
    .where('purpose', '=', purpose)
    .where('mobile', '=', mobile)
    .executeTakeFirst();
  return row
    ? {
        companyId: Number(row.company_id),
        codeHash: row.code_hash,
        expiresAt: row.expires_at,
        attempts: row.attempts,
        lastSentAt: row.last_sent_at,
        windowStartedAt: row.window_started_at,
        sends: row.sends,
      }
    : undefined;
};

export type NewSmsCode = {
  purpose: string;
  mobile: string;
  companyId: number;
  codeHash: string;
  expiresAt: Date;
  sentAt: Date;
  windowStartedAt: Date;
  sends: number;
};

/** Stores a freshly sent code (replacing the previous one, attempts back to 0) with the send window. */
export const saveSmsCode = async (tx: Transaction<DB>, c: NewSmsCode): Promise<void> => {
  const values = {
    company_id: c.companyId,
    code_hash: c.codeHash,
    expires_at: c.expiresAt,
    attempts: 0,
    last_sent_at: c.sentAt,
    window_started_at: c.windowStartedAt,
    sends: c.sends,
  };
  await tx
    .insertInto('sms_codes')
    .values({ purpose: c.purpose, mobile: c.mobile, ...values })
    .onConflict((oc) => oc.columns(['purpose', 'mobile']).doUpdateSet(values))
    .execute();
};

export const countWrongAttempt = async (tx: Transaction<DB>, purpose: string, mobile: string): Promise<void> => {
  await tx
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('purpose', '=', purpose)
    .where('mobile', '=', mobile)
    .execute();
};

/** Spends the code (single use); the row stays for the send window. */
export const useSmsCode = async (tx: Transaction<DB>, purpose: string, mobile: string, now: Date): Promise<void> => {
  await tx
    .updateTable('sms_codes')
    .set({ code_hash: '', expires_at: now })
    .where('purpose', '=', purpose)
    .where('mobile', '=', mobile)
    .execute();
};

/** Drops records whose code and send window have both passed (mobiles that asked once and never again). */
export const purgeStaleSmsCodes = async (tx: Transaction<DB>, now: Date): Promise<void> => {
  await tx
    .deleteFrom('sms_codes')
    .where('expires_at', '<', now)
    .where('window_started_at', '<=', new Date(now.getTime() - SMS_DAILY_WINDOW_MS))
    .execute();
};
