// SQL of work orders: the order as every answer shows it (its links' codes and names joined, a leak order's loss
// from its event), the caller's visible set (tenant, data scope, or a crew member's own), the list with its filters,
// the live feed, events, and the writes the service makes — each change of an order together with its event and a
// new change_seq.

import type { DataScope } from '@waterops/shared/place';
import type { WorkOrder, WorkOrderEvent, WorkOrderListQuery } from '@waterops/shared/workorder';
import {
  OPEN_STATUSES,
  overdueCutoff,
  WorkOrderEvent as WorkOrderEventSchema,
  WorkOrder as WorkOrderSchema,
} from '@waterops/shared/workorder';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import { rowOf } from '../../db/rowOf.ts';
import type { DB } from '../../db/tables.ts';
import { inAreasOfRegions } from '../resource/resourceScope.ts';

export type Db = Kysely<DB> | Transaction<DB>;

/** Whose orders a caller sees: everything in the tenant, those in a data scope, or only their own (field crew). */
export type Visibility =
  | { kind: 'tenant' }
  | { kind: 'scope'; scope: DataScope; userId: number }
  | { kind: 'own'; userId: number };

const toOrder = rowOf<WorkOrder>(WorkOrderSchema);
const toEvent = rowOf<WorkOrderEvent>(WorkOrderEventSchema);

// biome-ignore lint/suspicious/noExplicitAny: the select below is aliased to the schema's names; rowOf reads it
type AnyEb = ExpressionBuilder<any, any>;

/** The orders of a tenant as alias `t`, each with everything the WorkOrder schema shows. */
const ordersOf = (db: Db, companyId: number) =>
  db
    .selectFrom('work_orders as t')
    .leftJoin('water_meters as m', (j) => j.onRef('m.company_id', '=', 't.company_id').onRef('m.id', '=', 't.meter_id'))
    .leftJoin('residents as r', (j) => j.onRef('r.company_id', '=', 't.company_id').onRef('r.id', '=', 't.resident_id'))
    .leftJoin('areas as ar', (j) => j.onRef('ar.company_id', '=', 't.company_id').onRef('ar.id', '=', 't.area_id'))
    .leftJoin('districts as d', (j) => j.onRef('d.company_id', '=', 't.company_id').onRef('d.id', '=', 't.district_id'))
    .leftJoin('departments as dep', (j) =>
      j.onRef('dep.company_id', '=', 't.company_id').onRef('dep.id', '=', 't.department_id'),
    )
    .leftJoin('users as u', (j) => j.onRef('u.company_id', '=', 't.company_id').onRef('u.id', '=', 't.assignee_id'))
    .leftJoin('complaints as c', (j) =>
      j.onRef('c.company_id', '=', 't.company_id').onRef('c.id', '=', 't.complaint_id'),
    )
    .leftJoin('district_leak_events as le', (j) =>
      j.onRef('le.company_id', '=', 't.company_id').onRef('le.id', '=', 't.leak_event_id'),
    )
    .where('t.company_id', '=', companyId)
    .select([
      't.id',
      't.code',
      't.title',
      't.type',
      't.priority',
      't.status',
      't.source',
      't.source_key',
      't.description',
      't.address',
      't.lng',
      't.lat',
      't.contact_name',
      't.contact_phone',
      't.meter_id',
      'm.meter_code as meter_code',
      't.resident_id',
      'r.resident_code as resident_code',
      'r.resident_name as resident_name',
      't.area_id',
      'ar.area_name as area_name',
      't.district_id',
      'd.district_name as district_name',
      't.alarm_id',
      't.leak_event_id',
      't.complaint_id',
      'c.complaint_no as complaint_no',
      't.department_id',
      'dep.name as department_name',
      't.assignee_id',
      sql<string | null>`coalesce(nullif(u.nickname, ''), u.username)`.as('assignee_name'),
      't.creator_name',
      't.created_at',
      't.assigned_at',
      't.accepted_at',
      't.started_at',
      't.completed_at',
      't.closed_at',
      't.deferred_until',
      't.response_due_at',
      't.resolve_due_at',
      't.resolve_target_minutes',
      't.escalation_level',
      't.cause',
      't.materials',
      't.resolution',
      'le.volume as lost_volume_m3',
      sql<number | null>`le.magnitude * 24`.as('loss_per_day_m3'),
      't.updated_at',
    ]);

