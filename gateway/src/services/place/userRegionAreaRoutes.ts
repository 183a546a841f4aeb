// /api-workbench data/userRegionArea (spec §7): read, replace and clear an account's data scope. Administered with
// the accounts (sys:user:view / sys:user:edit); a change ends the account's cached sessions so it applies at once.
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  type DataScope,
  PLACE_PATHS,
  UserRegionArea,
  UserRegionAreaDelete,
  UserRegionAreaQuery,
  UserRegionAreaSave,
} from '@waterops/shared/place';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import { findRow } from '../resource/resourceRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { countTenantPlaces, placeNames, replaceUserScope, scopesOfUsers } from './dataScopeRepository.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Refuses (400, naming the field) region or area ids that are not the tenant's. */
export const checkScopePlaces = async (
  db: Kysely<DB> | Transaction<DB>,
  companyId: number,
  scope: DataScope,
): Promise<void> => {
  if ((await countTenantPlaces(db, companyId, 'regions', scope.regionIds)) !== new Set(scope.regionIds).size)
    throw badRequest('regionIds');
  if ((await countTenantPlaces(db, companyId, 'areas', scope.areaIds)) !== new Set(scope.areaIds).size)
    throw badRequest('areaIds');
};

/** An account's scope with the names of its places. */
export const scopeView = async (
  db: Kysely<DB> | Transaction<DB>,
  companyId: number,
  userId: number,
): Promise<UserRegionArea> => {
  const scope = (await scopesOfUsers(db, companyId, [userId])).get(userId) ?? { regionIds: [], areaIds: [] };
  const names = await placeNames(db, companyId, scope.regionIds, scope.areaIds);
  return {
    userId,
    ...scope,
    regions: scope.regionIds.map((id) => ({ id, regionName: names.regions.get(id) ?? '' })),
    areas: scope.areaIds.map((id) => ({ id, areaName: names.areas.get(id) ?? '' })),
  };
};

export const userRegionAreaRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  const tags = ['userRegionArea'];

  /** Replaces the scope of a user of the tenant (404 otherwise) and logs it, in one transaction. */
  const change = async (request: FastifyRequest, userId: number, scope: DataScope) => {
    const me = app.principalOf(request);
    const at = now();
    const cleared = scope.regionIds.length === 0 && scope.areaIds.length === 0;
    const view = await app.db.transaction().execute(async (tx) => {
      const user = await findRow(tx, 'users', ['id', 'username'], me.companyId, userId);
      if (!user) throw notFound();
      await checkScopePlaces(tx, me.companyId, scope);
      await replaceUserScope(tx, me.companyId, userId, scope);
      await recordRequestOperation(tx, request, me, {
        operation: cleared ? 'userScopeDelete' : 'userScopeSave',
        detail: `user #${userId} ${String(user.username)} regions [${scope.regionIds.join(',')}] areas [${scope.areaIds.join(',')}]`,
        at,
      });
      return scopeView(tx, me.companyId, userId);
    });
    app.sessions.dropUsers(me.companyId, [userId]);
    return ok(view, request.t('common.success'));
  };

  // the same read from the region side (spec §7 data/region findUserById)
  for (const url of [PLACE_PATHS.userRegionAreaByUser, PLACE_PATHS.regionFindUserById])
    app.get(
      path(url),
      {
        config: { permission: PERMISSIONS.sysUserView },
        schema: {
          tags,
          summary: "An account's data scope: its regions and residential areas (both empty: unrestricted)",
          querystring: UserRegionAreaQuery,
          response: { 200: Result(UserRegionArea), ...errors },
        },
      },
      async (request) => {
        const me = app.principalOf(request);
        const { userId } = request.query;
        const user = await findRow(app.db, 'users', ['id'], me.companyId, userId);
        if (!user) throw notFound();
        return ok(await scopeView(app.db, me.companyId, userId), request.t('common.success'));
      },
    );

  app.post(
    path(PLACE_PATHS.userRegionAreaSave),
    {
      config: { permission: PERMISSIONS.sysUserEdit },
      schema: {
        tags,
        summary: "Replace an account's data scope; its sessions pick the change up at once",
        body: UserRegionAreaSave,
        response: { 200: Result(UserRegionArea), ...errors },
      },
    },
    async (request) =>
      change(request, request.body.userId, { regionIds: request.body.regionIds, areaIds: request.body.areaIds }),
  );

  app.post(
    path(PLACE_PATHS.userRegionAreaDelete),
    {
      config: { permission: PERMISSIONS.sysUserEdit },
      schema: {
        tags,
        summary: "Clear an account's data scope (it becomes unrestricted)",
        body: UserRegionAreaDelete,
        response: { 200: Result(UserRegionArea), ...errors },
      },
    },
    async (request) => change(request, request.body.userId, { regionIds: [], areaIds: [] }),
  );
};
