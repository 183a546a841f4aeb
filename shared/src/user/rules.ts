// The profile and password form rules of spec §5. The web forms and the gateway routes both call these,
// so a rule and its message exist once. Inputs are trimmed before checking.
import type { MessageKey } from '../i18n/messages.ts';
import { COMMON_PASSWORDS } from './commonPasswords.ts';

/** 11 digits, starting with 1 then 3–9. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/** Starts with a letter or digit; 7–21 characters in all; no white space. */
export const PASSWORD_PATTERN = /^[A-Za-z0-9]\S{6,20}$/;

/** A rule violation: the form field and the message to show under it. */
export type RuleViolation = { field: string; message: MessageKey };

export type ProfileInput = { nickname?: string | null; mobile?: string | null };
export type PasswordInput = { oldPassword?: string | null; newPassword?: string | null; rePassword?: string | null };

const trim = (v: string | null | undefined): string => (v ?? '').trim();

export const checkNickname = (v: string | null | undefined): MessageKey | null =>
  trim(v) === '' ? 'rules.nickname.required' : null;

export const checkMobile = (v: string | null | undefined): MessageKey | null => {
  const s = trim(v);
  if (s === '') return 'rules.mobile.required';
  return MOBILE_PATTERN.test(s) ? null : 'rules.mobile.format';
};

export const checkOldPassword = (v: string | null | undefined): MessageKey | null =>
  trim(v) === '' ? 'rules.oldPassword.required' : null;

/** Each character one code point above (or below) the one before it: 123456, abcdef, 987654. */
const isRun = (s: string): boolean => {
  if (s.length < 4 || !/^(\d+|[a-z]+)$/.test(s)) return false;
  const step = s.charCodeAt(1) - s.charCodeAt(0);
  if (Math.abs(step) !== 1) return false;
  for (let i = 2; i < s.length; i++) if (s.charCodeAt(i) - s.charCodeAt(i - 1) !== step) return false;
  return true;
};

/**
 * Whether a password is one people guess first: a common password, a run (123456, abcdef), a short unit repeated
 * (aaaaaa, 121212, abcabc), the user name, or any of these padded with digits or symbols (dragon2024, admin123).
 * Case does not matter. The length and format rules come first; this is the extra rule of every password set.
 */
export const checkPasswordStrength = (v: string | null | undefined, username?: string | null): MessageKey | null => {
  const s = trim(v).toLowerCase();
  if (s === '') return null;
  const name = trim(username).toLowerCase();
  const core = s.replace(/^[^a-z]+(?=[a-z])/, '').replace(/(?<=[a-z])[^a-z]+$/, '');
  const guessable = (c: string) => c.length >= 4 && (COMMON_PASSWORDS.has(c) || isRun(c) || /^(.{1,4})\1+$/.test(c));
  // the user name (or it reversed) with nothing but digits and symbols around it
  const madeOfName = (n: string) => n.length >= 3 && s.includes(n) && /^[^a-z]*$/.test(s.replace(n, ''));
  return guessable(s) || guessable(core) || madeOfName(name) || madeOfName([...name].reverse().join(''))
    ? 'rules.password.common'
    : null;
};

/** The new password of the password form: the spec's format, then not a guessable one. */
export const checkNewPassword = (v: string | null | undefined, username?: string | null): MessageKey | null => {
  const s = trim(v);
  if (s === '') return 'rules.newPassword.required';
  return PASSWORD_PATTERN.test(s) ? checkPasswordStrength(s, username) : 'rules.newPassword.format';
};

export const checkRePassword = (re: string | null | undefined, pw: string | null | undefined): MessageKey | null => {
  const s = trim(re);
  if (s === '') return 'rules.rePassword.required';
  return s === trim(pw) ? null : 'rules.rePassword.mismatch';
};

const collect = (checks: [string, MessageKey | null][]): RuleViolation[] =>
  checks.flatMap(([field, message]) => (message ? [{ field, message }] : []));

export const validateProfile = (p: ProfileInput): RuleViolation[] =>
  collect([
    ['nickname', checkNickname(p.nickname)],
    ['mobile', checkMobile(p.mobile)],
  ]);

/**
 * The password form. `rePassword` is checked only when `requireRepeat` (the form always sends it; an API
 * client that sends only old and new passwords is not forced to repeat itself).
 */
export const validatePasswordChange = (
  p: PasswordInput,
  requireRepeat = true,
  /** the signed-in user's name, when known: a password made of it is refused */
  username?: string,
): RuleViolation[] =>
  collect([
    ['oldPassword', checkOldPassword(p.oldPassword)],
    ['newPassword', checkNewPassword(p.newPassword, username)],
    ...(requireRepeat || p.rePassword != null
      ? ([['rePassword', checkRePassword(p.rePassword, p.newPassword)]] as [string, MessageKey | null][])
      : []),
  ]);
