// The demo's work-order history (issue 15): about thirty days of complaints and orders with their whole timelines,
// made by the product's own core at past instants — the call-taker records complaints and turns most into orders, the
// dispatcher opens orders of their own and repair orders for the leaks the night-flow job found, assigns each to the
// least-loaded crew member on duty, reviews and closes; crews accept, start, note, defer and complete with a cause;
// the escalation ladder and the deferral job run at the minutes they would have run. What happens when is the
// operations plan's (simulator/operationsPlan.ts), so the history looks like the live simulator that carries on from
// its end. Runs once, on the first start of a demo whose city is in (see simulator/demoOperations.ts).
import type { Complaint } from '@waterops/shared/complaint';
import { chinaDay, dayStart } from '@waterops/shared/reading';
import { causeText } from '@waterops/shared/workorder';
import { type Kysely, sql } from 'kysely';
import { allocateCode } from '../../services/codeRule/codeRuleRepository.ts';
import { orderOfComplaint } from '../../services/complaint/complaintOrder.ts';
import { findComplaint, insertComplaint, updateComplaint } from '../../services/complaint/complaintRepository.ts';
import { permissionsOf } from '../../services/user/userRepository.ts';
import { crewOf } from '../../services/workorder/crewRepository.ts';
import { loadDeadlineContext } from '../../services/workorder/deadlineSettings.ts';
import { orderOfLeakEvent } from '../../services/workorder/raiseOrders.ts';
import { leakSource } from '../../services/workorder/raiseRepository.ts';
import { resumeExpiredDeferrals, runEscalations } from '../../services/workorder/workOrderJobs.ts';
import { findWorkOrder } from '../../services/workorder/workOrderRepository.ts';
import { type Actor, actOnWorkOrder, createWorkOrder } from '../../services/workorder/workOrderService.ts';
import { complaintAt, manualOrderAt } from '../../simulator/operationsIntake.ts';
import {
  complaintOrderOf,
  nextComplaintStep,
  nextOrderStep,
  type PlanContext,
  type PlanOrder,
  pickAssignee,
  type Step,
  teamsOfType,
} from '../../simulator/operationsPlan.ts';
import { arrivalsBetween } from '../../simulator/operationsTime.ts';
import { unit } from '../../simulator/random.ts';
import type { DB } from '../tables.ts';
import { historyOf, intakePlaces, planRow, readTodos } from './demoHistorySql.ts';
import { DEMO_DISPATCHER, DEMO_SERVICE, DEMO_TEAMS, fillDemoRoster, rosterDays } from './demoPeople.ts';
import { DEMO_SIGN_IN } from './seedDatabase.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

export type DemoHistoryOptions = {
  /** the end of the history (now) */
  now: Date;
  /** the simulator's seed: the same seed and days give the same history */
  seed: number;
  /** days of history (default 30) */
  days?: number;
  /** arrivals per day relative to the operations plan's (default 1) */
  scale?: number;
  /** stops making history (what is made stays; the live simulator carries it on) */
  signal?: AbortSignal;
  /** takes a site photo as the crew member and answers its file url (no photos without it) */
  photo?: (username: string) => Promise<string | null>;
  log?: (message: string) => void;
};

export { hasWorkOrderHistory } from './demoHistorySql.ts';

export type DemoHistory = { complaints: number; orders: number; steps: number; byStatus: Record<string, number> };

const ms = (v: string | Date | null | undefined): number | null => (v ? new Date(v).getTime() : null);

type Person = { actor: Actor; name: string };

/** A min-heap of what is due when (ties in the order pushed). */
class Agenda<T> {
  private items: { at: number; n: number; item: T }[] = [];
  private n = 0;
  get size() {
    return this.items.length;
  }
  push(at: number, item: T) {
    const h = this.items;
    h.push({ at, n: this.n++, item });
    for (let i = h.length - 1; i > 0; ) {
      const p = (i - 1) >> 1;
      if (!this.less(h[i] as never, h[p] as never)) break;
      [h[i], h[p]] = [h[p] as never, h[i] as never];
      i = p;
    }
  }
  pop(): { at: number; item: T } | undefined {
    const h = this.items;
    const top = h[0];
    const last = h.pop();
    if (!top || !last || h.length === 0) return top;
    h[0] = last;
    for (let i = 0; ; ) {
      const [l, r] = [2 * i + 1, 2 * i + 2];
      let m = i;
      if (l < h.length && this.less(h[l] as never, h[m] as never)) m = l;
      if (r < h.length && this.less(h[r] as never, h[m] as never)) m = r;
      if (m === i) break;
      [h[i], h[m]] = [h[m] as never, h[i] as never];
      i = m;
    }
    return top;
  }
  private less(a: { at: number; n: number }, b: { at: number; n: number }) {
    return a.at < b.at || (a.at === b.at && a.n < b.n);
  }
}

