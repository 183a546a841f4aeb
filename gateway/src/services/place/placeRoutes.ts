// /api-workbench regions (data/region) and residential areas (data/area), spec §7, on the resource registration.
// Both are scoped resources: an account limited to regions or areas reads and changes only those (resourceScope.ts).
// A region holding areas, and a place named in an account's data scope, cannot be deleted.
import { PERMISSIONS } from '@waterops/shared/auth';
import type { Locale } from '@waterops/shared/i18n';
import {
  type AREA_SORT_FIELDS,
  Area,
  AreaFilters,
  AreaSave,
  PLACE_PATHS,
  type REGION_SORT_FIELDS,
  Region,
  RegionFilters,
  RegionSave,
  validateArea,
  validateRegion,
} from '@waterops/shared/place';
import { badRequest } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { registerResource } from '../resource/registerResource.ts';
import type { DbRow } from '../resource/resourceRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { placeInAnyScope } from './dataScopeRepository.ts';
import { areaCounts, regionExists, regionNames } from './placeRepository.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const trimmedOrNull = (v: string | null | undefined) => v?.trim() || null;
const numberOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const toRegion = (r: DbRow, _locale: Locale): Region => ({
  id: Number(r.id),
  regionName: r.region_name as string,
  remark: text(r.remark),
  areaCount: Number(r.area_count ?? 0),
  createTime: (r.created_at as Date).toISOString(),
});

const toArea = (r: DbRow, _locale: Locale): Area => ({
  id: Number(r.id),
  areaName: r.area_name as string,
  regionId: Number(r.region_id),
  regionName: (r.region_name as string | undefined) ?? '',
  address: text(r.address),
  lng: numberOrNull(r.lng),
  lat: numberOrNull(r.lat),
  remark: text(r.remark),
  createTime: (r.created_at as Date).toISOString(),
});

export const placeRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  registerResource(
    app,
    {
      name: 'region',
      table: 'regions',
      columns: ['id', 'region_name', 'remark', 'created_at'],
      paths: {
        list: path(PLACE_PATHS.regions),
        save: path(PLACE_PATHS.regionSave),
        update: path(PLACE_PATHS.regionUpdate),
        delete: path(PLACE_PATHS.regionDelete),
        exist: path(PLACE_PATHS.regionExist),
      },
      deleteMethod: 'GET',
      scope: { regionColumn: 'id' },
      // the region selectors of the area page, of the account form's data scope and of the reading-rate filter
      permissions: {
        read: PERMISSIONS.dataRegionView,
        write: PERMISSIONS.dataRegionEdit,
        lookupBy: [
          PERMISSIONS.dataAreaView,
          PERMISSIONS.sysUserView,
          PERMISSIONS.readingRateView,
          PERMISSIONS.readingDataCheckView,
        ],
      },
      schemas: { row: Region, save: RegionSave, filters: RegionFilters },
      filters: { regionName: { column: 'region_name', match: 'contains' } },
      sortable: { regionName: 'region_name', createTime: 'created_at' } satisfies Record<
        (typeof REGION_SORT_FIELDS)[number],
        string
      >,
      defaultSort: [{ column: 'id', order: 'asc' }],
      unique: [
        {
          field: 'regionName',
          column: 'region_name',
          message: 'resource.regionName.exists',
          constraint: 'regions_name_uq',
        },
      ],
      operations: { create: 'regionCreate', update: 'regionUpdate', delete: 'regionDelete' },
      toRow: toRegion,
      enrich: async (a, companyId, rows) => {
        const counts = await areaCounts(
          a.db,
          companyId,
          rows.map((r) => Number(r.id)),
        );
        return rows.map((r) => ({ ...r, area_count: counts.get(Number(r.id)) ?? 0 }));
      },
      validate: (body) => validateRegion(body),
      toColumns: (body) => ({ region_name: body.regionName.trim(), remark: trimmedOrNull(body.remark) }),
      beforeDelete: async ({ tx, me, existing }) => {
        const count = (await areaCounts(tx, me.companyId, [existing.id])).get(existing.id) ?? 0;
        if (count > 0) return { key: 'resource.region.hasAreas', params: { count } };
        return (await placeInAnyScope(tx, me.companyId, 'region_id', existing.id))
          ? { key: 'resource.place.inScope' }
          : null;
      },
      describe: (r) => String(r.region_name ?? ''),
    },
    now,
  );

  /** The area resource under some paths: its own, and the region page's GET deleteArea with the same rules. */
  const registerArea = (paths: Parameters<typeof registerResource>[1]['paths'], deleteMethod: 'GET' | 'POST') =>
    registerResource(
      app,
      {
        name: 'area',
        table: 'areas',
        columns: ['id', 'region_id', 'area_name', 'address', 'lng', 'lat', 'remark', 'created_at'],
        paths,
        deleteMethod,
        scope: { areaColumn: 'id', regionColumn: 'region_id', field: 'regionId' },
        // the area selector of the account form's data scope and of the reading-rate page's filter
        permissions: {
          read: PERMISSIONS.dataAreaView,
          write: PERMISSIONS.dataAreaEdit,
          lookupBy: [PERMISSIONS.sysUserView, PERMISSIONS.readingRateView, PERMISSIONS.readingDataCheckView],
        },
        schemas: { row: Area, save: AreaSave, filters: AreaFilters },
        filters: {
          areaName: { column: 'area_name', match: 'contains' },
          regionId: { column: 'region_id', match: 'eq' },
        },
        sortable: { areaName: 'area_name', createTime: 'created_at' } satisfies Record<
          (typeof AREA_SORT_FIELDS)[number],
          string
        >,
        defaultSort: [{ column: 'id', order: 'asc' }],
        unique: [
          { field: 'areaName', column: 'area_name', message: 'resource.areaName.exists', constraint: 'areas_name_uq' },
        ],
        operations: { create: 'areaCreate', update: 'areaUpdate', delete: 'areaDelete' },
        toRow: toArea,
        enrich: async (a, companyId, rows) => {
          const names = await regionNames(
            a.db,
            companyId,
            rows.map((r) => Number(r.region_id)),
          );
          return rows.map((r) => ({ ...r, region_name: names.get(Number(r.region_id)) ?? '' }));
        },
        validate: (body) => validateArea(body),
        beforeWrite: async ({ tx, me, body }) => {
          // another tenant's region is as unknown as a missing one: the field is wrong, nothing is written
          if (!(await regionExists(tx, me.companyId, body.regionId))) throw badRequest('regionId');
          return null;
        },
        toColumns: (body) => ({
          area_name: body.areaName.trim(),
          region_id: body.regionId,
          address: trimmedOrNull(body.address),
          lng: body.lng ?? null,
          lat: body.lat ?? null,
          remark: trimmedOrNull(body.remark),
        }),
        beforeDelete: async ({ tx, me, existing }) =>
          (await placeInAnyScope(tx, me.companyId, 'area_id', existing.id)) ? { key: 'resource.place.inScope' } : null,
        describe: (r) => String(r.area_name ?? ''),
      },
      now,
    );

  registerArea(
    {
      list: path(PLACE_PATHS.areas),
      search: path(PLACE_PATHS.areaSearch),
      saveOrUpdate: path(PLACE_PATHS.areaSave),
      delete: path(PLACE_PATHS.areaDelete),
      exist: path(PLACE_PATHS.areaExist),
      find: path(PLACE_PATHS.area(':id')),
    },
    'POST',
  );
  // spec §7 data/region deleteArea (GET ?id): deleting an area from the region page
  registerArea({ delete: path(PLACE_PATHS.regionDeleteArea) }, 'GET');
};
