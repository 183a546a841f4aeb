// /api-workbench device/concentrator (spec §7): the concentrator list, save / udpateConcentrator / deleteConcentrator
// / exist on the resource registration (tenant, data scope by area, log, export and import), and the routes around
// one concentrator: its stored parameters, server address, report rate and time, the proposed next code, the online
// counts of the device overview, what hangs on one, and the look-up by code.
import { Type } from '@sinclair/typebox';
import { ErrorBody, IdParams, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { DEVICE_KIND } from '@waterops/shared/command';
import {
  type CONCENTRATOR_SORT_FIELDS,
  Concentrator,
  ConcentratorByCodeQuery,
  ConcentratorFilters,
  ConcentratorParams,
  ConcentratorSave,
  ConcentratorTime,
  checkRate,
  DEVICE_PATHS,
  DeviceCount,
  DeviceIdQuery,
  DeviceNum,
  nextDeviceCode,
  ReportTimeRate,
  ServerIpPort,
  validateConcentrator,
  validateIpPort,
} from '@waterops/shared/device';
import type { RuleViolation } from '@waterops/shared/user';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { sendStoredSettings } from '../command/commandCreation.ts';
import { registerResource } from '../resource/registerResource.ts';
import { findRow } from '../resource/resourceRepository.ts';
import { scopeFilter } from '../resource/resourceScope.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import {
  concentratorIdByCode,
  devicesUnder,
  latestConcentratorCode,
  onlineCount,
  tenantRowExists,
} from './concentratorRepository.ts';
import { CONCENTRATOR_COLUMNS, enrichConcentrators, isoOrNull, toConcentrator } from './concentratorRows.ts';
import { changeDeviceSettings, DEVICE_SCOPE, deviceInScope } from './concentratorSettings.ts';
import { concentratorExport, concentratorImport } from './concentratorSheets.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const trimmedOrNull = (v: string | null | undefined) => v?.trim() || null;
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['concentrator'];

/** A rule violation answers 400 with its message and field, nothing written. */
const refuse = (violations: RuleViolation[]) => {
  const v = violations[0];
  if (v) throw new AppError(400, v.message, v.field);
};

