import { PERMISSIONS } from '@waterops/shared/auth';
import { chinaDay } from '@waterops/shared/reading';
import {
  decide,
  type MachineState,
  nextState,
  WorkOrderPriority,
  WorkOrderSource,
  WorkOrderType,
} from '@waterops/shared/workorder';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  nextComplaintStep,
  nextOrderStep,
  type PlanEvent,
  type PlanOrder,
  pickAssignee,
  teamsOfType,
} from './operationsPlan.ts';
import { arrivalsBetween, chinaHour, crewMoment, reviewRound, withinHours, workEnd } from './operationsTime.ts';

const HOUR = 3_600_000;
const DAY = 86_400_000;
const SEED = 42;
/** 2026-11-23 00:00 China time, a Monday. */
const MONDAY = Date.parse('2026-11-22T16:00:00Z');
const china = (day: number, hour: number) => MONDAY + day * DAY + hour * HOUR;
const weekdaysOnly = (_: number, day: string) => {
  const wd = new Date(`${day}T00:00:00Z`).getUTCDay();
  return wd >= 1 && wd <= 5;
};

describe('time of day', () => {
  it('moves an instant into a window of China hours, the same day or the next', () => {
    expect(withinHours(china(0, 9), 8, 18)).toBe(china(0, 9));
    expect(withinHours(china(0, 6), 8, 18)).toBe(china(0, 8));
    expect(withinHours(china(0, 19), 8, 18)).toBe(china(1, 8));
    expect(chinaHour(china(2, 13.5))).toBeCloseTo(13.5);
  });

  it("fits crew work into their duty days' working hours, urgent work around the clock", () => {
    // Friday 17:00 + 2 h of work on a weekday roster: one hour on Friday, one on Monday
    expect(workEnd(china(4, 17), 120, 1, false, weekdaysOnly)).toBe(china(7, 9));
    expect(workEnd(china(4, 17), 120, 1, true, weekdaysOnly)).toBe(china(4, 19));
    expect(crewMoment(china(5, 10), 1, weekdaysOnly)).toBe(china(7, 8));
  });

  it('reviews in rounds at 09:30, 14:00 and 17:30', () => {
    expect(reviewRound(china(0, 9))).toBe(china(0, 9.5));
    expect(reviewRound(china(0, 12))).toBe(china(0, 14));
    expect(reviewRound(china(0, 18))).toBe(china(1, 9.5));
  });
});

describe('arrivals', () => {
  it('are fixed by the seed, come a few an hour by day and seldom at night', () => {
    const from = china(0, 0);
    const to = china(28, 0);
    const complaints = arrivalsBetween(SEED, 'complaint', from, to);
    expect(arrivalsBetween(SEED, 'complaint', from, to)).toEqual(complaints);
    // split anywhere, the same arrivals
    const mid = china(9, 13.3);
    expect([...arrivalsBetween(SEED, 'complaint', from, mid), ...arrivalsBetween(SEED, 'complaint', mid, to)]).toEqual(
      complaints,
    );
    const perDay = complaints.length / 28;
    expect(perDay).toBeGreaterThan(8);
    expect(perDay).toBeLessThan(15);
    const byDay = complaints.filter((t) => chinaHour(t) >= 8 && chinaHour(t) < 20).length;
    expect(byDay / complaints.length).toBeGreaterThan(0.7);
    const manual = arrivalsBetween(SEED, 'manual', from, to);
    expect(manual.length / 28).toBeGreaterThan(3);
    expect(manual.length / 28).toBeLessThan(8);
    expect(arrivalsBetween(SEED + 1, 'complaint', from, to)).not.toEqual(complaints);
  });
});

const DISPATCHER = { userId: 1, permissions: [PERMISSIONS.workOrderAssign, PERMISSIONS.workOrderClose] };
const CREW = { userId: 7, permissions: [PERMISSIONS.workOrderComplete] };

