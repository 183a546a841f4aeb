// What people do to a work order (issue 15): create it (or get back the open order of its source, or of its request
// key), move it through the state machine (shared workOrderMachine: the one decision every route, batch and the
// client share), edit it. Each change is one UPDATE of the order's projection plus one appended event in the caller's
// transaction, with the schedule recomputed from the history (workOrderHistory.ts); assignment and reminders leave
// the assignee a to-do. The ladder and expired deferrals are workOrderJobs.ts.
import { fieldLabelKey, optionLabelKey } from '@waterops/shared/fields';
import type { MessageKey } from '@waterops/shared/i18n';
import { translate } from '@waterops/shared/i18n';
import { TOPICS } from '@waterops/shared/live';
import type { RuleViolation } from '@waterops/shared/user';
import {
  type ActionInput,
  type Caller,
  clockOf,
  DEFAULT_PRIORITY,
  decide,
  dueTimes,
  escalationsDue,
  machineStateOf,
  type WorkOrderAction,
  type WorkOrderPriority,
  type WorkOrderSource,
  type WorkOrderStatus,
  type WorkOrderType,
} from '@waterops/shared/workorder';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { AppError, badRequest } from '../../plugins/errors.ts';
import type { TypedApp } from '../../plugins/typeBoxProvider.ts';
import { allocateCode } from '../codeRule/codeRuleRepository.ts';
import { createTodos } from '../notice/createTodos.ts';
import { insertTodoSet, type TodoSeed } from '../notice/noticeRepository.ts';
import { DEADLINE_PARAM_GROUPS, type DeadlineContext, loadDeadlineContext } from './deadlineSettings.ts';
import { afterWorkOrderEvent } from './sourceEffects.ts';
import {
  type Actor,
  appendEvent,
  appendEvents,
  type EventRow,
  effectOrder,
  eventRow,
  reload,
  scheduleColumns,
  scheduleOf,
  todoFor,
} from './workOrderHistory.ts';
import { type LinkInput, linkColumns, resolveLinks, trimmed } from './workOrderLinks.ts';
import {
  assignableUser,
  departmentExists,
  firedLevels,
  firedLevelsOf,
  lockKey,
  lockOrder,
  lockOrders,
  openOrderOfSource,
  orderOfRequest,
  type StatusChange,
  type StoredOrder,
  statusHistories,
  statusHistory,
  type Visibility,
} from './workOrderRepository.ts';

export type { Actor } from './workOrderHistory.ts';

export type NewWorkOrder = {
  title: string;
  type: WorkOrderType;
  priority?: WorkOrderPriority;
  description: string;
  source: WorkOrderSource;
  /** 'alarm:<id>', 'usage:<meterId>:<type>', 'reading:<meterId>:<type>', 'leak:<eventId>', 'complaint:<id>' */
  sourceKey?: string | null;
  alarmId?: number | null;
  leakEventId?: number | null;
  complaintId?: number | null;
  attachments?: string[];
  requestKey?: string | null;
} & LinkInput;

/**
 * Creates an order in `tx` — or returns the open order of the same source, or the order a create with the same
 * idempotency key made (`created: false`). Fills the links from each other, checks they are the tenant's (400
 * naming the field), computes the due times, writes the 'created' event and runs the source effects.
 */
