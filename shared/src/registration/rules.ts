// The registration form's rules (spec §5 "user name not empty; password at least 6 characters; mobile format
// correct") and the SMS code's, with their messages. The web form and the gateway routes both call these; inputs
// are trimmed before checking.
import type { MessageKey } from '../i18n/messages.ts';
import { checkAccountPassword } from '../user/accounts.ts';
import { checkMobile, type RuleViolation } from '../user/rules.ts';
import { SMS_CODE_PATTERN } from './smsCode.ts';

/** User names are what sign-in types: letters, digits and _ . @ - (the account form allows the same). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]+$/;

export type RegistrationInput = {
  username?: string | null;
  password?: string | null;
  mobile?: string | null;
  smsCode?: string | null;
};
export type SmsCodeInput = { mobile?: string | null; validCode?: string | null };

const trim = (v: string | null | undefined): string => (v ?? '').trim();

export const checkUsername = (v: string | null | undefined): MessageKey | null => {
  const s = trim(v);
  if (s === '') return 'rules.username.required';
  return USERNAME_PATTERN.test(s) ? null : 'rules.username.format';
};

export const checkSmsCode = (v: string | null | undefined): MessageKey | null => {
  const s = trim(v);
  if (s === '') return 'rules.smsCode.required';
  return SMS_CODE_PATTERN.test(s) ? null : 'rules.smsCode.format';
};

export const checkValidCode = (v: string | null | undefined): MessageKey | null =>
  trim(v) === '' ? 'rules.validCode.required' : null;

const collect = (checks: [string, MessageKey | null][]): RuleViolation[] =>
  checks.flatMap(([field, message]) => (message ? [{ field, message }] : []));

/** The registration request, field by field in form order. */
export const validateRegistration = (r: RegistrationInput): RuleViolation[] =>
  collect([
    ['username', checkUsername(r.username)],
    ['password', checkAccountPassword(r.password, r.username)],
    ['mobile', checkMobile(r.mobile)],
    ['smsCode', checkSmsCode(r.smsCode)],
  ]);

/** The "send code" request: a well-formed mobile and the image verification code. */
export const validateSmsCodeRequest = (r: SmsCodeInput): RuleViolation[] =>
  collect([
    ['mobile', checkMobile(r.mobile)],
    ['validCode', checkValidCode(r.validCode)],
  ]);