/** Walks an order through the plan the way the history does: each step at its time, the deferral job when asked. */
const walk = (order: PlanOrder) => {
  let o = { ...order };
  let state: MachineState = { status: 'pending', assigned: false, accepted: false, started: false };
  const events: PlanEvent[] = [{ action: 'created', at: o.createdAt }];
  let now = o.createdAt;
  for (let i = 0; i < 40; i++) {
    const plan = nextOrderStep(o, events, { seed: SEED, onDuty: weekdaysOnly });
    if (plan === null) return { o, events, state };
    if ('wait' in plan) {
      expect(o.status).toBe('deferred');
      now = Math.max(now, plan.wait);
      state = { ...state, status: state.accepted ? 'processing' : 'pending' };
      o = { ...o, status: state.status, deferredUntil: null };
      events.push({ action: 'autoResumed', at: now });
      continue;
    }
    // never back in time; what the plan proposes the machine accepts from whoever it names
    expect(
      plan.at,
      `${events.map((e) => `${e.action}@${new Date(e.at).toISOString()}`).join(' ')} → ${plan.action}@${new Date(plan.at).toISOString()} ${o.priority} ${o.id}`,
    ).toBeGreaterThanOrEqual(now - 1);
    now = Math.max(now, plan.at);
    const caller = plan.by === 'dispatcher' ? DISPATCHER : CREW;
    const decision = decide(
      plan.action,
      { ...state, assigneeId: o.assigneeId },
      caller,
      {
        comment: plan.comment ?? null,
        cause: plan.cause ?? null,
        assigneeId: plan.action === 'assign' ? CREW.userId : null,
        dueAt: plan.dueAt === undefined ? null : new Date(plan.dueAt).toISOString(),
      },
      new Date(now),
    );
    expect(decision, `${plan.action} from ${state.status}`).toMatchObject({ ok: true });
    state = nextState(plan.action, state);
    events.push({ action: plan.action, at: now });
    o = {
      ...o,
      status: state.status,
      assigneeId: state.assigned ? CREW.userId : null,
      ...(plan.action === 'assign' ? { assignedAt: now, acceptedAt: null, startedAt: null } : {}),
      ...(plan.action === 'accept' ? { acceptedAt: now } : {}),
      ...(plan.action === 'start' ? { startedAt: now } : {}),
      ...(plan.action === 'complete' ? { completedAt: now } : {}),
      ...(plan.action === 'reopen' ? { completedAt: null } : {}),
      ...(plan.action === 'delay' ? { deferredUntil: plan.dueAt ?? null } : {}),
      ...(plan.action === 'resume' ? { deferredUntil: null } : {}),
    };
  }
  throw new Error(`order ${o.id} never finished: ${events.map((e) => e.action).join(' ')}`);
};