export const createWorkOrder = async (
  tx: Transaction<DB>,
  actor: Actor,
  input: NewWorkOrder,
  at: Date,
): Promise<{ id: number; code: string; created: boolean }> => {
  const companyId = actor.companyId;
  const sourceKey = input.sourceKey ?? null;
  const requestKey = input.requestKey ?? null;
  if (requestKey) {
    await lockKey(tx, companyId, `request:${requestKey}`);
    const made = await orderOfRequest(tx, companyId, requestKey);
    if (made) return { id: Number(made.id), code: made.code, created: false };
  }
  if (sourceKey) {
    await lockKey(tx, companyId, `source:${sourceKey}`);
    const existing = await openOrderOfSource(tx, companyId, sourceKey);
    if (existing) return { id: Number(existing.id), code: existing.code, created: false };
  }
  const links = await resolveLinks(tx, companyId, input);
  const ctx = await loadDeadlineContext(tx, companyId);
  const priority = input.priority ?? DEFAULT_PRIORITY[input.type];
  const target = ctx.settings.targets[input.type][priority];
  const clock = clockOf(ctx.settings, priority);
  const dues = dueTimes({ createdAt: at.toISOString(), target, clock, pauses: [] }, ctx.calendar);
  const { nextAt } = escalationsDue(
    ctx.settings.escalation,
    { createdAt: at.toISOString(), target, clock, pauses: [] },
    { status: 'pending', accepted: false, fired: [] },
    ctx.calendar,
    at,
  );
  const code = await allocateCode(tx, companyId, 'workOrder', at);
  const attachments = input.attachments ?? [];
  const { id } = await tx
    .insertInto('work_orders')
    .values({
      company_id: companyId,
      code,
      title: input.title.trim(),
      type: input.type,
      priority,
      status: 'pending',
      source: input.source,
      source_key: sourceKey,
      description: input.description.trim(),
      ...linkColumns(links),
      alarm_id: input.alarmId ?? null,
      leak_event_id: input.leakEventId ?? null,
      complaint_id: input.complaintId ?? null,
      attachments: JSON.stringify(attachments),
      creator_id: actor.userId,
      creator_name: actor.username,
      created_at: at,
      response_due_at: dues.responseDueAt,
      resolve_due_at: dues.resolveDueAt,
      response_target_minutes: target.responseMinutes,
      resolve_target_minutes: target.resolveMinutes,
      clock,
      next_escalation_at: nextAt,
      request_key: requestKey,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const orderId = Number(id);
  await appendEvent(tx, actor, orderId, { action: 'created', from: null, to: 'pending', attachments }, at);
  const stored = await reload(tx, companyId, orderId);
  await afterWorkOrderEvent(tx, effectOrder(stored), {
    action: 'created',
    toStatus: 'pending',
    username: actor.username,
    cause: null,
    at,
  });
  return { id: orderId, code, created: true };
};

/** Why an action was not taken, for the route to answer. */
export type ActOutcome =
  /** users: whose own rooms it changed (the assignee before and after: a crew member's list, the bell's to-do) */
  | { ok: true; id: number; code: string; users: number[] }
  | { ok: false; refusal: 'notFound' }
  | { ok: false; refusal: 'state' | 'forbidden'; status: WorkOrderStatus }
  | { ok: false; refusal: 'input'; violations: RuleViolation[] }
  | { ok: false; refusal: 'assignee' };

const callerOf = (actor: Actor): Caller => ({ userId: actor.userId ?? -1, permissions: actor.permissions });

/** The machine's view of a stored order. */
const stateOf = (o: StoredOrder) =>
  machineStateOf({
    status: o.status as WorkOrderStatus,
    assigneeId: o.assignee_id === null ? null : Number(o.assignee_id),
    acceptedAt: o.accepted_at === null ? null : 'yes',
    startedAt: o.started_at === null ? null : 'yes',
  });

/** The columns an action writes besides status, change_seq and the schedule. */
const columnsFor = (action: WorkOrderAction, input: ActionInput & { departmentId?: number | null }, at: Date) => {
  switch (action) {
    case 'assign':
      return {
        assignee_id: input.assigneeId ?? null,
        assigned_at: at,
        accepted_at: null,
        started_at: null,
      };
    case 'accept':
      return { accepted_at: at };
    case 'start':
      return { started_at: at };
    case 'complete':
      return {
        completed_at: at,
        cause: trimmed(input.cause),
        materials: trimmed(input.materials),
        resolution: trimmed(input.comment),
      };
    case 'delay':
      return { deferred_until: input.dueAt ?? null };
    case 'resume':
      return { deferred_until: null };
    case 'close':
      return { closed_at: at };
    case 'reopen':
      return { completed_at: null };
    case 'cancel':
      return { cancelled_at: at };
    default:
      return {};
  }
};

const departmentNameOf = async (
  tx: Transaction<DB>,
  companyId: number,
  departmentId: number,
  memo: BatchMemo | undefined,
): Promise<string | null> => {
  const known = memo?.departmentNames.get(departmentId);
  if (known !== undefined) return known;
  const name =
    (
      await tx
        .selectFrom('departments')
        .select('name')
        .where('company_id', '=', companyId)
        .where('id', '=', departmentId)
        .executeTakeFirst()
    )?.name ?? null;
  memo?.departmentNames.set(departmentId, name);
  return name;
};

type Assignee = NonNullable<Awaited<ReturnType<typeof assignableUser>>>;

/**
 * What a batch of one action reads once for all its orders instead of once per order: the tenant's deadline context,
 * the assignee and the team's name; and, for the orders of one transaction (`preloadBatch`), their locked rows, status
 * histories and fired levels — three queries for the chunk instead of three per order.
 */
export type BatchMemo = {
  ctx?: DeadlineContext;
  assignee?: Assignee;
  departmentNames: Map<number, string | null>;
  orders?: Map<number, { order: StoredOrder; history: StatusChange[]; fired: number[] }>;
  /** the chunk's events and to-dos, written together by `flushBatch` before its transaction commits */
  outbox?: { events: EventRow[]; todos: { userId: number; todo: TodoSeed }[] };
};
export const newBatchMemo = (): BatchMemo => ({ departmentNames: new Map() });

/** Locks the chunk's orders the actor can see and reads their histories, inside the transaction that acts on them. */
export const preloadBatch = async (
  tx: Transaction<DB>,
  memo: BatchMemo,
  companyId: number,
  v: Visibility,
  ids: readonly number[],
): Promise<void> => {
  const rows = await lockOrders(tx, companyId, v, ids);
  const seen = rows.map((o) => Number(o.id));
  const histories = await statusHistories(tx, companyId, seen);
  const fired = await firedLevelsOf(tx, companyId, seen);
  memo.outbox = { events: [], todos: [] };
  memo.orders = new Map(
    rows.map((o) => {
      const id = Number(o.id);
      return [id, { order: o, history: histories.get(id) ?? [], fired: fired.get(id) ?? [] }];
    }),
  );
};

/** Writes the chunk's events and to-dos (two statements for the chunk instead of two per order). */
export const flushBatch = async (tx: Transaction<DB>, memo: BatchMemo, companyId: number, at: Date): Promise<void> => {
  const outbox = memo.outbox;
  memo.outbox = undefined;
  if (!outbox) return;
  await appendEvents(tx, outbox.events);
  await insertTodoSet(tx, companyId, outbox.todos, at);
};

/** An order as `actOnWorkOrder` starts from: from the batch's preload when there is one (then used up). */
const startingPoint = async (tx: Transaction<DB>, companyId: number, v: Visibility, id: number, memo?: BatchMemo) => {
  if (memo?.orders) {
    const known = memo.orders.get(id);
    memo.orders.delete(id);
    return known;
  }
  const order = await lockOrder(tx, companyId, v, id);
  if (!order) return undefined;
  return { order, history: await statusHistory(tx, companyId, id), fired: await firedLevels(tx, companyId, id) };
};

/**
 * Applies one transition to an order the actor can see (`v`), inside `tx`: the machine decides (state, permission,
 * relation, input), an assignee must be the tenant's and able to work on orders; then the projection, the schedule,
 * the event, the assignee's to-do (assign, remind) and the source effects.
 */
export const actOnWorkOrder = async (
  tx: Transaction<DB>,
  actor: Actor,
  action: WorkOrderAction,
  id: number,
  input: ActionInput & { departmentId?: number | null },
  at: Date,
  v: Visibility = { kind: 'tenant' },
  memo?: BatchMemo,
): Promise<ActOutcome> => {
  const companyId = actor.companyId;
  const start = await startingPoint(tx, companyId, v, id, memo);
  if (!start) return { ok: false, refusal: 'notFound' };
  const o = start.order;
  const state = stateOf(o);
  const decision = decide(action, state, callerOf(actor), input, at);
  if (!decision.ok) {
    if (decision.refusal === 'input') return { ok: false, refusal: 'input', violations: decision.violations };
    return { ok: false, refusal: decision.refusal, status: state.status };
  }
  let assignee: Assignee | undefined;
  let departmentId = o.department_id === null ? null : Number(o.department_id);
  if (action === 'assign') {
    const assigneeId = input.assigneeId as number;
    assignee =
      memo?.assignee && Number(memo.assignee.id) === assigneeId
        ? memo.assignee
        : await assignableUser(tx, companyId, assigneeId);
    if (!assignee) return { ok: false, refusal: 'assignee' };
    if (memo) memo.assignee = assignee;
    if (input.departmentId) {
      if (!(await departmentExists(tx, companyId, input.departmentId))) throw badRequest('departmentId');
      departmentId = input.departmentId;
    } else departmentId = assignee.department_id === null ? departmentId : Number(assignee.department_id);
  }
  const to = decision.to.status;
  const extraPhotos = input.attachments ?? [];
  const history = [...start.history, { from: o.status, to, at: at.getTime() }];
  const ctx = memo?.ctx ?? (await loadDeadlineContext(tx, companyId));
  if (memo) memo.ctx = ctx;
  const schedule = scheduleOf(o, to, decision.to.accepted, history, start.fired, ctx, at);
  const departmentName =
    action === 'assign' && departmentId !== null ? await departmentNameOf(tx, companyId, departmentId, memo) : null;
  const updated = await tx
    .updateTable('work_orders')
    .set({
      ...columnsFor(action, input, at),
      ...(action === 'assign' ? { department_id: departmentId } : {}),
      status: to,
      ...(extraPhotos.length
        ? { attachments: sql`attachments || ${JSON.stringify(extraPhotos)}::jsonb` as unknown as string }
        : {}),
      ...scheduleColumns(schedule, to, o.resolve_due_at, at),
    })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const event = eventRow(
    actor,
    id,
    {
      action,
      from: o.status as WorkOrderStatus,
      to,
      comment: input.comment ?? null,
      attachments: extraPhotos,
      ...(assignee
        ? {
            assigneeId: Number(assignee.id),
            assigneeName: assignee.nickname || assignee.username,
            departmentName,
          }
        : {}),
      dueAt: action === 'delay' ? (input.dueAt ?? null) : null,
      cause: action === 'complete' ? (input.cause ?? null) : null,
      materials: action === 'complete' ? (input.materials ?? null) : null,
    },
    at,
  );
  if (memo?.outbox) memo.outbox.events.push(event);
  else await appendEvents(tx, [event]);
  if ((action === 'assign' || action === 'remind') && updated.assignee_id !== null) {
    const key = action === 'assign' ? 'workOrder.todo.assigned' : 'workOrder.todo.reminded';
    const todo = todoFor(
      updated,
      key,
      action === 'remind' ? { by: actor.username ?? '', comment: trimmed(input.comment) ?? '' } : {},
    );
    const userId = Number(updated.assignee_id);
    if (memo?.outbox) memo.outbox.todos.push({ userId, todo });
    else await createTodos(tx, companyId, [userId], todo, at);
  }
  await afterWorkOrderEvent(tx, effectOrder(updated), {
    action,
    toStatus: to,
    username: actor.username,
    cause: trimmed(input.cause),
    at,
  });
  const users = [o.assignee_id, updated.assignee_id].filter((u) => u !== null).map(Number);
  return { ok: true, id, code: updated.code, users: [...new Set(users)] };
};

/** The message of a refused action, in the request's language. */
export const refusalMessage = (
  outcome: Exclude<ActOutcome, { ok: true }>,
  action: WorkOrderAction,
  t: (key: MessageKey, params?: Record<string, string | number>) => string,
): string => {
  if (outcome.refusal === 'notFound') return t('errors.notFound');
  if (outcome.refusal === 'assignee') return t('workOrder.assignee.invalid');
  if (outcome.refusal === 'input') return t(outcome.violations[0]?.message ?? 'errors.invalidRequest');
  const params = {
    action: t(optionLabelKey('workOrder', 'action', action) as MessageKey),
    status: t(optionLabelKey('workOrder', 'status', outcome.status) as MessageKey),
  };
  return t(outcome.refusal === 'state' ? 'workOrder.refused.state' : 'workOrder.refused.forbidden', params);
};

/** After commit: the tenant's work-order rooms and bells poll at once (a hint carries no data). */
/**
 * Work orders changed: the queues poll now, and so do the own lists and bells of `users` when given (an assignment
 * wakes its assignee's rooms, not all 200 crew members'); without `users`, every room of the tenant.
 */
export const announceWorkOrders = (app: TypedApp, companyId: number, users?: readonly number[]): void => {
  app.changeHints.announce({ companyId, topic: TOPICS.workorders, users });
  app.changeHints.announce({ companyId, topic: TOPICS.notifications, users });
};

/** The editable fields of an order (save with an id), as the save body names them. */
export type OrderEdit = {
  title: string;
  type: WorkOrderType;
  priority?: WorkOrderPriority;
  description: string;
} & LinkInput;

/**
 * Edits an order's own fields (the machine's 'edit': open, not awaiting review) with one event naming what changed;
 * a new type or priority brings that pair's targets and clock.
 */
export const editWorkOrder = async (
  tx: Transaction<DB>,
  actor: Actor,
  id: number,
  edit: OrderEdit,
  at: Date,
  v: Visibility,
): Promise<ActOutcome> => {
  const companyId = actor.companyId;
  const o = await lockOrder(tx, companyId, v, id);
  if (!o) return { ok: false, refusal: 'notFound' };
  const state = stateOf(o);
  const decision = decide('edit', state, callerOf(actor), {}, at);
  if (!decision.ok)
    return decision.refusal === 'input'
      ? { ok: false, refusal: 'input', violations: decision.violations }
      : { ok: false, refusal: decision.refusal, status: state.status };
  // a field the edit leaves out keeps its stored value (null clears it): a form that does not show the position or
  // the district must not drop those of a leak or map order
  const kept = <T>(sent: T | undefined, stored: T) => (sent === undefined ? stored : sent);
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  const links = await resolveLinks(tx, companyId, {
    meterId: kept(edit.meterId, num(o.meter_id)),
    residentId: kept(edit.residentId, num(o.resident_id)),
    areaId: kept(edit.areaId, num(o.area_id)),
    districtId: kept(edit.districtId, num(o.district_id)),
    address: kept(edit.address, o.address),
    lng: kept(edit.lng, num(o.lng)),
    lat: kept(edit.lat, num(o.lat)),
    contactName: kept(edit.contactName, o.contact_name),
    contactPhone: kept(edit.contactPhone, o.contact_phone),
  });
  const ctx = await loadDeadlineContext(tx, companyId);
  const priority = edit.priority ?? (o.priority as WorkOrderPriority);
  const next = {
    title: edit.title.trim(),
    type: edit.type,
    priority,
    description: edit.description.trim(),
    ...linkColumns(links),
  };
  const before = o as unknown as Record<string, unknown>;
  const changed = Object.entries(next).filter(([k, value]) => String(before[k] ?? '') !== String(value ?? ''));
  if (changed.length === 0) return { ok: true, id, code: o.code, users: [] };
  const retarget = next.type !== o.type || next.priority !== o.priority;
  const target = ctx.settings.targets[next.type][priority];
  const clock = clockOf(ctx.settings, priority);
  const basis: StoredOrder = retarget
    ? { ...o, response_target_minutes: target.responseMinutes, resolve_target_minutes: target.resolveMinutes, clock }
    : o;
  const history = await statusHistory(tx, companyId, id);
  const schedule = scheduleOf(
    basis,
    o.status as WorkOrderStatus,
    o.accepted_at !== null,
    history,
    await firedLevels(tx, companyId, id),
    ctx,
    at,
  );
  await tx
    .updateTable('work_orders')
    .set({
      ...next,
      ...(retarget
        ? { response_target_minutes: target.responseMinutes, resolve_target_minutes: target.resolveMinutes, clock }
        : {}),
      ...scheduleColumns(schedule, o.status as WorkOrderStatus, o.resolve_due_at, at),
    })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
  const label = (column: string) =>
    translate(
      fieldLabelKey(
        'workOrder',
        column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
      ) as MessageKey,
      'zh-CN',
    );
  const comment = changed.map(([k]) => label(k)).join('、');
  await appendEvent(
    tx,
    actor,
    id,
    { action: 'edit', from: o.status as WorkOrderStatus, to: o.status as WorkOrderStatus, comment },
    at,
  );
  return { ok: true, id, code: o.code, users: o.assignee_id === null ? [] : [Number(o.assignee_id)] };
};

/** Due times and next escalation of every open order of a tenant again (the calendar changed). Returns how many moved. */
export const recomputeOpenOrders = async (tx: Transaction<DB>, companyId: number, at: Date): Promise<number> => {
  const ctx = await loadDeadlineContext(tx, companyId);
  const orders = await tx
    .selectFrom('work_orders')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('status', 'in', ['pending', 'processing', 'deferred', 'completed'])
    .forUpdate()
    .execute();
  let moved = 0;
  // a thousand at a time: each chunk's histories in two queries, within the statement's parameter limit
  for (let from = 0; from < orders.length; from += 1000) {
    const chunk = orders.slice(from, from + 1000);
    const ids = chunk.map((o) => Number(o.id));
    const histories = await statusHistories(tx, companyId, ids);
    const fired = await firedLevelsOf(tx, companyId, ids);
    for (const o of chunk)
      if (await rescheduleOrder(tx, o, histories.get(Number(o.id)) ?? [], fired.get(Number(o.id)) ?? [], ctx, at))
        moved++;
  }
  return moved;
};

/** Writes an open order's due times and next escalation again; false when they did not move. */
const rescheduleOrder = async (
  tx: Transaction<DB>,
  o: StoredOrder,
  history: StatusChange[],
  fired: number[],
  ctx: DeadlineContext,
  at: Date,
): Promise<boolean> => {
  const schedule = scheduleOf(o, o.status as WorkOrderStatus, o.accepted_at !== null, history, fired, ctx, at);
  const columns = scheduleColumns(schedule, o.status as WorkOrderStatus, o.resolve_due_at, at);
  const same = (a: Date | string | null, b: Date | string | null) =>
    (a === null ? null : new Date(a).getTime()) === (b === null ? null : new Date(b).getTime());
  if (
    same(o.response_due_at, columns.response_due_at) &&
    same(o.resolve_due_at, columns.resolve_due_at) &&
    same(o.next_escalation_at, columns.next_escalation_at)
  )
    return false;
  await tx
    .updateTable('work_orders')
    .set(columns)
    .where('company_id', '=', o.company_id)
    .where('id', '=', o.id)
    .execute();
  return true;
};

/** A violation's 400 (the field and the shared rule's message). */
export const violationError = (v: RuleViolation): AppError => new AppError(400, v.message, v.field);

/**
 * Parameter config rows of these groups were written (the 参数配置 page: save, enable, delete): when one is a deadline
 * group, the open orders' due times move as the settings page's save moves them. Returns how many moved.
 */
export const afterParamChange = async (
  tx: Transaction<DB>,
  companyId: number,
  groups: readonly string[],
  at: Date,
): Promise<number> =>
  groups.some((g) => (DEADLINE_PARAM_GROUPS as readonly string[]).includes(g))
    ? recomputeOpenOrders(tx, companyId, at)
    : 0;