/** The visibility's condition on alias `t`. */
const visible =
  (v: Visibility) =>
  (eb: AnyEb): Expression<SqlBool> => {
    if (v.kind === 'tenant') return sql<SqlBool>`true`;
    if (v.kind === 'own') return eb('t.assignee_id', '=', v.userId);
    const areaIds = [...new Set(v.scope.areaIds)];
    const regionIds = [...new Set(v.scope.regionIds)];
    const inScope: Expression<SqlBool>[] = [eb('t.assignee_id', '=', v.userId), eb('t.creator_id', '=', v.userId)];
    if (areaIds.length) {
      inScope.push(eb('t.area_id', 'in', areaIds));
      // an order placed only by its district (a leak, a point on the map): the district has a member area in scope
      inScope.push(
        eb.and([
          eb('t.area_id', 'is', null),
          eb(
            't.district_id',
            'in',
            eb
              .selectFrom('district_areas as da')
              .select('da.district_id')
              .whereRef('da.company_id', '=', 't.company_id')
              .where('da.area_id', 'in', areaIds),
          ),
        ]),
      );
    }
    if (regionIds.length) inScope.push(inAreasOfRegions(eb, 't.area_id', regionIds));
    return eb.or(inScope);
  };

/** The tenant's orders the visibility allows, as alias `t`, nothing selected yet (statistics build on it). */
export const visibleOrders = (db: Db, companyId: number, v: Visibility) =>
  db.selectFrom('work_orders as t').where('t.company_id', '=', companyId).where(visible(v));

const likeContains = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const open = sql.raw(`(${OPEN_STATUSES.map((s) => `'${s}'`).join(', ')})`);

/**
 * What the list's keyword is looked for in: code, title, address, contact name and phone as one text (joined by the
 * unit separator, which nobody types), so one trigram index serves the whole `contains` (migration 0019 builds it
 * on this very expression where pg_trgm is available: keep the two identical).
 */
const KEYWORD_TEXT = sql`(t.code || chr(31) || t.title || chr(31) || coalesce(t.address, '') || chr(31)
  || coalesce(t.contact_name, '') || chr(31) || coalesce(t.contact_phone, ''))`;

/** The list filters' condition on alias `t` (the deadline classes by the shared cutoffs at `now`). */
const filtersOf =
  (companyId: number, q: WorkOrderListQuery, now: Date) =>
  (eb: AnyEb): Expression<SqlBool> => {
    const c: Expression<SqlBool>[] = [];
    if (q.status) c.push(eb('t.status', '=', q.status));
    if (q.open) c.push(sql<SqlBool>`t.status in ${open}`);
    for (const [field, column] of [
      ['type', 't.type'],
      ['priority', 't.priority'],
      ['source', 't.source'],
      ['departmentId', 't.department_id'],
      ['assigneeId', 't.assignee_id'],
      ['areaId', 't.area_id'],
      ['districtId', 't.district_id'],
      ['meterId', 't.meter_id'],
      ['residentId', 't.resident_id'],
      ['alarmId', 't.alarm_id'],
      ['leakEventId', 't.leak_event_id'],
      ['complaintId', 't.complaint_id'],
    ] as const) {
      const value = q[field];
      if (value !== undefined) c.push(eb(column, '=', value));
    }
    const code = q.code?.trim();
    if (code) c.push(eb('t.code', 'ilike', likeContains(code)));
    const keyword = q.keyword?.trim();
    if (keyword) {
      const like = likeContains(keyword);
      c.push(
        eb.or([
          sql<SqlBool>`${KEYWORD_TEXT} ilike ${like}`,
          // the orders of the meters whose body code contains it (a set read once, not a join per order)
          sql<SqlBool>`t.meter_id = any(array(select km.id from water_meters km
            where km.company_id = ${companyId} and km.meter_code ilike ${like}))`,
        ]),
      );
    }
    if (q.startTime) c.push(eb('t.created_at', '>=', new Date(q.startTime)));
    if (q.endTime) c.push(eb('t.created_at', '<=', new Date(q.endTime)));
    if (q.deadline) c.push(deadlineCondition(eb, q.deadline, now));
    return eb.and(c);
  };

