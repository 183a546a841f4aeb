// /api-user accounts (spec §6, §7 "Auth and user"): the account resource (list with roles, saveOrUpdate, exist,
// delete), updateEnabled and the administrator's password reset. Disabling, resetting or deleting ends the
// account's sessions (tokens revoked, this instance's cache dropped); nobody disables or deletes themselves.
import { Type } from '@sinclair/typebox';
import { BUSINESS_FAILURE_CODE, ErrorBody, IdParams, ok, Result } from '@waterops/shared/api';
import { hasPermission, PERMISSIONS } from '@waterops/shared/auth';
import type { Locale } from '@waterops/shared/i18n';
import {
  type ACCOUNT_SORT_FIELDS,
  Account,
  AccountEnabledQuery,
  AccountFilters,
  AccountPasswordReset,
  AccountSave,
  checkAccountPassword,
  USER_PATHS,
  validateAccount,
} from '@waterops/shared/user';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import { registerResource } from '../resource/registerResource.ts';
import { type DbRow, findRow } from '../resource/resourceRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { hashPassword } from '../uaa/passwordHash.ts';
import { ADMIN_ROLE_CODE, setPasswordHash } from '../user/userRepository.ts';
import {
  ACCOUNT_PLACE_COLUMNS,
  accountPlaceColumns,
  accountPlaceFields,
  checkAccountPlaces,
  enrichAccountPlaces,
  writeAccountScope,
} from './accountPlaces.ts';
import {
  clearAccountReferences,
  insertLogin,
  replaceUserRoles,
  revokeAllTokens,
  rolesOfUsers,
  setEnabled,
  tenantRoles,
  usernameTaken,
} from './accountRepository.ts';
import { accountExport, accountImport } from './accountSheets.ts';

const USER_PREFIX = '/api-user';
const path = (full: string) => full.slice(USER_PREFIX.length);
const COLUMNS = [
  'id',
  'username',
  'nickname',
  'mobile',
  'head_img_url',
  'enabled',
  'created_at',
  'updated_at',
  ...ACCOUNT_PLACE_COLUMNS,
] as const;

type RoleRow = { id: number; code: string; name: string; name_en: string | null; type: string };

const toAccount = (r: DbRow, locale: Locale): Account => {
  const roles = (r.roles as RoleRow[] | undefined) ?? [];
  return {
    id: Number(r.id),
    username: r.username as string,
    nickname: r.nickname as string,
    mobile: (r.mobile as string | null) ?? null,
    headImgUrl: (r.head_img_url as string | null) ?? null,
    enabled: r.enabled as boolean,
    roles: roles.map((x) => ({
      id: Number(x.id),
      code: x.code,
      type: x.type,
      name: locale === 'en' ? (x.name_en ?? x.name) : x.name,
    })),
    roleIds: roles.map((x) => Number(x.id)),
    ...accountPlaceFields(r),
    createTime: (r.created_at as Date).toISOString(),
    updateTime: (r.updated_at as Date).toISOString(),
  };
};

const refusal = (request: FastifyRequest, key: 'resource.user.self') => ({
  resp_code: BUSINESS_FAILURE_CODE,
  resp_msg: request.t(key),
  datas: null,
});

