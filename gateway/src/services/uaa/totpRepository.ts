// SQL of two-step verification: an account's TOTP row (required flag, sealed secrets, last accepted step).
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/tables.ts';

export type TotpRow = {
  required: boolean;
  secretSealed: string | null;
  pendingSecretSealed: string | null;
  lastStep: number | null;
};

export const findTotp = async (db: Kysely<DB>, companyId: number, userId: number): Promise<TotpRow | undefined> => {
  const row = await db
    .selectFrom('user_totp')
    .select(['required', 'secret_sealed', 'pending_secret_sealed', 'last_step'])
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return (
    row && {
      required: row.required,
      secretSealed: row.secret_sealed,
      pendingSecretSealed: row.pending_secret_sealed,
      lastStep: row.last_step === null ? null : Number(row.last_step),
    }
  );
};

/** Stores a secret being enrolled (replacing any earlier one not confirmed). */
export const savePendingSecret = async (db: Kysely<DB>, companyId: number, userId: number, sealed: string) => {
  await db
    .insertInto('user_totp')
    .values({ company_id: companyId, user_id: userId, pending_secret_sealed: sealed })
    .onConflict((oc) => oc.columns(['company_id', 'user_id']).doUpdateSet({ pending_secret_sealed: sealed }))
    .execute();
};

/**
 * Turns two-step verification on with the confirmed secret, and records the step of the confirming code (it cannot
 * sign in again). Only while that pending secret is still the one stored: false when another enrolment replaced it.
 */
export const enableTotp = async (
  db: Kysely<DB>,
  companyId: number,
  userId: number,
  pendingSealed: string,
  secretSealed: string,
  step: number,
  at: Date,
): Promise<boolean> => {
  const r = await db
    .updateTable('user_totp')
    .set({ secret_sealed: secretSealed, pending_secret_sealed: null, last_step: step, enabled_at: at })
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('pending_secret_sealed', '=', pendingSealed)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
};

/** Takes a step for a code, in one statement: false when that step or a later one was already used (a replay). */
export const useTotpStep = async (db: Kysely<DB>, companyId: number, userId: number, step: number) => {
  const r = await db
    .updateTable('user_totp')
    .set({ last_step: step })
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('secret_sealed', 'is not', null)
    .where(sql<boolean>`(last_step is null or last_step < ${step})`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
};

/** Forgets the secrets and the last step (two-step verification off); whether it is required stays. */
export const clearTotp = async (db: Kysely<DB>, companyId: number, userId: number): Promise<void> => {
  await db
    .updateTable('user_totp')
    .set({ secret_sealed: null, pending_secret_sealed: null, last_step: null, enabled_at: null })
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .execute();
};

export const setTotpRequired = async (db: Kysely<DB>, companyId: number, userId: number, required: boolean) => {
  await db
    .insertInto('user_totp')
    .values({ company_id: companyId, user_id: userId, required })
    .onConflict((oc) => oc.columns(['company_id', 'user_id']).doUpdateSet({ required }))
    .execute();
};
