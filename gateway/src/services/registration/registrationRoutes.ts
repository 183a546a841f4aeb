// /api-uaa self-registration (spec §2 "login and register", §5 rules): POST sms/code sends a 6-digit code to a
// mobile once the image verification code is right (1 a minute and 10 a day per mobile, counted in the database;
// limited per IP too); POST register creates an enabled account in the registration company with the newcomer role
// when the SMS code is right (5 minutes, 5 wrong attempts, single use). Both are public.
import rateLimit from '@fastify/rate-limit';
import { Type } from '@sinclair/typebox';
import { BUSINESS_FAILURE_CODE, ErrorBody, ok, Result } from '@waterops/shared/api';
import type { MessageKey } from '@waterops/shared/i18n';
import {
  REGISTRATION_PATHS,
  Registered,
  RegisterRequest,
  SMS_CODE_TTL_MS,
  SMS_RESEND_SECONDS,
  SmsCodeRequest,
  SmsCodeSent,
  type SmsPurpose,
  validateRegistration,
  validateSmsCodeRequest,
} from '@waterops/shared/registration';
import type { RuleViolation } from '@waterops/shared/user';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { usernameTaken } from '../account/accountRepository.ts';
import { recordOperation } from '../log/operationLogRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { normalizeCaptcha } from '../uaa/captchaImage.ts';
import { hashPassword } from '../uaa/passwordHash.ts';
import { hashCaptcha, takeCaptcha } from '../uaa/signInRepository.ts';
import { insertNewcomer, mobileTaken, newcomerRoleId, registrationCompany } from './registrationRepository.ts';
import { hashSmsCode, judgeCode, newSmsCode, sendRefusal, windowAfterSend } from './smsCodeGuard.ts';
import { countWrongAttempt, lockSmsCode, purgeStaleSmsCodes, saveSmsCode, useSmsCode } from './smsCodeRepository.ts';
import { smsSender } from './smsSender.ts';

const UAA_PREFIX = '/api-uaa';
const path = (full: string) => full.slice(UAA_PREFIX.length);
const PURPOSE: SmsPurpose = 'register';

type Refusal = { key: MessageKey; params?: Record<string, string | number> };

const firstViolation = (violations: RuleViolation[]) => {
  const v = violations[0];
  if (v) throw new AppError(400, v.message, v.field);
};

/** A 'user name taken' race lost at the insert (the check saw the name free): the same refusal as the check. */
const isLoginConflict = (e: unknown) => {
  const err = e as { code?: string; constraint?: string };
  return err.code === '23505' && err.constraint === 'logins_pkey';
};

