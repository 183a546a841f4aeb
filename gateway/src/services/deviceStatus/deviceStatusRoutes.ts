// /api-workbench device/status: the device status page's summary — online / offline / total concentrators,
// collectors and meters in the caller's data scope, optionally of one residential area. The page's lists are the
// device lists themselves, which the status page's permission may read (their descriptors' lookupBy).
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { DEVICE_STATUS_PATHS, DeviceStatusSummary, DeviceStatusSummaryQuery } from '@waterops/shared/deviceStatus';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { onlineCount } from '../device/concentratorRepository.ts';
import { DEVICE_SCOPE } from '../device/concentratorSettings.ts';
import { rowInScope, type ScopePredicate, scopeFilter } from '../resource/resourceScope.ts';
import type { ServiceOptions } from '../serviceOptions.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
/** An area is in a scope when the scope names it or its region. */
const AREA_SCOPE = { areaColumn: 'id', regionColumn: 'region_id' };

export const deviceStatusRoutes: ServicePlugin<ServiceOptions> = async (app) => {
  app.get(
    path(DEVICE_STATUS_PATHS.summary),
    {
      config: { permission: PERMISSIONS.deviceStatusView },
      schema: {
        tags: ['device status'],
        summary: 'Online / offline / total concentrators, collectors and meters in the caller’s data scope (areaId)',
        querystring: DeviceStatusSummaryQuery,
        response: { 200: Result(DeviceStatusSummary), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { areaId } = request.query;
      let predicates: ScopePredicate[] | null = scopeFilter(DEVICE_SCOPE, me.scope);
      if (areaId !== undefined) {
        // one area: counted when it is the tenant's and inside the scope, else nothing (an empty predicate list)
        const visible = await rowInScope(app.db, 'areas', me.companyId, areaId, scopeFilter(AREA_SCOPE, me.scope));
        predicates = visible ? [{ kind: 'in', column: 'area_id', ids: [areaId] }] : [];
      }
      const [concentrators, collectors, meters] = await Promise.all([
        onlineCount(app.db, me.companyId, 'concentrators', predicates),
        onlineCount(app.db, me.companyId, 'collectors', predicates),
        onlineCount(app.db, me.companyId, 'water_meters', predicates),
      ]);
      return ok({ concentrators, collectors, meters }, request.t('common.success'));
    },
  );
};
