// /api-user: the signed-in user, their menus and company (everything the web shell needs to start), and their own
// profile and password. Rule failures answer 400 with the spec §5 message and the field; nothing is written then.
import { Type } from '@sinclair/typebox';
import { BUSINESS_FAILURE_CODE, ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import type { Locale } from '@waterops/shared/i18n';
import {
  Company,
  CurrentUser,
  MenuEntry,
  PasswordChange,
  ProfileUpdate,
  USER_PATHS,
  validatePasswordChange,
  validateProfile,
} from '@waterops/shared/user';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { type DB, MENU_TYPE } from '../../db/tables.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { Principal } from '../../plugins/sessionCache.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { findDisplayAsUser } from '../display/displayRepository.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { hashPassword, verifyPassword } from '../uaa/passwordHash.ts';
import { revokeOtherTokens } from '../uaa/tokenRepository.ts';
import { buildMenuTree } from './menuTree.ts';
import {
  findCompany,
  findUser,
  findUserWithRoles,
  grantedMenus,
  setPasswordHash,
  updateProfile,
  withheldPageUrls,
} from './userRepository.ts';

export const USER_PREFIX = '/api-user';
const path = (full: string) => full.slice(USER_PREFIX.length);

const localized = (locale: Locale, zh: string, en: string | null): string => (locale === 'en' ? (en ?? zh) : zh);

// The bodies are checked by the spec §5 rules, not by `required`: a missing nickname must get '请输入昵称' (the form's
// message), not a generic schema error, and the web's request layer drops empty strings before sending.
const ProfileBody = Type.Partial(ProfileUpdate);
const PasswordBody = Type.Partial(PasswordChange);

/** An avatar is one of our stored files or an http(s) image elsewhere; nothing that could run script. */
const HEAD_IMG_PATTERN = /^(\/api-file\/files\/[0-9a-f-]{36}|https?:\/\/[^\s"'<>]+)$/i;

/**
 * The user as the shell shows them; permissions are the principal's (looked up with the token, at most seconds old).
 * A wall screen's display token is described as its screen: `display-<id>`, its name, no roles.
 */
const loadCurrentUser = async (db: Kysely<DB>, me: Principal, locale: Locale): Promise<CurrentUser> => {
  const user = me.display
    ? await findDisplayAsUser(db, me.companyId, me.display.id, me.userId)
    : await findUserWithRoles(db, me.companyId, me.userId);
  if (!user) throw notFound();
  const permissions = [...me.permissions];
  return {
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    mobile: user.mobile,
    headImgUrl: user.head_img_url,
    companyId: user.company_id,
    companyName: localized(locale, user.company_name, user.company_name_en),
    createTime: user.created_at.toISOString(),
    permissions,
    roles: user.roles.map((r) => ({
      id: r.id,
      code: r.code,
      type: r.type,
      name: localized(locale, r.name, r.name_en),
    })),
    // the live layer groups subscribers with the same scope into one room (one poll serves them all)
    dataScope: me.scope ? { regionIds: [...me.scope.regionIds], areaIds: [...me.scope.areaIds] } : null,
  };
};

/** A 400 for the first rule a request breaks, with that rule's message: the same text the form shows. */
const ruleViolation = (
  violations: { field: string; message: Parameters<FastifyRequest['t']>[0] }[],
): AppError | null => {
  const first = violations[0];
  return first ? new AppError(400, first.message, first.field) : null;
};

export const userRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  app.get(
    path(USER_PATHS.currentUser),
    {
      config: { permission: PERMISSIONS.profileView },
      schema: {
        tags: ['user'],
        summary: 'The signed-in user',
        response: { 200: Result(CurrentUser), 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      return ok(await loadCurrentUser(app.db, me, request.locale), request.t('common.success'));
    },
  );

  app.get(
    path(USER_PATHS.currentMenus),
    {
      config: { permission: PERMISSIONS.profileView },
      schema: {
        tags: ['user'],
        summary: "The signed-in user's menu tree, in the request language",
        response: { 200: Result(Type.Array(MenuEntry)), 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const rows = await grantedMenus(app.db, me.companyId, me.userId, [MENU_TYPE.page, MENU_TYPE.menu]);
      return ok(buildMenuTree(rows, request.locale), request.t('common.success'));
    },
  );

  app.get(
    path(USER_PATHS.withheldRoutes),
    {
      config: { permission: PERMISSIONS.profileView },
      schema: {
        tags: ['user'],
        summary: "Route paths of the tenant's pages the signed-in user is not granted",
        description:
          'The web guard sends these to the no-permission page (/401) and any other unknown path to /404 (spec §2).',
        response: { 200: Result(Type.Array(Type.String())), 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      return ok(await withheldPageUrls(app.db, me.companyId, me.userId), request.t('common.success'));
    },
  );

  app.get(
    '/companys/:id',
    {
      config: { permission: PERMISSIONS.profileView },
      schema: {
        tags: ['user'],
        summary: "The signed-in user's company (any other id: 404)",
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        response: { 200: Result(Company), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      // Another tenant's company gets the same 404 as one that does not exist: ids reveal nothing.
      if (request.params.id !== me.companyId) throw notFound();
      const c = await findCompany(app.db, me.companyId);
      if (!c) throw notFound();
      return ok(
        {
          id: c.id,
          name: localized(request.locale, c.name, c.name_en),
          logoName: localized(request.locale, c.logo_name, c.logo_name_en),
          logoImg: c.logo_img,
          roleId: c.role_id,
        },
        request.t('common.success'),
      );
    },
  );

  app.put(
    path(USER_PATHS.profile),
    {
      config: { permission: PERMISSIONS.profileEdit },
      schema: {
        tags: ['user'],
        summary: 'Update own profile (nickname, mobile, avatar); spec §5 rules, inputs trimmed',
        body: ProfileBody,
        response: { 200: Result(CurrentUser), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const body = request.body;
      if (body.id !== undefined && body.id !== me.userId) throw notFound();
      const nickname = (body.nickname ?? '').trim();
      const mobile = (body.mobile ?? '').trim();
      const headImgUrl = body.headImgUrl === undefined ? undefined : body.headImgUrl?.trim() || null;
      const violation = ruleViolation(validateProfile({ nickname, mobile }));
      if (violation) throw violation;
      if (headImgUrl && !HEAD_IMG_PATTERN.test(headImgUrl))
        throw new AppError(400, 'errors.badRequest', 'headImgUrl', { field: 'headImgUrl' });

      const before = await findUser(app.db, me.companyId, me.userId);
      if (!before) throw notFound();
      const at = now();
      await updateProfile(app.db, me.companyId, me.userId, { nickname, mobile, headImgUrl }, at);
      const changed = [
        before.nickname !== nickname && 'nickname',
        before.mobile !== mobile && 'mobile',
        headImgUrl !== undefined && before.head_img_url !== headImgUrl && 'headImgUrl',
      ].filter(Boolean);
      await recordRequestOperation(app.db, request, me, {
        operation: 'profileUpdate',
        detail: changed.join(', '),
        at,
      });
      return ok(await loadCurrentUser(app.db, me, request.locale), request.t('common.success'));
    },
  );

  app.put(
    path(USER_PATHS.password),
    {
      config: { permission: PERMISSIONS.passwordEdit },
      schema: {
        tags: ['user'],
        summary: 'Change own password; other sessions of the user are signed out',
        description: 'A wrong old password answers HTTP 200 with resp_code 1.',
        body: PasswordBody,
        response: { 200: Result(Type.Null()), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const body = request.body;
      if (body.id !== undefined && body.id !== me.userId) throw notFound();
      const violation = ruleViolation(validatePasswordChange(body, false, me.username));
      if (violation) throw violation;
      const user = await findUser(app.db, me.companyId, me.userId);
      if (!user) throw notFound();

      const businessFailure = (key: 'auth.oldPasswordWrong' | 'auth.samePassword') => ({
        resp_code: BUSINESS_FAILURE_CODE,
        resp_msg: request.t(key),
        datas: null,
      });
      const oldPassword = body.oldPassword ?? '';
      if (!(await verifyPassword(oldPassword, user.password_hash))) return businessFailure('auth.oldPasswordWrong');
      const newPassword = (body.newPassword ?? '').trim();
      if (newPassword === oldPassword) return businessFailure('auth.samePassword');

      const at = now();
      await setPasswordHash(app.db, me.companyId, me.userId, await hashPassword(newPassword), at);
      // Keep this session (the client signs out with it next); every other session of the user ends now.
      await revokeOtherTokens(app.db, me.companyId, me.userId, me.tokenHash, at);
      app.sessions.dropUser(me.companyId, me.userId, me.tokenHash);
      await recordRequestOperation(app.db, request, me, {
        operation: 'passwordChange',
        at,
      });
      return ok(null, request.t('common.success'));
    },
  );
};
