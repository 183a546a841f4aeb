// /api-business/workorder raise and batchRaise (issue 15, Deliver 3): an order raised from where the problem is seen —
// an alarm, a usage exception (meter and type), a reading exception (meter and type), a night-flow leak event. Each
// source is read in the tenant and the caller's data scope (404 otherwise, or a batch item's failure); one open order
// per source, so raising again answers the open one (`created: false`) and a batch replayed makes no duplicates. A
// batch (≤ 500) raises each item in its own transaction with a result per item. Logged as workOrderRaise; the live
// work-order rooms (and the alarm console, whose alarms got a note) hear of it after commit.

import { Type } from '@sinclair/typebox';
import { BUSINESS_FAILURE_CODE, ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { TOPICS } from '@waterops/shared/live';
import {
  allowedActions,
  BatchRaiseItem,
  machineStateOf,
  RaiseResult,
  WORK_ORDER_PATHS,
  type WorkOrder,
  WorkOrderBatchRaise,
  WorkOrderRaise,
} from '@waterops/shared/workorder';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../plugins/sessionCache.ts';
import type { ServicePlugin, TypedApp } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { batchDetail, type Raised, RaiseRefused, raiseEach, raiseInTx } from './raiseWorkOrders.ts';
import { findWorkOrder } from './workOrderRepository.ts';
import { type Actor, announceWorkOrders } from './workOrderService.ts';

const path = (full: string) => full.slice('/api-business'.length);
const tags = ['workorder'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const create = { permission: PERMISSIONS.workOrderCreate, operation: 'workOrderRaise' as const };

export const actorOf = (me: Principal): Actor => ({
  companyId: me.companyId,
  userId: me.userId,
  username: me.username,
  permissions: me.permissions,
});

/** After commit: the work-order rooms poll, and the alarm console too when alarms got a note. */
export const announceRaised = (app: TypedApp, companyId: number, raised: readonly Raised[]): void => {
  if (raised.length === 0) return;
  announceWorkOrders(app, companyId);
  if (raised.some((r) => r.created && r.alarmId !== null))
    app.changeHints.announce({ companyId, topic: TOPICS.alarms });
};

/** The raised order as the caller sees it, with what they may do with it now, and the answer's message. */
export const raiseAnswer = async (app: TypedApp, request: FastifyRequest, me: Principal, r: Raised) => {
  const order = (await findWorkOrder(app.db, me.companyId, { kind: 'tenant' }, { id: r.id })) as WorkOrder;
  const withActions = { ...order, actions: allowedActions(machineStateOf(order), me) };
  const message = r.created ? request.t('common.success') : request.t('workOrder.raise.existing', { code: r.code });
  return ok({ order: withActions, created: r.created }, message);
};

export const workOrderRaiseRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  app.post(
    path(WORK_ORDER_PATHS.raise),
    {
      config: create,
      schema: {
        tags,
        summary: 'Raise an order from an alarm, a usage or reading exception or a night-flow leak event',
        description:
          'The source is named by alarmId (alarm), meterId + exceptionType (usage exception: the alarm type; reading ' +
          'exception: the base check or data-check rule), or leakEventId (night-flow event). A source with an open ' +
          'order answers that order with created false. 400: the source is not named; 404: no such source in the ' +
          "tenant and the caller's data scope; resp_code 1: refused (a repaired leak, an assignment the caller may " +
          'not make). Nothing is written unless the answer is a success.',
        body: WorkOrderRaise,
        response: { 200: Result(Type.Union([RaiseResult, Type.Null()])), ...errors },
      },
    },
    async (request, reply) => {
      const me = app.principalOf(request);
      const at = now();
      let raised: Raised;
      try {
        raised = await app.db.transaction().execute(async (tx) => {
          const r = await raiseInTx(tx, actorOf(me), me.scope, request.body, at);
          await recordRequestOperation(tx, request, me, {
            operation: 'workOrderRaise',
            detail: `${request.body.source} → ${r.code}${r.created ? '' : ' (already open)'}`,
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
    path(WORK_ORDER_PATHS.batchRaise),
    {
      config: create,
      schema: {
        tags,
        summary: 'Raise orders from up to 500 sources, each on its own, with a result per item in the order given',
        description:
          'Each item is raised in its own transaction: a bad item (its source not named, not found in the tenant and ' +
          'scope, refused) fails alone with a localized message; a source with an open order answers it ' +
          '(created false), so a batch sent twice makes no duplicates.',
        body: WorkOrderBatchRaise,
        response: { 200: Result(Type.Array(BatchRaiseItem)), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const at = now();
      const actor = actorOf(me);
      const { results, raised } = await raiseEach(
        app.db,
        request.body.items,
        (tx, item) => raiseInTx(tx, actor, me.scope, item, at),
        (key, params) => request.t(key, params),
        (error) => request.log.error({ err: error }, 'batch raise item failed'),
      );
      await recordRequestOperation(app.db, request, me, {
        operation: 'workOrderRaise',
        detail: batchDetail('batch', results),
        at,
      });
      announceRaised(app, me.companyId, raised);
      const failed = results.filter((r) => !r.ok).length;
      return ok(results, request.t('workOrder.batch.done', { ok: results.length - failed, failed }));
    },
  );
};
