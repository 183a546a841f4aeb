// /api-uaa: the OAuth password grant, logout and the verification code (captcha).
import { type Static, Type } from '@sinclair/typebox';
import { TotpEnrolment } from './totp.ts';

export const AUTH_PATHS = {
  token: '/api-uaa/oauth/token',
  removeToken: '/api-uaa/oauth/remove/token',
  /** GET ?deviceId=… → an SVG image; the code is bound to deviceId and used once */
  captcha: '/api-uaa/validata/code',
  /** GET ?username=… → datas.required: whether the next sign-in of this user name needs the code */
  captchaRequired: '/api-uaa/validata/required',
} as const;

/** The demo web client's OAuth credential (HTTP Basic on the token call). */
export const WEB_CLIENT_ID = 'webApp';

/** Failed sign-ins for one user name after which the verification code is demanded. */
export const CAPTCHA_AFTER_FAILURES = 3;

/** `POST /api-uaa/oauth/token`, form-encoded, with `Authorization: Basic base64(clientId:secret)`. */
export const TokenRequest = Type.Object({
  grant_type: Type.Literal('password'),
  username: Type.String({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: 100 }),
  /** the verification code, when demanded */
  validCode: Type.Optional(Type.String({ maxLength: 10 })),
  /** the id the captcha image was fetched with */
  deviceId: Type.Optional(Type.String({ maxLength: 64 })),
  /** the authenticator app's code, for an account with two-step verification (or enrolling in it) */
  totpCode: Type.Optional(Type.String({ maxLength: 10 })),
});
export type TokenRequest = Static<typeof TokenRequest>;

export const TokenGrant = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('bearer'),
  /** seconds until the token expires */
  expires_in: Type.Integer(),
  scope: Type.String(),
});
export type TokenGrant = Static<typeof TokenGrant>;

/**
 * Body `datas` of a failed sign-in (resp_code ≠ 0): whether the form must now show the code field; for an account
 * with two-step verification, once the password was right, `totpRequired` (show the authenticator code field) and,
 * when the account must still enrol, the secret to add to the app.
 */
export const SignInFailure = Type.Object({
  captchaRequired: Type.Boolean(),
  totpRequired: Type.Optional(Type.Boolean()),
  totpEnrolment: Type.Optional(TotpEnrolment),
});
export type SignInFailure = Static<typeof SignInFailure>;
