// What the work-order history reads and writes beside the core (db/seed/demoWorkOrders.ts): whether a demo has any
// orders or complaints yet, the residents and areas the call-taker finds, an order and its history as the operations
// plan reads them, and the to-dos a person has dealt with marked read.
import { type Kysely, sql } from 'kysely';
import type { IntakeArea, IntakeResident } from '../../simulator/operationsIntake.ts';
import type { PlanEvent, PlanOrder } from '../../simulator/operationsPlan.ts';
import type { DB } from '../tables.ts';

const ms = (v: string | Date | null | undefined): number | null => (v ? new Date(v).getTime() : null);

/** Whether the demo tenant has any work order or complaint already (the history is made once). */
export const hasWorkOrderHistory = async (db: Kysely<DB>, companyId: number): Promise<boolean> => {
  const [o, c] = await Promise.all([
    db.selectFrom('work_orders').select('id').where('company_id', '=', companyId).limit(1).executeTakeFirst(),
    db.selectFrom('complaints').select('id').where('company_id', '=', companyId).limit(1).executeTakeFirst(),
  ]);
  return o !== undefined || c !== undefined;
};

/** The residents the call-taker finds (with their meter) and the residential areas, for the intake. */
export const intakePlaces = async (
  db: Kysely<DB>,
  companyId: number,
  limit = 400,
): Promise<{ residents: IntakeResident[]; areas: IntakeArea[] }> => {
  const residents = await db
    .selectFrom('residents as r')
    .leftJoin('resident_meters as rm', (j) =>
      j
        .onRef('rm.company_id', '=', 'r.company_id')
        .onRef('rm.resident_id', '=', 'r.id')
        .on('rm.unbound_at', 'is', null),
    )
    .leftJoin('areas as a', (j) => j.onRef('a.company_id', '=', 'r.company_id').onRef('a.id', '=', 'r.area_id'))
    .select(['r.id', 'r.resident_name', 'r.phone', 'r.address', 'r.area_id', 'a.area_name', 'rm.meter_id'])
    .where('r.company_id', '=', companyId)
    // spread over the city (a fixed shuffle), not the first few buildings
    .orderBy(sql`md5(r.id::text)`)
    .limit(limit)
    .execute();
  const areas = await db
    .selectFrom('areas')
    .select(['id', 'area_name', 'address', 'lng', 'lat'])
    .where('company_id', '=', companyId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('residents as r')
          .select('r.id')
          .whereRef('r.company_id', '=', 'areas.company_id')
          .whereRef('r.area_id', '=', 'areas.id'),
      ),
    )
    .orderBy('id')
    .execute();
  return {
    residents: residents.map((r) => ({
      id: Number(r.id),
      name: r.resident_name,
      phone: r.phone,
      address: r.address,
      areaId: r.area_id === null ? null : Number(r.area_id),
      areaName: r.area_name ?? null,
      meterId: r.meter_id === null || r.meter_id === undefined ? null : Number(r.meter_id),
    })),
    areas: areas.map((a) => ({
      id: Number(a.id),
      name: a.area_name,
      address: a.address,
      lng: a.lng === null ? null : Number(a.lng),
      lat: a.lat === null ? null : Number(a.lat),
    })),
  };
};

/** Marks a user's (or everyone's) unread to-dos naming the order read at `at`: they have dealt with it. */
export const readTodos = (db: Kysely<DB>, companyId: number, code: string, at: Date, userId?: number) => {
  let q = db
    .updateTable('notice_receipts')
    .set({ status: 1, read_at: at })
    .where('company_id', '=', companyId)
    .where('category', '=', 2)
    .where('status', '=', 0)
    .where('param', '=', code)
    .where('created_at', '<=', at);
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  return q.execute();
};

/** The order as the plan reads it (lighter than the API's order with its joins). */
export const planRow = async (db: Kysely<DB>, companyId: number, id: number): Promise<PlanOrder | undefined> => {
  const r = await db
    .selectFrom('work_orders')
    .select([
      'id',
      'code',
      'type',
      'priority',
      'status',
      'source',
      'created_at',
      'assignee_id',
      'assigned_at',
      'accepted_at',
      'started_at',
      'completed_at',
      'deferred_until',
      'response_due_at',
      'resolve_due_at',
      'leak_event_id',
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    id: Number(r.id),
    code: r.code,
    type: r.type as PlanOrder['type'],
    priority: r.priority as PlanOrder['priority'],
    status: r.status as PlanOrder['status'],
    source: r.source as PlanOrder['source'],
    createdAt: ms(r.created_at) as number,
    assigneeId: r.assignee_id === null ? null : Number(r.assignee_id),
    assignedAt: ms(r.assigned_at),
    acceptedAt: ms(r.accepted_at),
    startedAt: ms(r.started_at),
    completedAt: ms(r.completed_at),
    deferredUntil: ms(r.deferred_until),
    responseDueAt: ms(r.response_due_at),
    resolveDueAt: ms(r.resolve_due_at),
    leakEventId: r.leak_event_id === null ? null : Number(r.leak_event_id),
  };
};
/** An order's history as the plan reads it, oldest first. */
export const historyOf = async (db: Kysely<DB>, companyId: number, id: number): Promise<PlanEvent[]> =>
  (
    await db
      .selectFrom('work_order_events')
      .select(['action', 'at'])
      .where('company_id', '=', companyId)
      .where('order_id', '=', id)
      .orderBy('id')
      .execute()
  ).map((e) => ({ action: e.action as PlanEvent['action'], at: ms(e.at) as number }));
