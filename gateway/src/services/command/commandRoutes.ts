// Device commands for users under /api-workbench (spec §7 devicecommand, meter/meterBase, device/*/command): open
// or close valves, read meters now, send concentrator and collector commands, and the command history. Devices
// take the commands through the ingestion API (commandDelivery.ts); here they are only created and read.
import { ErrorBody, IdParams, ok, PageResult, page, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  COLLECTOR_COMMANDS,
  COMMAND_PATHS,
  COMMAND_STATE,
  COMMAND_STATE_NAMES,
  CollectorCommandRequest,
  CommandBatch,
  CommandListQuery,
  ConcentratorCommandRequest,
  DEVICE_KIND,
  DeviceCommand,
  deviceKindName,
  MeterReadRequest,
  ValveMeter,
  ValveMeterQuery,
  ValveRequest,
} from '@waterops/shared/command';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { DEVICE_SCOPE } from '../device/concentratorSettings.ts';
import { scopeFilter } from '../resource/resourceScope.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { createCommands, deviceParams } from './commandCreation.ts';
import { type CommandRow, findCommand, listCommands, listValveMeters } from './commandRepository.ts';
import { reasonMessageKey } from './commandRules.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['devicecommand'];
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const stateName = (state: number) => COMMAND_STATE_NAMES[state] ?? 'failed';
const stateOf = (name: string) => COMMAND_STATE[name as keyof typeof COMMAND_STATE];

/** A history row in the request language: the reason's catalogue text, then the device's own words. */
const toCommand = (request: FastifyRequest, r: CommandRow): DeviceCommand => {
  const key = reasonMessageKey(r.reason, r.command);
  const words = [key ? request.t(key) : null, r.message].filter(Boolean).join(': ');
  return {
    id: Number(r.id),
    deviceKind: deviceKindName(r.device_kind),
    deviceId: Number(r.device_id),
    deviceCode: r.device_code,
    command: r.command,
    params: r.params ?? {},
    state: stateName(r.state),
    reason: r.reason,
    message: words || null,
    result: r.result ?? null,
    batchId: r.batch_id,
    createdBy: r.created_by_name,
    createTime: iso(r.created_at) as string,
    sentTime: iso(r.sent_at),
    finishedTime: iso(r.finished_at),
    deadline: iso(r.deadline_at) as string,
  };
};

