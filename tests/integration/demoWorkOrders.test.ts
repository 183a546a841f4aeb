// The demo's living work-order queue (issue 15 Deliver 10): a fresh demo (its people and duty roster, a small city fed
// through the ingestion API, a leak the night-flow job recorded) gets three weeks of history made by the core at past
// instants — checked for the shape of a well-run utility (most orders closed, some in every other state, few ever
// late, escalations only where due) and for being the product's own work (every timeline starts with 'created' and
// replays through the shared machine to the stored status, codes from the code rule, assignees on duty, to-dos only
// where they belong); then one tick of the operations simulator does its steps through the REST API a day later.

import { DEMO_CREW, DEMO_TEAMS } from '@waterops/gateway/src/db/seed/demoPeople.ts';
import { type DemoHistory, seedDemoWorkOrders } from '@waterops/gateway/src/db/seed/demoWorkOrders.ts';
import { createIngestKey } from '@waterops/gateway/src/services/ingest/ingestKeyRepository.ts';
import { DEMO_OPERATIONS_PEOPLE } from '@waterops/gateway/src/simulator/demoOperations.ts';
import { createOperationsSimulator, type TickReport } from '@waterops/gateway/src/simulator/operationsSimulator.ts';
import { startSimulator } from '@waterops/gateway/src/simulator/simulator.ts';
import { addDays, chinaDay } from '@waterops/shared/reading';
import { causeText, deadlineState, isLate, type MachineState, nextState } from '@waterops/shared/workorder';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCompanyId } from '../fixtures/factories.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

const HOUR = 3_600_000;
const DAY = 86_400_000;
const SEED = 42;
const DAYS = 21;

let t: TestApp;
let url: string;
let companyId: number;
let end: Date;
let history: DemoHistory;
let leakEventId: number;
let repairedDay: string;

const orders = () =>
  t.app.db.selectFrom('work_orders').selectAll().where('company_id', '=', companyId).orderBy('id').execute();