describe("an order's next step", () => {
  const orderOf = (id: number, type: PlanOrder['type'], priority: PlanOrder['priority'], source: PlanOrder['source']) =>
    ({
      id,
      code: `GD${id}`,
      type,
      priority,
      status: 'pending',
      source,
      createdAt: china(id % 14, (id * 7) % 24),
      assigneeId: null,
      assignedAt: null,
      acceptedAt: null,
      startedAt: null,
      completedAt: null,
      deferredUntil: null,
      responseDueAt: china(id % 14, (id * 7) % 24) + 8 * HOUR,
      resolveDueAt: china(id % 14, (id * 7) % 24) + 30 * HOUR,
      leakEventId: null,
    }) satisfies PlanOrder;

  it('takes every order to closed or cancelled through steps the machine accepts, forward in time', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom(...WorkOrderType.values),
        fc.constantFrom(...WorkOrderPriority.values),
        fc.constantFrom(...WorkOrderSource.values),
        (id, type, priority, source) => {
          const { state } = walk(orderOf(id, type, priority, source));
          expect(['closed', 'cancelled']).toContain(state.status);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('mostly runs smoothly: assigned, accepted, started, completed with a cause, closed', () => {
    const lives = Array.from({ length: 300 }, (_, i) => walk(orderOf(i + 1, 'leakRepair', 'high', 'manual')));
    const smooth = lives.filter(
      (l) => l.events.map((e) => e.action).join(' ') === 'created assign accept start complete close',
    );
    expect(smooth.length / lives.length).toBeGreaterThan(0.45);
    const has = (a: string) => lives.filter((l) => l.events.some((e) => e.action === a)).length / lives.length;
    expect(has('delay')).toBeGreaterThan(0.03);
    expect(has('delay')).toBeLessThan(0.15);
    expect(has('remind')).toBeGreaterThan(0.05);
    expect(has('reopen')).toBeLessThan(0.1);
    expect(has('cancel')).toBeLessThan(0.06);
  });

  it('leaves ordinary work for the working day, answers urgent work at night', () => {
    const night = { ...orderOf(5, 'valve', 'normal', 'manual'), createdAt: china(1, 23) };
    const plan = nextOrderStep(night, [], { seed: SEED, onDuty: weekdaysOnly });
    expect(plan).toMatchObject({ action: 'assign', by: 'dispatcher' });
    expect(chinaDay(new Date((plan as { at: number }).at))).toBe(chinaDay(new Date(china(2, 12))));
    const burst = { ...orderOf(5, 'burst', 'urgent', 'manual'), createdAt: china(1, 23) };
    const urgent = nextOrderStep(burst, [], { seed: SEED, onDuty: weekdaysOnly }) as { at: number };
    expect(urgent.at - burst.createdAt).toBeLessThan(10 * 60_000);
  });

  it('defers a leak order to the day of its repair and completes it then', () => {
    const repairAt = china(12, 14);
    const leak = { ...orderOf(9, 'leakRepair', 'high', 'nightFlowEvent'), leakEventId: 3 };
    let o: PlanOrder = leak;
    const events: PlanEvent[] = [];
    const ctx = { seed: SEED, onDuty: weekdaysOnly, leakRepairAt: () => repairAt };
    for (const a of ['assign', 'accept', 'start'] as const) {
      const step = nextOrderStep(o, events, ctx) as { action: string; at: number };
      expect(step.action).toBe(a);
      events.push({ action: a, at: step.at });
      o = {
        ...o,
        status: a === 'assign' ? 'pending' : 'processing',
        assigneeId: 7,
        assignedAt: a === 'assign' ? step.at : o.assignedAt,
        acceptedAt: a === 'accept' ? step.at : o.acceptedAt,
        startedAt: a === 'start' ? step.at : o.startedAt,
      };
    }
    const defer = nextOrderStep(o, events, ctx);
    expect(defer).toMatchObject({ action: 'delay', by: 'assignee' });
    expect((defer as { dueAt: number }).dueAt).toBeLessThan(repairAt);
    events.push({ action: 'delay', at: (defer as { at: number }).at });
    events.push({ action: 'autoResumed', at: (defer as { dueAt: number }).dueAt });
    const done = nextOrderStep(o, events, ctx);
    expect(done).toMatchObject({ action: 'complete' });
    expect((done as { at: number }).at).toBeGreaterThanOrEqual(repairAt);
  });
});

describe("a complaint's next step", () => {
  const causeText = (c: string | null) => (c === 'pipeLeak' ? '管道漏水' : (c ?? ''));
  it('answers a billing question directly and turns a leak into an order within minutes', () => {
    const billing = nextComplaintStep(
      { id: 1, category: 'billing', status: 'open', createdAt: china(0, 10) },
      null,
      SEED,
      causeText,
    );
    expect(billing).toMatchObject({ action: 'over' });
    expect((billing as { reply: string }).reply.length).toBeGreaterThan(10);
    const turned = Array.from({ length: 100 }, (_, i) =>
      nextComplaintStep(
        { id: i + 1, category: 'leak', status: 'open', createdAt: china(0, 10) },
        null,
        SEED,
        causeText,
      ),
    ).filter((s) => s?.action === 'workOrder');
    expect(turned.length).toBeGreaterThan(75);
    for (const s of turned) expect((s as { at: number }).at - china(0, 10)).toBeLessThan(15 * 60_000);
  });

  it('waits for its order, then replies naming the order and what was found, by day', () => {
    const c = { id: 4, category: 'leak' as const, status: 'ordered' as const, createdAt: china(0, 10) };
    const open = {
      code: 'GD1',
      status: 'processing' as const,
      closedAt: null,
      cancelledAt: null,
      cause: null,
      late: false,
    };
    expect(nextComplaintStep(c, open, SEED, causeText)).toBeNull();
    const closed = { ...open, status: 'closed' as const, closedAt: china(0, 22), cause: 'pipeLeak' };
    const reply = nextComplaintStep(c, closed, SEED, causeText) as { at: number; reply: string };
    expect(reply.reply).toContain('GD1');
    expect(reply.reply).toContain('管道漏水');
    expect(chinaHour(reply.at)).toBeGreaterThanOrEqual(8);
    expect(reply.at).toBeGreaterThan(china(0, 22));
  });
});

describe('who does the work', () => {
  const teams = { repair: ['维修一班', '维修二班'], meters: '表务班' };
  const crew = [
    { id: 1, departmentName: '表务班', onDuty: true },
    { id: 2, departmentName: '维修二班', onDuty: true },
    { id: 3, departmentName: '维修一班', onDuty: false },
  ];
  it("sends meter work to the meter team and the rest to the repairers on duty, in the crew route's order", () => {
    expect(pickAssignee(crew, teamsOfType('meterFault', teams))?.id).toBe(1);
    expect(pickAssignee(crew, teamsOfType('leakRepair', teams))?.id).toBe(2);
    // nobody of the team on duty: whoever is
    expect(pickAssignee(crew.slice(0, 1), teamsOfType('burst', teams))?.id).toBe(1);
  });
});
