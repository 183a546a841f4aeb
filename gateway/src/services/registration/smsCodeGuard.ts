// The rules of SMS codes as pure functions over a mobile's code record: a new code, when another may be sent (once a
// minute, ten a day per mobile), and whether a typed code is right, wrong or no longer valid (expired, used, or five
// wrong attempts).
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_DAILY_LIMIT,
  SMS_DAILY_WINDOW_MS,
  SMS_RESEND_SECONDS,
} from '@waterops/shared/registration';

export type SmsCodeRecord = {
  companyId: number;
  /** empty once the code was used */
  codeHash: string;
  expiresAt: Date;
  attempts: number;
  lastSentAt: Date;
  windowStartedAt: Date;
  sends: number;
};

export type SendRefusal =
  | { key: 'sms.tooSoon'; params: { seconds: number } }
  | { key: 'sms.dailyLimit'; params: { hours: number } };

export type CodeVerdict = 'right' | 'wrong' | 'invalid';

/** A uniformly random code of SMS_CODE_LENGTH digits (leading zeros kept). */
export const newSmsCode = (): string => String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');

/**
 * Codes are stored as SHA-256 of purpose, mobile and code, so the table alone does not show a code. (Six digits could
 * be searched offline from a stolen table; the five-minute life and five attempts are what protect them.)
 */
export const hashSmsCode = (purpose: string, mobile: string, code: string): string =>
  createHash('sha256').update(`${purpose}\n${mobile}\n${code}`).digest('base64url');

/** Why no code may be sent to this mobile now (with when to retry), or null when one may. */
export const sendRefusal = (record: SmsCodeRecord | undefined, now: Date): SendRefusal | null => {
  if (!record) return null;
  const sinceLast = now.getTime() - record.lastSentAt.getTime();
  if (sinceLast < SMS_RESEND_SECONDS * 1000)
    return { key: 'sms.tooSoon', params: { seconds: Math.ceil((SMS_RESEND_SECONDS * 1000 - sinceLast) / 1000) } };
  const windowLeft = record.windowStartedAt.getTime() + SMS_DAILY_WINDOW_MS - now.getTime();
  if (windowLeft > 0 && record.sends >= SMS_DAILY_LIMIT)
    return { key: 'sms.dailyLimit', params: { hours: Math.max(1, Math.ceil(windowLeft / 3600_000)) } };
  return null;
};

/** The send window after one more send: the running one counts it, a passed one restarts at 1. */
export const windowAfterSend = (
  record: SmsCodeRecord | undefined,
  now: Date,
): { windowStartedAt: Date; sends: number } =>
  record && now.getTime() - record.windowStartedAt.getTime() < SMS_DAILY_WINDOW_MS
    ? { windowStartedAt: record.windowStartedAt, sends: record.sends + 1 }
    : { windowStartedAt: now, sends: 1 };

/** Whether a typed code (as its hash) opens the record for this company now. */
export const judgeCode = (
  record: SmsCodeRecord | undefined,
  companyId: number,
  typedHash: string,
  now: Date,
): CodeVerdict => {
  if (!record || record.codeHash === '' || record.companyId !== companyId) return 'invalid';
  if (record.expiresAt.getTime() <= now.getTime() || record.attempts >= SMS_CODE_MAX_ATTEMPTS) return 'invalid';
  const a = Buffer.from(record.codeHash);
  const b = Buffer.from(typedHash);
  return a.length === b.length && timingSafeEqual(a, b) ? 'right' : 'wrong';
};
