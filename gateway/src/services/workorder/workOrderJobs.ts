// The work orders' scheduled work (registered in jobs/jobs.ts): the escalation ladder — every level that is due fires
// exactly once (the escalations table's key), also levels that fell due while the server was down — and deferrals
// whose time ran out resume on their own. Each returns the tenants whose orders changed, for the live hints.
import { PERMISSIONS } from '@waterops/shared/auth';
import { type EscalationLevel, escalationsDue, type WorkOrderStatus } from '@waterops/shared/workorder';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { createTodos } from '../notice/createTodos.ts';
import { type DeadlineContext, loadDeadlineContext } from './deadlineSettings.ts';
import { appendEvent, deadlineInputOf, scheduleColumns, scheduleOf, systemActor, todoFor } from './workOrderHistory.ts';
import {
  administrators,
  type Db,
  firedLevels,
  usersWithPermission as holdersOf,
  lockOrder,
  recordEscalation,
  type StoredOrder,
  statusHistory,
} from './workOrderRepository.ts';

/** What one tick reads once per tenant, not once per order: the deadline context and who holds a permission. */
type TickMemo = { ctx: Map<number, DeadlineContext>; holders: Map<string, number[]> };

/** Who a level of the ladder tells (nobody of an audience: the administrators instead, so it is never lost). */
const audienceOf = async (tx: Db, o: StoredOrder, level: EscalationLevel, memo: TickMemo): Promise<number[]> => {
  const companyId = Number(o.company_id);
  const usersWithPermission = async (code: string) => {
    const key = `${companyId}:${code}`;
    const known = memo.holders.get(key) ?? (await holdersOf(tx, companyId, code));
    memo.holders.set(key, known);
    return known;
  };
  const users = new Set<number>();
  for (const a of level.notify) {
    if (a === 'assignee' && o.assignee_id !== null) users.add(Number(o.assignee_id));
    if (a === 'dispatchers') for (const u of await usersWithPermission(PERMISSIONS.workOrderAssign)) users.add(u);
    if (a === 'managers') for (const u of await usersWithPermission(PERMISSIONS.workOrderClose)) users.add(u);
  }
  if (users.size === 0) for (const u of await administrators(tx, companyId)) users.add(u);
  return [...users];
};

/** The orders whose next escalation is due at `now` (the job's work list across tenants), oldest first. */
const dueForEscalation = (db: Db, now: Date, limit: number) =>
  db
    .selectFrom('work_orders')
    .select(['company_id', 'id'])
    .where('next_escalation_at', '<=', now)
    .orderBy('next_escalation_at')
    .limit(limit)
    .execute();

/**
 * Fires every level of the ladder that is due at `now` and has not fired — also those that fell due while the
 * server was down, each exactly once (the escalations table's key) — with an event and to-dos; then schedules the
 * next. Returns the tenants whose orders changed.
 */
export const runEscalations = async (db: Kysely<DB>, now: Date, batch = 200): Promise<Set<number>> => {
  const changed = new Set<number>();
  const memo: TickMemo = { ctx: new Map(), holders: new Map() };
  for (const { company_id, id } of await dueForEscalation(db, now, batch)) {
    const companyId = Number(company_id);
    await db.transaction().execute(async (tx) => {
      const o = await lockOrder(tx, companyId, { kind: 'tenant' }, Number(id));
      if (!o || o.next_escalation_at === null || new Date(o.next_escalation_at).getTime() > now.getTime()) return;
      const ctx = memo.ctx.get(companyId) ?? (await loadDeadlineContext(tx, companyId));
      memo.ctx.set(companyId, ctx);
      const history = await statusHistory(tx, companyId, Number(id));
      const fired = await firedLevels(tx, companyId, Number(id));
      const input = deadlineInputOf(o, history);
      const status = o.status as WorkOrderStatus;
      const { due } = escalationsDue(
        ctx.settings.escalation,
        input,
        { status, accepted: o.accepted_at !== null, fired },
        ctx.calendar,
        now,
      );
      const actor = systemActor(companyId);
      let level = Number(o.escalation_level);
      for (const l of due) {
        if (!(await recordEscalation(tx, companyId, Number(id), l.level, now))) continue;
        fired.push(l.level);
        level = Math.max(level, l.level);
        await appendEvent(
          tx,
          actor,
          Number(id),
          { action: 'escalated', from: status, to: status, level: l.level },
          now,
        );
        const key = l.basis === 'response' ? 'workOrder.todo.escalatedResponse' : 'workOrder.todo.escalatedResolve';
        await createTodos(
          tx,
          companyId,
          await audienceOf(tx, o, l, memo),
          todoFor(o, key, { level: l.level, percent: l.percent }),
          now,
        );
      }
      const next = escalationsDue(
        ctx.settings.escalation,
        input,
        { status, accepted: o.accepted_at !== null, fired },
        ctx.calendar,
        now,
      ).nextAt;
      await tx
        .updateTable('work_orders')
        .set({
          escalation_level: level,
          next_escalation_at: next,
          change_seq: sql`nextval('work_order_change_seq')`,
          updated_at: now,
        })
        .where('company_id', '=', companyId)
        .where('id', '=', Number(id))
        .execute();
      changed.add(companyId);
    });
  }
  return changed;
};

/** Resumes every deferral that ran out at `now` (the system's event); returns the tenants whose orders changed. */
export const resumeExpiredDeferrals = async (db: Kysely<DB>, now: Date, batch = 200): Promise<Set<number>> => {
  const changed = new Set<number>();
  const expired = await db
    .selectFrom('work_orders')
    .select(['company_id', 'id'])
    .where('status', '=', 'deferred')
    .where('deferred_until', '<=', now)
    .orderBy('deferred_until')
    .limit(batch)
    .execute();
  for (const { company_id, id } of expired) {
    const companyId = Number(company_id);
    await db.transaction().execute(async (tx) => {
      const o = await lockOrder(tx, companyId, { kind: 'tenant' }, Number(id));
      if (o?.status !== 'deferred' || o.deferred_until === null || new Date(o.deferred_until) > now) return;
      const accepted = o.accepted_at !== null;
      const to: WorkOrderStatus = accepted ? 'processing' : 'pending';
      const history = [...(await statusHistory(tx, companyId, Number(id))), { from: o.status, to, at: now.getTime() }];
      const ctx = await loadDeadlineContext(tx, companyId);
      const schedule = scheduleOf(o, to, accepted, history, await firedLevels(tx, companyId, Number(id)), ctx, now);
      await tx
        .updateTable('work_orders')
        .set({
          status: to,
          deferred_until: null,
          ...scheduleColumns(schedule, to, o.resolve_due_at, now),
        })
        .where('company_id', '=', companyId)
        .where('id', '=', Number(id))
        .execute();
      await appendEvent(tx, systemActor(companyId), Number(id), { action: 'autoResumed', from: 'deferred', to }, now);
      changed.add(companyId);
    });
  }
  return changed;
};