export const concentratorRoutes: ServicePlugin<ServiceOptions> = async (app, { now, config }) => {
  const read = { permission: PERMISSIONS.deviceConcentratorView };
  // the concentrator selector of the collector and meter pages reads the list
  const lookup = {
    ...read,
    // … and the device status page lists concentrators
    alsoPermitted: [PERMISSIONS.deviceCollectorView, PERMISSIONS.deviceMeterView, PERMISSIONS.deviceStatusView],
  };

  registerResource(
    app,
    {
      name: 'concentrator',
      table: 'concentrators',
      columns: CONCENTRATOR_COLUMNS,
      paths: {
        list: path(DEVICE_PATHS.concentrators),
        // the operating condition is the list itself: online state, last report, what hangs on each, paged
        search: path(DEVICE_PATHS.concentratorOperatingCondition),
        save: path(DEVICE_PATHS.concentratorSave),
        update: path(DEVICE_PATHS.concentratorUpdate),
        delete: path(DEVICE_PATHS.concentratorDelete),
        exist: path(DEVICE_PATHS.concentratorExist),
        find: path(DEVICE_PATHS.concentrator(':id')),
      },
      deleteMethod: 'POST',
      scope: DEVICE_SCOPE,
      permissions: {
        read: PERMISSIONS.deviceConcentratorView,
        write: PERMISSIONS.deviceConcentratorEdit,
        lookupBy: lookup.alsoPermitted,
      },
      schemas: { row: Concentrator, save: ConcentratorSave, filters: ConcentratorFilters },
      filters: {
        concentratorCode: { column: 'concentrator_code', match: 'contains' },
        areaId: { column: 'area_id', match: 'eq' },
        online: { column: 'online', match: 'eq' },
        used: { column: 'used', match: 'eq' },
      },
      sortable: {
        concentratorCode: 'concentrator_code',
        lastReportTime: 'last_report_at',
        createTime: 'created_at',
      } satisfies Record<(typeof CONCENTRATOR_SORT_FIELDS)[number], string>,
      defaultSort: [{ column: 'concentrator_code', order: 'asc' }],
      unique: [
        {
          field: 'concentratorCode',
          column: 'concentrator_code',
          message: 'resource.concentratorCode.exists',
          constraint: 'concentrators_code_uq',
        },
      ],
      operations: { create: 'concentratorCreate', update: 'concentratorUpdate', delete: 'concentratorDelete' },
      toRow: (r) => toConcentrator(r),
      enrich: (a, companyId, rows) => enrichConcentrators(a.db, companyId, rows),
      validate: (body) => validateConcentrator(body),
      beforeWrite: async ({ tx, me, body }) => {
        // another tenant's area or manufacturer is as unknown as a missing one: nothing is written
        if (!(await tenantRowExists(tx, me.companyId, 'areas', body.areaId)))
          throw new AppError(400, 'resource.device.unknownArea', 'areaId');
        if (body.manufacturerId && !(await tenantRowExists(tx, me.companyId, 'manufacturers', body.manufacturerId)))
          throw new AppError(400, 'resource.device.unknownManufacturer', 'manufacturerId');
        return null;
      },
      toColumns: (body, mode, at) => ({
        concentrator_code: body.concentratorCode.trim(),
        name: trimmedOrNull(body.name),
        manufacturer_id: body.manufacturerId ?? null,
        area_id: body.areaId,
        address: trimmedOrNull(body.address),
        ip: trimmedOrNull(body.ip),
        port: body.port ?? null,
        sim_card: trimmedOrNull(body.simCard),
        report_rate: body.reportRate ?? null,
        install_date: body.installDate || null,
        used: body.used ?? true,
        lng: body.lng ?? null,
        lat: body.lat ?? null,
        remark: trimmedOrNull(body.remark),
        ...(mode === 'update' ? { updated_at: at } : {}),
      }),
      beforeDelete: async ({ tx, me, existing }) => {
        const under = (await devicesUnder(tx, me.companyId, [existing.id])).get(existing.id);
        if (under && (under.collectors > 0 || under.meters > 0))
          return {
            key: 'resource.concentrator.hasDevices',
            params: { collectors: under.collectors, meters: under.meters },
          };
        return null;
      },
      describe: (r) => String(r.concentrator_code ?? ''),
      export: concentratorExport,
      import: concentratorImport,
    },
    now,
  );

  const one = (request: FastifyRequest, id: number, columns: readonly string[]) =>
    deviceInScope(app.db, 'concentrators', columns, app.principalOf(request), id);

  app.get(
    path(DEVICE_PATHS.concentratorParams(':id')),
    {
      config: read,
      schema: {
        tags,
        summary: "A concentrator's stored parameters: ip, port, report rate (minutes), SIM card",
        params: IdParams,
        response: { 200: Result(ConcentratorParams), ...errors },
      },
    },
    async (request) => {
      const r = await one(request, request.params.id, ['id', 'ip', 'port', 'report_rate', 'sim_card']);
      return ok(
        {
          id: Number(r.id),
          ip: (r.ip as string | null) ?? null,
          port: r.port === null ? null : Number(r.port),
          reportRate: r.report_rate === null ? null : Number(r.report_rate),
          simCard: (r.sim_card as string | null) ?? null,
        },
        request.t('common.success'),
      );
    },
  );

  app.post(
    path(DEVICE_PATHS.concentratorParamsSave),
    {
      config: { permission: PERMISSIONS.deviceConcentratorEdit, operation: 'concentratorSettings' },
      schema: {
        tags,
        summary: "Store a concentrator's parameters (sending them to the device is the command channel, issue 5)",
        body: ConcentratorParams,
        response: { 200: Result(Type.Null()), ...errors },
      },
    },
    async (request) => {
      const b = request.body;
      refuse(validateIpPort(b, false));
      const rate = checkRate(b.reportRate);
      if (rate) throw new AppError(400, rate, 'reportRate');
      const values = {
        ip: trimmedOrNull(b.ip),
        port: b.port,
        report_rate: b.reportRate,
        sim_card: trimmedOrNull(b.simCard),
      };
      await changeDeviceSettings(app, request, now(), {
        table: 'concentrators',
        id: b.id,
        values,
        operation: 'concentratorSettings',
        codeColumn: 'concentrator_code',
        detail: `params ip ${values.ip ?? ''} port ${values.port ?? ''} rate ${values.report_rate ?? ''}`,
      });
      // … and send them to the device (cancelled, with the settings kept, when it is offline)
      await sendStoredSettings(app, request, now(), config.COMMAND_TIMEOUT_SECONDS, {
        kind: DEVICE_KIND.concentrator,
        id: b.id,
        command: 'params',
      });
      return ok(null, request.t('common.success'));
    },
  );

  app.get(
    path(DEVICE_PATHS.concentratorServerIpPort),
    {
      config: read,
      schema: {
        tags,
        summary: 'The server address a concentrator reports to (ip and port; null when not set)',
        querystring: DeviceIdQuery,
        response: {
          200: Result(
            Type.Object({
              id: Type.Integer(),
              ip: Type.Union([Type.String(), Type.Null()]),
              port: Type.Union([Type.Integer(), Type.Null()]),
            }),
          ),
          ...errors,
        },
      },
    },
    async (request) => {
      const r = await one(request, request.query.id, ['id', 'ip', 'port']);
      const port = r.port === null ? null : Number(r.port);
      return ok({ id: Number(r.id), ip: (r.ip as string | null) ?? null, port }, request.t('common.success'));
    },
  );

  app.post(
    path(DEVICE_PATHS.concentratorServerIpPort),
    {
      config: { permission: PERMISSIONS.deviceConcentratorEdit, operation: 'concentratorSettings' },
      schema: {
        tags,
        summary: 'Set the server address a concentrator reports to (both required, validated)',
        body: ServerIpPort,
        response: { 200: Result(Type.Null()), ...errors },
      },
    },
    async (request) => {
      const b = request.body;
      refuse(validateIpPort(b, true));
      await changeDeviceSettings(app, request, now(), {
        table: 'concentrators',
        id: b.id,
        values: { ip: b.ip.trim(), port: b.port },
        operation: 'concentratorSettings',
        codeColumn: 'concentrator_code',
        detail: `server ${b.ip.trim()}:${b.port}`,
      });
      // … and send them to the device (cancelled, with the settings kept, when it is offline)
      await sendStoredSettings(app, request, now(), config.COMMAND_TIMEOUT_SECONDS, {
        kind: DEVICE_KIND.concentrator,
        id: b.id,
        command: 'serverIpPort',
      });
      return ok(null, request.t('common.success'));
    },
  );

  app.get(
    path(DEVICE_PATHS.concentratorReportTimeRate),
    {
      config: read,
      schema: {
        tags,
        summary: "A concentrator's report rate in minutes (null when not set)",
        querystring: DeviceIdQuery,
        response: {
          200: Result(Type.Object({ id: Type.Integer(), reportRate: Type.Union([Type.Integer(), Type.Null()]) })),
          ...errors,
        },
      },
    },
    async (request) => {
      const r = await one(request, request.query.id, ['id', 'report_rate']);
      const reportRate = r.report_rate === null ? null : Number(r.report_rate);
      return ok({ id: Number(r.id), reportRate }, request.t('common.success'));
    },
  );

  app.post(
    path(DEVICE_PATHS.concentratorReportTimeRate),
    {
      config: { permission: PERMISSIONS.deviceConcentratorEdit, operation: 'concentratorSettings' },
      schema: {
        tags,
        summary: "Set a concentrator's report rate: whole minutes, 1 to 1440",
        body: ReportTimeRate,
        response: { 200: Result(Type.Null()), ...errors },
      },
    },
    async (request) => {
      const b = request.body;
      const rate = checkRate(b.reportRate);
      if (rate) throw new AppError(400, rate, 'reportRate');
      await changeDeviceSettings(app, request, now(), {
        table: 'concentrators',
        id: b.id,
        values: { report_rate: b.reportRate },
        operation: 'concentratorSettings',
        codeColumn: 'concentrator_code',
        detail: `report rate ${b.reportRate}`,
      });
      // … and send them to the device (cancelled, with the settings kept, when it is offline)
      await sendStoredSettings(app, request, now(), config.COMMAND_TIMEOUT_SECONDS, {
        kind: DEVICE_KIND.concentrator,
        id: b.id,
        command: 'reportRate',
      });
      return ok(null, request.t('common.success'));
    },
  );

  app.get(
    path(DEVICE_PATHS.concentratorTime),
    {
      config: read,
      schema: {
        tags,
        summary:
          "The server's time, the concentrator's last report and its clock (the offset it reported with its last batch)",
        querystring: DeviceIdQuery,
        response: { 200: Result(ConcentratorTime), ...errors },
      },
    },
    async (request) => {
      const r = await one(request, request.query.id, ['id', 'last_report_at', 'clock_offset_s']);
      const at = now();
      const offset = r.clock_offset_s === null ? null : Number(r.clock_offset_s);
      return ok(
        {
          id: Number(r.id),
          serverTime: at.toISOString(),
          lastReportTime: isoOrNull(r.last_report_at),
          clockOffsetSeconds: offset,
          deviceTime: offset === null ? null : new Date(at.getTime() + offset * 1000).toISOString(),
        },
        request.t('common.success'),
      );
    },
  );

  app.get(
    path(DEVICE_PATHS.concentratorDeviceCode),
    {
      config: { permission: PERMISSIONS.deviceConcentratorEdit },
      schema: {
        tags,
        summary:
          'A proposed code for a new concentrator: the latest code with its trailing number raised (JZQ0009 → JZQ0010), skipping taken ones; not reserved',
        response: { 200: Result(Type.String()), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      let code = nextDeviceCode(await latestConcentratorCode(app.db, me.companyId));
      // codes typed by hand may sit above the latest one: step on until free (bounded, the save checks anyway)
      for (let i = 0; i < 100 && (await concentratorIdByCode(app.db, me.companyId, code)) !== undefined; i++)
        code = nextDeviceCode(code);
      return ok(code, request.t('common.success'));
    },
  );

  app.get(
    path(DEVICE_PATHS.concentratorDeviceCount),
    {
      config: read,
      schema: {
        tags,
        summary: 'Online / offline / total concentrators, collectors and meters in the caller’s data scope',
        response: { 200: Result(DeviceCount), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const predicates = scopeFilter(DEVICE_SCOPE, me.scope);
      const [concentrators, collectors, meters] = await Promise.all([
        onlineCount(app.db, me.companyId, 'concentrators', predicates),
        onlineCount(app.db, me.companyId, 'collectors', predicates),
        onlineCount(app.db, me.companyId, 'water_meters', predicates),
      ]);
      return ok({ concentrators, collectors, meters }, request.t('common.success'));
    },
  );

  app.get(
    path(DEVICE_PATHS.concentratorDeviceNum),
    {
      config: read,
      schema: {
        tags,
        summary: 'How many collectors and meters hang on one concentrator',
        querystring: DeviceIdQuery,
        response: { 200: Result(DeviceNum), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const r = await one(request, request.query.id, ['id']);
      const under = (await devicesUnder(app.db, me.companyId, [Number(r.id)])).get(Number(r.id));
      return ok(
        { id: Number(r.id), collectorCount: under?.collectors ?? 0, meterCount: under?.meters ?? 0 },
        request.t('common.success'),
      );
    },
  );

  app.get(
    path(DEVICE_PATHS.concentratorByCode),
    {
      config: lookup,
      schema: {
        tags,
        summary: 'The concentrator of the tenant with this code (exact), or null; the tenant comes from the token',
        querystring: ConcentratorByCodeQuery,
        response: { 200: Result(Type.Union([Concentrator, Type.Null()])), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const id = await concentratorIdByCode(app.db, me.companyId, request.query.concentratorCode.trim());
      if (id === undefined) return ok(null, request.t('common.success'));
      const row = await findRow(app.db, 'concentrators', CONCENTRATOR_COLUMNS, me.companyId, id);
      const visible = row ? await deviceInScope(app.db, 'concentrators', ['id'], me, id).catch(() => null) : null;
      if (!row || !visible) return ok(null, request.t('common.success'));
      const [enriched] = await enrichConcentrators(app.db, me.companyId, [row]);
      return ok(toConcentrator(enriched as typeof row), request.t('common.success'));
    },
  );
};