const eventsByOrder = async () => {
  const rows = await t.app.db
    .selectFrom('work_order_events')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
  const by = new Map<number, typeof rows>();
  for (const e of rows) by.set(Number(e.order_id), [...(by.get(Number(e.order_id)) ?? []), e]);
  return by;
};

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  companyId = await demoCompanyId(t.app);
  // a small city through the ingestion API: its residents, meters, areas and districts
  const { key } = await createIngestKey(t.app.db, { companyId, name: 'city' });
  const city = startSimulator({ baseUrl: url, key, seed: SEED, meters: 60, historyDays: 1, realtime: false });
  await city.ready;
  await city.stop();
  // a leak the night-flow job found ten days ago and saw repaired four days later
  end = t.clock.now();
  repairedDay = chinaDay(new Date(end.getTime() - 6 * DAY));
  const district = await t.app.db
    .selectFrom('districts')
    .select('id')
    .where('company_id', '=', companyId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const event = await t.app.db
    .insertInto('district_leak_events')
    .values({
      company_id: companyId,
      district_id: district.id,
      kind: 'step',
      status: 'repaired',
      start_day: addDays(repairedDay, -5),
      detected_day: addDays(repairedDay, -4),
      repaired_day: repairedDay,
      magnitude: 2.4,
      volume: 290,
      level: 'severe',
      alarm_id: null,
      updated_at: end,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  leakEventId = Number(event.id);
  history = await seedDemoWorkOrders(t.app.db, companyId, { now: end, seed: SEED, days: DAYS, scale: 0.4 });
}, 600_000);
afterAll(async () => {
  await t?.close();
});

describe('the work-order history of a fresh demo', () => {
  it('looks like a well-run utility: weeks of orders, most closed, some in every open state, few ever late', async () => {
    const all = await orders();
    expect(all.length).toBe(history.orders);
    expect(all.length).toBeGreaterThan(60);
    const first = Math.min(...all.map((o) => new Date(o.created_at).getTime()));
    expect(end.getTime() - first).toBeGreaterThan((DAYS - 2) * DAY);
    const by = (s: string) => all.filter((o) => o.status === s).length;
    expect(by('closed') / all.length).toBeGreaterThan(0.75);
    expect(by('cancelled') / all.length).toBeLessThan(0.08);
    const open = all.filter((o) => ['pending', 'processing', 'deferred', 'completed'].includes(o.status));
    expect(open.length).toBeGreaterThan(0);
    expect(new Set(all.map((o) => o.status)).size).toBeGreaterThanOrEqual(3);
    // late now: the open orders past their resolution due time — few
    const lateNow = open.filter((o) =>
      isLate(
        deadlineState(
          { status: o.status as never, resolveDueAt: o.resolve_due_at && new Date(o.resolve_due_at).toISOString() },
          end,
        ).class,
      ),
    );
    expect(lateNow.length).toBeLessThanOrEqual(Math.max(3, open.length * 0.4));
    // ever late: finished after their due time — some, but few
    const finishedLate = all.filter(
      (o) => o.completed_at && o.resolve_due_at && new Date(o.completed_at) > new Date(o.resolve_due_at),
    );
    expect(finishedLate.length).toBeGreaterThan(0);
    expect(finishedLate.length / all.length).toBeLessThan(0.2);
    // the sources: complaints, the dispatcher's own, the leak
    expect(new Set(all.map((o) => o.source))).toEqual(new Set(['complaint', 'manual', 'nightFlowEvent']));
  });

  it('is the product’s own work: each timeline starts with created and replays through the machine', async () => {
    const all = await orders();
    const events = await eventsByOrder();
    let escalations = 0;
    for (const o of all) {
      const list = events.get(Number(o.id)) ?? [];
      expect(list[0]?.action, o.code).toBe('created');
      let s: MachineState = { status: 'pending', assigned: false, accepted: false, started: false };
      let previous = 0;
      for (const e of list.slice(1)) {
        const at = new Date(e.at).getTime();
        expect(at, `${o.code} ${e.action}`).toBeGreaterThanOrEqual(previous);
        previous = at;
        expect(e.from_status, `${o.code} ${e.action}`).toBe(s.status);
        if (e.action === 'escalated') escalations++;
        else if (e.action === 'autoResumed') s = { ...s, status: s.accepted ? 'processing' : 'pending' };
        else s = nextState(e.action as never, s);
        expect(e.to_status, `${o.code} ${e.action}`).toBe(s.status);
      }
      expect(s.status, o.code).toBe(o.status);
      expect(o.code).toMatch(/^GD\d{8}\d+$/);
      expect(o.code.slice(2, 10)).toBe(chinaDay(new Date(o.created_at)).replaceAll('-', ''));
    }
    expect(new Set(all.map((o) => o.code)).size).toBe(all.length);
    // the ladder fired, but for a minority
    expect(escalations).toBeGreaterThan(0);
    const escalated = new Set(
      [...events.values()].flatMap((l) => l.filter((e) => e.action === 'escalated').map((e) => Number(e.order_id))),
    );
    expect(escalated.size / all.length).toBeLessThan(0.35);
  });

  it('assigns to the crew on duty, meter work to the meter team when it is there', async () => {
    const roster = await t.app.db
      .selectFrom('duty_rosters')
      .select(['user_id', sql<string>`day::text`.as('day')])
      .where('company_id', '=', companyId)
      .execute();
    const onDuty = new Set(roster.map((r) => `${Number(r.user_id)}|${r.day}`));
    const crew = await t.app.db
      .selectFrom('users')
      .innerJoin('departments', 'departments.id', 'users.department_id')
      .select(['users.id', 'users.username', 'departments.name'])
      .where('users.company_id', '=', companyId)
      .where(
        'users.username',
        'in',
        DEMO_CREW.map((p) => p.username),
      )
      .execute();
    const teamOf = new Map(crew.map((c) => [Number(c.id), c.name]));
    const assigns = await t.app.db
      .selectFrom('work_order_events as e')
      .innerJoin('work_orders as o', (j) =>
        j.onRef('o.company_id', '=', 'e.company_id').onRef('o.id', '=', 'e.order_id'),
      )
      .select(['e.assignee_id', 'e.at', 'e.username', 'o.type'])
      .where('e.company_id', '=', companyId)
      .where('e.action', '=', 'assign')
      .execute();
    expect(assigns.length).toBeGreaterThan(50);
    for (const a of assigns) {
      expect(a.username).toBe('dispatcher');
      expect(onDuty.has(`${Number(a.assignee_id)}|${chinaDay(new Date(a.at))}`)).toBe(true);
    }
    const meterWork = assigns.filter((a) => a.type === 'meterFault');
    const toMeterTeam = meterWork.filter((a) => teamOf.get(Number(a.assignee_id)) === DEMO_TEAMS.meters);
    expect(toMeterTeam.length).toBeGreaterThan(meterWork.length / 2);
  });

  it('turns complaints into orders linked both ways and answers them with a reply and satisfaction', async () => {
    const complaints = await t.app.db
      .selectFrom('complaints')
      .selectAll()
      .where('company_id', '=', companyId)
      .execute();
    expect(complaints.length).toBe(history.complaints);
    const closed = complaints.filter((c) => c.status === 'closed');
    expect(closed.length / complaints.length).toBeGreaterThan(0.7);
    for (const c of closed) {
      expect(c.reply?.length ?? 0).toBeGreaterThan(5);
      expect(['satisfied', 'neutral', 'dissatisfied']).toContain(c.satisfaction);
      expect(new Date(c.closed_at as Date).getTime()).toBeGreaterThan(new Date(c.created_at).getTime());
    }
    const all = await orders();
    const ordered = complaints.filter((c) => c.work_order_id !== null);
    expect(ordered.length).toBeGreaterThan(complaints.length / 2);
    for (const c of ordered) {
      const o = all.find((x) => Number(x.id) === Number(c.work_order_id));
      expect(Number(o?.complaint_id)).toBe(Number(c.id));
      expect(o?.source).toBe('complaint');
      // answered only once its order was done, naming it
      if (c.status === 'closed') {
        expect(['closed', 'cancelled']).toContain(o?.status);
        expect(c.reply).toContain(o?.code);
        if (o?.status === 'closed' && o.cause) expect(c.reply).toContain(causeText(o.cause));
      }
    }
  });

  it('repairs the leak the night-flow job found and records the repair on its event', async () => {
    const [order] = (await orders()).filter((o) => Number(o.leak_event_id) === leakEventId);
    expect(order?.source).toBe('nightFlowEvent');
    expect(order?.status).toBe('closed');
    expect(order?.created_at.getTime()).toBeLessThan(new Date(`${repairedDay}T00:00:00+08:00`).getTime());
    const event = await t.app.db
      .selectFrom('district_leak_events')
      .select(['repair_order_id', 'repair_reported_at'])
      .where('id', '=', leakEventId)
      .executeTakeFirstOrThrow();
    expect(Number(event.repair_order_id)).toBe(Number(order?.id));
    // completed about when the night flow showed it fixed (the day before, unless the review sent it back)
    const reported = chinaDay(new Date(event.repair_reported_at as Date));
    expect(reported >= addDays(repairedDay, -1) && reported <= addDays(repairedDay, 2), reported).toBe(true);
  });

  it('leaves to-dos only where they belong: named orders, unread only while the order is open', async () => {
    const todos = await t.app.db
      .selectFrom('notice_receipts')
      .select(['param', 'status', 'user_id'])
      .where('company_id', '=', companyId)
      .where('category', '=', 2)
      .execute();
    const all = await orders();
    const byCode = new Map(all.map((o) => [o.code, o]));
    expect(todos.length).toBeGreaterThan(all.length / 2);
    for (const todo of todos) {
      const o = byCode.get(todo.param ?? '');
      expect(o, todo.param ?? '').toBeDefined();
      if (todo.status === 0) expect(['closed', 'cancelled']).not.toContain(o?.status);
    }
  });
});

describe('the operations simulator', () => {
  const reports: TickReport[] = [];
  let before: Awaited<ReturnType<typeof orders>>;
  let openLeakId: number;

  beforeAll(async () => {
    before = await orders();
    // a leak the night-flow job has just found, still open: the control room raises its repair order
    const district = await t.app.db
      .selectFrom('districts')
      .select('id')
      .where('company_id', '=', companyId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const today = chinaDay(end);
    const open = await t.app.db
      .insertInto('district_leak_events')
      .values({
        company_id: companyId,
        district_id: district.id,
        kind: 'trend',
        status: 'open',
        start_day: addDays(today, -3),
        detected_day: addDays(today, -1),
        repaired_day: null,
        magnitude: 1.6,
        volume: 80,
        level: 'alarm',
        alarm_id: null,
        updated_at: end,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    openLeakId = Number(open.id);
    // a day on from the history's end, a tick every six hours: whatever the hour and the weekday, the day's
    // arrivals come in and every open order's next steps fall due
    const sim = createOperationsSimulator({
      baseUrl: url,
      people: DEMO_OPERATIONS_PEOPLE,
      seed: SEED,
      now: t.clock.now,
      since: end,
      maxSteps: 40,
    });
    for (let i = 0; i < 4; i++) {
      t.clock.advance(6 * HOUR);
      reports.push(await sim.tick());
    }
    await sim.stop();
  }, 300_000);

  it('does its steps through the API without a refusal: intake, assignment, crew work, review, replies', () => {
    expect(reports.flatMap((r) => r.skipped)).toEqual([]);
    const steps = reports.flatMap((r) => r.steps);
    expect(reports.reduce((n, r) => n + r.arrivals, 0)).toBeGreaterThan(5);
    const did = (re: RegExp) => steps.filter((s) => re.test(s)).length;
    expect(did(/^service took complaint/)).toBeGreaterThan(0);
    expect(did(/^dispatcher (assigned|cancel) /)).toBeGreaterThan(0);
    expect(did(/^crew\d (accept|start|complete|note|delay|resume) /)).toBeGreaterThan(0);
    expect(did(/^(dispatcher (close|reopen|remind)|service (closed|turned)) /)).toBeGreaterThan(0);
    expect(did(/^operator raised GD\d+ for the leak in /)).toBe(1);
  });

  it('raised one repair order for the open leak event, as the control room', async () => {
    const repairs = (await orders()).filter((o) => Number(o.leak_event_id) === openLeakId);
    expect(repairs.map((o) => [o.source, o.creator_name])).toEqual([['nightFlowEvent', 'operator']]);
  });

  it('moves orders forward as their people, the crew reading their to-dos first', async () => {
    const after = await orders();
    expect(after.length).toBeGreaterThan(before.length);
    const crewEvents = await t.app.db
      .selectFrom('work_order_events as e')
      .innerJoin('work_orders as o', (j) =>
        j.onRef('o.company_id', '=', 'e.company_id').onRef('o.id', '=', 'e.order_id'),
      )
      .select(['e.user_id', 'e.username', 'o.code', 'e.action', 'e.at'])
      .where('e.company_id', '=', companyId)
      .where('e.at', '>', end)
      .where('e.action', 'in', ['accept', 'start', 'complete'])
      .execute();
    expect(crewEvents.length).toBeGreaterThan(0);
    for (const e of crewEvents) {
      expect(e.username).toMatch(/^crew\d$/);
      const unread = await t.app.db
        .selectFrom('notice_receipts')
        .select('id')
        .where('company_id', '=', companyId)
        .where('user_id', '=', Number(e.user_id))
        .where('param', '=', e.code)
        .where('status', '=', 0)
        .where('created_at', '<', e.at)
        .execute();
      expect(unread, `${e.code} ${e.action}`).toEqual([]);
    }
  });
});
