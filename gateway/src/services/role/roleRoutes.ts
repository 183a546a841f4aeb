// /api-user roles (spec §6, §7): the role resource (list with user counts, saveOrUpdate, delete, exist), allRoles,
// companyRoles, and menu grants. A change of grants or of a role's code takes effect for its users at once on this
// instance (their cached sessions are dropped) and within the session cache time on others.
import { Type } from '@sinclair/typebox';
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { hasPermission, PERMISSIONS } from '@waterops/shared/auth';
import type { Locale } from '@waterops/shared/i18n';
import {
  CompanyRolesQuery,
  MenuGrant,
  MenuGrantEntry,
  type ROLE_SORT_FIELDS,
  Role,
  RoleFilters,
  RoleSave,
  USER_PATHS,
  validateRole,
} from '@waterops/shared/user';
import { badRequest, notFound } from '../../plugins/errors.ts';
import type { ServicePlugin, TypedApp } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import { registerResource } from '../resource/registerResource.ts';
import type { DbRow } from '../resource/resourceRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { ADMIN_ROLE_CODE } from '../user/userRepository.ts';
import { buildGrantTree } from './grantTree.ts';
import {
  allRoles,
  findRole,
  grantedMenuIds,
  menusByIds,
  replaceGrants,
  tenantMenus,
  userCounts,
  usersOfRole,
} from './roleRepository.ts';
import { roleExport } from './roleSheets.ts';

const USER_PREFIX = '/api-user';
const path = (full: string) => full.slice(USER_PREFIX.length);

const localized = (locale: Locale, zh: string, en: string | null): string => (locale === 'en' ? (en ?? zh) : zh);

const toRole = (r: DbRow, locale: Locale): Role => ({
  id: Number(r.id),
  code: r.code as string,
  name: localized(locale, r.name as string, r.name_en as string | null),
  nameZh: r.name as string,
  nameEn: (r.name_en as string | null) ?? null,
  type: r.type as string,
  userCount: Number(r.user_count ?? 0),
  createTime: (r.created_at as Date).toISOString(),
});

/** Drops the cached sessions of a role's users, so their permissions are read again on the next request. */
const refreshRoleSessions = async (app: TypedApp, companyId: number, roleId: number) =>
  app.sessions.dropUsers(companyId, await usersOfRole(app.db, companyId, roleId));