type Item =
  | { kind: 'complaintArrives' }
  | { kind: 'manualArrives' }
  | { kind: 'leakArrives'; eventId: number }
  | { kind: 'order'; id: number }
  | { kind: 'complaint'; id: number };

/**
 * Makes the history of [now − days, now] for the demo tenant: nothing when its dispatcher or call-taker is missing.
 * Leak repair orders start at the detection of each leak event the night-flow job recorded as repaired in that time.
 */
export const seedDemoWorkOrders = async (
  db: Kysely<DB>,
  companyId: number,
  opts: DemoHistoryOptions,
): Promise<DemoHistory> => {
  const end = opts.now.getTime();
  const start = end - (opts.days ?? 30) * DAY;
  const seed = opts.seed;
  const log = opts.log ?? (() => {});
  const summary: DemoHistory = { complaints: 0, orders: 0, steps: 0, byStatus: {} };

  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'nickname'])
    .where('company_id', '=', companyId)
    .where('enabled', '=', true)
    .execute();
  const people = new Map<number, Person & { username: string }>();
  for (const u of users) {
    const id = Number(u.id);
    const permissions = await permissionsOf(db, companyId, id);
    people.set(id, {
      actor: { companyId, userId: id, username: u.username, permissions },
      name: u.nickname || u.username,
      username: u.username,
    });
  }
  const byName = (username: string) => [...people.values()].find((p) => p.username === username);
  const dispatcher = byName(DEMO_DISPATCHER.username);
  const service = byName(DEMO_SERVICE.username);
  if (!dispatcher || !service) return summary;
  // the control room raises the repair orders of leaks it sees on the night-flow page
  const operator = byName(DEMO_SIGN_IN.operator.username) ?? dispatcher;

  const leakRepair = new Map<number, number>();
  const { residents, areas } = await intakePlaces(db, companyId);
  const teams = { repair: [DEMO_TEAMS.repair1, DEMO_TEAMS.repair2], meters: DEMO_TEAMS.meters };

  const agenda = new Agenda<Item>();
  for (const at of arrivalsBetween(seed, 'complaint', start, end, opts.scale))
    agenda.push(at, { kind: 'complaintArrives' });
  for (const at of arrivalsBetween(seed, 'manual', start, end, opts.scale)) agenda.push(at, { kind: 'manualArrives' });
  // the leaks found and fixed in the time: a repair order from the morning after detection to the repair
  const leaks = await db
    .selectFrom('district_leak_events')
    .select(['id', sql<string>`detected_day::text`.as('detected'), sql<string>`repaired_day::text`.as('repaired')])
    .where('company_id', '=', companyId)
    .where('status', '=', 'repaired')
    .where(sql<boolean>`repaired_day >= ${chinaDay(new Date(start))}::date`)
    .execute();
  let first = start;
  for (const l of leaks) {
    const found = dayStart(l.detected).getTime() + (8.5 + 2 * unit(seed, 0x1ea, Number(l.id))) * HOUR;
    const fixed = dayStart(l.repaired).getTime() - (8 + 6 * unit(seed, 0x1eb, Number(l.id))) * HOUR;
    if (found >= end || fixed <= found) continue;
    leakRepair.set(Number(l.id), fixed);
    agenda.push(found, { kind: 'leakArrives', eventId: Number(l.id) });
    first = Math.min(first, found);
  }

  // the duty roster of the weeks the history goes back to, where nobody planned them, and who was on duty when
  const { calendar } = await loadDeadlineContext(db, companyId);
  await db
    .transaction()
    .execute((tx) => fillDemoRoster(tx, companyId, rosterDays(new Date(first), opts.now), calendar));
  const roster = await db
    .selectFrom('duty_rosters')
    .select(['user_id', sql<string>`day::text`.as('day')])
    .where('company_id', '=', companyId)
    .where('day', '>=', chinaDay(new Date(first - 7 * DAY)))
    .execute();
  const duty = new Set(roster.map((r) => `${Number(r.user_id)}|${r.day}`));
  const ctx: PlanContext = {
    seed,
    onDuty: (userId, day) => duty.has(`${userId}|${day}`),
    leakRepairAt: (o) => (o.leakEventId === null ? null : (leakRepair.get(o.leakEventId) ?? null)),
  };

  const complaintOfOrder = new Map<number, number>();
  const orderRow = async (id: number) => findWorkOrder(db, companyId, { kind: 'tenant' }, { id });
  /** Runs the ladder and the deferral job at every minute they would have found something to do, up to t. */
  const runJobsUntil = async (t: number) => {
    for (;;) {
      const row = await db
        .selectFrom('work_orders')
        .select(
          sql<Date | null>`least(
            min(next_escalation_at) filter (where next_escalation_at <= ${new Date(t)}),
            min(deferred_until) filter (where status = 'deferred' and deferred_until <= ${new Date(t)}))`.as('at'),
        )
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      const next = ms(row?.at);
      if (next === null) return;
      // the jobs tick every minute: the first tick after it fell due
      const at = new Date(Math.min(t, Math.max(next, Math.ceil(next / MINUTE) * MINUTE + 20_000)));
      await runEscalations(db, at);
      await resumeExpiredDeferrals(db, at);
    }
  };

  const photosFor = async (p: Person & { username: string }, n: number | undefined) => {
    const urls: string[] = [];
    for (let i = 0; i < (n ?? 0) && opts.photo; i++) {
      const url = await opts.photo(p.username).catch((e) => {
        log(`work-order history: no photo (${e instanceof Error ? e.message : e})`);
        return null;
      });
      if (url) urls.push(url);
    }
    return urls;
  };

  const assign = async (o: PlanOrder, at: Date) => {
    const crew = await crewOf(db, companyId, { day: chinaDay(at) });
    const who = pickAssignee(crew, teamsOfType(o.type, teams));
    if (!who) return false;
    const r = await db
      .transaction()
      .execute((tx) => actOnWorkOrder(tx, dispatcher.actor, 'assign', o.id, { assigneeId: who.userId }, at));
    return r.ok;
  };

  const carryOut = async (o: PlanOrder, step: Step, at: Date): Promise<boolean> => {
    if (step.action === 'assign') return assign(o, at);
    const person = step.by === 'dispatcher' ? dispatcher : o.assigneeId === null ? undefined : people.get(o.assigneeId);
    if (!person) return false;
    const attachments = await photosFor(person, step.photos);
    const r = await db.transaction().execute((tx) =>
      actOnWorkOrder(
        tx,
        person.actor,
        step.action,
        o.id,
        {
          comment: step.comment ?? null,
          cause: step.cause ?? null,
          materials: step.materials ?? null,
          dueAt: step.dueAt === undefined ? null : new Date(step.dueAt).toISOString(),
          ...(attachments.length ? { attachments } : {}),
        },
        at,
      ),
    );
    if (!r.ok) return false;
    await readTodos(db, companyId, o.code, at, person.actor.userId as number);
    if (step.action === 'close' || step.action === 'cancel') await readTodos(db, companyId, o.code, at);
    return true;
  };

  const onOrder = async (id: number, at: number) => {
    const o = await planRow(db, companyId, id);
    if (!o) return;
    const plan = nextOrderStep(o, await historyOf(db, companyId, id), ctx);
    if (plan === null) {
      const complaintId = complaintOfOrder.get(id);
      if (complaintId !== undefined) agenda.push(at, { kind: 'complaint', id: complaintId });
      return;
    }
    if ('wait' in plan) {
      agenda.push(Math.max(plan.wait, at + MINUTE), { kind: 'order', id });
      return;
    }
    if (plan.at > at) {
      agenda.push(plan.at, { kind: 'order', id });
      return;
    }
    if (!(await carryOut(o, plan, new Date(at)))) {
      log(`work-order history: ${plan.action} on ${o.code} was refused; leaving it as it is`);
      return;
    }
    summary.steps++;
    agenda.push(at + 1000, { kind: 'order', id });
  };

  const onComplaint = async (id: number, at: number) => {
    const c = await findComplaint(db, companyId, null, id);
    if (!c || c.status === 'closed') return;
    const order = c.workOrderId === null ? undefined : await orderRow(c.workOrderId);
    const step = nextComplaintStep(
      { id: c.id, category: c.category, status: c.status, createdAt: ms(c.createdAt) as number },
      order ? complaintOrderOf(order) : null,
      seed,
      causeText,
    );
    if (!step) return;
    if (step.at > at) {
      agenda.push(step.at, { kind: 'complaint', id });
      return;
    }
    const when = new Date(at);
    if (step.action === 'workOrder') {
      const made = await db.transaction().execute(async (tx) => {
        const fresh = (await findComplaint(tx, companyId, null, id, true)) as Complaint;
        const order = await createWorkOrder(tx, service.actor, orderOfComplaint(fresh, {}, 'zh-CN'), when);
        await updateComplaint(tx, companyId, id, { work_order_id: order.id, status: 'ordered' }, when);
        return order;
      });
      summary.orders++;
      complaintOfOrder.set(made.id, id);
      agenda.push(at + 1000, { kind: 'order', id: made.id });
      return;
    }
    await db.transaction().execute((tx) =>
      updateComplaint(
        tx,
        companyId,
        id,
        {
          status: 'closed',
          reply: step.reply,
          satisfaction: step.satisfaction,
          closed_at: when,
          closed_by: service.name,
        },
        when,
      ),
    );
  };

  const onComplaintArrives = async (at: number) => {
    const body = complaintAt(seed, at, residents, areas);
    if (!body) return;
    const when = new Date(at);
    const id = await db.transaction().execute(async (tx) => {
      const no = await allocateCode(tx, companyId, 'complaint', when);
      const resident = residents.find((r) => r.id === body.residentId);
      return insertComplaint(
        tx,
        companyId,
        {
          complaint_no: no,
          channel: body.channel,
          category: body.category,
          complainant: body.complainant,
          phone: body.phone ?? null,
          resident_id: body.residentId ?? null,
          meter_id: body.meterId ?? null,
          area_id: body.areaId ?? resident?.areaId ?? null,
          address: body.address ?? resident?.address ?? null,
          content: body.content,
          attachments: [],
        },
        { id: service.actor.userId as number, name: service.name },
        when,
      );
    });
    summary.complaints++;
    agenda.push(at, { kind: 'complaint', id });
  };

  const onOrderArrives = async (
    at: number,
    by: Person,
    make: () => Promise<Parameters<typeof createWorkOrder>[2] | null>,
  ) => {
    const input = await make();
    if (!input) return;
    const made = await db.transaction().execute((tx) => createWorkOrder(tx, by.actor, input, new Date(at)));
    summary.orders++;
    agenda.push(at + 1000, { kind: 'order', id: made.id });
  };

  let reported = first;
  for (let next = agenda.pop(); next && next.at <= end && !opts.signal?.aborted; next = agenda.pop()) {
    const { at, item } = next;
    if (at - reported > 7 * DAY) {
      reported = at;
      log(`work-order history: at ${chinaDay(new Date(at))}, ${summary.orders} orders so far`);
    }
    await runJobsUntil(at);
    if (item.kind === 'order') await onOrder(item.id, at);
    else if (item.kind === 'complaint') await onComplaint(item.id, at);
    else if (item.kind === 'complaintArrives') await onComplaintArrives(at);
    else if (item.kind === 'manualArrives')
      await onOrderArrives(at, dispatcher, async () => {
        const body = manualOrderAt(seed, at, areas);
        return body ? { ...body, source: 'manual' } : null;
      });
    else
      await onOrderArrives(at, operator, async () => {
        const event = await leakSource(db, companyId, item.eventId);
        // the district's night-flow alarm is today's: the order of weeks ago stands for the event alone
        return event ? { ...orderOfLeakEvent(event), alarmId: null } : null;
      });
  }
  if (!opts.signal?.aborted) await runJobsUntil(end);

  const statuses = await db
    .selectFrom('work_orders')
    .select(['status', ({ fn }) => fn.countAll<string>().as('n')])
    .where('company_id', '=', companyId)
    .groupBy('status')
    .execute();
  for (const s of statuses) summary.byStatus[s.status] = Number(s.n);
  return summary;
};
