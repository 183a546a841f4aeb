// The rest of spec §7 data/area and data/region beyond the resource routes: id/name lists for selectors
// (findAreaNameList, findAreaIdAndNameList, findAreaByRegionIds), placing an area on the map (location), moving
// several areas to a region (batchEdit), a position check (repairManual), per-area meter and resident counts
// (water/list) and the GET form of adding a region (addRegion). Every list stays inside the caller's data scope;
// every change is logged; another tenant's ids answer 404 (or 400 naming the field, for a batch).
import { type Static, Type } from '@sinclair/typebox';
import { BUSINESS_FAILURE_CODE, ErrorBody, ok, PageResult, page, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  AddRegionQuery,
  AreaBatchEditQuery,
  AreaByRegionIdsQuery,
  AreaIdName,
  AreaLocation,
  AreaNameQuery,
  AreaRepairResult,
  AreaWaterQuery,
  AreaWaterRow,
  PLACE_PATHS,
  parseIdList,
  Region,
  validateAreaLocation,
  validateRegion,
} from '@waterops/shared/place';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import { insertRow, lockResource, valueTaken } from '../resource/resourceRepository.ts';
import { scopeFilter } from '../resource/resourceScope.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import {
  areaIdNames,
  areasInScope,
  areaWaterPage,
  clearBadPositions,
  moveAreas,
  placeArea,
} from './areaExtrasRepository.ts';
import { regionExists } from './placeRepository.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const tags = ['area'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
/** Areas are scoped by their own id and their region (as the area resource). */
const AREA_SCOPE = { areaColumn: 'id', regionColumn: 'region_id' };
// the area selectors of the device and resident pages read these lists too
const areaLookup = {
  permission: PERMISSIONS.dataAreaView,
  alsoPermitted: [
    PERMISSIONS.sysUserView,
    PERMISSIONS.deviceMeterView,
    PERMISSIONS.deviceConcentratorView,
    PERMISSIONS.deviceCollectorView,
    PERMISSIONS.dataResidentView,
  ],
};

