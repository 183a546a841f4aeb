// /api-user menus open / not open per company (spec §6 "Some menus are marked open or not open with an apply-to-open
// note", §7 menus/company/…): a company sees its own tree with `opened` read-only; the company that created it (its
// parent) opens and closes its entries. A change drops the child's cached sessions, so it applies on the next request.
import { Type } from '@sinclair/typebox';
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { CompanyMenuEntry, CompanyMenusOpened, normalizeOpened, USER_PATHS } from '@waterops/shared/user';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { companyMenuRows, companyUserIds, findChildCompany, storeOpened } from './companyMenuRepository.ts';
import { buildCompanyMenuTree } from './companyMenuTree.ts';

const USER_PREFIX = '/api-user';
const path = (full: string) => full.slice(USER_PREFIX.length);
const CompanyParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const companyMenuRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  app.get(
    path(USER_PATHS.companyMenus),
    {
      config: { permission: PERMISSIONS.sysMenuView },
      schema: {
        tags: ['menu'],
        summary: "The caller's company's menu tree, each entry `opened` (decided by the parent company)",
        querystring: Type.Object({ tenantId: Type.Optional(Type.String({ maxLength: 50 })) }),
        response: { 200: Result(Type.Array(CompanyMenuEntry)), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const rows = await companyMenuRows(app.db, me.companyId);
      return ok(buildCompanyMenuTree(rows, request.locale), request.t('common.success'));
    },
  );

  app.get(
    '/menus/company/:id/menus',
    {
      config: { permission: PERMISSIONS.sysCompanyEdit },
      schema: {
        tags: ['menu'],
        summary: "A child company's menu tree with `opened` (a company not created by the caller's: 404)",
        params: CompanyParams,
        response: {
          200: Result(Type.Array(CompanyMenuEntry)),
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const child = await findChildCompany(app.db, me.companyId, request.params.id);
      if (!child) throw notFound();
      const rows = await companyMenuRows(app.db, child.id);
      return ok(buildCompanyMenuTree(rows, request.locale), request.t('common.success'));
    },
  );

  app.post(
    '/menus/company/:id/opened',
    {
      config: { permission: PERMISSIONS.sysCompanyEdit, operation: 'companyMenusOpen' },
      schema: {
        tags: ['menu'],
        summary: "Set which of a child company's menu entries are open",
        description:
          'menuIds are the entries to open; their ancestors open too and every other entry closes (so closing a ' +
          "parent closes its children). Entries the shell needs stay open. An id that is not the child company's " +
          "answers 400 (field menuIds); a company not created by the caller's answers 404.",
        params: CompanyParams,
        body: CompanyMenusOpened,
        response: { 200: Result(Type.Null()), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const at = now();
      const childId = await app.db.transaction().execute(async (tx) => {
        const child = await findChildCompany(tx, me.companyId, request.params.id);
        if (!child) throw notFound();
        const rows = await companyMenuRows(tx, child.id);
        const known = new Set(rows.map((r) => r.id));
        if (request.body.menuIds.some((id) => !known.has(id)))
          throw new AppError(400, 'resource.companyMenus.unknownMenu', 'menuIds');
        const opening = rows.map((r) => ({
          id: r.id,
          parentId: r.parent_id,
          opened: r.opened,
          permission: r.permission,
        }));
        const open = normalizeOpened(opening, request.body.menuIds);
        await storeOpened(tx, child.id, [...open]);
        await recordRequestOperation(tx, request, me, {
          operation: 'companyMenusOpen',
          detail: `company #${child.id} ${child.name}: ${open.size} of ${rows.length} menu entries open`,
          at,
        });
        return child.id;
      });
      app.sessions.dropUsers(childId, await companyUserIds(app.db, childId));
      return ok(null, request.t('common.success'));
    },
  );
};
