// /api-workbench catalogues on the resource registration: manufacturers (data/manufacturer, with findArea), meter
// models (device/meterModel), collector types (device/collectorType) and resident categories (data/residentCategory).
// Catalogues are tenant-wide (no data scope: a scoped account still picks any model); an entry still used by another
// record is not deleted (resp_code 1 naming how many use it). The device and resident pages select from these lists,
// so their view permissions read them too (lookupBy).
import { type Static, Type } from '@sinclair/typebox';
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  CATALOGUE_PATHS,
  CollectorType,
  CollectorTypeFilters,
  CollectorTypeSave,
  Manufacturer,
  ManufacturerArea,
  ManufacturerAreaQuery,
  ManufacturerFilters,
  ManufacturerSave,
  MeterModel,
  MeterModelFilters,
  MeterModelSave,
  ResidentCategory,
  ResidentCategoryFilters,
  ResidentCategorySave,
  validateManufacturer,
  validateMeterModel,
  validateTypeName,
} from '@waterops/shared/catalogue';
import { badRequest, notFound } from '../../plugins/errors.ts';
import type { ServicePlugin, TypedApp } from '../../plugins/typeBoxProvider.ts';
import type { Refusal, WriteContext } from '../resource/registerResource.ts';
import { registerResource } from '../resource/registerResource.ts';
import { type DbRow, findRow } from '../resource/resourceRepository.ts';
import { scopeFilter } from '../resource/resourceScope.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import {
  CATEGORY_REFERENCES,
  COLLECTOR_TYPE_REFERENCES,
  MANUFACTURER_REFERENCES,
  METER_MODEL_REFERENCES,
  manufacturerAreas,
  manufacturerExists,
  manufacturerNames,
  residentCounts,
  usageCount,
} from './catalogueRepository.ts';
import {
  collectorTypeExport,
  manufacturerExport,
  meterModelExport,
  residentCategoryExport,
} from './catalogueSheets.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const trimmedOrNull = (v: string | null | undefined) => v?.trim() || null;
const numberOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const createTime = (r: DbRow) => (r.created_at as Date).toISOString();

/** The refusal of deleting an entry still in use, with how many records use it. */
const refuseInUse =
  (key: Refusal['key'], references: Parameters<typeof usageCount>[3]) =>
  async ({ tx, me, existing }: { tx: WriteContext<null>['tx']; me: WriteContext<null>['me']; existing: DbRow }) => {
    const count = await usageCount(tx, me.companyId, existing.id, references);
    return count > 0 ? ({ key, params: { count } } satisfies Refusal) : null;
  };

/** Another tenant's manufacturer is as unknown as a missing one: the field is wrong, nothing is written. */
const checkManufacturer = async ({ tx, me, body }: WriteContext<{ manufacturerId?: number | null }>) => {
  if (body.manufacturerId != null && !(await manufacturerExists(tx, me.companyId, body.manufacturerId)))
    throw badRequest('manufacturerId');
  return null;
};

/** Adds manufacturer_name to a page of rows that carry manufacturer_id. */
const withManufacturerNames = async (app: TypedApp, companyId: number, rows: DbRow[]) => {
  const names = await manufacturerNames(
    app.db,
    companyId,
    rows.map((r) => numberOrNull(r.manufacturer_id)),
  );
  return rows.map((r) => ({ ...r, manufacturer_name: names.get(Number(r.manufacturer_id)) ?? null }));
};

const typeNameUnique = (constraint: string) => ({
  field: 'typeName' as const,
  column: 'type_name',
  message: 'resource.typeName.exists' as const,
  constraint,
});

const typeSort = { typeName: 'type_name', createTime: 'created_at' };