export const registrationRoutes: ServicePlugin<ServiceOptions> = async (app, { config, now }) => {
  await app.register(smsSender, { config, now });
  await app.register(rateLimit, {
    global: false,
    // Thrown: the app's error handler turns it into the localized 429 envelope, saying when to retry.
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'sms.ipLimit', undefined, { minutes: Math.max(1, Math.ceil(context.ttl / 60_000)) }),
  });

  const refuse = (request: FastifyRequest, r: Refusal) => ({
    resp_code: BUSINESS_FAILURE_CODE,
    resp_msg: request.t(r.key, r.params),
    datas: null,
  });

  app.post(
    path(REGISTRATION_PATHS.smsCode),
    {
      config: { public: true, rateLimit: { max: config.SMS_RATE_PER_IP_PER_HOUR, timeWindow: 3600_000 } },
      schema: {
        tags: ['registration'],
        summary: 'Send a registration code by SMS (needs the image verification code)',
        description:
          'A wrong or expired image code, closed registration or a registered mobile answer HTTP 200 with resp_code 1; ' +
          `a mobile may have one code per ${SMS_RESEND_SECONDS} s and 10 per 24 h, else 429 saying when to retry.`,
        security: [],
        body: SmsCodeRequest,
        response: { 200: Result(Type.Union([SmsCodeSent, Type.Null()])), 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const body = request.body;
      firstViolation(validateSmsCodeRequest(body));
      const mobile = body.mobile.trim();
      const at = now();
      const company = await registrationCompany(app.db, config);
      if (!company) return refuse(request, { key: 'registration.closed' });

      // The image code first, so nobody learns which mobiles are registered, or sends codes, without it.
      const captcha = await takeCaptcha(app.db, body.deviceId);
      if (!captcha || captcha.expires_at <= at) return refuse(request, { key: 'auth.captchaExpired' });
      if (captcha.code_hash !== hashCaptcha(body.deviceId, normalizeCaptcha(body.validCode)))
        return refuse(request, { key: 'auth.captchaWrong' });
      if (await mobileTaken(app.db, company.id, mobile)) return refuse(request, { key: 'registration.mobileTaken' });

      const code = newSmsCode();
      await app.db.transaction().execute(async (tx) => {
        await purgeStaleSmsCodes(tx, at);
        const record = await lockSmsCode(tx, PURPOSE, mobile);
        const refusal = sendRefusal(record, at);
        if (refusal) throw new AppError(429, refusal.key, undefined, refusal.params);
        await saveSmsCode(tx, {
          purpose: PURPOSE,
          mobile,
          companyId: company.id,
          codeHash: hashSmsCode(PURPOSE, mobile, code),
          expiresAt: new Date(at.getTime() + SMS_CODE_TTL_MS),
          sentAt: at,
          ...windowAfterSend(record, at),
        });
        await recordOperation(tx, {
          companyId: company.id,
          userId: null,
          username: mobile,
          operation: 'smsCodeSend',
          detail: `${PURPOSE} code to ${mobile} via ${app.sms.name}`,
          ip: request.ip,
          at,
        });
      });
      const text = request.t('sms.registerText', { code, minutes: SMS_CODE_TTL_MS / 60_000 });
      try {
        await app.sms.send(mobile, text, company.id, PURPOSE);
      } catch (e) {
        // The send is counted (it may have reached the provider): the user retries after the minute.
        request.log.error({ err: e, sender: app.sms.name }, 'SMS send failed');
        throw new AppError(502, 'sms.sendFailed');
      }
      return ok(
        { resendAfterSeconds: SMS_RESEND_SECONDS, expiresInSeconds: SMS_CODE_TTL_MS / 1000 },
        request.t('sms.codeSent'),
      );
    },
  );

  app.post(
    path(REGISTRATION_PATHS.register),
    {
      // Each call hashes a password (scrypt): limited per IP like sign-in.
      config: { public: true, rateLimit: { max: config.SIGNIN_RATE_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags: ['registration'],
        summary: 'Register an account with the SMS code (joins the registration company)',
        description:
          'A wrong, expired or used SMS code, a taken user name or mobile, or closed registration answer HTTP 200 ' +
          'with resp_code 1 and the message.',
        security: [],
        body: RegisterRequest,
        response: { 200: Result(Type.Union([Registered, Type.Null()])), 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const body = request.body;
      firstViolation(validateRegistration(body));
      const username = body.username.trim();
      const mobile = body.mobile.trim();
      const at = now();
      const company = await registrationCompany(app.db, config);
      if (!company) return refuse(request, { key: 'registration.closed' });
      const roleId = await newcomerRoleId(app.db, company);
      if (roleId === null) return refuse(request, { key: 'registration.closed' });
      const passwordHash = await hashPassword(body.password.trim());

      let outcome: { refusal: Refusal } | { userId: number };
      try {
        outcome = await app.db.transaction().execute(async (tx) => {
          const record = await lockSmsCode(tx, PURPOSE, mobile);
          const verdict = judgeCode(record, company.id, hashSmsCode(PURPOSE, mobile, body.smsCode.trim()), at);
          if (verdict === 'invalid') return { refusal: { key: 'sms.codeInvalid' } };
          if (verdict === 'wrong') {
            await countWrongAttempt(tx, PURPOSE, mobile);
            return { refusal: { key: 'sms.codeWrong' } };
          }
          // The code is right but not spent yet: a taken name can be changed and the same code sent again.
          if (await usernameTaken(tx, company.id, username)) return { refusal: { key: 'resource.username.exists' } };
          if (await mobileTaken(tx, company.id, mobile)) return { refusal: { key: 'registration.mobileTaken' } };
          const userId = await insertNewcomer(tx, company.id, { username, passwordHash, mobile, roleId, at });
          await useSmsCode(tx, PURPOSE, mobile, at);
          await recordOperation(tx, {
            companyId: company.id,
            userId,
            username,
            operation: 'userRegister',
            detail: `user #${userId} ${username} mobile ${mobile}`,
            ip: request.ip,
            at,
          });
          return { userId };
        });
      } catch (e) {
        if (isLoginConflict(e)) return refuse(request, { key: 'resource.username.exists' });
        throw e;
      }
      if ('refusal' in outcome) return refuse(request, outcome.refusal);
      return ok({ username }, request.t('registration.success'));
    },
  );
};
