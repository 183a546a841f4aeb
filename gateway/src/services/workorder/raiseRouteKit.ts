// What the raise routes share (raise / batchRaise, and the meter-reading page's workOrder / batchWorkOrder): the
// caller as the core's actor, one raise in its transaction with its log line and the order answered, a batch raised
// item by item with a result each, and the live rooms told after commit.
import { BUSINESS_FAILURE_CODE, ok } from '@waterops/shared/api';
import { TOPICS } from '@waterops/shared/live';
import type { DataScope } from '@waterops/shared/place';
import { allowedActions, machineStateOf, type WorkOrder } from '@waterops/shared/workorder';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import type { Principal } from '../../plugins/sessionCache.ts';
import type { TypedApp } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import { batchDetail, type Raised, RaiseRefused, raiseEach } from './raiseWorkOrders.ts';
import { findWorkOrder } from './workOrderRepository.ts';
import { type Actor, announceWorkOrders } from './workOrderService.ts';

/** A raise of one input inside a transaction (raiseInTx, raiseBaseInTx). */
export type RaiseInTx<I> = (
  tx: Transaction<DB>,
  actor: Actor,
  scope: DataScope | null,
  input: I,
  at: Date,
) => Promise<Raised>;

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

/**
 * Raises one input in a transaction with its log line (`named` → the order's code) and answers the order; a refusal
 * answers resp_code 1 with its message and writes nothing.
 */
export const raiseOne = async <I>(
  app: TypedApp,
  request: FastifyRequest,
  raise: RaiseInTx<I>,
  input: I,
  named: string,
  at: Date,
) => {
  const me = app.principalOf(request);
  let raised: Raised;
  try {
    raised = await app.db.transaction().execute(async (tx) => {
      const r = await raise(tx, actorOf(me), me.scope, input, at);
      await recordRequestOperation(tx, request, me, {
        operation: 'workOrderRaise',
        detail: `${named} → ${r.code}${r.created ? '' : ' (already open)'}`,
        at,
      });
      return r;
    });
  } catch (error) {
    if (error instanceof RaiseRefused)
      return {
        resp_code: BUSINESS_FAILURE_CODE,
        resp_msg: error.text((key, params) => request.t(key, params)),
        datas: null,
      };
    throw error;
  }
  announceRaised(app, me.companyId, [raised]);
  return raiseAnswer(app, request, me, raised);
};

/** Raises each input in its own transaction (`raiseEach`), logs the batch as `what` and answers a result per input. */
export const raiseBatch = async <I>(
  app: TypedApp,
  request: FastifyRequest,
  raise: RaiseInTx<I>,
  inputs: readonly I[],
  what: string,
  at: Date,
) => {
  const me = app.principalOf(request);
  const actor = actorOf(me);
  const { results, raised } = await raiseEach(
    app.db,
    inputs,
    (tx, input) => raise(tx, actor, me.scope, input, at),
    (key, params) => request.t(key, params),
    (error) => request.log.error({ err: error }, `work-order raise failed (${what})`),
  );
  await recordRequestOperation(app.db, request, me, {
    operation: 'workOrderRaise',
    detail: batchDetail(what, results),
    at,
  });
  announceRaised(app, me.companyId, raised);
  const failed = results.filter((r) => !r.ok).length;
  return ok(results, request.t('workOrder.batch.done', { ok: results.length - failed, failed }));
};