export const catalogueRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  registerResource(
    app,
    {
      name: 'manufacturer',
      table: 'manufacturers',
      columns: ['id', 'name', 'code', 'contact', 'phone', 'address', 'remark', 'created_at'],
      paths: {
        list: path(CATALOGUE_PATHS.manufacturers),
        save: path(CATALOGUE_PATHS.manufacturerSave),
        update: path(CATALOGUE_PATHS.manufacturerUpdate),
        delete: path(CATALOGUE_PATHS.manufacturerDelete),
        exist: path(CATALOGUE_PATHS.manufacturerExist),
      },
      deleteMethod: 'POST',
      permissions: {
        read: PERMISSIONS.dataManufacturerView,
        write: PERMISSIONS.dataManufacturerEdit,
        // the manufacturer selectors of the meter, model, collector type and concentrator forms
        lookupBy: [
          PERMISSIONS.deviceMeterView,
          PERMISSIONS.deviceMeterModelView,
          PERMISSIONS.deviceCollectorTypeView,
          PERMISSIONS.deviceConcentratorView,
          PERMISSIONS.deviceCollectorView,
        ],
      },
      schemas: { row: Manufacturer, save: ManufacturerSave, filters: ManufacturerFilters },
      filters: { name: { column: 'name', match: 'contains' }, code: { column: 'code', match: 'contains' } },
      sortable: { name: 'name', code: 'code', createTime: 'created_at' },
      defaultSort: [{ column: 'id', order: 'asc' }],
      unique: [
        {
          field: 'name',
          column: 'name',
          message: 'resource.manufacturerName.exists',
          constraint: 'manufacturers_name_uq',
        },
        { field: 'code', column: 'code', message: 'resource.manufacturerCode.exists' },
      ],
      operations: { create: 'manufacturerCreate', update: 'manufacturerUpdate', delete: 'manufacturerDelete' },
      toRow: (r) => ({
        id: Number(r.id),
        name: r.name as string,
        code: text(r.code),
        contact: text(r.contact),
        phone: text(r.phone),
        address: text(r.address),
        remark: text(r.remark),
        createTime: createTime(r),
      }),
      validate: (body) => validateManufacturer(body),
      toColumns: (body) => ({
        name: body.name.trim(),
        code: trimmedOrNull(body.code),
        contact: trimmedOrNull(body.contact),
        phone: trimmedOrNull(body.phone),
        address: trimmedOrNull(body.address),
        remark: trimmedOrNull(body.remark),
      }),
      beforeDelete: refuseInUse('resource.manufacturer.inUse', MANUFACTURER_REFERENCES),
      describe: (r) => String(r.name ?? ''),
      export: manufacturerExport,
    },
    now,
  );

  app.route({
    method: 'GET',
    url: path(CATALOGUE_PATHS.manufacturerAreas),
    config: { permission: PERMISSIONS.dataManufacturerView },
    schema: {
      tags: ['manufacturer'],
      summary:
        "The areas where a manufacturer's water meters are installed (no id: any manufacturer's), inside the account's data scope",
      querystring: ManufacturerAreaQuery,
      response: {
        200: Result(Type.Array(ManufacturerArea)),
        400: ErrorBody,
        401: ErrorBody,
        403: ErrorBody,
        404: ErrorBody,
      },
    },
    handler: async (request) => {
      const me = app.principalOf(request);
      const { id } = request.query as Static<typeof ManufacturerAreaQuery>;
      if (id !== undefined && !(await findRow(app.db, 'manufacturers', ['id'], me.companyId, id))) throw notFound();
      const scope = scopeFilter({ areaColumn: 'id', regionColumn: 'region_id' }, me.scope);
      return ok(await manufacturerAreas(app.db, me.companyId, id, scope), request.t('common.success'));
    },
  });

  registerResource(
    app,
    {
      name: 'meterModel',
      table: 'meter_models',
      columns: [
        'id',
        'type_name',
        'manufacturer_id',
        'meter_kind',
        'caliber',
        'max_reading',
        'precision',
        'valve_control',
        'remark',
        'created_at',
      ],
      paths: {
        list: path(CATALOGUE_PATHS.meterModels),
        save: path(CATALOGUE_PATHS.meterModelSave),
        update: path(CATALOGUE_PATHS.meterModelUpdate),
        delete: path(CATALOGUE_PATHS.meterModelDelete),
        exist: path(CATALOGUE_PATHS.meterModelExist),
      },
      deleteMethod: 'POST',
      // the model selector of the water meter form
      permissions: {
        read: PERMISSIONS.deviceMeterModelView,
        write: PERMISSIONS.deviceMeterModelEdit,
        lookupBy: [PERMISSIONS.deviceMeterView],
      },
      schemas: { row: MeterModel, save: MeterModelSave, filters: MeterModelFilters },
      filters: {
        typeName: { column: 'type_name', match: 'contains' },
        manufacturerId: { column: 'manufacturer_id', match: 'eq' },
        meterKind: { column: 'meter_kind', match: 'eq' },
      },
      sortable: typeSort,
      defaultSort: [{ column: 'id', order: 'asc' }],
      unique: [typeNameUnique('meter_models_type_name_uq')],
      operations: { create: 'meterModelCreate', update: 'meterModelUpdate', delete: 'meterModelDelete' },
      toRow: (r) => ({
        id: Number(r.id),
        typeName: r.type_name as string,
        manufacturerId: numberOrNull(r.manufacturer_id),
        manufacturerName: text(r.manufacturer_name),
        meterKind: Number(r.meter_kind),
        caliber: numberOrNull(r.caliber),
        maxReading: numberOrNull(r.max_reading),
        precision: numberOrNull(r.precision),
        valveControl: Boolean(r.valve_control),
        remark: text(r.remark),
        createTime: createTime(r),
      }),
      enrich: withManufacturerNames,
      validate: (body) => validateMeterModel(body),
      beforeWrite: checkManufacturer,
      toColumns: (body) => ({
        type_name: body.typeName.trim(),
        manufacturer_id: body.manufacturerId ?? null,
        meter_kind: body.meterKind ?? 1,
        caliber: body.caliber ?? null,
        max_reading: body.maxReading ?? null,
        precision: body.precision ?? null,
        valve_control: body.valveControl ?? false,
        remark: trimmedOrNull(body.remark),
      }),
      beforeDelete: refuseInUse('resource.meterModel.inUse', METER_MODEL_REFERENCES),
      describe: (r) => String(r.type_name ?? ''),
      export: meterModelExport,
    },
    now,
  );

  registerResource(
    app,
    {
      name: 'collectorType',
      table: 'collector_types',
      columns: ['id', 'type_name', 'link_kind', 'manufacturer_id', 'remark', 'created_at'],
      paths: {
        list: path(CATALOGUE_PATHS.collectorTypes),
        save: path(CATALOGUE_PATHS.collectorTypeSave),
        update: path(CATALOGUE_PATHS.collectorTypeUpdate),
        delete: path(CATALOGUE_PATHS.collectorTypeDelete),
        exist: path(CATALOGUE_PATHS.collectorTypeExist),
      },
      deleteMethod: 'POST',
      // the type selector of the collector forms
      permissions: {
        read: PERMISSIONS.deviceCollectorTypeView,
        write: PERMISSIONS.deviceCollectorTypeEdit,
        lookupBy: [PERMISSIONS.deviceCollectorView],
      },
      schemas: { row: CollectorType, save: CollectorTypeSave, filters: CollectorTypeFilters },
      filters: {
        typeName: { column: 'type_name', match: 'contains' },
        linkKind: { column: 'link_kind', match: 'eq' },
      },
      sortable: typeSort,
      defaultSort: [{ column: 'id', order: 'asc' }],
      unique: [typeNameUnique('collector_types_type_name_uq')],
      operations: { create: 'collectorTypeCreate', update: 'collectorTypeUpdate', delete: 'collectorTypeDelete' },
      toRow: (r) => ({
        id: Number(r.id),
        typeName: r.type_name as string,
        linkKind: Number(r.link_kind),
        manufacturerId: numberOrNull(r.manufacturer_id),
        manufacturerName: text(r.manufacturer_name),
        remark: text(r.remark),
        createTime: createTime(r),
      }),
      enrich: withManufacturerNames,
      validate: (body) => validateTypeName(body),
      beforeWrite: checkManufacturer,
      toColumns: (body) => ({
        type_name: body.typeName.trim(),
        link_kind: body.linkKind ?? 1,
        manufacturer_id: body.manufacturerId ?? null,
        remark: trimmedOrNull(body.remark),
      }),
      beforeDelete: refuseInUse('resource.collectorType.inUse', COLLECTOR_TYPE_REFERENCES),
      describe: (r) => String(r.type_name ?? ''),
      export: collectorTypeExport,
    },
    now,
  );

  registerResource(
    app,
    {
      name: 'residentCategory',
      table: 'resident_categories',
      columns: ['id', 'type_name', 'remark', 'created_at'],
      paths: {
        list: path(CATALOGUE_PATHS.residentCategories),
        save: path(CATALOGUE_PATHS.residentCategorySave),
        update: path(CATALOGUE_PATHS.residentCategoryUpdate),
        delete: path(CATALOGUE_PATHS.residentCategoryDelete),
        exist: path(CATALOGUE_PATHS.residentCategoryExist),
      },
      deleteMethod: 'POST',
      // the category selector (CategorySelect) of the resident form and filters
      permissions: {
        read: PERMISSIONS.dataResidentCategoryView,
        write: PERMISSIONS.dataResidentCategoryEdit,
        lookupBy: [PERMISSIONS.dataResidentView],
      },
      schemas: { row: ResidentCategory, save: ResidentCategorySave, filters: ResidentCategoryFilters },
      filters: { typeName: { column: 'type_name', match: 'contains' } },
      sortable: typeSort,
      defaultSort: [{ column: 'id', order: 'asc' }],
      unique: [typeNameUnique('resident_categories_type_name_uq')],
      operations: {
        create: 'residentCategoryCreate',
        update: 'residentCategoryUpdate',
        delete: 'residentCategoryDelete',
      },
      toRow: (r) => ({
        id: Number(r.id),
        typeName: r.type_name as string,
        remark: text(r.remark),
        residentCount: Number(r.resident_count ?? 0),
        createTime: createTime(r),
      }),
      enrich: async (a, companyId, rows) => {
        const counts = await residentCounts(
          a.db,
          companyId,
          rows.map((r) => Number(r.id)),
        );
        return rows.map((r) => ({ ...r, resident_count: counts.get(Number(r.id)) ?? 0 }));
      },
      validate: (body) => validateTypeName(body),
      toColumns: (body) => ({ type_name: body.typeName.trim(), remark: trimmedOrNull(body.remark) }),
      beforeDelete: refuseInUse('resource.residentCategory.inUse', CATEGORY_REFERENCES),
      describe: (r) => String(r.type_name ?? ''),
      export: residentCategoryExport,
    },
    now,
  );
};