/** Orders in a deadline class at `now` (deadlineState's classes, bounded by the same cutoffs). */
const deadlineCondition = (
  eb: AnyEb,
  cls: NonNullable<WorkOrderListQuery['deadline']>,
  now: Date,
): Expression<SqlBool> => {
  const running = sql<SqlBool>`t.status in ('pending', 'processing') and t.resolve_due_at is not null`;
  const due = (from: Date | null, to: Date | null) =>
    eb.and([
      running,
      ...(from ? [eb('t.resolve_due_at', '>', from)] : []),
      ...(to ? [eb('t.resolve_due_at', '<=', to)] : []),
    ]);
  if (cls === 'done') return sql<SqlBool>`t.status in ('completed', 'closed', 'cancelled')`;
  if (cls === 'paused') return eb('t.status', '=', 'deferred');
  if (cls === 'over72') return due(null, overdueCutoff(72, now));
  if (cls === 'over48') return due(overdueCutoff(72, now), overdueCutoff(48, now));
  if (cls === 'over24') return due(overdueCutoff(48, now), overdueCutoff(24, now));
  if (cls === 'overdue') return due(overdueCutoff(24, now), now);
  // due soon: within the shared window (a quarter of the target when that is shorter: checked per row)
  const soon = sql<SqlBool>`t.resolve_due_at > ${now.toISOString()}::timestamptz
    and t.resolve_due_at <= ${now.toISOString()}::timestamptz
      + least(interval '2 hours', t.resolve_target_minutes * interval '15 seconds')`;
  if (cls === 'dueSoon') return eb.and([running, soon]);
  // on time: running, not late, not due soon (or no due time)
  return eb.and([
    sql<SqlBool>`t.status in ('pending', 'processing')`,
    eb.or([
      eb('t.resolve_due_at', 'is', null),
      sql<SqlBool>`t.resolve_due_at > ${now.toISOString()}::timestamptz + least(interval '2 hours', t.resolve_target_minutes * interval '15 seconds')`,
    ]),
  ]);
};

const SORTS = {
  code: sql`t.code`,
  priority: sql`case t.priority when 'urgent' then 0 when 'high' then 1 when 'normal' then 2 else 3 end`,
  createdAt: sql`t.created_at`,
  resolveDueAt: sql`t.resolve_due_at`,
} as const;

/**
 * The list's order. Only the due time can be null, so only it says where nulls go: `nulls last` on a NOT NULL column
 * changes nothing in the answer but stops PostgreSQL from reading an index backwards for it (`created_at desc` is
 * `desc nulls first` to the planner), and every page then sorted the whole visible set (tests/bench/workOrders.ts).
 */
const orderOf = (q: WorkOrderListQuery) => {
  const direction = q.order === 'asc' ? sql`asc` : sql`desc`;
  const sort = q.sort ?? 'createdAt';
  return sort === 'resolveDueAt' ? sql`${SORTS[sort]} ${direction} nulls last` : sql`${SORTS[sort]} ${direction}`;
};

/** One page of the visible orders matching the filters, and their number. */
export const listWorkOrders = async (
  db: Db,
  companyId: number,
  v: Visibility,
  q: WorkOrderListQuery,
  now: Date,
): Promise<{ rows: WorkOrder[]; count: number }> => {
  const limit = q.limit ?? 50;
  const offset = ((q.page ?? 1) - 1) * limit;
  const base = ordersOf(db, companyId)
    .where(visible(v))
    .where(filtersOf(companyId, q, now));
  const [rows, total] = await Promise.all([
    base.orderBy(orderOf(q)).orderBy('t.id', 'desc').limit(limit).offset(offset).execute(),
    base.clearSelect().select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
  ]);
  return { rows: rows.map((r) => toOrder(r)), count: Number(total?.n ?? 0) };
};

/** Every visible order matching the filters (the export), in the list's order, at most `max`. */
export const exportWorkOrders = async (
  db: Db,
  companyId: number,
  v: Visibility,
  q: WorkOrderListQuery,
  now: Date,
  max: number,
) =>
  (
    await ordersOf(db, companyId)
      .where(visible(v))
      .where(filtersOf(companyId, q, now))
      .orderBy(orderOf(q))
      .orderBy('t.id', 'desc')
      .limit(max)
      .execute()
  ).map((r) => toOrder(r));

/** One visible order by id or code. */
export const findWorkOrder = async (
  db: Db,
  companyId: number,
  v: Visibility,
  by: { id: number } | { code: string },
): Promise<WorkOrder | undefined> => {
  const q = ordersOf(db, companyId).where(visible(v));
  const r = await ('id' in by ? q.where('t.id', '=', by.id) : q.where('t.code', '=', by.code)).executeTakeFirst();
  return r ? toOrder(r) : undefined;
};

/** The codes of the visible orders among `ids` (a batch's answer names what it could not act on). */
export const codesOf = async (db: Db, companyId: number, v: Visibility, ids: readonly number[]) =>
  new Map(
    ids.length === 0
      ? []
      : (
          await visibleOrders(db, companyId, v)
            .select(['t.id', 't.code'])
            .where('t.id', 'in', [...ids])
            .execute()
        ).map((r) => [Number(r.id), r.code] as const),
  );