export const placeExtrasRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  const scopeOf = (request: FastifyRequest) => scopeFilter(AREA_SCOPE, app.principalOf(request).scope);

  app.get(
    path(PLACE_PATHS.areaNameList),
    {
      config: areaLookup,
      schema: {
        tags,
        summary: 'The names of the areas in scope, by name',
        querystring: AreaNameQuery,
        response: { 200: Result(Type.Array(Type.String())), ...errors },
      },
    },
    async (request) => {
      const { areaName } = request.query as Static<typeof AreaNameQuery>;
      const me = app.principalOf(request);
      const rows = await areaIdNames(app.db, me.companyId, scopeOf(request), { areaName: areaName?.trim() });
      return ok(
        rows.map((r) => r.areaName),
        request.t('common.success'),
      );
    },
  );

  app.get(
    path(PLACE_PATHS.areaIdAndNameList),
    {
      config: areaLookup,
      schema: {
        tags,
        summary: 'id, name and region of the areas in scope, by name',
        querystring: AreaNameQuery,
        response: { 200: Result(Type.Array(AreaIdName)), ...errors },
      },
    },
    async (request) => {
      const { areaName } = request.query as Static<typeof AreaNameQuery>;
      const me = app.principalOf(request);
      return ok(
        await areaIdNames(app.db, me.companyId, scopeOf(request), { areaName: areaName?.trim() }),
        request.t('common.success'),
      );
    },
  );

  app.get(
    path(PLACE_PATHS.areasByRegionIds),
    {
      config: areaLookup,
      schema: {
        tags,
        summary: 'The areas in scope of some regions (regionIds comma-joined; none given: all)',
        querystring: AreaByRegionIdsQuery,
        response: { 200: Result(Type.Array(AreaIdName)), ...errors },
      },
    },
    async (request) => {
      const text = (request.query as Static<typeof AreaByRegionIdsQuery>).regionIds;
      const regionIds = text === undefined ? undefined : parseIdList(text);
      if (regionIds === null) throw badRequest('regionIds');
      const me = app.principalOf(request);
      return ok(await areaIdNames(app.db, me.companyId, scopeOf(request), { regionIds }), request.t('common.success'));
    },
  );

  app.post(
    path(PLACE_PATHS.areaLocation),
    {
      config: { permission: PERMISSIONS.dataAreaEdit, operation: 'areaLocate' },
      schema: {
        tags,
        summary: 'Place an area on the map (BD-09 longitude −180…180, latitude −90…90, both required)',
        body: AreaLocation,
        response: { 200: Result(Type.Null()), ...errors },
      },
    },
    async (request) => {
      const body = request.body as Static<typeof AreaLocation>;
      const violation = validateAreaLocation(body)[0];
      if (violation) throw new AppError(400, violation.message, violation.field);
      const me = app.principalOf(request);
      const at = now();
      await app.db.transaction().execute(async (tx) => {
        if ((await areasInScope(tx, me.companyId, scopeOf(request), [body.id])).length === 0) throw notFound();
        await placeArea(tx, me.companyId, body.id, Number(body.lng), Number(body.lat));
        await recordRequestOperation(tx, request, me, {
          operation: 'areaLocate',
          detail: `area #${body.id} ${Number(body.lng)},${Number(body.lat)}`,
          at,
        });
      });
      return ok(null, request.t('common.success'));
    },
  );

  app.get(
    path(PLACE_PATHS.areaBatchEdit),
    {
      config: { permission: PERMISSIONS.dataAreaEdit, operation: 'areaBatchEdit' },
      schema: {
        tags,
        summary: 'Move areas (ids joined by commas or spaces) to a region, all or none',
        querystring: AreaBatchEditQuery,
        response: { 200: Result(Type.Null()), ...errors },
      },
    },
    async (request) => {
      const q = request.query as Static<typeof AreaBatchEditQuery>;
      const ids = parseIdList(q.ids);
      if (!ids) throw badRequest('ids');
      const me = app.principalOf(request);
      const scope = scopeOf(request);
      const at = now();
      await app.db.transaction().execute(async (tx) => {
        await lockResource(tx, 'areas', me.companyId);
        // an id of another tenant or outside the scope is as unknown as a missing one: the batch is refused whole
        if ((await areasInScope(tx, me.companyId, scope, ids)).length !== ids.length) throw badRequest('ids');
        if (!(await regionExists(tx, me.companyId, q.regionId))) throw badRequest('regionId');
        await moveAreas(tx, me.companyId, ids, q.regionId);
        // a scoped account may not move areas out of its own scope
        if ((await areasInScope(tx, me.companyId, scope, ids)).length !== ids.length)
          throw new AppError(400, 'resource.scope.outside', 'regionId');
        await recordRequestOperation(tx, request, me, {
          operation: 'areaBatchEdit',
          detail: `areas [${ids.join(',')}] → region #${q.regionId}`,
          at,
        });
      });
      return ok(null, request.t('common.success'));
    },
  );

  // repairManual: areas hold no derived data (region names, counts and scope are computed on every read), so there is
  // nothing to recompute. What can go wrong is a position written before the coordinate rules existed (imports,
  // older clients): one coordinate without the other, or one out of range. The repair clears those positions inside
  // the caller's scope so the map never draws an area at a wrong spot, and says how many it checked and cleared.
  app.get(
    path(PLACE_PATHS.areaRepair),
    {
      config: { permission: PERMISSIONS.dataAreaEdit, operation: 'areaLocate' },
      schema: {
        tags,
        summary: 'Clear impossible area positions (one coordinate only, or out of range) inside the scope',
        response: { 200: Result(AreaRepairResult), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const at = now();
      const result = await app.db.transaction().execute(async (tx) => {
        const ids = (await areaIdNames(tx, me.companyId, scopeOf(request), {})).map((a) => a.id);
        const repaired = await clearBadPositions(tx, me.companyId, ids);
        if (repaired > 0)
          await recordRequestOperation(tx, request, me, {
            operation: 'areaLocate',
            detail: `repairManual cleared ${repaired} positions`,
            at,
          });
        return { checked: ids.length, repaired };
      });
      return ok(result, request.t('common.success'));
    },
  );

  app.get(
    path(PLACE_PATHS.areaWater),
    {
      config: areaLookup,
      schema: {
        tags,
        summary: 'One page of areas in scope with their water meter and resident counts',
        querystring: AreaWaterQuery,
        response: { 200: PageResult(AreaWaterRow), ...errors },
      },
    },
    async (request) => {
      const q = request.query as Static<typeof AreaWaterQuery>;
      const me = app.principalOf(request);
      const { rows, count } = await areaWaterPage(
        app.db,
        me.companyId,
        scopeOf(request),
        { areaName: q.areaName?.trim(), regionId: q.regionId },
        (q.page - 1) * q.limit,
        q.limit,
      );
      return page(rows, count, request.t('common.success'));
    },
  );

  app.get(
    path(PLACE_PATHS.regionAdd),
    {
      config: { permission: PERMISSIONS.dataRegionEdit, operation: 'regionCreate' },
      schema: {
        tags: ['region'],
        summary: 'Create a region from the query (the GET form of data/region/save)',
        description: 'A name the tenant already has answers HTTP 200 with resp_code 1 and the message.',
        querystring: AddRegionQuery,
        response: { 200: Result(Type.Union([Region, Type.Null()])), ...errors },
      },
    },
    async (request) => {
      const q = request.query as Static<typeof AddRegionQuery>;
      const violation = validateRegion(q)[0];
      if (violation) throw new AppError(400, violation.message, violation.field);
      const me = app.principalOf(request);
      // the region resource's rule: a scoped account cannot create a region outside its scope
      if (scopeFilter({ regionColumn: 'id' }, me.scope) !== null)
        throw new AppError(400, 'resource.scope.outside', 'regionName');
      const name = q.regionName.trim();
      const at = now();
      const created = await app.db.transaction().execute(async (tx) => {
        await lockResource(tx, 'regions', me.companyId);
        if (await valueTaken(tx, 'regions', me.companyId, 'region_name', name)) return null;
        const id = await insertRow(tx, 'regions', me.companyId, {
          region_name: name,
          remark: q.remark?.trim() || null,
          created_at: at,
        });
        await recordRequestOperation(tx, request, me, {
          operation: 'regionCreate',
          detail: `region #${id} ${name}`,
          at,
        });
        return { id, regionName: name, remark: q.remark?.trim() || null, areaCount: 0, createTime: at.toISOString() };
      });
      if (!created)
        return { resp_code: BUSINESS_FAILURE_CODE, resp_msg: request.t('resource.regionName.exists'), datas: null };
      return ok(created, request.t('common.success'));
    },
  );
};
