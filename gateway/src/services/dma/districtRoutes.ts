// /api-workbench/dma/district (spec §7): findList, {id}, save, update, delete/{id} (POST), checkDistrictName.
// A save writes the district, its meters by role and its member areas in one transaction; every meter, area and
// parent must be the tenant's, a district never ends up below itself, and the name is unique in the tenant.
import { type Static, Type } from '@sinclair/typebox';
import {
  BUSINESS_FAILURE_CODE,
  ErrorBody,
  IdParams,
  ok,
  PageQuery,
  PageResult,
  page,
  Result,
} from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  closeRing,
  DISTRICT_NAME_MAX,
  District,
  DistrictFilters,
  DistrictSave,
  DMA_PATHS,
  validateDistrict,
} from '@waterops/shared/dma';
import type { FastifyRequest } from 'fastify';
import { DISTRICT_KIND, DISTRICT_METER_ROLE } from '../../db/dmaTables.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import {
  ancestorIds,
  type DistrictColumns,
  type DistrictDetails,
  type DistrictRow,
  deleteDistrict,
  districtDetails,
  districtNameTaken,
  findDistrict,
  foreignIds,
  insertDistrict,
  listDistricts,
  lockDistricts,
  replaceDistrictMembers,
  subZoneCount,
  updateDistrict,
} from './districtRepository.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const tags = ['dma'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const read = { permission: PERMISSIONS.dmaDistrictView };
const num = (v: string | number | null) => (v === null ? null : Number(v));

export const CheckDistrictNameQuery = Type.Object({
  districtName: Type.String({ maxLength: DISTRICT_NAME_MAX + 20 }),
  id: Type.Optional(Type.Integer({ minimum: 1 })),
});

export const toDistrict = (r: DistrictRow, d: DistrictDetails | undefined): District => ({
  id: r.id,
  districtName: r.district_name,
  kind: Number(r.kind),
  parentId: r.parent_id,
  parentName: r.parent_name,
  polygon: r.polygon,
  mainsLengthKm: num(r.mains_length_km),
  connections: r.connections,
  privatePipeKm: num(r.private_pipe_km),
  meanPressureM: num(r.mean_pressure_m),
  nightUsePerConnectionLh: num(r.night_use_l_per_conn_h),
  nightDayFactorHours: num(r.night_day_factor_h),
  nightUseM3h: num(r.night_use_m3h),
  remark: r.remark,
  meters: d?.meters ?? [],
  areas: d?.areas ?? [],
  memberMeterCount: d?.memberMeterCount ?? 0,
  subZoneCount: d?.subZoneCount ?? 0,
  createTime: new Date(r.created_at).toISOString(),
});

/** Body list field → meter role. */
const ROLE_LISTS = [
  ['inletMeterIds', DISTRICT_METER_ROLE.inlet],
  ['outletMeterIds', DISTRICT_METER_ROLE.outlet],
  ['supervisionMeterIds', DISTRICT_METER_ROLE.supervision],
  ['memberMeterIds', DISTRICT_METER_ROLE.member],
] as const;

const trimmedOrNull = (v: string | null | undefined) => (typeof v === 'string' ? v.trim() || null : null);

/** The columns of the body's fields; on update only the fields the body carries (null clears, absent keeps). */
const columnsOf = (b: DistrictSave, mode: 'create' | 'update'): Partial<DistrictColumns> => {
  const all: DistrictColumns = {
    district_name: b.districtName.trim(),
    kind: b.kind ?? DISTRICT_KIND.zone,
    parent_id: b.parentId ?? null,
    polygon: b.polygon ? JSON.stringify(closeRing(b.polygon)) : null,
    mains_length_km: b.mainsLengthKm ?? null,
    connections: b.connections ?? null,
    private_pipe_km: b.privatePipeKm ?? null,
    mean_pressure_m: b.meanPressureM ?? null,
    night_use_l_per_conn_h: b.nightUsePerConnectionLh ?? null,
    night_day_factor_h: b.nightDayFactorHours ?? null,
    night_use_m3h: b.nightUseM3h ?? null,
    remark: trimmedOrNull(b.remark),
  };
  if (mode === 'create') return all;
  const given: Record<keyof DistrictColumns, unknown> = {
    district_name: b.districtName,
    kind: b.kind,
    parent_id: b.parentId,
    polygon: b.polygon,
    mains_length_km: b.mainsLengthKm,
    connections: b.connections,
    private_pipe_km: b.privatePipeKm,
    mean_pressure_m: b.meanPressureM,
    night_use_l_per_conn_h: b.nightUsePerConnectionLh,
    night_day_factor_h: b.nightDayFactorHours,
    night_use_m3h: b.nightUseM3h,
    remark: b.remark,
  };
  return Object.fromEntries(
    Object.entries(all).filter(([k]) => given[k as keyof DistrictColumns] !== undefined),
  ) as Partial<DistrictColumns>;
};

