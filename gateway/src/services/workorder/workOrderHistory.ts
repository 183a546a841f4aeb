// An order's history and what follows from it (issue 15): the one way events are appended, the due times and next
// escalation computed from the status history by the shared deadline function, the to-dos an order leaves in the
// bell (readable in either language), and the order as the source effects see it.

import { PERMISSIONS } from '@waterops/shared/auth';
import { optionLabelKey } from '@waterops/shared/fields';
import { type Locale, type MessageKey, translate } from '@waterops/shared/i18n';
import {
  type DeadlineInput,
  dueTimes,
  escalationsDue,
  isOpenStatus,
  pausesFromHistory,
  type WorkOrderEventAction,
  type WorkOrderStatus,
} from '@waterops/shared/workorder';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import type { DeadlineContext } from './deadlineSettings.ts';
import { trimmed } from './workOrderLinks.ts';
import { lockOrder, type StoredOrder } from './workOrderRepository.ts';

/** Who acts: a user (with their permissions), or the system (userId null: jobs). */
export type Actor = {
  companyId: number;
  userId: number | null;
  username: string | null;
  permissions: readonly string[];
};

/** The system as an actor (jobs): holds every permission, relates to no order. */
export const systemActor = (companyId: number): Actor => ({
  companyId,
  userId: null,
  username: null,
  permissions: [PERMISSIONS.admin],
});

/** The deadline input of a stored order with its status history. */
export const deadlineInputOf = (o: StoredOrder, history: { to: string; at: number }[]): DeadlineInput => ({
  createdAt: new Date(o.created_at).toISOString(),
  target: { responseMinutes: o.response_target_minutes, resolveMinutes: o.resolve_target_minutes },
  clock: o.clock === 'working' ? 'working' : 'hours24',
  pauses: pausesFromHistory(history),
});

/** The order's due times and next escalation as things stand (its history and fired levels given). */
export const scheduleOf = (
  o: StoredOrder,
  status: WorkOrderStatus,
  accepted: boolean,
  history: { to: string; at: number }[],
  fired: number[],
  ctx: DeadlineContext,
  now: Date,
) => {
  const input = deadlineInputOf(o, history);
  const dues = dueTimes(input, ctx.calendar);
  const { due, nextAt } = escalationsDue(
    ctx.settings.escalation,
    input,
    { status, accepted, fired },
    ctx.calendar,
    now,
  );
  return {
    dues,
    due,
    next: isOpenStatus(status) ? (due.length ? now.toISOString() : nextAt) : null,
  };
};

/**
 * A schedule as the order's columns, with its next change number: a deferred order keeps the resolution due time it
 * had (`keptResolveDue`; the deferral set it).
 */
export const scheduleColumns = (
  schedule: ReturnType<typeof scheduleOf>,
  status: WorkOrderStatus,
  keptResolveDue: StoredOrder['resolve_due_at'],
  at: Date,
) => ({
  response_due_at: schedule.dues.responseDueAt,
  resolve_due_at: status === 'deferred' ? keptResolveDue : schedule.dues.resolveDueAt,
  next_escalation_at: schedule.next,
  change_seq: sql<string>`nextval('work_order_change_seq')`,
  updated_at: at,
});

/** One appended event (the only way an order's history grows). */
export type NewEvent = {
  action: WorkOrderEventAction;
  from: WorkOrderStatus | null;
  to: WorkOrderStatus;
  comment?: string | null;
  attachments?: readonly string[];
  assigneeId?: number | null;
  assigneeName?: string | null;
  departmentName?: string | null;
  dueAt?: string | null;
  cause?: string | null;
  materials?: string | null;
  level?: number | null;
};

/** The stored row of an event. */
export const eventRow = (actor: Actor, orderId: number, e: NewEvent, at: Date) => ({
  company_id: actor.companyId,
  order_id: orderId,
  action: e.action,
  from_status: e.from,
  to_status: e.to,
  user_id: actor.userId,
  username: actor.username,
  at,
  comment: trimmed(e.comment),
  attachments: JSON.stringify(e.attachments ?? []),
  assignee_id: e.assigneeId ?? null,
  assignee_name: e.assigneeName ?? null,
  department_name: e.departmentName ?? null,
  due_at: e.dueAt ?? null,
  cause: trimmed(e.cause),
  materials: trimmed(e.materials),
  level: e.level ?? null,
});
export type EventRow = ReturnType<typeof eventRow>;

/** Appends events (the only way an order's history grows), in one statement. */
export const appendEvents = async (tx: Transaction<DB>, rows: readonly EventRow[]) => {
  if (rows.length)
    await tx
      .insertInto('work_order_events')
      .values([...rows])
      .execute();
};

export const appendEvent = (tx: Transaction<DB>, actor: Actor, orderId: number, e: NewEvent, at: Date) =>
  appendEvents(tx, [eventRow(actor, orderId, e, at)]);

export const effectOrder = (o: StoredOrder) => ({
  companyId: Number(o.company_id),
  id: Number(o.id),
  code: o.code,
  source: o.source,
  alarmId: o.alarm_id === null ? null : Number(o.alarm_id),
  leakEventId: o.leak_event_id === null ? null : Number(o.leak_event_id),
  complaintId: o.complaint_id === null ? null : Number(o.complaint_id),
});

export const reload = async (tx: Transaction<DB>, companyId: number, id: number): Promise<StoredOrder> => {
  const o = await lockOrder(tx, companyId, { kind: 'tenant' }, id);
  if (!o) throw new Error(`work order ${id} vanished`);
  return o;
};

const labelIn = (locale: Locale, key: string) => translate(key as MessageKey, locale);

/** A to-do for the order's assignee (assignment, reminder) or the ladder's audience, readable in either language. */
export const todoFor = (
  o: StoredOrder,
  key:
    | 'workOrder.todo.assigned'
    | 'workOrder.todo.reminded'
    | 'workOrder.todo.escalatedResponse'
    | 'workOrder.todo.escalatedResolve',
  extra: Record<string, string | number> = {},
) => {
  const params: Record<string, string | number> = {
    code: o.code,
    title: o.title,
    typeKey: optionLabelKey('workOrder', 'type', o.type),
    priorityKey: optionLabelKey('workOrder', 'priority', o.priority),
    due: o.resolve_due_at ? new Date(o.resolve_due_at).toISOString() : '',
    ...extra,
  };
  const zh = (k: string) => {
    const local: Record<string, string | number> = { ...params };
    for (const [name, v] of Object.entries(params))
      if (name.endsWith('Key') && typeof v === 'string') local[name.slice(0, -3)] = labelIn('zh-CN', v);
    return translate(k as MessageKey, 'zh-CN', local);
  };
  return { title: zh(key), content: zh(`${key}Content`), param: o.code, messageKey: key as MessageKey, params };
};
