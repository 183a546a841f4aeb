// /api-uaa: sign-in (OAuth password grant with an HTTP Basic client credential), sign-out, and the verification code
// that sign-in demands after repeated failures, and the second step for accounts with two-step verification (a wrong
// code counts as a failure). Failures are counted per user name in the database (shared by every instance); calls to
// the token route are also limited per IP address.
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { Type } from '@sinclair/typebox';
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { AUTH_PATHS, SignInFailure, TokenGrant, TokenRequest, type TotpEnrolment } from '@waterops/shared/auth';
import type { MessageKey } from '@waterops/shared/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { recordOperation } from '../log/operationLogRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { basicCredential, bearerToken, hashToken, newAccessToken } from './accessToken.ts';
import { newCaptchaCode, normalizeCaptcha, renderCaptchaPng } from './captchaImage.ts';
import { verifyAgainstDummy, verifyPassword } from './passwordHash.ts';
import { checkSecondFactor } from './secondFactor.ts';
import { activeFailures, CAPTCHA_TTL_MS, captchaDemanded, lockoutMinutesLeft } from './signInGuard.ts';
import {
  clearFailures,
  findAccount,
  findClient,
  findFailures,
  hashCaptcha,
  purgeStaleFailures,
  recordFailure,
  saveCaptcha,
  takeCaptcha,
} from './signInRepository.ts';
import { findActiveSession, insertToken, purgeOldTokens, revokeToken } from './tokenRepository.ts';
import { secretBoxOf } from './totpSecretBox.ts';

export const UAA_PREFIX = '/api-uaa';
const path = (full: string) => full.slice(UAA_PREFIX.length);

const DeviceId = Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
// Housekeeping of dead tokens and stale failure counters, at most this often, piggybacked on sign-ins.
const PURGE_EVERY_MS = 3600_000;