export const commandRoutes: ServicePlugin<ServiceOptions> = async (app, { now, config }) => {
  const timeoutSeconds = config.COMMAND_TIMEOUT_SECONDS;
  const history = {
    permission: PERMISSIONS.deviceCommandView,
    // the valve page follows its commands; the meter drawer shows a meter's history
    alsoPermitted: [PERMISSIONS.deviceValveControlView, PERMISSIONS.deviceMeterView],
  };

  /** Creates the commands of one request at one instant, as the caller, with the configured answer window. */
  const create = (
    request: FastifyRequest,
    fields: Pick<Parameters<typeof createCommands>[0], 'kind' | 'ids' | 'command' | 'params' | 'operation'>,
    at = now(),
  ) => createCommands({ db: app.db, request, me: app.principalOf(request), now: at, timeoutSeconds, ...fields });

  const valve = (request: FastifyRequest<{ Body: ValveRequest }>) =>
    create(request, {
      kind: DEVICE_KIND.meter,
      ids: request.body.meterIds,
      command: request.body.action === 'open' ? 'valveOpen' : 'valveClose',
      params: () => ({}),
      operation: 'commandValve',
    });

  app.post(
    path(COMMAND_PATHS.valve),
    {
      config: { permission: PERMISSIONS.deviceValveControlEdit, operation: 'commandValve' },
      schema: {
        tags,
        summary: 'Open or close the valves of 1–500 meters (one command each; offline or filtered ones cancelled)',
        body: ValveRequest,
        response: { 200: Result(CommandBatch), ...errors },
      },
    },
    async (request) => ok(await valve(request), request.t('common.success')),
  );

  app.post(
    path(COMMAND_PATHS.batchValve),
    {
      config: {
        permission: PERMISSIONS.readingMeterBaseEdit,
        alsoPermitted: [PERMISSIONS.deviceValveControlEdit],
        operation: 'commandValve',
      },
      schema: {
        tags,
        summary: "The meter base page's batch valve: same body and answer as devicecommand/valve",
        body: ValveRequest,
        response: { 200: Result(CommandBatch), ...errors },
      },
    },
    async (request) => ok(await valve(request), request.t('common.success')),
  );

  app.post(
    path(COMMAND_PATHS.meterRead),
    {
      config: {
        permission: PERMISSIONS.readingMeterBaseEdit,
        alsoPermitted: [PERMISSIONS.deviceValveControlEdit],
        operation: 'commandRead',
      },
      schema: {
        tags,
        summary: 'Read 1–500 meters now (readNow commands; the answer is stored as a manual read)',
        body: MeterReadRequest,
        response: { 200: Result(CommandBatch), ...errors },
      },
    },
    async (request) =>
      ok(
        await create(request, {
          kind: DEVICE_KIND.meter,
          ids: request.body.meterIds,
          command: 'readNow',
          params: () => ({}),
          operation: 'commandRead',
        }),
        request.t('common.success'),
      ),
  );

  // A concentrator's and a collector's commands: the same route but for the device kind, its path and its commands.
  const deviceCommandRoutes = [
    {
      url: COMMAND_PATHS.concentratorCommand(':id'),
      kind: DEVICE_KIND.concentrator,
      body: ConcentratorCommandRequest,
      summary: 'Send a concentrator a command: params | clock | reportRate | serverIpPort | archives',
    },
    {
      url: COMMAND_PATHS.collectorCommand(':id'),
      kind: DEVICE_KIND.collector,
      body: CollectorCommandRequest,
      summary: `Send a collector a command: ${COLLECTOR_COMMANDS.join(' | ')}`,
    },
  ] as const;
  for (const route of deviceCommandRoutes)
    app.post(
      path(route.url),
      {
        config: { permission: PERMISSIONS.deviceCommandEdit, operation: 'commandDevice' },
        schema: {
          tags,
          summary: route.summary,
          params: IdParams,
          body: route.body,
          response: { 200: Result(CommandBatch), ...errors },
        },
      },
      async (request) => {
        const me = app.principalOf(request);
        const { command, params = {} } = request.body as ConcentratorCommandRequest | CollectorCommandRequest;
        // one instant for the command and the parameters it carries (a clock command sends this time)
        const at = now();
        return ok(
          await create(
            request,
            {
              kind: route.kind,
              ids: [(request.params as { id: number }).id],
              command,
              params: deviceParams(app.db, me.companyId, route.kind, command, params, at),
              operation: 'commandDevice',
            },
            at,
          ),
          request.t('common.success'),
        );
      },
    );

  app.get(
    path(COMMAND_PATHS.list),
    {
      config: history,
      schema: {
        tags,
        summary: 'Command history, newest first (device kind and id, code prefix, command, state, batch, time range)',
        querystring: CommandListQuery,
        response: { 200: PageResult(DeviceCommand), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const scope = scopeFilter(DEVICE_SCOPE, me.scope);
      const { rows, count } = await listCommands(app.db, me.companyId, request.query, scope, stateOf);
      return page(
        rows.map((r) => toCommand(request, r)),
        count,
        request.t('common.success'),
      );
    },
  );

  app.get(
    path(COMMAND_PATHS.valveMeters),
    {
      config: { permission: PERMISSIONS.deviceValveControlView },
      schema: {
        tags,
        summary: 'Meters with valve control: valve state, reachability, last valve command (by body code)',
        querystring: ValveMeterQuery,
        response: { 200: PageResult(ValveMeter), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const scope = scopeFilter(DEVICE_SCOPE, me.scope);
      const { rows, count } = await listValveMeters(app.db, me.companyId, request.query, scope);
      return page(
        rows.map((r) => ({
          id: Number(r.id),
          meterCode: r.meter_code,
          areaId: r.area_id === null ? null : Number(r.area_id),
          areaName: r.area_name,
          concentratorCode: r.concentrator_code,
          valveState: r.valve_state === null ? null : Number(r.valve_state),
          online: Boolean(r.online),
          lastReportTime: iso(r.last_report_at),
          lastCommand:
            r.last_id === null
              ? null
              : {
                  id: Number(r.last_id),
                  command: String(r.last_command),
                  state: stateName(Number(r.last_state)),
                  createTime: iso(r.last_created_at) as string,
                },
        })),
        count,
        request.t('common.success'),
      );
    },
  );

  app.get(
    path(COMMAND_PATHS.one(':id')),
    {
      config: history,
      schema: {
        tags,
        summary: 'One command with its state, reason, the device answer and times',
        params: IdParams,
        response: { 200: Result(DeviceCommand), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const row = await findCommand(app.db, me.companyId, request.params.id, scopeFilter(DEVICE_SCOPE, me.scope));
      if (!row) throw notFound();
      return ok(toCommand(request, row), request.t('common.success'));
    },
  );
};
