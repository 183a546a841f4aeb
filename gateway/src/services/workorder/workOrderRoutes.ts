// /api-business/workorder, the core (spec §7: list, save, assign, complete, reminder, delay, batchAssign,
// batchComplete, statistics; and find, findByCode, events, the other transitions, the live feed, export). What a
// caller sees follows spec §6's `identity` narrowed to the role types they hold: a field crew member's own orders,
// anyone else's the tenant's in their data scope. Every transition is the shared machine's decision; refusals by
// state or relation answer the business failure (HTTP 200, resp_code 1) with a localized message; input rules a
// 400 naming the field, nothing written. Each change is in the operation log and announced to the live rooms.
import { type Static, Type } from '@sinclair/typebox';
import {
  BUSINESS_FAILURE_CODE,
  ErrorBody,
  EXPORT_MAX_ROWS,
  IdParams,
  Nullable,
  ok,
  PageResult,
  page,
  Result,
} from '@waterops/shared/api';
import { hasPermission, PERMISSIONS } from '@waterops/shared/auth';
import type { MessageKey } from '@waterops/shared/i18n';
import type { Operation } from '@waterops/shared/user';
import {
  ACTION_PATHS,
  actionInputViolations,
  allowedActions,
  BatchItemResult,
  deadlineState,
  machineStateOf,
  transitionOf,
  validateWorkOrderSave,
  WORK_ORDER_FIELDS,
  WORK_ORDER_PATHS,
  WorkOrder,
  type WorkOrderAction,
  WorkOrderActionBody,
  WorkOrderBatchBody,
  WorkOrderEvent,
  WorkOrderFeed,
  WorkOrderFeedQuery,
  WorkOrderListQuery,
  WorkOrderSave,
  WorkOrderStatistics,
  WorkOrderStatisticsQuery,
} from '@waterops/shared/workorder';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden, notFound } from '../../plugins/errors.ts';
import type { Principal } from '../../plugins/sessionCache.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import { sheetOfFields } from '../resource/fieldSheet.ts';
import { contentDisposition, fileStamp } from '../resource/sheetCells.ts';
import { writeWorkbook } from '../resource/xlsxSheet.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import {
  codesOf,
  exportWorkOrders,
  findWorkOrder,
  listWorkOrders,
  type Visibility,
  workOrderEvents,
  workOrderFeed,
} from './workOrderRepository.ts';
import {
  type ActOutcome,
  type Actor,
  actOnWorkOrder,
  announceWorkOrders,
  createWorkOrder,
  editWorkOrder,
  flushBatch,
  newBatchMemo,
  preloadBatch,
  refusalMessage,
  violationError,
} from './workOrderService.ts';
import { statisticsRange, workOrderStatistics } from './workOrderStatistics.ts';
import { workOrderVisibility } from './workOrderVisibility.ts';

