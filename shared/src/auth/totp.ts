// Two-step verification (TOTP, RFC 6238: 30 s, 6 digits, SHA-1) of an account: the enrolment a user confirms with a
// code, the state an administrator sees and sets, and their paths. Sign-in carries the code in `totpCode`.
import { type Static, Type } from '@sinclair/typebox';

export const TOTP_PATHS = {
  /** GET: the signed-in user's TotpStatus; POST {code}: confirm the enrolment (turns two-step verification on) */
  mine: '/api-user/users/me/totp',
  /** POST: a new secret to enrol (TotpEnrolment); refused while two-step verification is on */
  myEnrolment: '/api-user/users/me/totp/enrolment',
  /** POST {code}: turn it off (refused while an administrator requires it) */
  myOff: '/api-user/users/me/totp/off',
  /** GET: an account's TotpStatus; PUT {required}: require it or not; DELETE: reset (lost phone) */
  user: (id: number | string) => `/api-user/users/${id}/totp`,
} as const;

/** A secret to add to an authenticator app, as text and as the app's `otpauth://` URI. Shown only while enrolling. */
export const TotpEnrolment = Type.Object({
  /** base32 */
  secret: Type.String(),
  uri: Type.String(),
});
export type TotpEnrolment = Static<typeof TotpEnrolment>;

export const TotpStatus = Type.Object({
  /** an administrator requires it for this account */
  required: Type.Boolean(),
  /** a secret has been confirmed: sign-in asks for a code */
  enabled: Type.Boolean(),
});
export type TotpStatus = Static<typeof TotpStatus>;

export const TOTP_CODE_PATTERN = '^\\s*\\d{6}\\s*$';
export const TotpCodeBody = Type.Object({ code: Type.String({ maxLength: 10 }) });
export type TotpCodeBody = Static<typeof TotpCodeBody>;
export const TotpRequiredBody = Type.Object({ required: Type.Boolean() });

/** The code field's rule, with the message the form shows. */
export const checkTotpCode = (v: string | null | undefined) =>
  new RegExp(TOTP_CODE_PATTERN).test(v ?? '') ? null : ('rules.totpCode.format' as const);