export const accountRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  registerResource(
    app,
    {
      name: 'user',
      table: 'users',
      columns: COLUMNS,
      paths: {
        list: path(USER_PATHS.users),
        saveOrUpdate: path(USER_PATHS.userSaveOrUpdate),
        exist: path(USER_PATHS.userExist),
        delete: '/users/:id',
      },
      permissions: { read: PERMISSIONS.sysUserView, write: PERMISSIONS.sysUserEdit },
      schemas: { row: Account, save: AccountSave, filters: AccountFilters },
      filters: {
        username: { column: 'username', match: 'contains' },
        nickname: { column: 'nickname', match: 'contains' },
        mobile: { column: 'mobile', match: 'contains' },
        enabled: { column: 'enabled', match: 'eq' },
        roleId: { column: 'role_id', match: 'linked', through: { table: 'user_roles', key: 'user_id' } },
        departmentId: { column: 'department_id', match: 'eq' },
        accountType: { column: 'account_type', match: 'eq' },
      },
      sortable: { username: 'username', nickname: 'nickname', createTime: 'created_at' } satisfies Record<
        (typeof ACCOUNT_SORT_FIELDS)[number],
        string
      >,
      defaultSort: [{ column: 'created_at', order: 'desc' }],
      unique: [
        {
          field: 'username',
          column: 'username',
          message: 'resource.username.exists',
          constraint: 'logins_pkey',
          taken: (tx, companyId, value, exceptId) => usernameTaken(tx, companyId, value, exceptId),
        },
      ],
      operations: { create: 'userCreate', update: 'userUpdate', delete: 'userDelete' },
      toRow: toAccount,
      enrich: async (a, companyId, rows) => {
        const roles = await rolesOfUsers(
          a.db,
          companyId,
          rows.map((r) => r.id),
        );
        const withRoles = rows.map((r) => ({ ...r, roles: roles.get(r.id) ?? [] }));
        return enrichAccountPlaces(a.db, companyId, withRoles);
      },
      validate: (body, mode) => validateAccount(body, mode),
      beforeWrite: async ({ tx, me, body, existing }) => {
        const roleIds = [...new Set(body.roleIds)];
        const roles = await tenantRoles(tx, me.companyId, roleIds);
        if (roles.length !== roleIds.length) throw badRequest('roleIds');
        if (roles.some((r) => r.code === ADMIN_ROLE_CODE) && !hasPermission(me.permissions, PERMISSIONS.admin))
          return { key: 'resource.menu.notGrantable' };
        if (existing && existing.id === me.userId && body.enabled === false) return { key: 'resource.user.self' };
        await checkAccountPlaces(tx, me.companyId, body);
        return null;
      },
      toColumns: async (body, mode, at) => {
        const common = {
          nickname: body.nickname.trim(),
          mobile: body.mobile?.trim() || null,
          ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
          ...accountPlaceColumns(body, mode),
          updated_at: at,
        };
        if (mode === 'update') return common;
        return {
          ...common,
          username: (body.username ?? '').trim(),
          password_hash: await hashPassword((body.password ?? '').trim()),
        };
      },
      afterWrite: async ({ tx, me, body, existing, id, at }) => {
        if (!existing) await insertLogin(tx, me.companyId, id, (body.username ?? '').trim());
        await replaceUserRoles(tx, me.companyId, id, [...new Set(body.roleIds)]);
        await writeAccountScope(tx, me.companyId, id, body, existing ? 'update' : 'create');
        if (existing && body.enabled === false) await revokeAllTokens(tx, me.companyId, id, at);
      },
      beforeDelete: async ({ tx, me, existing, at }) => {
        if (existing.id === me.userId) return { key: 'resource.user.self' };
        await clearAccountReferences(tx, me.companyId, existing.id);
        await revokeAllTokens(tx, me.companyId, existing.id, at);
        return null;
      },
      afterCommit: (a, companyId, id, change) => {
        if (change !== 'create') a.sessions.dropUsers(companyId, [id]);
      },
      describe: (r) => `${String(r.username)} ${String(r.nickname)}`,
      export: accountExport,
      import: accountImport,
    },
    now,
  );

  app.get(
    path(USER_PATHS.userEnabled),
    {
      // a refused attempt is mostly a disable (of oneself, of a missing account): logged under that name
      config: { permission: PERMISSIONS.sysUserEdit, operation: 'userDisable' },
      schema: {
        tags: ['user'],
        summary: 'Enable or disable an account of the tenant; disabling ends its sessions',
        description: 'Disabling yourself answers resp_code 1.',
        querystring: AccountEnabledQuery,
        response: { 200: Result(Type.Null()), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { id, enabled } = request.query;
      if (id === me.userId && !enabled) return refusal(request, 'resource.user.self');
      const at = now();
      await app.db.transaction().execute(async (tx) => {
        const user = await findRow(tx, 'users', ['id', 'username'], me.companyId, id);
        if (!user) throw notFound();
        await setEnabled(tx, me.companyId, id, enabled, at);
        if (!enabled) await revokeAllTokens(tx, me.companyId, id, at);
        await recordRequestOperation(tx, request, me, {
          operation: enabled ? 'userEnable' : 'userDisable',
          detail: `user #${id} ${String(user.username)}`,
          at,
        });
      });
      app.sessions.dropUsers(me.companyId, [id]);
      return ok(null, request.t('common.success'));
    },
  );

  app.put(
    '/users/:id/password',
    {
      config: { permission: PERMISSIONS.sysUserEdit, operation: 'userPasswordReset' },
      schema: {
        tags: ['user'],
        summary: "Reset an account's password (administrator); the account's sessions end",
        params: IdParams,
        body: AccountPasswordReset,
        response: { 200: Result(Type.Null()), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { id } = request.params;
      const bad = checkAccountPassword(request.body.password);
      if (bad) throw new AppError(400, bad, 'password');
      const at = now();
      const passwordHash = await hashPassword(request.body.password.trim());
      await app.db.transaction().execute(async (tx) => {
        const user = await findRow(tx, 'users', ['id', 'username'], me.companyId, id);
        if (!user) throw notFound();
        // the user name is known only now: a password made of it is refused before anything is written
        const guessable = checkAccountPassword(request.body.password, String(user.username));
        if (guessable) throw new AppError(400, guessable, 'password');
        await setPasswordHash(tx, me.companyId, id, passwordHash, at);
        await revokeAllTokens(tx, me.companyId, id, at);
        await recordRequestOperation(tx, request, me, {
          operation: 'userPasswordReset',
          detail: `user #${id} ${String(user.username)}`,
          at,
        });
      });
      app.sessions.dropUsers(me.companyId, [id]);
      return ok(null, request.t('common.success'));
    },
  );
};
