// Work orders live (issue 15 Deliver 12): assignment → to-do on the assignee's socket with 200 connected users. The
// tenant of workOrdersData.ts (its crew and dispatchers, 100,000 orders) is prepared by an app in this process, which
// also signs every account in; then one gateway process (role all, default poll intervals) serves it, on PGlite and
// then on PostgreSQL when there is one. Each of the 200 users holds one socket (its own token, raw protocol clients of
// liveClients.ts) subscribed to `notifications` and `workorders` — a crew member's room is their own orders, the
// dispatchers share the tenant's queue. A dispatcher then assigns pending orders one after another over HTTP
// (POST …/workorder/assign), each to the next user in turn, pausing a random part of a poll interval between them;
// stamped from just before the POST: the to-do naming the order reaching the assignee's socket (goal p99 ≤ 1 s), the
// order reaching the assignee's own list, and the dispatchers' queue showing the assignment. Writes
// tests/bench/results/workOrdersLive.json. Prints figures, never asserts them.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { PatchEvent, SnapshotEvent } from '@waterops/shared/live';
import { ACTION_PATHS } from '@waterops/shared/workorder';
import { sql } from 'kysely';
import { bearer, signIn } from '../fixtures/factories.ts';
import { REPO_ROOT } from '../fixtures/gatewayProcess.ts';
import { type Backend, onBackends, openBenchApp } from './benchApp.ts';
import { machineLoad, percentile, printTable, round } from './benchStats.ts';
import { closeFleet, inBatches, LiveClient, now, sleep, until } from './liveClients.ts';
import { startLiveGateway } from './liveGateway.ts';
import { BENCH_PASSWORD, buildWorkOrderData, FULL_WORK_ORDER_SIZE } from './workOrdersData.ts';

const RESULTS = join(REPO_ROOT, 'tests/bench/results/workOrdersLive.json');

export type WorkOrderLiveSettings = {
  /** connected users: the dispatchers, the rest field crew */
  users: number;
  dispatchers: number;
  /** assignments measured, one after another */
  assignments: number;
  orders: number;
  /** the gateway's LIVE_POLL_MS and LIVE_NOTIFICATIONS_POLL_MS (its defaults) */
  pollMs: number;
  notificationsPollMs: number;
};
export const DEFAULT_WORK_ORDER_LIVE_SETTINGS: WorkOrderLiveSettings = {
  users: 200,
  dispatchers: 20,
  assignments: 100,
  orders: 100_000,
  pollMs: 2_000,
  notificationsPollMs: 5_000,
};

/** The settings shrunk by `scale` (0.05: 10 users, 5 assignments, 5,000 orders); at least one of everything. */
export const scaleWorkOrderLiveSettings = (s: WorkOrderLiveSettings, scale: number): WorkOrderLiveSettings => {
  const n = (v: number, min: number) => Math.max(min, Math.round(v * scale));
  const users = n(s.users, 2);
  return {
    ...s,
    users,
    dispatchers: Math.min(users - 1, n(s.dispatchers, 1)),
    assignments: n(s.assignments, 5),
    orders: n(s.orders, 5_000),
  };
};

type Latencies = { p50Ms: number; p95Ms: number; p99Ms: number; maxMs: number; arrived: number };
export type LiveAssignFigures = {
  backend: Backend;
  version: string;
  users: number;
  assignments: number;
  orders: number;
  load: ReturnType<typeof machineLoad>;
  prepareS: number;
  connectS: number;
  /** POST assign → the to-do (param = the order's code) at the assignee's socket: the goal's figure */
  todo: Latencies;
  /** the same, from the POST's answer (the assignment committed and announced) */
  todoAfterAnswer: Latencies;
  /** POST assign → the order, assigned to them, in the assignee's own workorders room */
  ownList: Latencies;
  /** POST assign → the assignment in the dispatchers' shared queue (at one dispatcher's socket) */
  queue: Latencies;
  /** the POST itself */
  post: Latencies;
  missing: number;
};

const latencies = (times: number[]): Latencies => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? Number.NaN),
    arrived: sorted.length,
  };
};

type Account = { id: number; username: string; token: string };
type Prepared = {
  accounts: Account[];
  orders: { id: number; code: string }[];
  seconds: number;
  serverVersion: string;
};

