// The profile and password form rules of spec §5. The web forms and the gateway routes both call these,
// so a rule and its message exist once. Inputs are trimmed before checking.
import type { MessageKey } from '../i18n/messages.ts';

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

export const checkNewPassword = (v: string | null | undefined): MessageKey | null => {
  const s = trim(v);
  if (s === '') return 'rules.newPassword.required';
  return PASSWORD_PATTERN.test(s) ? null : 'rules.newPassword.format';
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
export const validatePasswordChange = (p: PasswordInput, requireRepeat = true): RuleViolation[] =>
  collect([
    ['oldPassword', checkOldPassword(p.oldPassword)],
    ['newPassword', checkNewPassword(p.newPassword)],
    ...(requireRepeat || p.rePassword != null
      ? ([['rePassword', checkRePassword(p.rePassword, p.newPassword)]] as [string, MessageKey | null][])
      : []),
  ]);
