// The demo's operations simulator (issue 15): the people of the utility at work, live, through the public REST API
// with their own tokens, so the queue, the bells and the statistics move as they would. Every tick (a minute) it does
// what has fallen due: the call-taker records the complaints that came in and turns most into orders, answering the
// rest and calling residents back once their order is closed; the control-room operator raises orders from alarms,
// usage exceptions and the night-flow job's open leak events; the dispatcher opens orders of their own, assigns each
// new one to the least-loaded crew member on duty (the crew route), reminds, reviews and closes; crews accept, start,
// note (now and then with photos), defer and complete with a cause. What happens when is the operations plan's
// (operationsPlan.ts), shared with the work-order history. It acts only on orders and complaints its own people made,
// leaving a person's own work to them. Started in demo mode beside the city simulator (demoOperations.ts).
import { COMPLAINT_PATHS, type Complaint, type ComplaintOver } from '@waterops/shared/complaint';
import { DMA_PATHS, type LeakEvent } from '@waterops/shared/dma';
import { NOTICE_PATHS, type Notification } from '@waterops/shared/notice';
import { addDays, chinaDay } from '@waterops/shared/reading';
import { type CurrentUser, USER_PATHS } from '@waterops/shared/user';
import {
  ACTION_PATHS,
  type CrewMember,
  causeText,
  WORK_ORDER_PATHS,
  type WorkOrder,
  type WorkOrderEvent,
} from '@waterops/shared/workorder';
import { DEMO_TEAMS } from '../db/seed/demoPeople.ts';
import { createArrivals, type OperationsPeople, type TickReport } from './operationsArrivals.ts';
import { type Credentials, OpsCallError, OpsClient } from './operationsClient.ts';
import {
  complaintOrderOf,
  nextComplaintStep,
  nextOrderStep,
  type PlanContext,
  pickAssignee,
  planEventsOf,
  planOrderOf,
  type Step,
  teamsOfType,
} from './operationsPlan.ts';
import { dutyOf, topUpRoster } from './operationsRoster.ts';
import { type ArrivalKind, arrivalsBetween } from './operationsTime.ts';
import { sitePhoto } from './sitePhoto.ts';

export type { OperationsPeople, TickReport } from './operationsArrivals.ts';

const MINUTE = 60_000;

export type OperationsSimulatorOptions = {
  baseUrl: string;
  people: OperationsPeople;
  /** the same seed as the history's: arrivals and decisions follow it */
  seed: number;
  now?: () => Date;
  log?: (message: string) => void;
  /** ms between ticks (default one minute) */
  tickMs?: number;
  /** arrivals count from here (the history's end); default: one tick before the first */
  since?: Date;
  /** arrivals per day relative to the plan's (default 1) */
  scale?: number;
  /** the most steps one tick carries out, so a restart catches up over a few minutes (default 6) */
  maxSteps?: number;
  /** a night-flow leak: when the city really repairs it (the repair order is then deferred to that day) */
  leakRepairAt?: (districtName: string, startDay: string) => number | null;
  client?: { id: string; secret: string };
};

export type OperationsSimulator = {
  /** one tick now (the timer's, or a test's); resolves when it is done */
  tick(): Promise<TickReport>;
  /** ticks every tickMs until stopped */
  start(): void;
  stop(): Promise<void>;
};

type Me = { id: number; username: string; nickname: string };