/** The tenant, every account signed in, and the pending orders to assign (unassigned ones first). */
const prepare = async (env: Record<string, string>, s: WorkOrderLiveSettings): Promise<Prepared> => {
  const started = performance.now();
  const { app, companyId, serverVersion } = await openBenchApp(env);
  try {
    const data = await buildWorkOrderData(app.db, companyId, {
      ...FULL_WORK_ORDER_SIZE,
      orders: s.orders,
      crew: s.users - s.dispatchers,
      dispatchers: s.dispatchers,
      meters: Math.max(100, Math.round(s.orders / 50)),
    });
    const people = [...data.dispatchers, ...data.crew];
    const tokens = await inBatches(people.length, 4, (i) =>
      signIn(app, (people[i] as { username: string }).username, BENCH_PASSWORD),
    );
    const accounts = people.map((p, i) => ({ id: p.id, username: p.username, token: tokens[i] as string }));
    const orders = await sql<{ id: string | number; code: string }>`select id, code from work_orders
      where company_id = ${companyId} and status = 'pending'
      order by (assignee_id is null) desc, id desc limit ${s.assignments}`.execute(app.db);
    if (orders.rows.length < s.assignments)
      throw new Error(`only ${orders.rows.length} pending orders for ${s.assignments} assignments`);
    return {
      accounts,
      orders: orders.rows.map((r) => ({ id: Number(r.id), code: r.code })),
      seconds: Math.round(performance.now() - started) / 1000,
      serverVersion,
    };
  } finally {
    await app.close();
  }
};

type OrderItem = { id: number; assigneeId?: number | null; param?: string | null };
type Pending = {
  order: { id: number; code: string };
  assignee: number;
  sentAt: number;
  todoAt?: number;
  ownAt?: number;
  queueAt?: number;
};

/** One backend's run (exported for one-off experiments with other settings). */
export const runLiveBackend = async (
  backend: Backend,
  env: Record<string, string>,
  label: string,
  s: WorkOrderLiveSettings,
): Promise<LiveAssignFigures> => {
  const load = machineLoad();
  console.log(
    `  ${backend}: preparing ${s.orders} orders and ${s.users} accounts (load ${load.loadAverage.join(' ')})…`,
  );
  const prepared = await prepare(env, s);
  const gateway = await startLiveGateway({
    ...env,
    LIVE_POLL_MS: String(s.pollMs),
    LIVE_NOTIFICATIONS_POLL_MS: String(s.notificationsPollMs),
  });
  let clients: LiveClient[] = [];
  try {
    const version = `${label} ${prepared.serverVersion}`.trim();
    let awaited: Pending | undefined;
    const snapshots = new Map<number, Set<string>>();
    const dispatcherIndex = 0;
    const onEvent = (client: LiveClient, e: { name: string; data: unknown; at: number }) => {
      const event = e.data as (PatchEvent<OrderItem> | SnapshotEvent<OrderItem>) & { topic: string };
      if (e.name === 'snapshot') {
        const seen = snapshots.get(client.index) ?? new Set<string>();
        seen.add(event.topic);
        snapshots.set(client.index, seen);
      }
      if (!awaited || (e.name !== 'patch' && e.name !== 'snapshot')) return;
      const items = 'upserts' in event ? event.upserts : event.items;
      const a = awaited;
      if (event.topic === 'notifications' && client.index === a.assignee && a.todoAt === undefined) {
        if (items.some((n) => n.param === a.order.code)) a.todoAt = e.at;
      } else if (event.topic === 'workorders') {
        const assigned = items.some((o) => o.id === a.order.id && o.assigneeId === prepared.accounts[a.assignee]?.id);
        if (!assigned) return;
        if (client.index === a.assignee && a.ownAt === undefined) a.ownAt = e.at;
        if (client.index === dispatcherIndex && a.queueAt === undefined) a.queueAt = e.at;
      }
    };
    const connectStarted = now();
    clients = await inBatches(prepared.accounts.length, 50, (i) =>
      LiveClient.open(gateway.url, (prepared.accounts[i] as Account).token, i, { parse: true, onEvent }),
    );
    const answers = await inBatches(clients.length * 2, 50, (i) =>
      (clients[i >> 1] as LiveClient).subscribe({ topic: i % 2 === 0 ? 'notifications' : 'workorders' }),
    );
    const refused = answers.find((a) => !a.ok);
    if (refused) throw new Error(`subscribe refused: ${JSON.stringify(refused)}`);
    if (!(await until(() => [...snapshots.values()].filter((t) => t.size === 2).length >= clients.length, 120_000)))
      throw new Error('not every client got both snapshots in 120 s');
    const connectS = Math.round(now() - connectStarted) / 1000;
    console.log(`  ${backend}: ${clients.length} users connected and subscribed in ${connectS} s`);
    await sleep(s.pollMs);

    const dispatcher = prepared.accounts[dispatcherIndex] as Account;
    const done: Pending[] = [];
    const post: number[] = [];
    const afterAnswer: number[] = [];
    let missing = 0;
    for (let k = 0; k < s.assignments; k++) {
      // every user in turn, the assigning dispatcher too (dispatchers may work on orders)
      const assignee = (k * 7 + 1) % clients.length;
      const order = prepared.orders[k] as { id: number; code: string };
      const current: Pending = { order, assignee, sentAt: now() };
      awaited = current;
      const res = await fetch(`${gateway.url}${ACTION_PATHS.assign}`, {
        method: 'POST',
        headers: { ...bearer(dispatcher.token), 'content-type': 'application/json' },
        body: JSON.stringify({ id: order.id, assigneeId: prepared.accounts[assignee]?.id }),
      });
      const answeredAt = now();
      post.push(answeredAt - current.sentAt);
      const body = (await res.json()) as { resp_code?: number; resp_msg?: string };
      if (res.status !== 200 || body.resp_code !== 0)
        throw new Error(`assign ${order.code}: ${res.status} ${JSON.stringify(body)}`);
      const arrived = await until(
        () => current.todoAt !== undefined && current.ownAt !== undefined && current.queueAt !== undefined,
        s.notificationsPollMs * 2 + 10_000,
      );
      if (!arrived) missing++;
      if ((k + 1) % 10 === 0) {
        const todos = [...done, current].flatMap((a) => (a.todoAt === undefined ? [] : [a.todoAt - a.sentAt]));
        console.log(
          `  ${backend}: ${k + 1} assignments, to-do p50 ${latencies(todos).p50Ms} ms, ${missing} incomplete`,
        );
      }
      if (current.todoAt !== undefined) afterAnswer.push(current.todoAt - answeredAt);
      done.push(current);
      awaited = undefined;
      await sleep(Math.random() * s.pollMs);
    }
    const of = (pick: (a: Pending) => number | undefined) =>
      latencies(done.flatMap((a) => (pick(a) === undefined ? [] : [(pick(a) as number) - a.sentAt])));
    return {
      backend,
      version,
      users: clients.length,
      assignments: s.assignments,
      orders: s.orders,
      load,
      prepareS: prepared.seconds,
      connectS,
      todo: of((a) => a.todoAt),
      todoAfterAnswer: latencies(afterAnswer),
      ownList: of((a) => a.ownAt),
      queue: of((a) => a.queueAt),
      post: latencies(post),
      missing,
    };
  } catch (error) {
    console.error(`gateway output:\n${gateway.output()}`);
    throw error;
  } finally {
    await closeFleet(clients);
    await gateway.stop();
  }
};