export const districtRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  const withDetails = async (companyId: number, rows: DistrictRow[]) => {
    const details = await districtDetails(
      app.db,
      companyId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toDistrict(r, details.get(r.id)));
  };

  app.get(
    path(DMA_PATHS.districts),
    {
      config: read,
      schema: {
        tags,
        summary: "One page of the tenant's districts with their meters, areas and counts (parentId=0: top level)",
        querystring: Type.Composite([PageQuery, DistrictFilters]),
        response: { 200: PageResult(District), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const q = request.query as PageQuery & DistrictFilters;
      const { rows, count } = await listDistricts(app.db, me.companyId, me.scope, q, (q.page - 1) * q.limit, q.limit);
      return page(await withDetails(me.companyId, rows), count, request.t('common.success'));
    },
  );

  app.get(
    path(DMA_PATHS.districtNameCheck),
    {
      config: read,
      schema: {
        tags,
        summary: 'Whether another district of the tenant than `id` holds the name (trimmed; datas: true = taken)',
        querystring: CheckDistrictNameQuery,
        response: { 200: Result(Type.Boolean()), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { districtName, id } = request.query as Static<typeof CheckDistrictNameQuery>;
      const name = districtName.trim();
      const taken = name !== '' && (await districtNameTaken(app.db, me.companyId, name, id));
      return ok(taken, request.t('common.success'));
    },
  );

  app.get(
    path(DMA_PATHS.district(':id')),
    {
      config: read,
      schema: {
        tags,
        summary: 'One district of the tenant',
        params: IdParams,
        response: { 200: Result(District), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { id } = request.params as Static<typeof IdParams>;
      const row = await findDistrict(app.db, me.companyId, id, me.scope);
      if (!row) throw notFound();
      const [district] = await withDetails(me.companyId, [row]);
      return ok(district as District, request.t('common.success'));
    },
  );

  const save = async (request: FastifyRequest, body: DistrictSave, mode: 'create' | 'update') => {
    const me = app.principalOf(request);
    if (mode === 'update' && body.id === undefined) throw badRequest('id');
    const id = mode === 'update' ? body.id : undefined;
    const at = now();
    const savedId = await app.db.transaction().execute(async (tx) => {
      await lockDistricts(tx, me.companyId);
      const existing = id === undefined ? undefined : await findDistrict(tx, me.companyId, id, me.scope);
      if (id !== undefined && !existing) throw notFound();
      // on update a role list the body leaves out keeps its meters: the one-role rule sees the whole district
      const current = id === undefined ? undefined : (await districtDetails(tx, me.companyId, [id])).get(id);
      const lists = Object.fromEntries(
        ROLE_LISTS.map(([field, role]) => [
          field,
          body[field] ?? current?.meters.filter((m) => m.role === role).map((m) => m.meterId) ?? [],
        ]),
      ) as Record<(typeof ROLE_LISTS)[number][0], number[]>;
      const violation = validateDistrict({ ...body, id, ...lists })[0];
      if (violation) throw new AppError(400, violation.message, violation.field);
      const name = body.districtName.trim();
      if (await districtNameTaken(tx, me.companyId, name, id))
        throw new AppError(400, 'rules.districtName.unique', 'districtName');
      for (const [field] of ROLE_LISTS)
        if ((await foreignIds(tx, me.companyId, 'water_meters', lists[field])).length) throw badRequest(field);
      if (body.areaIds && (await foreignIds(tx, me.companyId, 'areas', body.areaIds)).length)
        throw badRequest('areaIds');
      if (body.parentId != null) {
        if ((await foreignIds(tx, me.companyId, 'districts', [body.parentId])).length) throw badRequest('parentId');
        if (id !== undefined && (await ancestorIds(tx, me.companyId, body.parentId)).includes(id))
          throw new AppError(400, 'rules.districtParent.cycle', 'parentId');
      }
      const columns = columnsOf(body, mode);
      let savedId = id as number;
      if (id === undefined) savedId = await insertDistrict(tx, me.companyId, columns as DistrictColumns, at);
      else await updateDistrict(tx, me.companyId, id, columns, at);
      const meters = ROLE_LISTS.flatMap(([field, role]) =>
        [...new Set(lists[field])].map((meterId) => ({ meterId, role })),
      );
      const areaIds = body.areaIds ?? current?.areas.map((a) => a.areaId) ?? [];
      await replaceDistrictMembers(tx, me.companyId, savedId, meters, areaIds);
      // a scoped account may not create or move a district outside its scope: roll back, name the areas
      if (me.scope && !(await findDistrict(tx, me.companyId, savedId, me.scope)))
        throw new AppError(400, 'resource.scope.outside', 'areaIds');
      await recordRequestOperation(tx, request, me, {
        operation: mode === 'create' ? 'districtCreate' : 'districtUpdate',
        detail: `district #${savedId} ${name}`,
        at,
      });
      return savedId;
    });
    const row = (await findDistrict(app.db, me.companyId, savedId, null)) as DistrictRow;
    const [district] = await withDetails(me.companyId, [row]);
    return ok(district as District, request.t('common.success'));
  };

  for (const [url, mode, summary] of [
    [DMA_PATHS.districtSave, 'create', 'Create a district with its meters by role and member areas'],
    [DMA_PATHS.districtUpdate, 'update', 'Update a district of the tenant (a field left out keeps its value)'],
  ] as const)
    app.post(
      path(url),
      {
        config: {
          permission: PERMISSIONS.dmaDistrictEdit,
          operation: mode === 'create' ? 'districtCreate' : 'districtUpdate',
        },
        schema: {
          tags,
          summary,
          description: 'A broken rule or a name another district holds answers 400 with the message and the field.',
          body: DistrictSave,
          response: { 200: Result(District), ...errors },
        },
      },
      (request) => save(request, request.body as DistrictSave, mode),
    );

  app.post(
    path(DMA_PATHS.districtDelete(':id')),
    {
      config: { permission: PERMISSIONS.dmaDistrictEdit, operation: 'districtDelete' },
      schema: {
        tags,
        summary: 'Delete a district of the tenant with its meter roles, areas, nightlines and leak events',
        description: 'A district with sub-zones answers HTTP 200 with resp_code 1 and the message.',
        params: IdParams,
        response: { 200: Result(Type.Null()), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { id } = request.params as Static<typeof IdParams>;
      const at = now();
      const refusal = await app.db.transaction().execute(async (tx) => {
        await lockDistricts(tx, me.companyId);
        const existing = await findDistrict(tx, me.companyId, id, me.scope);
        if (!existing) throw notFound();
        const subZones = await subZoneCount(tx, me.companyId, id);
        if (subZones > 0) return { name: existing.district_name, count: subZones };
        await deleteDistrict(tx, me.companyId, id);
        await recordRequestOperation(tx, request, me, {
          operation: 'districtDelete',
          detail: `district #${id} ${existing.district_name}`,
          at,
        });
        return null;
      });
      if (refusal)
        return {
          resp_code: BUSINESS_FAILURE_CODE,
          resp_msg: request.t('dma.district.hasSubZones', refusal),
          datas: null,
        };
      return ok(null, request.t('common.success'));
    },
  );
};
