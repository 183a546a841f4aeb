// /api-workbench valves (spec §7 deviceValve: list, {id}, insertOrUpdate, delete) on the resource registration,
// with export. The linked meter and the area must be the tenant's; scoped by area like the meters.
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  DEVICE_PATHS,
  numberValue,
  type VALVE_SORT_FIELDS,
  Valve,
  ValveFilters,
  ValveSave,
  validateValve,
} from '@waterops/shared/device';
import type { MessageKey } from '@waterops/shared/i18n';
import { badRequest } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { registerResource } from '../resource/registerResource.ts';
import type { DbRow } from '../resource/resourceRepository.ts';
import type { ExportSpec } from '../resource/resourceSheets.ts';
import { formatDateTime } from '../resource/sheetCells.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { referenceExists } from './meterRepository.ts';
import { enrichValves } from './valveRepository.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const trimmedOrNull = (v: unknown) => (typeof v === 'string' ? v.trim() || null : null);
const numOrNull = (v: unknown) => (v === null || v === undefined || String(v).trim() === '' ? null : numberValue(v));

const toValve = (r: DbRow): Valve => ({
  id: Number(r.id),
  valveCode: r.valve_code as string,
  name: text(r.name),
  valveKind: Number(r.valve_kind),
  caliber: num(r.caliber),
  valveState: Number(r.valve_state),
  meterId: num(r.meter_id),
  meterCode: text(r.meter_code),
  areaId: num(r.area_id),
  areaName: text(r.area_name),
  address: text(r.address),
  lng: num(r.lng),
  lat: num(r.lat),
  remark: text(r.remark),
  createTime: (r.created_at as Date).toISOString(),
});

const valveExport: ExportSpec<Valve> = {
  fileName: 'sheet.valve.file',
  columns: [
    { header: 'sheet.valve.valveCode', value: (v) => v.valveCode },
    { header: 'sheet.valve.name', value: (v) => v.name },
    { header: 'sheet.valve.kind', value: (v, t) => t(`sheet.valve.kind${v.valveKind}` as MessageKey) },
    { header: 'sheet.meter.caliber', value: (v) => v.caliber },
    { header: 'sheet.valve.state', value: (v, t) => t(v.valveState === 1 ? 'sheet.valve.open' : 'sheet.valve.closed') },
    { header: 'sheet.meter.meterCode', value: (v) => v.meterCode },
    { header: 'sheet.meter.area', value: (v) => v.areaName },
    { header: 'sheet.meter.address', value: (v) => v.address },
    { header: 'sheet.meter.lng', value: (v) => v.lng },
    { header: 'sheet.meter.lat', value: (v) => v.lat },
    { header: 'sheet.meter.createTime', value: (v) => formatDateTime(new Date(v.createTime)) },
  ],
};

export const valveRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  registerResource(
    app,
    {
      name: 'valve',
      table: 'valves',
      columns: [
        'id',
        'valve_code',
        'name',
        'valve_kind',
        'caliber',
        'valve_state',
        'meter_id',
        'area_id',
        'address',
        'lng',
        'lat',
        'remark',
        'created_at',
      ],
      paths: {
        list: path(DEVICE_PATHS.valves),
        saveOrUpdate: path(DEVICE_PATHS.valveSave),
        delete: path(DEVICE_PATHS.valveDelete),
        find: path(DEVICE_PATHS.valve(':id')),
      },
      deleteMethod: 'POST',
      scope: { areaColumn: 'area_id', field: 'areaId' },
      permissions: { read: PERMISSIONS.deviceValveView, write: PERMISSIONS.deviceValveEdit },
      schemas: { row: Valve, save: ValveSave, filters: ValveFilters },
      filters: {
        valveCode: { column: 'valve_code', match: 'contains' },
        areaId: { column: 'area_id', match: 'eq' },
        valveKind: { column: 'valve_kind', match: 'eq' },
        valveState: { column: 'valve_state', match: 'eq' },
        meterId: { column: 'meter_id', match: 'eq' },
      },
      sortable: { valveCode: 'valve_code', createTime: 'created_at' } satisfies Record<
        (typeof VALVE_SORT_FIELDS)[number],
        string
      >,
      defaultSort: [{ column: 'valve_code', order: 'asc' }],
      unique: [
        {
          field: 'valveCode',
          column: 'valve_code',
          message: 'resource.valveCode.exists',
          constraint: 'valves_code_uq',
        },
      ],
      operations: { create: 'valveCreate', update: 'valveUpdate', delete: 'valveDelete' },
      toRow: toValve,
      enrich: (a, companyId, rows) => enrichValves(a.db, companyId, rows),
      validate: (body) => validateValve(body),
      beforeWrite: async ({ tx, me, body }) => {
        if (body.meterId && !(await referenceExists(tx, me.companyId, 'water_meters', body.meterId)))
          throw badRequest('meterId');
        if (body.areaId && !(await referenceExists(tx, me.companyId, 'areas', body.areaId))) throw badRequest('areaId');
        return null;
      },
      toColumns: (body, _mode, at) => ({
        valve_code: body.valveCode.trim(),
        name: trimmedOrNull(body.name),
        valve_kind: body.valveKind,
        caliber: body.caliber ?? null,
        valve_state: body.valveState,
        meter_id: body.meterId ?? null,
        area_id: body.areaId ?? null,
        address: trimmedOrNull(body.address),
        lng: numOrNull(body.lng),
        lat: numOrNull(body.lat),
        remark: trimmedOrNull(body.remark),
        updated_at: at,
      }),
      describe: (r) => String(r.valve_code ?? ''),
      export: valveExport,
    },
    now,
  );
};