/** Runs the assignment latency on PGlite, then on PostgreSQL when there is one; writes the results. */
export const benchWorkOrdersLive = async (
  settings: WorkOrderLiveSettings = DEFAULT_WORK_ORDER_LIVE_SETTINGS,
): Promise<LiveAssignFigures[]> => {
  console.log(
    `\nWork orders live: assignment → to-do with ${settings.users} connected users ` +
      `(LIVE_POLL_MS ${settings.pollMs}, LIVE_NOTIFICATIONS_POLL_MS ${settings.notificationsPollMs})`,
  );
  const { runs, postgresSkipped } = await onBackends((backend, env, label) =>
    runLiveBackend(backend, env, label, settings),
  );
  console.log(
    `\nAssignment → arrival (ms from just before the POST; ${settings.assignments} assignments; goal to-do p99 ≤ 1,000 ms)`,
  );
  const row = (name: string, l: Latencies) => [
    name,
    ...[l.p50Ms, l.p95Ms, l.p99Ms, l.maxMs].map(String),
    String(l.arrived),
  ];
  for (const r of runs) {
    console.log(
      `\n${r.version}: ${r.users} users, ${r.orders} orders, connected in ${r.connectS} s, ${r.missing} incomplete`,
    );
    printTable(
      ['arrival', 'p50', 'p95', 'p99', 'max', 'arrived'],
      [
        row('to-do at the assignee', r.todo),
        row('to-do, from the POST’s answer', r.todoAfterAnswer),
        row('order in the assignee’s own list', r.ownList),
        row('assignment in the dispatchers’ queue', r.queue),
        row('the POST itself', r.post),
      ],
    );
  }
  if (postgresSkipped) console.log(`PostgreSQL skipped: ${postgresSkipped}`);
  await mkdir(dirname(RESULTS), { recursive: true });
  await writeFile(
    RESULTS,
    `${JSON.stringify({ date: new Date().toISOString(), settings, runs, postgresSkipped }, null, 2)}\n`,
  );
  console.log(`\nwritten to ${RESULTS}`);
  return runs;
};
