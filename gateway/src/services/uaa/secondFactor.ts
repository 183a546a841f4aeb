// Sign-in's second step for an account with two-step verification, after its password was found right: a code from
// the authenticator app, or, for an account an administrator requires it of that has not enrolled yet, enrolment
// on the spot (the secret is shown with the refusal, and a right code for it turns verification on). No token is
// issued until one of these succeeds, so a required account cannot skip it.
import type { TotpEnrolment } from '@waterops/shared/auth';
import type { MessageKey } from '@waterops/shared/i18n';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { isReplayedTotp, newTotpSecret, totpUri, verifyTotp } from './totp.ts';
import { enableTotp, findTotp, savePendingSecret, useTotpStep } from './totpRepository.ts';
import type { SecretBox } from './totpSecretBox.ts';

/** The issuer authenticator apps show beside the account. */
export const TOTP_ISSUER = 'WaterOps';

/** What a sealed secret of an account is bound to (totpSecretBox: it cannot be moved to another account). */
export const totpContext = (companyId: number, userId: number): string => `totp:${companyId}:${userId}`;

export type SecondFactorOutcome =
  | { kind: 'passed' }
  | {
      kind: 'refused';
      key: MessageKey;
      /** a wrong or replayed code: counted as a failed sign-in (lockout) */
      failed: boolean;
      enrolment?: TotpEnrolment;
    };

type Account = { companyId: number; userId: number; username: string };

const PASSED: SecondFactorOutcome = { kind: 'passed' };

export const checkSecondFactor = async (
  db: Kysely<DB>,
  secretBox: () => Promise<SecretBox>,
  account: Account,
  code: string | undefined,
  at: Date,
): Promise<SecondFactorOutcome> => {
  const totp = await findTotp(db, account.companyId, account.userId);
  if (!totp || (!totp.secretSealed && !totp.required)) return PASSED;
  const box = await secretBox();
  const context = totpContext(account.companyId, account.userId);
  const given = code?.trim() ?? '';

  if (totp.secretSealed) {
    const secret = box.open(totp.secretSealed, context);
    if (secret === undefined) return { kind: 'refused', key: 'auth.totpUnreadable', failed: false };
    if (!given) return { kind: 'refused', key: 'auth.totpRequired', failed: false };
    const step = verifyTotp(secret, given, at, totp.lastStep);
    if (step === undefined) {
      const replayed = isReplayedTotp(secret, given, at, totp.lastStep);
      return { kind: 'refused', key: replayed ? 'auth.totpReplayed' : 'auth.totpWrong', failed: true };
    }
    // a second request with the same code in the same moment loses here
    if (!(await useTotpStep(db, account.companyId, account.userId, step)))
      return { kind: 'refused', key: 'auth.totpReplayed', failed: true };
    return PASSED;
  }

  // Required, not enrolled: the secret being enrolled (the same one each time until confirmed, as the user may have
  // added it to the app already), or a new one.
  let pendingSealed = totp.pendingSecretSealed;
  let pending = pendingSealed ? box.open(pendingSealed, context) : undefined;
  if (pending === undefined || pendingSealed === null) {
    pending = newTotpSecret();
    pendingSealed = box.seal(pending, context);
    await savePendingSecret(db, account.companyId, account.userId, pendingSealed);
  }
  const enrolment = { secret: pending, uri: totpUri(pending, TOTP_ISSUER, account.username) };
  if (!given) return { kind: 'refused', key: 'auth.totpEnrolRequired', failed: false, enrolment };
  const step = verifyTotp(pending, given, at);
  if (step === undefined) return { kind: 'refused', key: 'auth.totpWrong', failed: true, enrolment };
  const enabled = await enableTotp(
    db,
    account.companyId,
    account.userId,
    pendingSealed,
    box.seal(pending, context),
    step,
    at,
  );
  return enabled ? PASSED : { kind: 'refused', key: 'auth.totpWrong', failed: true };
};
