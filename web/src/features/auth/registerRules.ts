// The registration form's client rules (spec §5): user name not empty, password at least 6, mobile format.
import { MOBILE_PATTERN } from '@waterops/shared/user';

export type RegisterForm = { username: string; password: string; validCode: string; mobile: string; smsCode: string };
export type RegisterErrors = Partial<Record<keyof RegisterForm, string>>;

export const validateRegistration = (f: RegisterForm): RegisterErrors => ({
  ...(f.username.trim() ? {} : { username: 'register.usernameRequired' }),
  ...(f.password.length >= 6 ? {} : { password: 'register.passwordMin' }),
  ...(f.validCode.trim() ? {} : { validCode: 'register.validCodeRequired' }),
  ...(MOBILE_PATTERN.test(f.mobile.trim()) ? {} : { mobile: 'register.mobileFormat' }),
  ...(f.smsCode.trim() ? {} : { smsCode: 'register.smsRequired' }),
});
