// /api-workbench water meters (spec §7 device/watermeter) on the resource registration: list (with region, bound and
// code-prefix filters), save, udpateWatermeter (sic), delete (refused while bound or referenced), {id}, exist,
// export / import; and beside it the next body code from the code rules, the meterCodes check of typed codes,
// batchUntie (all or nothing); a meter's binding history is data/residentMeter/history?meterId. Scoped by area: an account limited to areas or
// regions sees and changes only the meters inside them.
import { Type } from '@sinclair/typebox';
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  DEVICE_PATHS,
  type METER_SORT_FIELDS,
  Meter,
  MeterCodes,
  MeterCodesQuery,
  MeterFilters,
  MeterIdsBody,
  MeterKind,
  MeterSave,
  numberValue,
  validateMeter,
} from '@waterops/shared/device';
import { splitCodes } from '@waterops/shared/rules';
import { sql } from 'kysely';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { allocateCode } from '../codeRule/codeRuleRepository.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import { registerResource } from '../resource/registerResource.ts';
import { type DbRow, lockResource } from '../resource/resourceRepository.ts';
import { inAreasOfRegions, scopeFilter } from '../resource/resourceScope.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import {
  collectorConcentrator,
  enrichMeters,
  type MeterReference,
  meterCodeTaken,
  meterDeleteBlock,
  metersAmong,
  parentWouldCycle,
  referenceExists,
  untieMeters,
} from './meterRepository.ts';
import { meterExport, meterImport } from './meterSheets.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const trimmedOrNull = (v: unknown) => (typeof v === 'string' ? v.trim() || null : null);
const numOrNull = (v: unknown) => (v === null || v === undefined || String(v).trim() === '' ? null : numberValue(v));
const SCOPE = { areaColumn: 'area_id', field: 'areaId' } as const;
/** How many taken codes the next-code route skips before it gives up. */
const MAX_CODE_TRIES = 1000;

const COLUMNS = [
  'id',
  'meter_code',
  'remote_code',
  'collector_id',
  'concentrator_id',
  'manufacturer_id',
  'meter_model_id',
  'caliber',
  'valve_control',
  'steel_seal',
  'lead_seal_no',
  'max_reading',
  'base_reading',
  'precision',
  'parent_meter_id',
  'area_id',
  'address',
  'install_date',
  'operation_years',
  'used',
  'lng',
  'lat',
  'online',
  'last_report_at',
  'remark',
  'created_at',
  // m0013: the last status reported
  'last_reading',
  'voltage',
  'csq',
  'rsrp',
  'valve_state',
  // m0025: household or a bulk kind
  'meter_kind',
] as const;

const toMeter = (r: DbRow): Meter => ({
  id: Number(r.id),
  meterCode: r.meter_code as string,
  meterKind: MeterKind.is(r.meter_kind) ? r.meter_kind : 'household',
  remoteCode: text(r.remote_code),
  collectorId: num(r.collector_id),
  collectorCode: text(r.collector_code),
  concentratorId: num(r.concentrator_id),
  concentratorCode: text(r.concentrator_code),
  manufacturerId: num(r.manufacturer_id),
  manufacturerName: text(r.manufacturer_name),
  meterModelId: num(r.meter_model_id),
  meterModelName: text(r.meter_model_name),
  caliber: num(r.caliber),
  valveControl: r.valve_control === true,
  steelSeal: text(r.steel_seal),
  leadSealNo: text(r.lead_seal_no),
  maxReading: num(r.max_reading),
  baseReading: num(r.base_reading),
  precision: num(r.precision),
  parentMeterId: num(r.parent_meter_id),
  parentMeterCode: text(r.parent_meter_code),
  areaId: num(r.area_id),
  areaName: text(r.area_name),
  address: text(r.address),
  installDate: text(r.install_day),
  operationYears: num(r.operation_years),
  used: r.used !== false,
  lng: num(r.lng),
  lat: num(r.lat),
  online: r.online === true,
  lastReportTime: r.last_report_at ? (r.last_report_at as Date).toISOString() : null,
  lastReading: num(r.last_reading),
  voltage: num(r.voltage),
  csq: num(r.csq),
  rsrp: num(r.rsrp),
  valveState: num(r.valve_state),
  residentId: num(r.resident_id),
  residentCode: text(r.resident_code),
  residentName: text(r.resident_name),
  remark: text(r.remark),
  createTime: (r.created_at as Date).toISOString(),
});

/** The save body's references: each must be a record of the tenant, else 400 on that field, nothing written. */
const REFERENCES: [keyof MeterSave & string, MeterReference][] = [
  ['collectorId', 'collectors'],
  ['concentratorId', 'concentrators'],
  ['manufacturerId', 'manufacturers'],
  ['meterModelId', 'meter_models'],
  ['areaId', 'areas'],
  ['parentMeterId', 'water_meters'],
];

