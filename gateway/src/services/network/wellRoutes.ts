// /api-workbench wells (spec §7 pipeNetWell: list, one, saveOrUpdate, delete, exist) on the resource registration,
// and the map of every placed well. The district must be the tenant's; a well a pipeline ends at is not deleted.
import { Type } from '@sinclair/typebox';
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { numberValue } from '@waterops/shared/device';
import {
  MapWell,
  NETWORK_PATHS,
  validateWell,
  type WELL_SORT_FIELDS,
  Well,
  WellFilters,
  WellSave,
} from '@waterops/shared/network';
import { badRequest } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { registerResource } from '../resource/registerResource.ts';
import type { DbRow } from '../resource/resourceRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { enrichWells, mapWells, networkReferenceExists, pipelinesAtWell } from './networkRepository.ts';
import { wellExport } from './networkSheets.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const trimmedOrNull = (v: unknown) => (typeof v === 'string' ? v.trim() || null : null);
const numOrNull = (v: unknown) => (v === null || v === undefined || String(v).trim() === '' ? null : numberValue(v));
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

const toWell = (r: DbRow): Well => ({
  id: Number(r.id),
  wellCode: r.well_code as string,
  name: text(r.name),
  wellType: Number(r.well_type),
  depthM: num(r.depth_m),
  elevationM: num(r.elevation_m),
  lng: num(r.lng),
  lat: num(r.lat),
  districtId: num(r.district_id),
  districtName: text(r.district_name),
  address: text(r.address),
  remark: text(r.remark),
  createTime: (r.created_at as Date).toISOString(),
});

export const wellRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  registerResource(
    app,
    {
      name: 'well',
      table: 'wells',
      columns: [
        'id',
        'well_code',
        'name',
        'well_type',
        'depth_m',
        'elevation_m',
        'lng',
        'lat',
        'district_id',
        'address',
        'remark',
        'created_at',
      ],
      paths: {
        list: path(NETWORK_PATHS.wells),
        saveOrUpdate: path(NETWORK_PATHS.wellSave),
        delete: path(NETWORK_PATHS.wellDelete),
        exist: path(NETWORK_PATHS.wellExist),
        find: path(NETWORK_PATHS.well(':id')),
      },
      deleteMethod: 'POST',
      // the pipeline form picks its start and end wells from this list
      permissions: {
        read: PERMISSIONS.networkWellView,
        write: PERMISSIONS.networkWellEdit,
        lookupBy: [PERMISSIONS.networkPipelineEdit],
      },
      schemas: { row: Well, save: WellSave, filters: WellFilters },
      filters: {
        wellCode: { column: 'well_code', match: 'contains' },
        name: { column: 'name', match: 'contains' },
        wellType: { column: 'well_type', match: 'eq' },
        districtId: { column: 'district_id', match: 'eq' },
      },
      sortable: { wellCode: 'well_code', createTime: 'created_at' } satisfies Record<
        (typeof WELL_SORT_FIELDS)[number],
        string
      >,
      defaultSort: [{ column: 'well_code', order: 'asc' }],
      unique: [
        { field: 'wellCode', column: 'well_code', message: 'resource.wellCode.exists', constraint: 'wells_code_uq' },
      ],
      operations: { create: 'wellCreate', update: 'wellUpdate', delete: 'wellDelete' },
      toRow: toWell,
      enrich: (a, companyId, rows) => enrichWells(a.db, companyId, rows),
      validate: (body) => validateWell(body),
      beforeWrite: async ({ tx, me, body }) => {
        if (body.districtId && !(await networkReferenceExists(tx, me.companyId, 'districts', body.districtId)))
          throw badRequest('districtId');
        return null;
      },
      beforeDelete: async ({ tx, me, existing }) => {
        const count = await pipelinesAtWell(tx, me.companyId, Number(existing.id));
        return count > 0 ? { key: 'network.well.inUse', params: { count } } : null;
      },
      toColumns: (body, _mode, at) => ({
        well_code: body.wellCode.trim(),
        name: trimmedOrNull(body.name),
        well_type: body.wellType,
        depth_m: body.depthM ?? null,
        elevation_m: body.elevationM ?? null,
        lng: numOrNull(body.lng),
        lat: numOrNull(body.lat),
        district_id: body.districtId ?? null,
        address: trimmedOrNull(body.address),
        remark: trimmedOrNull(body.remark),
        updated_at: at,
      }),
      describe: (r) => String(r.well_code ?? ''),
      export: wellExport,
    },
    now,
  );

  app.route({
    method: 'GET',
    url: path(NETWORK_PATHS.wellMap),
    config: { permission: PERMISSIONS.networkWellView, alsoPermitted: [PERMISSIONS.dmaDistrictView] },
    schema: {
      tags: ['well'],
      summary: 'Every well of the tenant with a position (BD-09), for the map',
      response: { 200: Result(Type.Array(MapWell)), ...errors },
    },
    handler: async (request) => {
      const me = app.principalOf(request);
      const rows = await mapWells(app.db, me.companyId);
      const wells = rows.map((r) => ({
        id: Number(r.id),
        code: r.well_code,
        type: Number(r.well_type),
        lng: Number(r.lng),
        lat: Number(r.lat),
      }));
      return ok(wells, request.t('common.success'));
    },
  });
};
