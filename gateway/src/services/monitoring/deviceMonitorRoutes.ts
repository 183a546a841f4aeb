// /api-workbench/monitoring collectors, concentrators, meters, {id}/collectors, {id}/meters and valves1 (spec §7):
// the control room's device status lists — online / offline, last report, meters' voltage, CSQ, RSRP and valve — in
// the caller's data scope, filtered by area, online state and code; what hangs on one concentrator (404 when it is
// not the caller's to see); and the valve status list (meters with valve control, their valve state and their last
// valve command with its result), which is the valve control page's list read with the monitoring permission.
import { IdParams, PageResult, page } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { COMMAND_STATE_NAMES, ValveMeter, ValveMeterQuery } from '@waterops/shared/command';
import {
  MONITORING_PATHS,
  MonitorCollector,
  MonitorConcentrator,
  MonitorDeviceQuery,
  MonitorMeter,
} from '@waterops/shared/monitoring';
import type { FastifyRequest } from 'fastify';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { listValveMeters } from '../command/commandRepository.ts';
import { DEVICE_SCOPE, deviceInScope } from '../device/concentratorSettings.ts';
import { scopeFilter } from '../resource/resourceScope.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { type DeviceListFilter, listCollectors, listConcentrators, listMeters } from './deviceMonitorRepository.ts';
import { MONITORING_TAGS, monitoringErrors, monitoringPath } from './monitoringStatsRoutes.ts';

type Row = Record<string, unknown>;
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as Date).toISOString());
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

const base = (r: Row) => ({
  id: Number(r.id),
  areaId: num(r.area_id),
  areaName: str(r.area_name),
  online: Boolean(r.online),
  lastReportTime: iso(r.last_report_at),
});

const toConcentrator = (r: Row): MonitorConcentrator => ({
  ...base(r),
  concentratorCode: String(r.concentrator_code),
  reportRate: num(r.report_rate),
  collectorCount: Number(r.collector_count),
  meterCount: Number(r.meter_count),
  offlineMeterCount: Number(r.offline_meter_count),
});

const toCollector = (r: Row): MonitorCollector => ({
  ...base(r),
  collectorCode: String(r.collector_code),
  concentratorId: num(r.concentrator_id),
  concentratorCode: str(r.concentrator_code),
  uploadFrequency: num(r.upload_frequency),
  meterCount: Number(r.meter_count),
});

const toMeter = (r: Row): MonitorMeter => ({
  ...base(r),
  meterCode: String(r.meter_code),
  concentratorCode: str(r.concentrator_code),
  collectorCode: str(r.collector_code),
  lastReading: num(r.last_reading),
  voltage: num(r.voltage),
  csq: num(r.csq),
  rsrp: num(r.rsrp),
  valveControl: Boolean(r.valve_control),
  valveState: num(r.valve_state),
});

export const deviceMonitorRoutes: ServicePlugin<ServiceOptions> = async (app) => {
  const config = { permission: PERMISSIONS.monitoringStatsView };
  const filterOf = (request: FastifyRequest, query: MonitorDeviceQuery, concentratorId?: number): DeviceListFilter => {
    const me = app.principalOf(request);
    return { companyId: me.companyId, scope: scopeFilter(DEVICE_SCOPE, me.scope), query, concentratorId };
  };
  /** The concentrator of the path, when the caller may see it; 404 otherwise. */
  const concentratorOf = async (request: FastifyRequest, id: number) => {
    await deviceInScope(app.db, 'concentrators', ['id'], app.principalOf(request), id);
    return id;
  };
  const schema = (summary: string, item: Parameters<typeof PageResult>[0], params?: typeof IdParams) => ({
    tags: MONITORING_TAGS,
    summary,
    querystring: MonitorDeviceQuery,
    ...(params ? { params } : {}),
    response: { 200: PageResult(item), ...monitoringErrors },
  });

  app.get(
    monitoringPath(MONITORING_PATHS.concentrators),
    {
      config,
      schema: schema('Concentrators: online state, last report, collectors and meters under each', MonitorConcentrator),
    },
    async (request) => {
      const { rows, count } = await listConcentrators(app.db, filterOf(request, request.query as MonitorDeviceQuery));
      return page(rows.map(toConcentrator), count, request.t('common.success'));
    },
  );

  app.get(
    monitoringPath(MONITORING_PATHS.collectors),
    {
      config,
      schema: schema('Collectors: online state, last report, concentrator, meters under each', MonitorCollector),
    },
    async (request) => {
      const { rows, count } = await listCollectors(app.db, filterOf(request, request.query as MonitorDeviceQuery));
      return page(rows.map(toCollector), count, request.t('common.success'));
    },
  );

  app.get(
    monitoringPath(MONITORING_PATHS.meters),
    {
      config,
      schema: schema('Meters: online state, last report, reading, voltage, CSQ, RSRP and valve', MonitorMeter),
    },
    async (request) => {
      const { rows, count } = await listMeters(app.db, filterOf(request, request.query as MonitorDeviceQuery));
      return page(rows.map(toMeter), count, request.t('common.success'));
    },
  );

  app.get(
    monitoringPath(MONITORING_PATHS.concentratorCollectors),
    {
      config,
      schema: schema('The collectors of one concentrator (404 when not the caller’s)', MonitorCollector, IdParams),
    },
    async (request) => {
      const id = await concentratorOf(request, (request.params as { id: number }).id);
      const { rows, count } = await listCollectors(app.db, filterOf(request, request.query as MonitorDeviceQuery, id));
      return page(rows.map(toCollector), count, request.t('common.success'));
    },
  );

  app.get(
    monitoringPath(MONITORING_PATHS.concentratorMeters),
    { config, schema: schema('The meters of one concentrator (404 when not the caller’s)', MonitorMeter, IdParams) },
    async (request) => {
      const id = await concentratorOf(request, (request.params as { id: number }).id);
      const { rows, count } = await listMeters(app.db, filterOf(request, request.query as MonitorDeviceQuery, id));
      return page(rows.map(toMeter), count, request.t('common.success'));
    },
  );

  app.get(
    monitoringPath(MONITORING_PATHS.valves1),
    {
      config,
      schema: {
        tags: MONITORING_TAGS,
        summary:
          'Valve status: meters with valve control, valve state, reachability, last valve command and its result',
        querystring: ValveMeterQuery,
        response: { 200: PageResult(ValveMeter), ...monitoringErrors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { rows, count } = await listValveMeters(
        app.db,
        me.companyId,
        request.query,
        scopeFilter(DEVICE_SCOPE, me.scope),
      );
      return page(
        rows.map(
          (r): ValveMeter => ({
            id: Number(r.id),
            meterCode: r.meter_code,
            areaId: num(r.area_id),
            areaName: r.area_name,
            concentratorCode: r.concentrator_code,
            valveState: num(r.valve_state),
            online: Boolean(r.online),
            lastReportTime: iso(r.last_report_at),
            lastCommand:
              r.last_id === null
                ? null
                : {
                    id: Number(r.last_id),
                    command: String(r.last_command),
                    state: COMMAND_STATE_NAMES[Number(r.last_state)] ?? 'failed',
                    createTime: iso(r.last_created_at) as string,
                  },
          }),
        ),
        count,
        request.t('common.success'),
      );
    },
  );
};