export const meterRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  registerResource(
    app,
    {
      name: 'meter',
      table: 'water_meters',
      columns: COLUMNS,
      paths: {
        list: path(DEVICE_PATHS.meters),
        save: path(DEVICE_PATHS.meterSave),
        update: path(DEVICE_PATHS.meterUpdate),
        delete: path(DEVICE_PATHS.meterDelete),
        exist: path(DEVICE_PATHS.meterExist),
        find: path(DEVICE_PATHS.meter(':id')),
      },
      deleteMethod: 'POST',
      scope: SCOPE,
      // pages that pick meters: residents (binding), valves (linked meter), collectors (the meters it reads)
      permissions: {
        read: PERMISSIONS.deviceMeterView,
        write: PERMISSIONS.deviceMeterEdit,
        lookupBy: [
          PERMISSIONS.dataResidentView,
          PERMISSIONS.deviceValveView,
          PERMISSIONS.deviceCollectorView,
          // the device status page lists meters too
          PERMISSIONS.deviceStatusView,
          // the reading records page picks its meter
          PERMISSIONS.readingRecordView,
          // the complaint intake and the work-order form pick the meter (issue 15)
          PERMISSIONS.complaintEdit,
          PERMISSIONS.workOrderCreate,
        ],
      },
      schemas: { row: Meter, save: MeterSave, filters: MeterFilters },
      filters: {
        meterCode: { column: 'meter_code', match: 'contains' },
        meterCodePrefix: {
          column: 'meter_code',
          match: 'where',
          // LIKE (not ILIKE): under the column's "C" collation (m0012) the code index serves prefix and order
          where: (v) => (eb) => eb('t.meter_code', 'like', `${String(v).replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
        },
        remoteCode: { column: 'remote_code', match: 'contains' },
        meterKind: { column: 'meter_kind', match: 'eq' },
        bulk: {
          column: 'meter_kind',
          match: 'where',
          where: (v) => (eb) => eb('t.meter_kind', v === true ? '<>' : '=', 'household'),
        },
        areaId: { column: 'area_id', match: 'eq' },
        regionId: {
          column: 'area_id',
          match: 'where',
          where: (v) => (eb) => inAreasOfRegions(eb, 't.area_id', [Number(v)]),
        },
        collectorId: { column: 'collector_id', match: 'eq' },
        concentratorId: { column: 'concentrator_id', match: 'eq' },
        meterModelId: { column: 'meter_model_id', match: 'eq' },
        manufacturerId: { column: 'manufacturer_id', match: 'eq' },
        online: { column: 'online', match: 'eq' },
        bound: {
          column: 'id',
          match: 'where',
          where: (v) => (eb) => {
            const open = eb.exists(
              eb
                .selectFrom('resident_meters as rb')
                .select(sql.lit(1).as('one'))
                .whereRef('rb.company_id', '=', 't.company_id')
                .whereRef('rb.meter_id', '=', 't.id')
                .where('rb.unbound_at', 'is', null),
            );
            return v === true ? open : eb.not(open);
          },
        },
      },
      sortable: { meterCode: 'meter_code', installDate: 'install_date', createTime: 'created_at' } satisfies Record<
        (typeof METER_SORT_FIELDS)[number],
        string
      >,
      defaultSort: [{ column: 'meter_code', order: 'asc' }],
      unique: [
        {
          field: 'meterCode',
          column: 'meter_code',
          message: 'resource.meterCode.exists',
          constraint: 'water_meters_code_uq',
        },
      ],
      operations: { create: 'meterCreate', update: 'meterUpdate', delete: 'meterDelete' },
      toRow: toMeter,
      enrich: (a, companyId, rows) => enrichMeters(a.db, companyId, rows),
      validate: (body) => validateMeter(body),
      beforeWrite: async ({ tx, me, body, existing }) => {
        for (const [field, table] of REFERENCES) {
          const id = body[field];
          if (typeof id === 'number' && !(await referenceExists(tx, me.companyId, table, id))) throw badRequest(field);
        }
        if (body.collectorId) {
          const under = await collectorConcentrator(tx, me.companyId, body.collectorId);
          if (body.concentratorId && under !== body.concentratorId)
            return { key: 'resource.meter.collectorConcentrator' };
          // a meter read through a collector reports through its concentrator: filled in when not given (toColumns
          // reads the same body, so the import's sheets need not repeat what the collector already says)
          if (!body.concentratorId && under) body.concentratorId = under;
        }
        if (
          existing &&
          body.parentMeterId &&
          (await parentWouldCycle(tx, me.companyId, existing.id, body.parentMeterId))
        )
          return { key: 'resource.meter.parentCycle' };
        return null;
      },
      toColumns: (body, _mode, at) => ({
        meter_code: body.meterCode.trim(),
        meter_kind: body.meterKind ?? 'household',
        remote_code: trimmedOrNull(body.remoteCode),
        collector_id: body.collectorId ?? null,
        concentrator_id: body.concentratorId ?? null,
        manufacturer_id: body.manufacturerId ?? null,
        meter_model_id: body.meterModelId ?? null,
        caliber: body.caliber ?? null,
        valve_control: body.valveControl ?? false,
        steel_seal: trimmedOrNull(body.steelSeal),
        lead_seal_no: trimmedOrNull(body.leadSealNo),
        max_reading: numOrNull(body.maxReading),
        base_reading: numOrNull(body.baseReading),
        precision: body.precision ?? null,
        parent_meter_id: body.parentMeterId ?? null,
        area_id: body.areaId ?? null,
        address: trimmedOrNull(body.address),
        install_date: trimmedOrNull(body.installDate),
        operation_years: numOrNull(body.operationYears),
        used: body.used ?? true,
        lng: numOrNull(body.lng),
        lat: numOrNull(body.lat),
        remark: trimmedOrNull(body.remark),
        updated_at: at,
      }),
      beforeDelete: async ({ tx, me, existing }) => {
        const block = await meterDeleteBlock(tx, me.companyId, existing.id);
        if (block === null) return null;
        const code = String(existing.meter_code);
        return { key: block === 'bound' ? 'resource.meter.bound' : 'resource.meter.inUse', params: { code } };
      },
      describe: (r) => String(r.meter_code ?? ''),
      export: meterExport,
      import: meterImport,
    },
    now,
  );

  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
  const tags = ['meter'];

  app.get(
    path(DEVICE_PATHS.meterNextCode),
    {
      config: { permission: PERMISSIONS.deviceMeterEdit },
      schema: {
        tags,
        summary: "The next body code by the tenant's code rule for meters (advances the rule; skips codes in use)",
        response: { 200: Result(Type.String()), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const code = await app.db.transaction().execute(async (tx) => {
        // a code typed by hand may already hold a number the rule reaches later: take the next free one (within
        // reason: a rule whose codes are all taken is refused rather than walked for ever)
        for (let tries = 0; tries < MAX_CODE_TRIES; tries++) {
          const next = await allocateCode(tx, me.companyId, 'meter', now());
          if (!(await meterCodeTaken(tx, me.companyId, next))) return next;
        }
        throw new AppError(400, 'resource.meterCode.exists', 'meterCode');
      });
      return ok(code, request.t('common.success'));
    },
  );

  app.get(
    path(DEVICE_PATHS.meterCodes),
    {
      config: {
        permission: PERMISSIONS.deviceMeterView,
        alsoPermitted: [PERMISSIONS.dataResidentView, PERMISSIONS.deviceCollectorView],
      },
      schema: {
        tags,
        summary: 'Which of the typed body codes ("codes separated by spaces") are meters of the tenant',
        querystring: MeterCodesQuery,
        response: { 200: Result(MeterCodes), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const split = splitCodes(request.query.codes);
      if (split.message) throw new AppError(400, split.message, 'codes', { code: split.duplicate ?? '' });
      const found = await metersAmong(app.db, me.companyId, { codes: split.codes }, scopeFilter(SCOPE, me.scope));
      const known = new Set(found.map((f) => f.meterCode));
      const order = new Map(split.codes.map((c, i) => [c, i]));
      found.sort((a, b) => (order.get(a.meterCode) ?? 0) - (order.get(b.meterCode) ?? 0));
      return ok({ found, missing: split.codes.filter((c) => !known.has(c)) }, request.t('common.success'));
    },
  );

  app.post(
    path(DEVICE_PATHS.meterBatchUntie),
    {
      config: { permission: PERMISSIONS.deviceMeterEdit, operation: 'meterUntie' },
      schema: {
        tags,
        summary: 'Detach meters from their collector and concentrator, all or nothing',
        description:
          'An id that is not a meter of the tenant (or outside the data scope) answers 404, nothing changed.',
        body: MeterIdsBody,
        response: { 200: Result(Type.Null()), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const ids = [...new Set(request.body.ids)];
      const at = now();
      await app.db.transaction().execute(async (tx) => {
        await lockResource(tx, 'water_meters', me.companyId);
        const found = await metersAmong(tx, me.companyId, { ids }, scopeFilter(SCOPE, me.scope));
        if (found.length !== ids.length) throw notFound();
        await untieMeters(tx, me.companyId, ids, at);
        await recordRequestOperation(tx, request, me, {
          operation: 'meterUntie',
          detail: `meter ${found.map((f) => `#${f.id} ${f.meterCode}`).join(', ')}`,
          at,
        });
      });
      return ok(null, request.t('common.success'));
    },
  );
};