/** The tenant's latest change_seq: the feed's cursor. */
export const latestChange = async (db: Db, companyId: number): Promise<number> => {
  const r = await db
    .selectFrom('work_orders')
    .select(sql<number | null>`max(change_seq)`.as('seq'))
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(r?.seq ?? 0);
};

/** A feed answer larger than this is sent as a reset (the open set) instead. */
export const FEED_MAX_CHANGES = 2000;

/**
 * The visible orders changed after `since` (open or not: a client drops those no longer open), or every open one
 * with reset when the cursor is missing, unknown or too far behind. One snapshot for items and cursor.
 */
export const workOrderFeed = (
  db: Kysely<DB>,
  companyId: number,
  v: Visibility,
  since: string | undefined,
): Promise<{ items: WorkOrder[]; cursor: string; reset: boolean }> =>
  db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (tx) => {
      const head = await latestChange(tx, companyId);
      const sinceSeq = since !== undefined && /^\d{1,18}$/.test(since) ? Number(since) : null;
      if (sinceSeq !== null && sinceSeq <= head) {
        const rows = await ordersOf(tx, companyId)
          .where(visible(v))
          .where('t.change_seq', '>', sinceSeq)
          .orderBy('t.change_seq')
          .limit(FEED_MAX_CHANGES + 1)
          .execute();
        if (rows.length <= FEED_MAX_CHANGES)
          return { items: rows.map((r) => toOrder(r)), cursor: String(head), reset: false };
      }
      const rows = await ordersOf(tx, companyId)
        .where(visible(v))
        .where(sql<SqlBool>`t.status in ${open}`)
        .orderBy('t.id')
        .execute();
      return { items: rows.map((r) => toOrder(r)), cursor: String(head), reset: true };
    });

/** An order's timeline, oldest first. */
export const workOrderEvents = async (db: Db, companyId: number, orderId: number): Promise<WorkOrderEvent[]> =>
  (
    await db
      .selectFrom('work_order_events')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute()
  ).map((r) => toEvent(r as unknown as Record<string, unknown>));

export type StatusChange = { from: string | null; to: string; at: number };

