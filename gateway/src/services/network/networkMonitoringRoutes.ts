// GET pipeNetWorkMonitoring (spec §7): the network of the tenant or of one district at a glance — pipe count and
// length by material and diameter class, wells by type, valves open and closed — and the metered pipes: each
// meter's online state, latest read and the flow between its two latest reads.
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  flowBetweenReads,
  NETWORK_PATHS,
  NetworkMonitoring,
  NetworkMonitoringQuery,
  summarizePipes,
} from '@waterops/shared/network';
import { notFound } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import {
  districtExists,
  latestReads,
  meteredEnds,
  pipeGroups,
  valveStates,
  wellsByType,
} from './networkMonitoringRepository.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const networkMonitoringRoutes: ServicePlugin<ServiceOptions> = async (app) => {
  app.route({
    method: 'GET',
    url: NETWORK_PATHS.monitoring.slice('/api-workbench'.length),
    config: { permission: PERMISSIONS.networkPipelineView },
    schema: {
      tags: ['pipeline'],
      summary: 'The pipe network at a glance, for the tenant or a district (another tenant’s district: 404)',
      querystring: NetworkMonitoringQuery,
      response: { 200: Result(NetworkMonitoring), ...errors },
    },
    handler: async (request) => {
      const me = app.principalOf(request);
      const { districtId } = request.query as NetworkMonitoringQuery;
      if (districtId !== undefined && !(await districtExists(app.db, me.companyId, districtId))) throw notFound();
      const [groups, wells, valves, ends] = await Promise.all([
        pipeGroups(app.db, me.companyId, districtId),
        wellsByType(app.db, me.companyId, districtId),
        valveStates(app.db, me.companyId, districtId),
        meteredEnds(app.db, me.companyId, districtId),
      ]);
      const reads = await latestReads(
        app.db,
        me.companyId,
        ends.map((e) => e.meterId),
      );
      const summary: NetworkMonitoring = {
        districtId: districtId ?? null,
        ...summarizePipes(groups),
        wellCount: wells.reduce((s, w) => s + w.count, 0),
        wellsByType: wells,
        valves,
        meteredPipes: ends.map((e) => {
          const r = reads.get(e.meterId) ?? [];
          return {
            ...e,
            lastReadTime: r[0] ? r[0].readAt.toISOString() : null,
            lastReading: r[0] ? r[0].reading : null,
            flowM3h: flowBetweenReads(r),
          };
        }),
      };
      return ok(summary, request.t('common.success'));
    },
  });
};
