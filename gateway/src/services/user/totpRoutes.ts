// /api-user two-step verification (TOTP, issue 17): a user enrols from the personal center (a new secret shown as
// text and an otpauth:// URI, confirmed with one code) and may turn it off unless it is required; an administrator
// requires it of an account and resets it (a lost phone: the secret is forgotten and the account's sessions end).
// The secret is returned only while enrolling; the stored one is sealed (uaa/totpSecretBox.ts).
import { Type } from '@sinclair/typebox';
import { BUSINESS_FAILURE_CODE, ErrorBody, IdParams, ok, Result } from '@waterops/shared/api';
import {
  checkTotpCode,
  PERMISSIONS,
  TOTP_PATHS,
  TotpCodeBody,
  TotpEnrolment,
  TotpRequiredBody,
  TotpStatus,
} from '@waterops/shared/auth';
import type { MessageKey } from '@waterops/shared/i18n';
import type { FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { revokeAllTokens } from '../account/accountRepository.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import { findRow } from '../resource/resourceRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { TOTP_ISSUER, totpContext } from '../uaa/secondFactor.ts';
import { newTotpSecret, totpUri, verifyTotp } from '../uaa/totp.ts';
import {
  clearTotp,
  enableTotp,
  findTotp,
  savePendingSecret,
  setTotpRequired,
  type TotpRow,
} from '../uaa/totpRepository.ts';
import { secretBoxOf } from '../uaa/totpSecretBox.ts';

const USER_PREFIX = '/api-user';
const path = (full: string) => full.slice(USER_PREFIX.length);

const statusOf = (row: TotpRow | undefined) => ({
  required: row?.required ?? false,
  enabled: Boolean(row?.secretSealed),
});

const refusal = (request: FastifyRequest, key: MessageKey) => ({
  resp_code: BUSINESS_FAILURE_CODE,
  resp_msg: request.t(key),
  datas: null,
});

const codeOf = (body: { code: string }): string => {
  const bad = checkTotpCode(body.code);
  if (bad) throw new AppError(400, bad, 'code');
  return body.code.trim();
};

export const totpRoutes: ServicePlugin<ServiceOptions> = async (app, { config, now }) => {
  // loaded (or its key file made) at first use, so an install that never enrols has no key file
  const boxOf = () => secretBoxOf(app.db, config);
  const replies = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

  app.get(
    path(TOTP_PATHS.mine),
    {
      config: { permission: PERMISSIONS.profileView },
      schema: {
        tags: ['user'],
        summary: "The signed-in user's two-step verification: required, enabled",
        response: { 200: Result(TotpStatus), ...replies },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      return ok(statusOf(await findTotp(app.db, me.companyId, me.userId)), request.t('common.success'));
    },
  );

  app.post(
    path(TOTP_PATHS.myEnrolment),
    {
      config: { permission: PERMISSIONS.passwordEdit },
      schema: {
        tags: ['user'],
        summary: 'Start enrolling in two-step verification: a new secret (text and otpauth:// URI)',
        description: 'While two-step verification is on, answers resp_code 1. The secret is shown only here.',
        response: { 200: Result(Type.Union([TotpEnrolment, Type.Null()])), ...replies },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      if ((await findTotp(app.db, me.companyId, me.userId))?.secretSealed)
        return refusal(request, 'auth.totpAlreadyOn');
      const secret = newTotpSecret();
      await savePendingSecret(
        app.db,
        me.companyId,
        me.userId,
        (await boxOf()).seal(secret, totpContext(me.companyId, me.userId)),
      );
      return ok({ secret, uri: totpUri(secret, TOTP_ISSUER, me.username) }, request.t('common.success'));
    },
  );

  app.post(
    path(TOTP_PATHS.mine),
    {
      config: { permission: PERMISSIONS.passwordEdit, operation: 'totpEnable' },
      schema: {
        tags: ['user'],
        summary: 'Confirm the enrolment with a code from the app: two-step verification is on',
        description: 'A wrong code answers resp_code 1.',
        body: TotpCodeBody,
        response: { 200: Result(Type.Union([TotpStatus, Type.Null()])), ...replies },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const code = codeOf(request.body);
      const row = await findTotp(app.db, me.companyId, me.userId);
      if (row?.secretSealed) return refusal(request, 'auth.totpAlreadyOn');
      const context = totpContext(me.companyId, me.userId);
      const box = await boxOf();
      const pending = row?.pendingSecretSealed ? box.open(row.pendingSecretSealed, context) : undefined;
      if (!row?.pendingSecretSealed || pending === undefined) return refusal(request, 'auth.totpNoEnrolment');
      const at = now();
      const step = verifyTotp(pending, code, at);
      if (step === undefined) return refusal(request, 'auth.totpWrong');
      const sealed = box.seal(pending, context);
      if (!(await enableTotp(app.db, me.companyId, me.userId, row.pendingSecretSealed, sealed, step, at)))
        return refusal(request, 'auth.totpNoEnrolment');
      await recordRequestOperation(app.db, request, me, { operation: 'totpEnable', at });
      return ok({ required: row.required, enabled: true }, request.t('common.success'));
    },
  );

  app.post(
    path(TOTP_PATHS.myOff),
    {
      config: { permission: PERMISSIONS.passwordEdit, operation: 'totpDisable' },
      schema: {
        tags: ['user'],
        summary: 'Turn two-step verification off, with a current code',
        description: 'A wrong code, or an account an administrator requires it of, answers resp_code 1.',
        body: TotpCodeBody,
        response: { 200: Result(Type.Union([TotpStatus, Type.Null()])), ...replies },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const code = codeOf(request.body);
      const row = await findTotp(app.db, me.companyId, me.userId);
      if (!row?.secretSealed) return ok(statusOf(row), request.t('common.success'));
      if (row.required) return refusal(request, 'auth.totpRequiredByAdmin');
      const secret = (await boxOf()).open(row.secretSealed, totpContext(me.companyId, me.userId));
      const at = now();
      if (secret === undefined || verifyTotp(secret, code, at, row.lastStep) === undefined)
        return refusal(request, 'auth.totpWrong');
      await clearTotp(app.db, me.companyId, me.userId);
      await recordRequestOperation(app.db, request, me, { operation: 'totpDisable', at });
      return ok({ required: false, enabled: false }, request.t('common.success'));
    },
  );

  app.get(
    '/users/:id/totp',
    {
      config: { permission: PERMISSIONS.sysUserView },
      schema: {
        tags: ['user'],
        summary: "An account's two-step verification: required, enabled (never the secret)",
        params: IdParams,
        response: { 200: Result(TotpStatus), ...replies },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { id } = request.params;
      if (!(await findRow(app.db, 'users', ['id'], me.companyId, id))) throw notFound();
      return ok(statusOf(await findTotp(app.db, me.companyId, id)), request.t('common.success'));
    },
  );

  app.put(
    '/users/:id/totp',
    {
      config: { permission: PERMISSIONS.sysUserEdit, operation: 'userTotpRequire' },
      schema: {
        tags: ['user'],
        summary: 'Require two-step verification of an account, or not',
        description: 'A required account that has not enrolled is led to enrol at its next sign-in.',
        params: IdParams,
        body: TotpRequiredBody,
        response: { 200: Result(TotpStatus), ...replies },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { id } = request.params;
      const { required } = request.body;
      const at = now();
      const status = await app.db.transaction().execute(async (tx) => {
        const user = await findRow(tx, 'users', ['id', 'username'], me.companyId, id);
        if (!user) throw notFound();
        await setTotpRequired(tx, me.companyId, id, required);
        await recordRequestOperation(tx, request, me, {
          operation: 'userTotpRequire',
          detail: `user #${id} ${String(user.username)}: ${required ? 'required' : 'not required'}`,
          at,
        });
        return statusOf(await findTotp(tx, me.companyId, id));
      });
      return ok(status, request.t('common.success'));
    },
  );

  app.delete(
    '/users/:id/totp',
    {
      config: { permission: PERMISSIONS.sysUserEdit, operation: 'userTotpReset' },
      schema: {
        tags: ['user'],
        summary: "Reset an account's two-step verification (lost phone): the secret is forgotten, its sessions end",
        description: 'If it is required, the account enrols again at its next sign-in.',
        params: IdParams,
        response: { 200: Result(TotpStatus), ...replies },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { id } = request.params;
      const at = now();
      const status = await app.db.transaction().execute(async (tx) => {
        const user = await findRow(tx, 'users', ['id', 'username'], me.companyId, id);
        if (!user) throw notFound();
        await clearTotp(tx, me.companyId, id);
        await revokeAllTokens(tx, me.companyId, id, at);
        await recordRequestOperation(tx, request, me, {
          operation: 'userTotpReset',
          detail: `user #${id} ${String(user.username)}`,
          at,
        });
        return statusOf(await findTotp(tx, me.companyId, id));
      });
      app.sessions.dropUsers(me.companyId, [id]);
      return ok(status, request.t('common.success'));
    },
  );
};
