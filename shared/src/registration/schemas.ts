// Requests and answers of self-registration and the SMS outbox. The schemas only bound sizes and types; the rules
// in rules.ts give the spec's messages, so a short password answers '密码长度至少为6位', not a schema error.
import { type Static, Type } from '@sinclair/typebox';
import { PageQuery } from '../api/paging.ts';
import { SMS_PURPOSES } from './smsCode.ts';

export const DeviceId = Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

/** `POST /api-uaa/sms/code`: the mobile, and the image code fetched with `deviceId`. */
export const SmsCodeRequest = Type.Object({
  mobile: Type.String({ maxLength: 20 }),
  validCode: Type.String({ maxLength: 10 }),
  deviceId: DeviceId,
});
export type SmsCodeRequest = Static<typeof SmsCodeRequest>;

/** The answer to a sent code: when the next may be asked for and how long this one lasts. */
export const SmsCodeSent = Type.Object({
  resendAfterSeconds: Type.Integer(),
  expiresInSeconds: Type.Integer(),
});
export type SmsCodeSent = Static<typeof SmsCodeSent>;

/** `POST /api-uaa/register`. */
export const RegisterRequest = Type.Object({
  username: Type.String({ maxLength: 64 }),
  password: Type.String({ maxLength: 100 }),
  mobile: Type.String({ maxLength: 20 }),
  smsCode: Type.String({ maxLength: 10 }),
});
export type RegisterRequest = Static<typeof RegisterRequest>;

/** The new account, for the sign-in form to fill in. */
export const Registered = Type.Object({ username: Type.String() });
export type Registered = Static<typeof Registered>;

/** One message of the built-in SMS outbox. */
export const SmsOutboxEntry = Type.Object({
  id: Type.Integer(),
  mobile: Type.String(),
  text: Type.String(),
  purpose: Type.String({ description: `one of ${SMS_PURPOSES.join(', ')}` }),
  createTime: Type.String({ format: 'date-time' }),
});
export type SmsOutboxEntry = Static<typeof SmsOutboxEntry>;

export const SmsOutboxQuery = Type.Composite([
  PageQuery,
  Type.Object({
    /** part of the mobile number */
    mobile: Type.Optional(Type.String({ maxLength: 20 })),
  }),
]);
export type SmsOutboxQuery = Static<typeof SmsOutboxQuery>;