const path = (full: string) => full.slice('/api-business'.length);
const tags = ['workorder'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
/** Reading orders: the dispatcher's queue, or a crew member's own (workorder:complete). */
const read = { permission: PERMISSIONS.workOrderView, alsoPermitted: [PERMISSIONS.workOrderComplete] };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Orders of a batch acted on in one transaction. */
const BATCH_CHUNK = 100;

export const workOrderRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  /** Whose orders the caller sees (spec §6 identity, narrowed to the role types they hold; data scope). */
  const visibilityOf = (me: Principal, identity?: string): Promise<Visibility> =>
    workOrderVisibility(app.db, me, identity);
  const actorOf = (me: Principal): Actor => ({
    companyId: me.companyId,
    userId: me.userId,
    username: me.username,
    permissions: me.permissions,
  });
  /** The order with what this caller may do with it now. */
  const withActions =
    (me: Principal) =>
    (o: WorkOrder): WorkOrder => ({
      ...o,
      actions: allowedActions(machineStateOf(o), { userId: me.userId, permissions: me.permissions }),
    });
  const loadFor = async (me: Principal, v: Visibility, id: number) => {
    const o = await findWorkOrder(app.db, me.companyId, v, { id });
    if (!o) throw notFound();
    return withActions(me)(o);
  };
  const businessFailure = (reply: FastifyReply, message: string) =>
    reply.send({ resp_code: BUSINESS_FAILURE_CODE, resp_msg: message, datas: null });

  app.get(
    path(WORK_ORDER_PATHS.list),
    {
      config: read,
      schema: {
        tags,
        summary: 'Work orders the caller sees (identity: role types, comma-joined), filtered, paged, with actions',
        querystring: WorkOrderListQuery,
        response: { 200: PageResult(WorkOrder), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const q = request.query;
      const v = await visibilityOf(me, q.identity);
      const { rows, count } = await listWorkOrders(app.db, me.companyId, v, q, now());
      return page(rows.map(withActions(me)), count, request.t('common.success'));
    },
  );

  app.get(
    path(WORK_ORDER_PATHS.export),
    {
      config: { ...read, operation: 'dataExport' },
      schema: {
        tags,
        summary: 'The list as .xlsx (its filters and sort), labels and values in the request language',
        querystring: WorkOrderListQuery,
        response: {
          200: { description: 'the .xlsx file', content: { [XLSX]: { schema: Type.String({ format: 'binary' }) } } },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const me = app.principalOf(request);
      const q = request.query;
      const at = now();
      const rows = await exportWorkOrders(
        app.db,
        me.companyId,
        await visibilityOf(me, q.identity),
        q,
        at,
        EXPORT_MAX_ROWS,
      );
      const name = request.t('workOrder.sheet.file');
      const sheet = sheetOfFields('workOrder', WORK_ORDER_FIELDS, rows, request.t.bind(request), name, [
        {
          header: 'workOrder.sheet.deadlineClass',
          value: (o) => request.t(`workOrder.deadline.${deadlineState(o, at).class}` as MessageKey),
        },
      ]);
      await recordRequestOperation(app.db, request, me, {
        operation: 'dataExport',
        detail: `${name}: ${rows.length}`,
        at,
      });
      return (reply as FastifyReply)
        .header('content-type', XLSX)
        .header('content-disposition', contentDisposition(`${name}-${fileStamp(at)}.xlsx`))
        .send(await writeWorkbook([sheet]));
    },
  );

  app.get(
    path(WORK_ORDER_PATHS.findByCode),
    {
      config: read,
      schema: {
        tags,
        summary: 'The order a to-do names (spec §2 ?code=), if the caller sees it',
        querystring: Type.Object({ code: Type.String({ minLength: 1, maxLength: 40 }) }),
        response: { 200: Result(WorkOrder), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const v = await visibilityOf(me);
      const o = await findWorkOrder(app.db, me.companyId, v, { code: request.query.code.trim() });
      if (!o) throw notFound();
      return ok(withActions(me)(o), request.t('common.success'));
    },
  );

  app.get(
    path(WORK_ORDER_PATHS.statistics),
    {
      config: { permission: PERMISSIONS.workOrderView },
      schema: {
        tags,
        summary: 'By status, deadline class (overdue 24/48/72 h), type and team; mean times; created/completed per day',
        querystring: WorkOrderStatisticsQuery,
        response: { 200: Result(WorkOrderStatistics), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const q = request.query;
      const at = now();
      const range = { ...statisticsRange(q, at), departmentId: q.departmentId, districtId: q.districtId };
      if (range.to.getTime() < range.from.getTime())
        throw new AppError(400, 'errors.badRequest', 'endTime', { field: 'endTime' });
      return ok(
        await workOrderStatistics(app.db, me.companyId, await visibilityOf(me), range, at),
        request.t('common.success'),
      );
    },
  );

  app.get(
    path(WORK_ORDER_PATHS.feed),
    {
      config: read,
      schema: {
        tags,
        summary: 'Orders changed since a cursor (the live topic); without one the open orders with reset',
        querystring: WorkOrderFeedQuery,
        response: { 200: Result(WorkOrderFeed), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const feed = await workOrderFeed(app.db, me.companyId, await visibilityOf(me), request.query.since);
      return ok(feed, request.t('common.success'));
    },
  );

  app.get(
    path(WORK_ORDER_PATHS.find(':id')),
    {
      config: read,
      schema: {
        tags,
        summary: 'One order with the actions the caller may take',
        params: IdParams,
        response: { 200: Result(WorkOrder), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      return ok(await loadFor(me, await visibilityOf(me), request.params.id), request.t('common.success'));
    },
  );

  app.get(
    path(WORK_ORDER_PATHS.events(':id')),
    {
      config: read,
      schema: {
        tags,
        summary: 'The order’s timeline, oldest first: who, when, from and to which status, comment, photos',
        params: IdParams,
        response: { 200: Result(Type.Array(WorkOrderEvent)), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const o = await findWorkOrder(app.db, me.companyId, await visibilityOf(me), { id: request.params.id });
      if (!o) throw notFound();
      return ok(await workOrderEvents(app.db, me.companyId, o.id), request.t('common.success'));
    },
  );

  app.post(
    path(WORK_ORDER_PATHS.save),
    {
      config: { permission: PERMISSIONS.workOrderCreate, operation: 'workOrderCreate' },
      schema: {
        tags,
        summary: 'Create an order by hand or on the map (no id; requestKey makes a retry return the first) or edit one',
        body: WorkOrderSave,
        response: { 200: Result(Nullable(WorkOrder)), ...errors },
      },
    },
    async (request, reply) => {
      const me = app.principalOf(request);
      const body = request.body;
      const violation = validateWorkOrderSave(body)[0];
      if (violation) throw violationError(violation);
      const at = now();
      const actor = actorOf(me);
      const v = await visibilityOf(me);
      if (body.id !== undefined) {
        const id = body.id;
        const outcome = await app.db.transaction().execute(async (tx) => {
          const result = await editWorkOrder(tx, actor, id, body, at, v);
          if (result.ok)
            await recordRequestOperation(tx, request, me, { operation: 'workOrderUpdate', detail: result.code, at });
          return result;
        });
        if (!outcome.ok) return refuse(request, reply, outcome, 'edit');
        announceWorkOrders(app, me.companyId, outcome.users);
        return ok(await loadFor(me, v, id), request.t('common.success'));
      }
      if (body.assigneeId && !hasPermission(me.permissions, PERMISSIONS.workOrderAssign)) throw forbidden();
      const made = await app.db.transaction().execute(async (tx) => {
        const created = await createWorkOrder(tx, actor, { ...body, source: 'manual' }, at);
        if (created.created && body.assigneeId) {
          const assigned = await actOnWorkOrder(
            tx,
            actor,
            'assign',
            created.id,
            { assigneeId: body.assigneeId, departmentId: body.departmentId ?? null },
            at,
          );
          if (!assigned.ok) throw new AppError(400, 'workOrder.assignee.invalid', 'assigneeId');
        }
        if (created.created)
          await recordRequestOperation(tx, request, me, {
            operation: 'workOrderCreate',
            detail: `${created.code} ${body.title.trim()}`,
            at,
          });
        return created;
      });
      if (made.created) announceWorkOrders(app, me.companyId);
      const o = await findWorkOrder(app.db, me.companyId, { kind: 'tenant' }, { id: made.id });
      if (!o) throw notFound();
      return ok(withActions(me)(o), request.t('common.success'));
    },
  );

  /** Answers a refused action: 404, 400 naming the field, or the business failure with its message. */
  const refuse = (
    request: FastifyRequest,
    reply: FastifyReply,
    outcome: Exclude<ActOutcome, { ok: true }>,
    action: WorkOrderAction,
  ) => {
    if (outcome.refusal === 'notFound') throw notFound();
    if (outcome.refusal === 'input')
      throw violationError(outcome.violations[0] as NonNullable<(typeof outcome.violations)[0]>);
    if (outcome.refusal === 'assignee') throw new AppError(400, 'workOrder.assignee.invalid', 'assigneeId');
    return businessFailure(reply, refusalMessage(outcome, action, request.t.bind(request)));
  };

  // one route per transition, its permissions read from the machine's row
  for (const [action, full] of Object.entries(ACTION_PATHS) as [keyof typeof ACTION_PATHS, string][]) {
    const [permission, ...alsoPermitted] = transitionOf(action).permissions as [string, ...string[]];
    app.post(
      path(full),
      {
        config: { permission, alsoPermitted, operation: 'workOrderAction' },
        schema: {
          tags,
          summary: `Transition "${action}" (the state machine decides; what it takes: WORK_ORDER_TRANSITIONS)`,
          body: WorkOrderActionBody,
          response: { 200: Result(Nullable(WorkOrder)), ...errors },
        },
      },
      async (request, reply) => {
        const me = app.principalOf(request);
        const body = request.body as Static<typeof WorkOrderActionBody>;
        const at = now();
        const v = await visibilityOf(me);
        const outcome = await app.db.transaction().execute(async (tx) => {
          const result = await actOnWorkOrder(tx, actorOf(me), action, body.id, body, at, v);
          if (result.ok)
            await recordRequestOperation(tx, request, me, {
              operation: 'workOrderAction',
              detail: `${result.code} ${action}${body.comment?.trim() ? `: ${body.comment.trim()}` : ''}`,
              at,
            });
          return result;
        });
        if (!outcome.ok) return refuse(request, reply, outcome, action);
        announceWorkOrders(app, me.companyId, outcome.users);
        return ok(await loadFor(me, v, body.id), request.t('common.success'));
      },
    );
  }

  /** A batch: the same action on each order in its own transaction; each answered (done, or why not). */
  const batch = (action: 'assign' | 'complete', operation: Operation, fullPath: string) => {
    const [permission, ...alsoPermitted] = transitionOf(action).permissions as [string, ...string[]];
    app.post(
      path(fullPath),
      {
        config: { permission, alsoPermitted, operation },
        schema: {
          tags,
          summary: `"${action}" on up to 1,000 orders (a transaction per hundred), each answered`,
          body: WorkOrderBatchBody,
          response: { 200: Result(Type.Array(BatchItemResult)), ...errors },
        },
      },
      async (request) => {
        const me = app.principalOf(request);
        const body = request.body as Static<typeof WorkOrderBatchBody>;
        const at = now();
        const v = await visibilityOf(me);
        const actor = actorOf(me);
        const ids = [...new Set(body.ids)];
        // the same input goes to every order: a rule it breaks is answered once, as a 400, before anything is done
        const violation = actionInputViolations(action, body, at)[0];
        if (violation) throw violationError(violation);
        const results: Static<typeof BatchItemResult>[] = [];
        const users = new Set<number>();
        const memo = newBatchMemo();
        // a transaction per hundred orders: their rows locked and histories read in three queries, their events and
        // to-dos written in two; other requests (one connection on PGlite) wait for a hundred orders at most
        for (let from = 0; from < ids.length; from += BATCH_CHUNK) {
          const chunk = ids.slice(from, from + BATCH_CHUNK);
          const outcomes = await app.db.transaction().execute(async (tx) => {
            await preloadBatch(tx, memo, me.companyId, v, chunk);
            const done: [number, ActOutcome][] = [];
            for (const id of chunk) done.push([id, await actOnWorkOrder(tx, actor, action, id, body, at, v, memo)]);
            await flushBatch(tx, memo, me.companyId, at);
            return done;
          });
          for (const [id, outcome] of outcomes) {
            if (outcome.ok) {
              results.push({ id, code: outcome.code, ok: true, message: null });
              for (const u of outcome.users) users.add(u);
            } else
              results.push({
                id,
                code: null,
                ok: false,
                message: refusalMessage(outcome, action, request.t.bind(request)),
              });
          }
        }
        const done = results.filter((r) => r.ok).length;
        await recordRequestOperation(app.db, request, me, {
          operation,
          detail: `${done}/${ids.length}${body.assigneeId ? ` → user ${body.assigneeId}` : ''}`,
          at,
        });
        if (done) announceWorkOrders(app, me.companyId, [...users]);
        const codes = await codesOf(app.db, me.companyId, v, ids);
        return ok(
          results.map((r) => ({ ...r, code: r.code ?? codes.get(r.id) ?? null })),
          request.t('workOrder.batch.done', { ok: done, failed: results.length - done }),
        );
      },
    );
  };
  batch('assign', 'workOrderBatchAssign', WORK_ORDER_PATHS.batchAssign);
  batch('complete', 'workOrderBatchComplete', WORK_ORDER_PATHS.batchComplete);
};