export const uaaRoutes: ServicePlugin<ServiceOptions> = async (app, { config, now }) => {
  await app.register(formbody);
  await app.register(rateLimit, {
    global: false,
    // Thrown: the app's error handler turns it into the localized 429 envelope.
    errorResponseBuilder: () => new AppError(429, 'errors.tooManyRequests'),
  });

  /**
   * A failed sign-in: HTTP 200, resp_code 1, and whether the form must show the code field now; past the password, for
   * an account with two-step verification, that it must show the authenticator code field (and the key to enrol).
   */
  const failure = (
    request: FastifyRequest,
    key: MessageKey,
    captchaRequired: boolean,
    totp?: { enrolment?: TotpEnrolment },
  ) => ({
    resp_code: 1,
    resp_msg: request.t(key),
    datas: {
      captchaRequired,
      ...(totp ? { totpRequired: true, ...(totp.enrolment ? { totpEnrolment: totp.enrolment } : {}) } : {}),
    },
  });

  let lastPurge = 0;

  app.post(
    path(AUTH_PATHS.token),
    {
      config: { public: true, rateLimit: { max: config.SIGNIN_RATE_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags: ['uaa'],
        summary: 'Sign in (OAuth 2 password grant)',
        description:
          'Form-encoded body; the client credential goes in `Authorization: Basic base64(clientId:secret)`. ' +
          'A wrong user name or password answers HTTP 200 with resp_code 1 and `datas.captchaRequired`. For an ' +
          'account with two-step verification the right password alone answers resp_code 1 with ' +
          '`datas.totpRequired` (and `datas.totpEnrolment` when it must still enrol): send it again with `totpCode`.',
        security: [],
        consumes: ['application/x-www-form-urlencoded'],
        body: TokenRequest,
        response: {
          200: Result(Type.Union([TokenGrant, SignInFailure])),
          400: ErrorBody,
          401: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request) => {
      const at = now();
      const credential = basicCredential(request.headers.authorization);
      const client = credential && (await findClient(app.db, credential.id));
      if (!credential || !client || !(await verifyPassword(credential.secret, client.secret_hash)))
        throw new AppError(401, 'auth.badClient');

      const { username, password, validCode, deviceId, totpCode } = request.body;
      const record = await findFailures(app.db, username);
      const minutes = lockoutMinutesLeft(record, at);
      if (minutes !== null) throw new AppError(429, 'auth.tooManyAttempts', undefined, { minutes });

      const mode = config.LOGIN_CAPTCHA;
      const failures = activeFailures(record, at);
      if (captchaDemanded(mode, failures)) {
        if (!validCode?.trim() || !deviceId) return failure(request, 'auth.captchaRequired', true);
        const stored = await takeCaptcha(app.db, deviceId);
        if (!stored || stored.expires_at <= at) return failure(request, 'auth.captchaExpired', true);
        if (stored.code_hash !== hashCaptcha(deviceId, normalizeCaptcha(validCode)))
          return failure(request, 'auth.captchaWrong', true);
      }

      const account = await findAccount(app.db, username);
      // An unknown user name costs the same scrypt time and gets the same message as a wrong password.
      const passwordOk = account
        ? await verifyPassword(password, account.passwordHash)
        : await verifyAgainstDummy(password);
      /** Counts a failure; one for a known user name goes to that user's company log (an unknown name has none). */
      const countFailure = async (reason: MessageKey): Promise<boolean> => {
        const after = await recordFailure(app.db, username, at);
        if (account)
          app.logFailedAttempt({
            companyId: account.companyId,
            userId: account.userId,
            username: account.username,
            operation: 'signIn',
            detail: `client ${client.client_id}`,
            ip: request.ip,
            at,
            reason: request.t(reason),
          });
        return captchaDemanded(mode, activeFailures(after, at));
      };
      if (!account || !passwordOk)
        return failure(request, 'auth.badCredentials', await countFailure('auth.badCredentials'));
      if (!account.companyEnabled) return failure(request, 'auth.companyDisabled', captchaDemanded(mode, failures));
      if (!account.enabled) return failure(request, 'auth.userDisabled', captchaDemanded(mode, failures));

      // the key is loaded (or its file made) at the first sign-in that needs it, not at start
      const second = await checkSecondFactor(app.db, () => secretBoxOf(app.db, config), account, totpCode, at);
      if (second.kind === 'refused') {
        if (second.key === 'auth.totpUnreadable')
          request.log.error({ userId: account.userId }, 'TOTP secret does not open: WATEROPS_SECRET_KEY changed?');
        const captchaRequired = second.failed ? await countFailure(second.key) : captchaDemanded(mode, failures);
        const unreadable = second.key === 'auth.totpUnreadable';
        return failure(request, second.key, captchaRequired, unreadable ? undefined : { enrolment: second.enrolment });
      }

      await clearFailures(app.db, username);
      const token = newAccessToken();
      const ttl = config.TOKEN_TTL_SECONDS;
      await insertToken(
        app.db,
        {
          tokenHash: hashToken(token),
          companyId: account.companyId,
          userId: account.userId,
          clientId: client.client_id,
          expiresAt: new Date(at.getTime() + ttl * 1000),
        },
        at,
      );
      await recordOperation(app.db, {
        companyId: account.companyId,
        userId: account.userId,
        username: account.username,
        operation: 'signIn',
        detail: `client ${client.client_id}`,
        ip: request.ip,
        at,
      });
      if (at.getTime() - lastPurge > PURGE_EVERY_MS) {
        lastPurge = at.getTime();
        await purgeOldTokens(app.db, at);
        await purgeStaleFailures(app.db, at);
      }
      return ok(
        { access_token: token, token_type: 'bearer' as const, expires_in: ttl, scope: client.scope },
        request.t('common.success'),
      );
    },
  );

  app.get(
    path(AUTH_PATHS.removeToken),
    {
      // Public so that signing out with an expired or unknown token still succeeds (there is nothing to revoke).
      config: { public: true },
      schema: {
        tags: ['uaa'],
        summary: 'Sign out: revoke the bearer token of this request',
        response: { 200: Result(Type.Null()) },
      },
    },
    async (request) => {
      const token = bearerToken(request.headers.authorization);
      if (token) {
        const at = now();
        const tokenHash = hashToken(token);
        const session = await findActiveSession(app.db, tokenHash, at);
        const revoked = session !== undefined && (await revokeToken(app.db, tokenHash, at));
        // after the revocation, not before: a request of this token that read the session meanwhile keeps nothing
        app.sessions.drop(tokenHash);
        if (session && revoked) {
          await recordOperation(app.db, {
            companyId: session.companyId,
            userId: session.userId,
            username: session.username,
            operation: 'signOut',
            ip: request.ip,
            at,
          });
        }
      }
      return ok(null, request.t('common.success'));
    },
  );

  app.get(
    path(AUTH_PATHS.captcha),
    {
      // Each image stores a row: limited per IP like sign-in (a form refreshes its image a few times at most).
      config: { public: true, rateLimit: { max: config.SIGNIN_RATE_PER_MINUTE * 2, timeWindow: 60_000 } },
      schema: {
        tags: ['uaa'],
        summary: 'A new verification code image for a device id (valid 5 minutes, one attempt)',
        security: [],
        querystring: Type.Object({ deviceId: DeviceId }),
        response: {
          200: { description: 'PNG image', content: { 'image/png': { schema: Type.String({ format: 'binary' }) } } },
          400: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const at = now();
      const code = newCaptchaCode();
      const { deviceId } = request.query;
      await saveCaptcha(app.db, deviceId, hashCaptcha(deviceId, code), new Date(at.getTime() + CAPTCHA_TTL_MS), at);
      // Untyped reply: the typed one only knows the JSON bodies of the response schemas, and this one is binary.
      return (reply as FastifyReply)
        .header('content-type', 'image/png')
        .header('cache-control', 'no-store')
        .send(renderCaptchaPng(code));
    },
  );

  app.get(
    path(AUTH_PATHS.captchaRequired),
    {
      config: { public: true },
      schema: {
        tags: ['uaa'],
        summary: 'Whether the next sign-in of this user name must carry the verification code',
        security: [],
        querystring: Type.Object({ username: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: Result(Type.Object({ required: Type.Boolean() })), 400: ErrorBody },
      },
    },
    async (request) => {
      const record = await findFailures(app.db, request.query.username);
      const required = captchaDemanded(config.LOGIN_CAPTCHA, activeFailures(record, now()));
      return ok({ required }, request.t('common.success'));
    },
  );
};
