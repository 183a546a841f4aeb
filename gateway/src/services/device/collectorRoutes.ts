// /api-workbench device/collector (spec §7): findWiredList / findWirelessList (the collector list with the link kind
// fixed), save (POST on the root path), udpateCollector, delete, exist on the resource registration (tenant, data
// scope by area, log, export, import), batchDelete (all or nothing), the stored ip address and upload frequency, and
// setDeviceArchives: the meters the collector reads, replaced as a whole from body codes separated by spaces.
import { Type } from '@sinclair/typebox';
import { ErrorBody, IdParams, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { DEVICE_KIND } from '@waterops/shared/command';
import {
  type COLLECTOR_SORT_FIELDS,
  Collector,
  CollectorArchives,
  CollectorArchivesSave,
  CollectorBatchDelete,
  CollectorFilters,
  CollectorIpAddress,
  CollectorSave,
  CollectorUploadFrequency,
  checkRate,
  DEVICE_PATHS,
  type LinkKind,
  validateArchives,
  validateCollector,
  validateIpPort,
} from '@waterops/shared/device';
import { splitCodes } from '@waterops/shared/rules';
import type { FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { ServicePlugin, TypedApp } from '../../plugins/typeBoxProvider.ts';
import { sendStoredSettings } from '../command/commandCreation.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import { type ResourceDescriptor, registerResource } from '../resource/registerResource.ts';
import { lockResource } from '../resource/resourceRepository.ts';
import { rowInScope, scopeFilter } from '../resource/resourceScope.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import {
  collectorsForDelete,
  deleteCollectors,
  meterCodesUnder,
  meterIdsByCode,
  metersUnder,
  replaceCollectorMeters,
} from './collectorRepository.ts';
import { COLLECTOR_COLUMNS, enrichCollectors, toCollector } from './collectorRows.ts';
import { collectorExport, collectorImport } from './collectorSheets.ts';
import { tenantRowExists } from './concentratorRepository.ts';
import { changeDeviceSettings, DEVICE_SCOPE, deviceInScope } from './concentratorSettings.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const trimmedOrNull = (v: string | null | undefined) => v?.trim() || null;
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['collector'];

type Descriptor = ResourceDescriptor<typeof Collector, typeof CollectorSave, typeof CollectorFilters>;

const collectorDescriptor = (): Descriptor => ({
  name: 'collector',
  table: 'collectors',
  columns: COLLECTOR_COLUMNS,
  paths: {
    list: path(DEVICE_PATHS.collectors),
    save: path(DEVICE_PATHS.collectorSave),
    update: path(DEVICE_PATHS.collectorUpdate),
    delete: path(DEVICE_PATHS.collectorDelete),
    exist: path(DEVICE_PATHS.collectorExist),
    find: path(DEVICE_PATHS.collector(':id')),
  },
  deleteMethod: 'POST',
  scope: DEVICE_SCOPE,
  // the collector selector of the meter page reads the list
  permissions: {
    read: PERMISSIONS.deviceCollectorView,
    write: PERMISSIONS.deviceCollectorEdit,
    // the device status page lists collectors too
    lookupBy: [PERMISSIONS.deviceMeterView, PERMISSIONS.deviceConcentratorView, PERMISSIONS.deviceStatusView],
  },
  schemas: { row: Collector, save: CollectorSave, filters: CollectorFilters },
  filters: {
    collectorCode: { column: 'collector_code', match: 'contains' },
    areaId: { column: 'area_id', match: 'eq' },
    concentratorId: { column: 'concentrator_id', match: 'eq' },
    online: { column: 'online', match: 'eq' },
    linkKind: { column: 'link_kind', match: 'eq' },
  },
  sortable: {
    collectorCode: 'collector_code',
    lastReportTime: 'last_report_at',
    createTime: 'created_at',
  } satisfies Record<(typeof COLLECTOR_SORT_FIELDS)[number], string>,
  defaultSort: [{ column: 'collector_code', order: 'asc' }],
  unique: [
    {
      field: 'collectorCode',
      column: 'collector_code',
      message: 'resource.collectorCode.exists',
      constraint: 'collectors_code_uq',
    },
  ],
  operations: { create: 'collectorCreate', update: 'collectorUpdate', delete: 'collectorDelete' },
  toRow: (r) => toCollector(r),
  enrich: (a, companyId, rows) => enrichCollectors(a.db, companyId, rows),
  validate: (body) => validateCollector(body),
  beforeWrite: async ({ tx, me, body }) => {
    // another tenant's (or, for a scoped account, an unseen) concentrator is as unknown as a missing one
    if (!(await tenantRowExists(tx, me.companyId, 'areas', body.areaId)))
      throw new AppError(400, 'resource.device.unknownArea', 'areaId');
    if (
      body.concentratorId &&
      !(
        (await tenantRowExists(tx, me.companyId, 'concentrators', body.concentratorId)) &&
        (await rowInScope(tx, 'concentrators', me.companyId, body.concentratorId, scopeFilter(DEVICE_SCOPE, me.scope)))
      )
    )
      throw new AppError(400, 'resource.device.unknownConcentrator', 'concentratorId');
    if (body.collectorTypeId && !(await tenantRowExists(tx, me.companyId, 'collector_types', body.collectorTypeId)))
      throw new AppError(400, 'resource.device.unknownCollectorType', 'collectorTypeId');
    return null;
  },
  toColumns: (body, mode, at) => ({
    collector_code: body.collectorCode.trim(),
    link_kind: body.linkKind,
    collector_type_id: body.collectorTypeId ?? null,
    concentrator_id: body.concentratorId ?? null,
    area_id: body.areaId,
    address: trimmedOrNull(body.address),
    ip: trimmedOrNull(body.ip),
    port: body.port ?? null,
    upload_frequency: body.uploadFrequency ?? null,
    channel: body.channel ?? null,
    install_date: body.installDate || null,
    remark: trimmedOrNull(body.remark),
    ...(mode === 'update' ? { updated_at: at } : {}),
  }),
  afterWrite: async ({ tx, me, id, at }) => {
    // the meters a collector reads hang on its concentrator too: they follow when it moves
    const row = await tx
      .selectFrom('collectors')
      .select('concentrator_id')
      .where('company_id', '=', me.companyId)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('water_meters')
      .set({ concentrator_id: row.concentrator_id, updated_at: at })
      .where('company_id', '=', me.companyId)
      .where('collector_id', '=', id)
      .where((eb) => eb('concentrator_id', 'is distinct from', row.concentrator_id))
      .execute();
  },
  beforeDelete: async ({ tx, me, existing }) => {
    const count = (await metersUnder(tx, me.companyId, [existing.id])).get(existing.id) ?? 0;
    return count > 0
      ? { key: 'resource.collector.hasMeters', params: { code: String(existing.collector_code), count } }
      : null;
  },
  describe: (r) => String(r.collector_code ?? ''),
});

/** The wired or wireless list: the collector list (and its export) with the link kind fixed by the path. */
const registerKindList = (app: TypedApp, url: string, kind: LinkKind, now: () => Date) =>
  app.register(async (child) => {
    // before validation, so a linkKind the caller sent cannot widen the list
    child.addHook('preValidation', async (request) => {
      (request.query as Record<string, unknown>).linkKind = kind;
    });
    const base = collectorDescriptor();
    registerResource(child, { ...base, paths: { list: url }, export: collectorExport }, now);
  });

export const collectorRoutes: ServicePlugin<ServiceOptions> = async (app, { now, config }) => {
  registerResource(app, { ...collectorDescriptor(), export: collectorExport, import: collectorImport }, now);
  await registerKindList(app, path(DEVICE_PATHS.collectorsWired), 1, now);
  await registerKindList(app, path(DEVICE_PATHS.collectorsWireless), 2, now);

  const read = { permission: PERMISSIONS.deviceCollectorView };
  const one = (request: FastifyRequest, id: number, columns: readonly string[]) =>
    deviceInScope(app.db, 'collectors', columns, app.principalOf(request), id);

  app.post(
    path(DEVICE_PATHS.collectorBatchDelete),
    {
      config: { permission: PERMISSIONS.deviceCollectorEdit, operation: 'collectorDelete' },
      schema: {
        tags,
        summary: 'Delete several collectors of the tenant: all or nothing',
        description:
          'An id not of the tenant (or outside the data scope) answers 404; a collector still reading meters refuses the whole batch (resp_code 1 with its code).',
        body: CollectorBatchDelete,
        response: { 200: Result(Type.Null()), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { ids } = request.body;
      const at = now();
      const refusal = await app.db.transaction().execute(async (tx) => {
        await lockResource(tx, 'collectors', me.companyId);
        const rows = await collectorsForDelete(tx, me.companyId, ids);
        if (rows.length !== ids.length) throw notFound();
        const predicates = scopeFilter(DEVICE_SCOPE, me.scope);
        for (const r of rows)
          if (!(await rowInScope(tx, 'collectors', me.companyId, Number(r.id), predicates))) throw notFound();
        const counts = await metersUnder(tx, me.companyId, ids);
        const busy = rows.find((r) => (counts.get(Number(r.id)) ?? 0) > 0);
        if (busy)
          return {
            code: busy.collector_code,
            count: counts.get(Number(busy.id)) ?? 0,
          };
        await deleteCollectors(tx, me.companyId, ids);
        for (const r of rows)
          await recordRequestOperation(tx, request, me, {
            operation: 'collectorDelete',
            detail: `collector #${r.id} ${r.collector_code} (batch of ${ids.length})`,
            at,
          });
        return null;
      });
      if (refusal)
        return {
          resp_code: 1,
          resp_msg: request.t('resource.collector.hasMeters', refusal),
          datas: null,
        };
      return ok(null, request.t('common.success'));
    },
  );

  app.get(
    path(DEVICE_PATHS.collectorIpAddress(':id')),
    {
      config: read,
      schema: {
        tags,
        summary: "A collector's stored ip and port (null when not set)",
        params: IdParams,
        response: {
          200: Result(
            Type.Object({
              ip: Type.Union([Type.String(), Type.Null()]),
              port: Type.Union([Type.Integer(), Type.Null()]),
            }),
          ),
          ...errors,
        },
      },
    },
    async (request) => {
      const r = await one(request, request.params.id, ['id', 'ip', 'port']);
      const port = r.port === null ? null : Number(r.port);
      return ok({ ip: (r.ip as string | null) ?? null, port }, request.t('common.success'));
    },
  );

  app.post(
    path(DEVICE_PATHS.collectorIpAddress(':id')),
    {
      config: { permission: PERMISSIONS.deviceCollectorEdit, operation: 'collectorSettings' },
      schema: {
        tags,
        summary: "Store a collector's ip and port (both required, validated)",
        params: IdParams,
        body: CollectorIpAddress,
        response: { 200: Result(Type.Null()), ...errors },
      },
    },
    async (request) => {
      const b = request.body;
      const v = validateIpPort(b, true)[0];
      if (v) throw new AppError(400, v.message, v.field);
      await changeDeviceSettings(app, request, now(), {
        table: 'collectors',
        id: request.params.id,
        values: { ip: b.ip.trim(), port: b.port },
        operation: 'collectorSettings',
        codeColumn: 'collector_code',
        detail: `ip ${b.ip.trim()}:${b.port}`,
      });
      // … and send them to the device (cancelled, with the settings kept, when it cannot be reached)
      await sendStoredSettings(app, request, now(), config.COMMAND_TIMEOUT_SECONDS, {
        kind: DEVICE_KIND.collector,
        id: request.params.id,
        command: 'ipAddress',
      });
      return ok(null, request.t('common.success'));
    },
  );

  app.get(
    path(DEVICE_PATHS.collectorUploadFrequency(':id')),
    {
      config: read,
      schema: {
        tags,
        summary: "A collector's upload frequency in minutes (null when not set)",
        params: IdParams,
        response: {
          200: Result(Type.Object({ uploadFrequency: Type.Union([Type.Integer(), Type.Null()]) })),
          ...errors,
        },
      },
    },
    async (request) => {
      const r = await one(request, request.params.id, ['id', 'upload_frequency']);
      const uploadFrequency = r.upload_frequency === null ? null : Number(r.upload_frequency);
      return ok({ uploadFrequency }, request.t('common.success'));
    },
  );

  app.post(
    path(DEVICE_PATHS.collectorUploadFrequency(':id')),
    {
      config: { permission: PERMISSIONS.deviceCollectorEdit, operation: 'collectorSettings' },
      schema: {
        tags,
        summary: "Set a collector's upload frequency: whole minutes, 1 to 1440",
        params: IdParams,
        body: CollectorUploadFrequency,
        response: { 200: Result(Type.Null()), ...errors },
      },
    },
    async (request) => {
      const { uploadFrequency } = request.body;
      const rate = checkRate(uploadFrequency);
      if (rate) throw new AppError(400, rate, 'uploadFrequency');
      await changeDeviceSettings(app, request, now(), {
        table: 'collectors',
        id: request.params.id,
        values: { upload_frequency: uploadFrequency },
        operation: 'collectorSettings',
        codeColumn: 'collector_code',
        detail: `upload frequency ${uploadFrequency}`,
      });
      await sendStoredSettings(app, request, now(), config.COMMAND_TIMEOUT_SECONDS, {
        kind: DEVICE_KIND.collector,
        id: request.params.id,
        command: 'uploadFrequency',
      });
      return ok(null, request.t('common.success'));
    },
  );

  app.get(
    path(DEVICE_PATHS.collectorDeviceArchives(':id')),
    {
      config: read,
      schema: {
        tags,
        summary: 'The body codes of the meters a collector reads',
        params: IdParams,
        response: { 200: Result(CollectorArchives), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const r = await one(request, request.params.id, ['id']);
      const meterCodes = await meterCodesUnder(app.db, me.companyId, Number(r.id));
      return ok({ id: Number(r.id), meterCodes }, request.t('common.success'));
    },
  );

  app.post(
    path(DEVICE_PATHS.collectorDeviceArchives(':id')),
    {
      config: { permission: PERMISSIONS.deviceCollectorEdit, operation: 'collectorArchives' },
      schema: {
        tags,
        summary: 'Replace the meters a collector reads: body codes separated by spaces (empty: none)',
        description:
          'Every code must be a meter of the tenant inside the data scope (400 naming the unknown codes, nothing written). A meter read by another collector moves to this one, with its concentrator.',
        params: IdParams,
        body: CollectorArchivesSave,
        response: { 200: Result(CollectorArchives), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const id = request.params.id;
      const split = splitCodes(request.body.meterCodes);
      if (split.message) throw new AppError(400, split.message, 'meterCodes', { code: split.duplicate ?? '' });
      const v = validateArchives(request.body.meterCodes)[0];
      if (v) throw new AppError(400, v.message, v.field);
      const at = now();
      const meterCodes = await app.db.transaction().execute(async (tx) => {
        const row = await deviceInScope(tx, 'collectors', ['id', 'collector_code', 'concentrator_id'], me, id);
        const found = await meterIdsByCode(tx, me.companyId, split.codes, scopeFilter(DEVICE_SCOPE, me.scope));
        const unknown = split.codes.filter((c) => !found.has(c));
        if (unknown.length)
          throw new AppError(400, 'resource.collector.unknownMeters', 'meterCodes', {
            codes: unknown.slice(0, 20).join(' '),
          });
        const concentratorId = row.concentrator_id === null ? null : Number(row.concentrator_id);
        await replaceCollectorMeters(tx, me.companyId, id, concentratorId, [...found.values()], at);
        await recordRequestOperation(tx, request, me, {
          operation: 'collectorArchives',
          detail: `collector #${id} ${String(row.collector_code)} meters [${split.codes.slice(0, 50).join(' ')}${split.codes.length > 50 ? ' …' : ''}] (${split.codes.length})`,
          at,
        });
        return meterCodesUnder(tx, me.companyId, id);
      });
      await sendStoredSettings(app, request, now(), config.COMMAND_TIMEOUT_SECONDS, {
        kind: DEVICE_KIND.collector,
        id: id,
        command: 'archives',
      });
      return ok({ id, meterCodes }, request.t('common.success'));
    },
  );
};
