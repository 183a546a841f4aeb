// Work-order statistics (spec §7 workorder/statistics; issue 15 Deliver 7), one module the statistics route, the home
// page and the big screen share: orders of a range by status, type and team; every open order by deadline class
// (the shared deadlineState, so every page counts "overdue 24 h" alike); mean minutes to assignment and to
// completion; created and completed per China day.
import { addDays, chinaDay, dayStart, daysBetween } from '@waterops/shared/reading';
import {
  DeadlineClass,
  deadlineState,
  OPEN_STATUSES,
  type WorkOrderStatistics,
  WorkOrderStatus,
  type WorkOrderType,
} from '@waterops/shared/workorder';
import { type SqlBool, sql } from 'kysely';
import type { Db, Visibility } from './workOrderRepository.ts';
import { visibleOrders } from './workOrderRepository.ts';

export type StatisticsRange = { from: Date; to: Date; departmentId?: number; districtId?: number };

/** The range a request names, or the last 30 China days to now. */
export const statisticsRange = (q: { startTime?: string; endTime?: string }, now: Date): { from: Date; to: Date } => {
  const to = q.endTime ? new Date(q.endTime) : now;
  const from = q.startTime ? new Date(q.startTime) : dayStart(addDays(chinaDay(to), -29));
  return { from, to };
};

/** The trend's days are at most this many (a longer range keeps its last days). */
const MAX_TREND_DAYS = 366;
const chinaDaySql = (column: string) =>
  sql<string>`to_char(((${sql.ref(column)} + interval '8 hours') at time zone 'UTC'), 'YYYY-MM-DD')`;
const minutesBetween = (a: string, b: string) =>
  sql<number | null>`avg(extract(epoch from (${sql.ref(a)} - ${sql.ref(b)})) / 60)`;

export const workOrderStatistics = async (
  db: Db,
  companyId: number,
  v: Visibility,
  range: StatisticsRange,
  now: Date,
): Promise<WorkOrderStatistics> => {
  const scoped = () => {
    let q = visibleOrders(db, companyId, v);
    if (range.departmentId) q = q.where('t.department_id', '=', range.departmentId);
    if (range.districtId) q = q.where('t.district_id', '=', range.districtId);
    return q;
  };
  const inRange = () => scoped().where('t.created_at', '>=', range.from).where('t.created_at', '<=', range.to);
  const isOpen = sql<SqlBool>`t.status in (${sql.join(OPEN_STATUSES.map((s) => sql`${s}`))})`;
  const [byStatus, openRows, byType, openByType, byTeam, means, created, completed] = await Promise.all([
    inRange()
      .select(['t.status', sql<number>`count(*)`.as('n')])
      .groupBy('t.status')
      .execute(),
    scoped().select(['t.status', 't.resolve_due_at', 't.resolve_target_minutes']).where(isOpen).execute(),
    inRange()
      .select(['t.type', sql<number>`count(*)`.as('n')])
      .groupBy('t.type')
      .execute(),
    scoped()
      .select(['t.type', sql<number>`count(*)`.as('n')])
      .where(isOpen)
      .groupBy('t.type')
      .execute(),
    scoped()
      .leftJoin('departments as dep', (j) =>
        j.onRef('dep.company_id', '=', 't.company_id').onRef('dep.id', '=', 't.department_id'),
      )
      .select([
        't.department_id',
        'dep.name as department_name',
        sql<number>`count(*) filter (where t.created_at >= ${range.from} and t.created_at <= ${range.to})`.as('total'),
        sql<number>`count(*) filter (where ${isOpen})`.as('open'),
        sql<number>`count(*) filter (where t.completed_at >= ${range.from} and t.completed_at <= ${range.to})`.as(
          'completed',
        ),
      ])
      // only the rows one of the counts takes (indexes: created, completed, open), not the tenant's whole history
      .where((eb) =>
        eb.or([
          eb.and([eb('t.created_at', '>=', range.from), eb('t.created_at', '<=', range.to)]),
          eb.and([eb('t.completed_at', '>=', range.from), eb('t.completed_at', '<=', range.to)]),
          isOpen,
        ]),
      )
      .groupBy(['t.department_id', 'dep.name'])
      .execute(),
    inRange()
      .select([
        minutesBetween('t.assigned_at', 't.created_at').as('assign'),
        minutesBetween('t.completed_at', 't.created_at').as('complete'),
      ])
      .executeTakeFirst(),
    inRange()
      .select([chinaDaySql('t.created_at').as('day'), sql<number>`count(*)`.as('n')])
      .groupBy('day')
      .execute(),
    scoped()
      .where('t.completed_at', '>=', range.from)
      .where('t.completed_at', '<=', range.to)
      .select([chinaDaySql('t.completed_at').as('day'), sql<number>`count(*)`.as('n')])
      .groupBy('day')
      .execute(),
  ]);
  const deadline: Record<string, number> = Object.fromEntries(DeadlineClass.values.map((c) => [c, 0]));
  const openByStatus: Record<string, number> = Object.fromEntries(OPEN_STATUSES.map((st) => [st, 0]));
  for (const o of openRows) {
    openByStatus[o.status] = (openByStatus[o.status] ?? 0) + 1;
    const cls = deadlineState(
      {
        status: o.status as (typeof WorkOrderStatus.values)[number],
        resolveDueAt: o.resolve_due_at === null ? null : new Date(o.resolve_due_at).toISOString(),
        resolveTargetMinutes: Number(o.resolve_target_minutes),
      },
      now,
    ).class;
    deadline[cls] = (deadline[cls] ?? 0) + 1;
  }
  const openOf = new Map(openByType.map((r) => [r.type, Number(r.n)]));
  const totalOf = new Map(byType.map((r) => [r.type, Number(r.n)]));
  const types = [...new Set([...totalOf.keys(), ...openOf.keys()])] as WorkOrderType[];
  const createdOf = new Map(created.map((r) => [r.day, Number(r.n)]));
  const completedOf = new Map(completed.map((r) => [r.day, Number(r.n)]));
  const days = daysBetween(chinaDay(range.from), chinaDay(range.to)).slice(-MAX_TREND_DAYS);
  const round = (x: number | string | null | undefined) =>
    x === null || x === undefined ? null : Math.round(Number(x) * 10) / 10;
  return {
    byStatus: Object.fromEntries(
      WorkOrderStatus.values.map((s) => [s, Number(byStatus.find((r) => r.status === s)?.n ?? 0)]),
    ),
    openByStatus,
    deadline,
    open: openRows.length,
    byType: types.map((type) => ({ type, total: totalOf.get(type) ?? 0, open: openOf.get(type) ?? 0 })),
    byTeam: byTeam
      .map((r) => ({
        departmentId: r.department_id === null ? null : Number(r.department_id),
        departmentName: r.department_name ?? null,
        total: Number(r.total),
        open: Number(r.open),
        completed: Number(r.completed),
      }))
      .filter((r) => r.total + r.open + r.completed > 0)
      .sort((a, b) => b.open - a.open || b.total - a.total),
    meanAssignMinutes: round(means?.assign),
    meanCompleteMinutes: round(means?.complete),
    trend: days.map((day) => ({ day, created: createdOf.get(day) ?? 0, completed: completedOf.get(day) ?? 0 })),
    asOf: now.toISOString(),
  };
};