export const roleRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  registerResource(
    app,
    {
      name: 'role',
      table: 'roles',
      columns: ['id', 'code', 'name', 'name_en', 'type', 'created_at'],
      paths: {
        list: path(USER_PATHS.roles),
        saveOrUpdate: path(USER_PATHS.roleSaveOrUpdate),
        exist: path(USER_PATHS.roleExist),
        delete: '/roles/:id',
      },
      permissions: { read: PERMISSIONS.sysRoleView, write: PERMISSIONS.sysRoleEdit },
      schemas: { row: Role, save: RoleSave, filters: RoleFilters },
      filters: { name: { column: 'name', match: 'contains' }, code: { column: 'code', match: 'contains' } },
      sortable: { name: 'name', code: 'code', createTime: 'created_at' } satisfies Record<
        (typeof ROLE_SORT_FIELDS)[number],
        string
      >,
      defaultSort: [{ column: 'id', order: 'asc' }],
      unique: [
        { field: 'code', column: 'code', message: 'resource.roleCode.exists' },
        { field: 'name', column: 'name', message: 'resource.roleName.exists' },
      ],
      operations: { create: 'roleCreate', update: 'roleUpdate', delete: 'roleDelete' },
      toRow: toRole,
      enrich: async (a, companyId, rows) => {
        const counts = await userCounts(
          a.db,
          companyId,
          rows.map((r) => Number(r.id)),
        );
        return rows.map((r) => ({ ...r, user_count: counts.get(Number(r.id)) ?? 0 }));
      },
      validate: (body) => validateRole(body),
      toColumns: (body) => ({
        code: body.code.trim(),
        name: body.name.trim(),
        name_en: body.nameEn?.trim() || null,
        ...(body.type?.trim() ? { type: body.type.trim() } : {}),
      }),
      beforeWrite: async ({ existing, body }) =>
        existing?.code === ADMIN_ROLE_CODE && body.code.trim() !== ADMIN_ROLE_CODE
          ? { key: 'resource.role.builtIn' }
          : null,
      beforeDelete: async ({ tx, me, existing }) => {
        if (existing.code === ADMIN_ROLE_CODE) return { key: 'resource.role.builtIn' };
        const count = (await userCounts(tx, me.companyId, [existing.id])).get(existing.id) ?? 0;
        return count > 0 ? { key: 'resource.role.hasUsers', params: { count } } : null;
      },
      afterCommit: (a, companyId, id, change) => {
        if (change === 'update') void refreshRoleSessions(a, companyId, id).catch(() => undefined);
      },
      describe: (r) => `${String(r.code)} ${String(r.name)}`,
      export: roleExport,
    },
    now,
  );

  const roleList = async (companyId: number, locale: Locale) => {
    const rows = await allRoles(app.db, companyId);
    const counts = await userCounts(
      app.db,
      companyId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toRole({ ...r, user_count: counts.get(r.id) ?? 0 }, locale));
  };

  app.get(
    path(USER_PATHS.allRoles),
    {
      // the account page's role column, filter and form choose from it
      config: { permission: PERMISSIONS.sysRoleView, alsoPermitted: [PERMISSIONS.sysUserView] },
      schema: {
        tags: ['role'],
        summary: 'Every role of the tenant, by id',
        response: { 200: Result(Type.Array(Role)), 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      return ok(await roleList(me.companyId, request.locale), request.t('common.success'));
    },
  );

  app.get(
    path(USER_PATHS.companyRoles),
    {
      config: { permission: PERMISSIONS.sysRoleView },
      schema: {
        tags: ['role'],
        summary: "The roles of the caller's company (companyId of another company: 404)",
        querystring: CompanyRolesQuery,
        response: { 200: Result(Type.Array(Role)), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      if (request.query.companyId !== undefined && request.query.companyId !== me.companyId) throw notFound();
      return ok(await roleList(me.companyId, request.locale), request.t('common.success'));
    },
  );

  app.get(
    '/menus/:roleId/menus',
    {
      config: { permission: PERMISSIONS.sysRoleView },
      schema: {
        tags: ['role'],
        summary: "The tenant's menu tree with the role's grants checked",
        params: Type.Object({ roleId: Type.Integer({ minimum: 1 }) }),
        response: {
          200: Result(Type.Array(MenuGrantEntry)),
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const role = await findRole(app.db, me.companyId, request.params.roleId);
      if (!role) throw notFound();
      const [menus, granted] = await Promise.all([
        tenantMenus(app.db, me.companyId),
        grantedMenuIds(app.db, me.companyId, role.id),
      ]);
      return ok(buildGrantTree(menus, granted, request.locale), request.t('common.success'));
    },
  );

  app.post(
    path(USER_PATHS.menusGranted),
    {
      config: { permission: PERMISSIONS.sysRoleEdit },
      schema: {
        tags: ['role'],
        summary: "Replace a role's menu grants (tenantId in the query is accepted and ignored)",
        description:
          'Menu ids of another tenant answer 400 (field menuIds). A caller who is not an administrator cannot ' +
          'grant a permission they do not hold themselves (resp_code 1).',
        querystring: Type.Object({ tenantId: Type.Optional(Type.String({ maxLength: 50 })) }),
        body: MenuGrant,
        response: { 200: Result(Type.Null()), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const menuIds = [...new Set(request.body.menuIds)];
      const at = now();
      const refused = await app.db.transaction().execute(async (tx) => {
        const role = await findRole(tx, me.companyId, request.body.roleId);
        if (!role) throw notFound();
        const menus = await menusByIds(tx, me.companyId, menuIds);
        if (menus.length !== menuIds.length) throw badRequest('menuIds');
        const before = await grantedMenuIds(tx, me.companyId, role.id);
        // Only newly added permissions need the check: keeping what the role already had is not an escalation.
        const escalates = menus.some(
          (m) => m.permission !== null && !before.has(m.id) && !hasPermission(me.permissions, m.permission),
        );
        if (escalates) return true;
        await replaceGrants(tx, me.companyId, role.id, menuIds);
        await recordRequestOperation(tx, request, me, {
          operation: 'roleGrant',
          detail: `role #${role.id} ${role.code}: ${menuIds.length} menus`,
          at,
        });
        return false;
      });
      if (refused) return { resp_code: 1, resp_msg: request.t('resource.menu.notGrantable'), datas: null };
      await refreshRoleSessions(app, me.companyId, request.body.roleId);
      return ok(null, request.t('common.success'));
    },
  );
};