export const createOperationsSimulator = (opts: OperationsSimulatorOptions): OperationsSimulator => {
  const now = opts.now ?? (() => new Date());
  const log = opts.log ?? (() => {});
  const tickMs = opts.tickMs ?? MINUTE;
  const maxSteps = opts.maxSteps ?? 6;
  const seed = opts.seed;
  const stopping = new AbortController();
  const api = new OpsClient(opts.baseUrl, opts.client, stopping.signal);
  const { operator, dispatcher, service } = opts.people;
  const teams = { repair: [DEMO_TEAMS.repair1, DEMO_TEAMS.repair2], meters: DEMO_TEAMS.meters };
  let last = opts.since?.getTime();
  let rosterCheckedOn = '';
  const events = new Map<number, { updatedAt: string; events: WorkOrderEvent[] }>();
  let me: Map<string, Me> | undefined;
  const arrive = createArrivals(api, opts.people, seed);
  let photoCount = 0;
  let openedShift = false;

  /**
   * The operator's first look at the console: with no order raised from an alarm or a usage exception in the past
   * day, orders for the two most pressing device alarms and one usage exception standing there (then they come at the
   * plan's rate).
   */
  const openShift = async (at: number, report: TickReport) => {
    const since = new Date(at - 24 * 3_600_000).toISOString();
    for (const source of ['alarm', 'usageException'] as const) {
      const recent = await api.page<WorkOrder>(operator, WORK_ORDER_PATHS.list, { source, startTime: since, limit: 1 });
      if (recent.count > 0) return;
    }
    for (const [k, kind] of [
      [0, 'alarm'],
      [1, 'alarm'],
      [2, 'usage'],
    ] as const)
      await arrive.newAlarmOrder(at + k * MINUTE, kind, report);
  };

  /** Who our people are (ids and names), asked once. */
  const whoAmI = async () => {
    if (me) return me;
    const found = new Map<string, Me>();
    for (const p of [operator, dispatcher, service, ...opts.people.crew]) {
      const u = await api.result<CurrentUser>(p, 'GET', USER_PATHS.currentUser);
      found.set(p.username, { id: u.id, username: u.username, nickname: u.nickname });
    }
    me = found;
    return found;
  };
  const crewCredentials = (userId: number | null) => {
    if (userId === null || !me) return undefined;
    const username = [...me.values()].find((m) => m.id === userId)?.username;
    return opts.people.crew.find((c) => c.username === username);
  };

  // ── orders ──────────────────────────────────────────────────────────────────────────────────────────────────────

  const eventsOf = async (o: WorkOrder) => {
    const cached = events.get(o.id);
    if (cached && cached.updatedAt === o.updatedAt) return cached.events;
    const list = await api.result<WorkOrderEvent[]>(dispatcher, 'GET', WORK_ORDER_PATHS.events(o.id));
    events.set(o.id, { updatedAt: o.updatedAt, events: list });
    return list;
  };

  /** The person reads their to-dos about the order in the bell before acting on it. */
  const readTodos = async (who: Credentials, code: string) => {
    const bell = await api.result<Notification[]>(who, 'GET', NOTICE_PATHS.showNotice);
    for (const n of bell.filter((x) => x.category === 2 && x.param === code && x.status === 0))
      await api.result(who, 'GET', NOTICE_PATHS.read, { id: n.id });
  };

  const carryOut = async (o: WorkOrder, step: Step, crew: readonly CrewMember[]): Promise<string | null> => {
    if (step.action === 'assign') {
      const who = pickAssignee(crew, teamsOfType(o.type, teams));
      if (!who) return null;
      await api.result(dispatcher, 'POST', ACTION_PATHS.assign, { id: o.id, assigneeId: who.userId });
      return `dispatcher assigned ${o.code} to ${who.nickname || who.username}`;
    }
    const who = step.by === 'dispatcher' ? dispatcher : crewCredentials(o.assigneeId);
    if (!who) return null;
    await readTodos(who, o.code);
    const attachments: string[] = [];
    for (let i = 0; i < (step.photos ?? 0); i++)
      attachments.push(
        await api.upload(who, `现场照片-${o.code}-${i + 1}.png`, sitePhoto(seed, o.id * 16 + photoCount++)),
      );
    const action = step.action as keyof typeof ACTION_PATHS;
    await api.result(who, 'POST', ACTION_PATHS[action], {
      id: o.id,
      ...(step.comment ? { comment: step.comment } : {}),
      ...(step.cause ? { cause: step.cause } : {}),
      ...(step.materials ? { materials: step.materials } : {}),
      ...(step.dueAt !== undefined ? { dueAt: new Date(step.dueAt).toISOString() } : {}),
      ...(attachments.length ? { attachments } : {}),
    });
    return `${who.username} ${step.action} ${o.code}`;
  };

  // ── complaints ──────────────────────────────────────────────────────────────────────────────────────────────────

  const complaintSteps = async (at: number, report: TickReport, budget: { left: number }) => {
    const mine = (await whoAmI()).get(service.username)?.nickname;
    const open = [
      ...(await api.page<Complaint>(service, COMPLAINT_PATHS.list, { status: 'open', limit: 200 })).rows,
      ...(await api.page<Complaint>(service, COMPLAINT_PATHS.list, { status: 'ordered', limit: 200 })).rows,
    ].filter((c) => c.creatorName === mine);
    for (const c of open) {
      if (budget.left <= 0) return;
      if (c.status === 'ordered' && c.workOrderStatus !== 'closed' && c.workOrderStatus !== 'cancelled') continue;
      const order =
        c.workOrderId === null
          ? null
          : await api.result<WorkOrder>(dispatcher, 'GET', WORK_ORDER_PATHS.find(c.workOrderId));
      const step = nextComplaintStep(
        { id: c.id, category: c.category, status: c.status, createdAt: Date.parse(c.createdAt) },
        order && complaintOrderOf(order),
        seed,
        causeText,
      );
      if (!step || step.at > at) continue;
      budget.left--;
      if (step.action === 'workOrder') {
        const turned = await api.result<Complaint>(service, 'POST', COMPLAINT_PATHS.workOrder, { id: c.id });
        report.steps.push(`service turned ${c.complaintNo} into ${turned.workOrderCode}`);
      } else {
        await api.result(service, 'POST', COMPLAINT_PATHS.over, {
          id: c.id,
          reply: step.reply,
          satisfaction: step.satisfaction,
        } satisfies ComplaintOver);
        report.steps.push(`service closed ${c.complaintNo} (${step.satisfaction})`);
      }
    }
  };

  // ── the tick ────────────────────────────────────────────────────────────────────────────────────────────────────

  const attempt = async (report: TickReport, what: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (e) {
      if (stopping.signal.aborted) throw e;
      report.skipped.push(`${what}: ${e instanceof OpsCallError ? e.message : String(e)}`);
    }
  };

  const tick = async (): Promise<TickReport> => {
    const at = now().getTime();
    const report: TickReport = { at: new Date(at).toISOString(), arrivals: 0, steps: [], skipped: [] };
    await whoAmI();
    const from = last ?? at - tickMs;
    last = at;
    const ours = new Set([operator.username, dispatcher.username, service.username]);

    const arrivals: [number, ArrivalKind][] = (['complaint', 'manual', 'alarm', 'usage'] as const)
      .flatMap((kind) => arrivalsBetween(seed, kind, from, at, opts.scale).map((t): [number, ArrivalKind] => [t, kind]))
      .sort((a, b) => a[0] - b[0]);
    for (const [t, kind] of arrivals) {
      report.arrivals++;
      await attempt(report, `${kind} arrival`, () =>
        kind === 'complaint'
          ? arrive.newComplaint(t, report)
          : kind === 'manual'
            ? arrive.newManualOrder(t, report)
            : arrive.newAlarmOrder(t, kind, report),
      );
    }
    if (!openedShift) {
      openedShift = true;
      await attempt(report, 'the alarms standing', () => openShift(at, report));
    }
    await attempt(report, 'leak orders', () => arrive.leakOrders(at, report));

    const crew = await api.result<CrewMember[]>(dispatcher, 'GET', WORK_ORDER_PATHS.crew);
    const duty = await dutyOf(api, dispatcher, at);
    const today = chinaDay(new Date(at));
    if (rosterCheckedOn !== today) {
      rosterCheckedOn = today;
      await attempt(report, 'duty roster', async () => {
        const done = await topUpRoster(api, dispatcher, at, duty.days, crew);
        if (done) report.steps.push(done);
      });
    }
    const { rows } = await api.page<WorkOrder>(dispatcher, WORK_ORDER_PATHS.list, {
      open: true,
      identity: '2',
      limit: 500,
    });
    const repairs = new Map<number, number | null>();
    const ctx: PlanContext = {
      seed,
      onDuty: duty.onDuty,
      leakRepairAt: (o) => repairs.get(o.id) ?? null,
    };
    const budget = { left: maxSteps };
    const due: { o: WorkOrder; step: Step }[] = [];
    const mine = rows.filter((x) => ours.has(x.creatorName ?? ''));
    for (const id of events.keys()) if (!mine.some((o) => o.id === id)) events.delete(id);
    for (const o of mine) {
      if (o.leakEventId !== null) repairs.set(o.id, await leakRepairOf(o));
      const plan = nextOrderStep(planOrderOf(o), planEventsOf(await eventsOf(o)), ctx);
      if (!plan || 'wait' in plan || plan.at > at) continue;
      // an order given to someone who is not one of ours is theirs to work on
      if (plan.by === 'assignee' && !crewCredentials(o.assigneeId)) continue;
      due.push({ o, step: plan });
    }
    due.sort((a, b) => a.step.at - b.step.at);
    for (const { o, step } of due) {
      if (budget.left <= 0) break;
      budget.left--;
      await attempt(report, `${step.action} ${o.code}`, async () => {
        const done = await carryOut(o, step, crew);
        if (done) report.steps.push(done);
        else report.skipped.push(`${step.action} ${o.code}: nobody of ours to do it`);
      });
    }
    await attempt(report, 'complaints', () => complaintSteps(at, report, budget));
    for (const s of report.steps) log(`operations: ${s}`);
    for (const s of report.skipped) log(`operations: skipped ${s}`);
    return report;
  };

  /** When the city really repairs a leak order's leak (its district and start day name it), if it is known. */
  const leakRepairs = new Map<number, number | null>();
  const leakRepairOf = async (o: WorkOrder): Promise<number | null> => {
    if (o.leakEventId === null || o.districtId === null || !opts.leakRepairAt) return null;
    if (leakRepairs.has(o.leakEventId)) return leakRepairs.get(o.leakEventId) ?? null;
    const series = await api.result<{ events: LeakEvent[] }>(operator, 'GET', DMA_PATHS.nightFlow, {
      districtId: o.districtId,
      from: addDays(chinaDay(new Date(o.createdAt)), -89),
      to: chinaDay(now()),
    });
    const e = series.events.find((x) => x.id === o.leakEventId);
    const at = e ? opts.leakRepairAt(e.districtName, e.startDay) : null;
    leakRepairs.set(o.leakEventId, at);
    return at;
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const loop = () => {
    if (stopped) return;
    running = tick()
      .catch((e) => {
        if (!stopped) log(`operations: tick failed, trying again next minute: ${e instanceof Error ? e.message : e}`);
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, tickMs);
      });
  };

  return {
    tick,
    start: loop,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      stopping.abort();
      await running.catch(() => undefined);
    },
  };
};
