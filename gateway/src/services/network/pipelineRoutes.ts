// /api-workbench pipelines (spec §7 pipeNetPipeLine: list, one, saveOrUpdate, delete, exist) on the resource
// registration, and the compact map of every drawn pipe. Meters, wells and the district must be the tenant's.
import { Type } from '@sinclair/typebox';
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  MapPipe,
  NETWORK_PATHS,
  type PIPELINE_SORT_FIELDS,
  Pipeline,
  PipelineFilters,
  PipelineSave,
  validatePipeline,
} from '@waterops/shared/network';
import { badRequest } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { registerResource } from '../resource/registerResource.ts';
import type { DbRow } from '../resource/resourceRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { enrichPipelines, mapPipes, type NetworkReference, networkReferenceExists } from './networkRepository.ts';
import { pipelineExport } from './networkSheets.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const trimmedOrNull = (v: unknown) => (typeof v === 'string' ? v.trim() || null : null);
// 1e-6° is about 0.1 m: enough for a map, and a third shorter than full doubles
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

const toPipeline = (r: DbRow): Pipeline => ({
  id: Number(r.id),
  pipeCode: r.pipe_code as string,
  name: text(r.name),
  pipeType: Number(r.pipe_type),
  material: text(r.material),
  lengthM: num(r.length_m),
  depthM: num(r.depth_m),
  diameterMm: num(r.diameter_mm),
  roughness: num(r.roughness),
  startMeterId: num(r.start_meter_id),
  startMeterCode: text(r.start_meter_code),
  endMeterId: num(r.end_meter_id),
  endMeterCode: text(r.end_meter_code),
  startWellId: num(r.start_well_id),
  startWellCode: text(r.start_well_code),
  endWellId: num(r.end_well_id),
  endWellCode: text(r.end_well_code),
  districtId: num(r.district_id),
  districtName: text(r.district_name),
  path: (r.path as [number, number][] | null) ?? null,
  status: Number(r.status),
  installDate: text(r.install_day),
  remark: text(r.remark),
  createTime: (r.created_at as Date).toISOString(),
});

/** The body's references that must be rows of the tenant: field → table. */
const REFERENCES: [keyof PipelineSave & string, NetworkReference][] = [
  ['startMeterId', 'water_meters'],
  ['endMeterId', 'water_meters'],
  ['startWellId', 'wells'],
  ['endWellId', 'wells'],
  ['districtId', 'districts'],
];

export const pipelineRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  registerResource(
    app,
    {
      name: 'pipeline',
      table: 'pipelines',
      columns: [
        'id',
        'pipe_code',
        'name',
        'pipe_type',
        'material',
        'length_m',
        'depth_m',
        'diameter_mm',
        'roughness',
        'start_meter_id',
        'end_meter_id',
        'start_well_id',
        'end_well_id',
        'district_id',
        'path',
        'status',
        'remark',
        'created_at',
      ],
      paths: {
        list: path(NETWORK_PATHS.pipelines),
        saveOrUpdate: path(NETWORK_PATHS.pipelineSave),
        delete: path(NETWORK_PATHS.pipelineDelete),
        exist: path(NETWORK_PATHS.pipelineExist),
        find: path(NETWORK_PATHS.pipeline(':id')),
      },
      deleteMethod: 'POST',
      permissions: { read: PERMISSIONS.networkPipelineView, write: PERMISSIONS.networkPipelineEdit },
      schemas: { row: Pipeline, save: PipelineSave, filters: PipelineFilters },
      filters: {
        pipeCode: { column: 'pipe_code', match: 'contains' },
        name: { column: 'name', match: 'contains' },
        material: { column: 'material', match: 'eq' },
        districtId: { column: 'district_id', match: 'eq' },
        pipeType: { column: 'pipe_type', match: 'eq' },
        status: { column: 'status', match: 'eq' },
        diameterMin: { column: 'diameter_mm', match: 'where', where: (v) => (eb) => eb('t.diameter_mm', '>=', v) },
        diameterMax: { column: 'diameter_mm', match: 'where', where: (v) => (eb) => eb('t.diameter_mm', '<=', v) },
      },
      sortable: {
        pipeCode: 'pipe_code',
        diameterMm: 'diameter_mm',
        lengthM: 'length_m',
        createTime: 'created_at',
      } satisfies Record<(typeof PIPELINE_SORT_FIELDS)[number], string>,
      defaultSort: [{ column: 'pipe_code', order: 'asc' }],
      unique: [
        {
          field: 'pipeCode',
          column: 'pipe_code',
          message: 'resource.pipeCode.exists',
          constraint: 'pipelines_code_uq',
        },
      ],
      operations: { create: 'pipelineCreate', update: 'pipelineUpdate', delete: 'pipelineDelete' },
      toRow: toPipeline,
      enrich: (a, companyId, rows) => enrichPipelines(a.db, companyId, rows),
      validate: (body) => validatePipeline(body),
      beforeWrite: async ({ tx, me, body }) => {
        for (const [field, table] of REFERENCES) {
          const id = body[field] as number | null | undefined;
          if (id && !(await networkReferenceExists(tx, me.companyId, table, id))) throw badRequest(field);
        }
        return null;
      },
      toColumns: (body, _mode, at) => ({
        pipe_code: body.pipeCode.trim(),
        name: trimmedOrNull(body.name),
        pipe_type: body.pipeType,
        material: trimmedOrNull(body.material),
        length_m: body.lengthM ?? null,
        depth_m: body.depthM ?? null,
        diameter_mm: body.diameterMm ?? null,
        roughness: body.roughness ?? null,
        start_meter_id: body.startMeterId ?? null,
        end_meter_id: body.endMeterId ?? null,
        start_well_id: body.startWellId ?? null,
        end_well_id: body.endWellId ?? null,
        district_id: body.districtId ?? null,
        path: body.path ? JSON.stringify(body.path) : null,
        status: body.status,
        install_date: body.installDate ?? null,
        remark: trimmedOrNull(body.remark),
        updated_at: at,
      }),
      describe: (r) => String(r.pipe_code ?? ''),
      export: pipelineExport,
    },
    now,
  );

  app.route({
    method: 'GET',
    url: path(NETWORK_PATHS.pipelineMap),
    // the operations map draws the pipes for whoever may read districts
    config: { permission: PERMISSIONS.networkPipelineView, alsoPermitted: [PERMISSIONS.dmaDistrictView] },
    schema: {
      tags: ['pipeline'],
      summary: 'Every pipeline of the tenant with a path (BD-09), compact for the map',
      response: { 200: Result(Type.Array(MapPipe)), ...errors },
    },
    handler: async (request) => {
      const me = app.principalOf(request);
      const rows = await mapPipes(app.db, me.companyId);
      const pipes = rows.map((r) => ({
        id: Number(r.id),
        code: r.pipe_code,
        diameterMm: num(r.diameter_mm),
        material: r.material,
        status: Number(r.status),
        path: (r.path as [number, number][]).map(([x, y]): [number, number] => [round6(x), round6(y)]),
      }));
      return ok(pipes, request.t('common.success'));
    },
  });
};