/** The status changes of each of `orderIds`, oldest first (what their pauses are computed from), in one query. */
export const statusHistories = async (
  db: Db,
  companyId: number,
  orderIds: readonly number[],
): Promise<Map<number, StatusChange[]>> => {
  const byOrder = new Map<number, StatusChange[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('work_order_events')
    .select(['order_id', 'from_status', 'to_status', 'at'])
    .where('company_id', '=', companyId)
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('id')
    .execute();
  for (const e of rows)
    byOrder.get(Number(e.order_id))?.push({ from: e.from_status, to: e.to_status, at: new Date(e.at).getTime() });
  return byOrder;
};

/** The status changes of one order, oldest first. */
export const statusHistory = async (db: Db, companyId: number, orderId: number): Promise<StatusChange[]> =>
  (await statusHistories(db, companyId, [orderId])).get(orderId) ?? [];

/** The stored row of an order, locked for the change being made (undefined: not the tenant's or not visible). */
export const lockOrder = async (tx: Transaction<DB>, companyId: number, v: Visibility, id: number) =>
  (await lockOrders(tx, companyId, v, [id]))[0];

/** The stored rows of those of `ids` the caller can see, locked in id order (two batches never deadlock). */
export const lockOrders = async (tx: Transaction<DB>, companyId: number, v: Visibility, ids: readonly number[]) =>
  ids.length === 0
    ? []
    : tx
        .selectFrom('work_orders as t')
        .selectAll('t')
        .where('t.company_id', '=', companyId)
        .where('t.id', 'in', ids)
        .where(visible(v))
        .orderBy('t.id')
        .forUpdate()
        .execute();

export type StoredOrder = Awaited<ReturnType<typeof lockOrders>>[number];

/** The open order of a source, if any. */
export const openOrderOfSource = async (db: Db, companyId: number, sourceKey: string) =>
  db
    .selectFrom('work_orders')
    .select(['id', 'code'])
    .where('company_id', '=', companyId)
    .where('source_key', '=', sourceKey)
    .where(sql<SqlBool>`status in ${open}`)
    .executeTakeFirst();

/** The order a create with this idempotency key made, if any. */
export const orderOfRequest = async (db: Db, companyId: number, requestKey: string) =>
  db
    .selectFrom('work_orders')
    .select(['id', 'code'])
    .where('company_id', '=', companyId)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();

/** Serializes creates of one source (or one request key) across transactions and instances. */
export const lockKey = async (tx: Transaction<DB>, companyId: number, key: string) => {
  await sql`select pg_advisory_xact_lock(hashtext(${`wo:${companyId}:${key}`}))`.execute(tx);
};

/** The escalation levels already fired for each of `orderIds`, in one query. */
export const firedLevelsOf = async (
  db: Db,
  companyId: number,
  orderIds: readonly number[],
): Promise<Map<number, number[]>> => {
  const byOrder = new Map<number, number[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('work_order_escalations')
    .select(['order_id', 'level'])
    .where('company_id', '=', companyId)
    .where('order_id', 'in', orderIds)
    .execute();
  for (const r of rows) byOrder.get(Number(r.order_id))?.push(Number(r.level));
  return byOrder;
};

/** The escalation levels already fired for an order. */
export const firedLevels = async (db: Db, companyId: number, orderId: number): Promise<number[]> =>
  (await firedLevelsOf(db, companyId, [orderId])).get(orderId) ?? [];

/** Records a level fired; false when it had fired already (another instance, a retry). */
export const recordEscalation = async (
  tx: Transaction<DB>,
  companyId: number,
  orderId: number,
  level: number,
  at: Date,
) =>
  (
    await tx
      .insertInto('work_order_escalations')
      .values({ company_id: companyId, order_id: orderId, level, fired_at: at })
      .onConflict((oc) => oc.columns(['company_id', 'order_id', 'level']).doNothing())
      .returning('level')
      .execute()
  ).length > 0;

/** Users of the tenant, enabled, whose roles grant the permission explicitly (not through 'admin'). */
export const usersWithPermission = async (db: Db, companyId: number, code: string): Promise<number[]> =>
  (
    await db
      .selectFrom('users as u')
      .innerJoin('user_roles as ur', (j) =>
        j.onRef('ur.company_id', '=', 'u.company_id').onRef('ur.user_id', '=', 'u.id'),
      )
      .innerJoin('role_menus as rm', (j) =>
        j.onRef('rm.company_id', '=', 'ur.company_id').onRef('rm.role_id', '=', 'ur.role_id'),
      )
      .innerJoin('menus as mn', (j) => j.onRef('mn.company_id', '=', 'rm.company_id').onRef('mn.id', '=', 'rm.menu_id'))
      .select('u.id')
      .distinct()
      .where('u.company_id', '=', companyId)
      .where('u.enabled', '=', true)
      .where('mn.permission', '=', code)
      .execute()
  ).map((r) => Number(r.id));

/** Administrators of the tenant (roles holding 'admin'), enabled: who hears an escalation nobody else would. */
export const administrators = (db: Db, companyId: number) => usersWithPermission(db, companyId, 'admin');

/** The user, when they are the tenant's, enabled, and may work on orders (workorder:complete or admin). */
export const assignableUser = async (db: Db, companyId: number, userId: number) =>
  db
    .selectFrom('users as u')
    .select(['u.id', 'u.username', 'u.nickname', 'u.department_id'])
    .where('u.company_id', '=', companyId)
    .where('u.id', '=', userId)
    .where('u.enabled', '=', true)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_roles as ur')
          .innerJoin('role_menus as rm', (j) =>
            j.onRef('rm.company_id', '=', 'ur.company_id').onRef('rm.role_id', '=', 'ur.role_id'),
          )
          .innerJoin('menus as mn', (j) =>
            j.onRef('mn.company_id', '=', 'rm.company_id').onRef('mn.id', '=', 'rm.menu_id'),
          )
          .select('ur.user_id')
          .whereRef('ur.company_id', '=', 'u.company_id')
          .whereRef('ur.user_id', '=', 'u.id')
          .where('mn.permission', 'in', ['workorder:complete', 'admin']),
      ),
    )
    .executeTakeFirst();

/** The role types the user's roles carry (spec §6 identity). */
export const roleTypesOf = async (db: Db, companyId: number, userId: number): Promise<string[]> =>
  (
    await db
      .selectFrom('user_roles as ur')
      .innerJoin('roles as ro', (j) => j.onRef('ro.company_id', '=', 'ur.company_id').onRef('ro.id', '=', 'ur.role_id'))
      .select('ro.type')
      .distinct()
      .where('ur.company_id', '=', companyId)
      .where('ur.user_id', '=', userId)
      .execute()
  ).map((r) => String(r.type));

/** Whether a department is the tenant's. */
export const departmentExists = async (db: Db, companyId: number, id: number) =>
  (await db
    .selectFrom('departments')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst()) !== undefined;
