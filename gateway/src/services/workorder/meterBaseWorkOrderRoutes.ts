// /api-workbench/meter/meterBase/workOrder and batchWorkOrder (spec §7): reading-exception orders from the meter-reading
// page, for month-end bases the base check found abnormal. A base is read in the tenant and the caller's data scope
// (by its meter's area; 404 otherwise, or a batch item's failure); its meter keeps one open order per kind of anomaly,
// so raising again answers the open one. The page's editors (reading:meterBase:edit) or anyone who may create work
// orders may call them. Logged as workOrderRaise; the live work-order rooms hear of it after commit.
import { Type } from '@sinclair/typebox';
import { BUSINESS_FAILURE_CODE, ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  BatchRaiseItem,
  MeterBaseBatchWorkOrder,
  MeterBaseWorkOrder,
  RaiseResult,
  WORK_ORDER_PATHS,
} from '@waterops/shared/workorder';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { batchDetail, type Raised, RaiseRefused, raiseBaseInTx, raiseEach } from './raiseWorkOrders.ts';
import { actorOf, announceRaised, raiseAnswer } from './workOrderRaiseRoutes.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const tags = ['meterBase'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const access = {
  permission: PERMISSIONS.readingMeterBaseEdit,
  alsoPermitted: [PERMISSIONS.workOrderCreate],
  operation: 'workOrderRaise' as const,
};

export const meterBaseWorkOrderRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  app.post(
    path(WORK_ORDER_PATHS.meterBaseWorkOrder),
    {
      config: access,
      schema: {
        tags,
        summary: 'A reading-exception work order for an abnormal month-end base',
        description:
          'Keyed by the meter and the first anomaly the check found: an open order for them is answered with ' +
          "created false. 404: no such base in the tenant and the caller's data scope; resp_code 1: the base shows " +
          'no anomaly, or an assignment the caller may not make. Nothing is written unless the answer is a success.',
        body: MeterBaseWorkOrder,
        response: { 200: Result(Type.Union([RaiseResult, Type.Null()])), ...errors },
      },
    },
    async (request, reply) => {
      const me = app.principalOf(request);
      const at = now();
      let raised: Raised;
      try {
        raised = await app.db.transaction().execute(async (tx) => {
          const r = await raiseBaseInTx(tx, actorOf(me), me.scope, request.body, at);
          await recordRequestOperation(tx, request, me, {
            operation: 'workOrderRaise',
            detail: `meter base #${request.body.id} → ${r.code}${r.created ? '' : ' (already open)'}`,
            at,
          });
          return r;
        });
      } catch (error) {
        if (error instanceof RaiseRefused)
          return reply.send({
            resp_code: BUSINESS_FAILURE_CODE,
            resp_msg: error.text((key, params) => request.t(key, params)),
            datas: null,
          });
        throw error;
      }
      announceRaised(app, me.companyId, [raised]);
      return raiseAnswer(app, request, me, raised);
    },
  );

  app.post(
    path(WORK_ORDER_PATHS.meterBaseBatchWorkOrder),
    {
      config: access,
      schema: {
        tags,
        summary: 'Reading-exception work orders for up to 500 bases, a result per base in the order given',
        body: MeterBaseBatchWorkOrder,
        response: { 200: Result(Type.Array(BatchRaiseItem)), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const at = now();
      const actor = actorOf(me);
      const { ids, ...choices } = request.body;
      const { results, raised } = await raiseEach(
        app.db,
        ids,
        (tx, id) => raiseBaseInTx(tx, actor, me.scope, { ...choices, id }, at),
        (key, params) => request.t(key, params),
        (error) => request.log.error({ err: error }, 'batch meter-base work order failed'),
      );
      await recordRequestOperation(app.db, request, me, {
        operation: 'workOrderRaise',
        detail: batchDetail('meter bases', results),
        at,
      });
      announceRaised(app, me.companyId, raised);
      const failed = results.filter((r) => !r.ok).length;
      return ok(results, request.t('workOrder.batch.done', { ok: results.length - failed, failed }));
    },
  );
};
