// The registration form's rules, from the shared ones the server applies too (spec §5: user name not empty, password
// at least 6, mobile format; the SMS code is 6 digits). The image code is checked when the SMS code is asked for.
import type { MessageKey } from '@waterops/shared/i18n';
import { validateRegistration, validateSmsCodeRequest } from '@waterops/shared/registration';
import type { RuleViolation } from '@waterops/shared/user';

export type RegisterForm = { username: string; password: string; validCode: string; mobile: string; smsCode: string };
/** field → the message key shown under it */
export type RegisterErrors = Partial<Record<keyof RegisterForm, MessageKey>>;

const byField = (violations: RuleViolation[]): RegisterErrors =>
  Object.fromEntries(violations.map((v) => [v.field, v.message]));

/** What "send code" needs: a well-formed mobile and the image code. */
export const smsCodeErrors = (f: RegisterForm): RegisterErrors =>
  byField(validateSmsCodeRequest({ mobile: f.mobile, validCode: f.validCode }));

/** What submitting needs: user name, password, mobile and the SMS code. */
export const registerErrors = (f: RegisterForm): RegisterErrors =>
  byField(validateRegistration({ username: f.username, password: f.password, mobile: f.mobile, smsCode: f.smsCode }));
