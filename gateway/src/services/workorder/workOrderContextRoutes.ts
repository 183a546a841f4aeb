// GET /api-business/workorder/{id}/context: what surrounds an order in its district — the open night-flow leak events
// (and which order repairs each) and the live alarms — so a dispatcher sees a "no water" call next to the leak and the
// offline meters behind it before assigning. Each part only for callers who may read it (dma:analysis:view,
// monitoring:alarm:view); the order itself as the caller may see it (the list's visibility), else 404.
import { ErrorBody, IdParams, ok, Result } from '@waterops/shared/api';
import { hasPermission, PERMISSIONS } from '@waterops/shared/auth';
import { listReach, WORK_ORDER_PATHS, WorkOrderContext } from '@waterops/shared/workorder';
import { notFound } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { districtAlarms, districtLeakEvents, otherOpenOrders } from './workOrderContextRepository.ts';
import { findWorkOrder, roleTypesOf, type Visibility } from './workOrderRepository.ts';

const path = (full: string) => full.slice('/api-business'.length);
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const workOrderContextRoutes: ServicePlugin<ServiceOptions> = async (app) => {
  app.get(
    path(WORK_ORDER_PATHS.context(':id')),
    {
      config: { permission: PERMISSIONS.workOrderView, alsoPermitted: [PERMISSIONS.workOrderComplete] },
      schema: {
        tags: ['workorder'],
        summary: 'The open leak events and live alarms of the order’s district (each for callers who may read it)',
        params: IdParams,
        response: { 200: Result(WorkOrderContext), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const own = listReach(null, await roleTypesOf(app.db, me.companyId, me.userId)) === 'own';
      const v: Visibility =
        own || !hasPermission(me.permissions, PERMISSIONS.workOrderView)
          ? { kind: 'own', userId: me.userId }
          : me.scope
            ? { kind: 'scope', scope: me.scope, userId: me.userId }
            : { kind: 'tenant' };
      const order = await findWorkOrder(app.db, me.companyId, v, { id: request.params.id });
      if (!order) throw notFound();
      const districtId = order.districtId;
      const canLeaks = hasPermission(me.permissions, PERMISSIONS.dmaAnalysisView);
      const canAlarms = hasPermission(me.permissions, PERMISSIONS.monitoringAlarmView);
      if (districtId === null)
        return ok(
          {
            districtId: null,
            districtName: null,
            leakEvents: canLeaks ? [] : null,
            alarms: canAlarms ? [] : null,
            alarmCount: 0,
            otherOpenOrders: 0,
          },
          request.t('common.success'),
        );
      const [leaks, alarms, others] = await Promise.all([
        canLeaks ? districtLeakEvents(app.db, me.companyId, districtId) : Promise.resolve(null),
        canAlarms ? districtAlarms(app.db, me.companyId, districtId, me.scope) : Promise.resolve(null),
        otherOpenOrders(app.db, me.companyId, v, districtId, order.id),
      ]);
      return ok(
        {
          districtId,
          districtName: order.districtName,
          leakEvents: leaks,
          alarms: alarms?.rows ?? null,
          alarmCount: alarms?.count ?? 0,
          otherOpenOrders: others,
        },
        request.t('common.success'),
      );
    },
  );
};
