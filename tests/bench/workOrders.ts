// Work-order benchmark (issue 15 Deliver 12), on PGlite and PostgreSQL side by side: the dispatcher's list pages over
// 1,000,000 orders (workOrdersData.ts) through the real app (app.inject: token, identity and data scope, validation,
// the page's rows and its count, each row's allowed actions, serialization; no socket) — the open queue by due time,
// status + type, a team, a keyword, a deadline class, a data-scoped dispatcher, a crew member's own (identity 3),
// pages 2 and 50 — the statistics route, and a batch assign of 500 orders (wall time; goal ≤ 3 s). Prints p50/p95 and
// the plans of the SQL behind each case (recorded from the repository's own functions); writes
// tests/bench/results/workOrders.json. The live half (assignment → to-do on a socket) is workOrdersLive.ts.
// Prints figures, never asserts them.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { DB } from '@waterops/gateway/src/db/tables.ts';
import type { TypedApp } from '@waterops/gateway/src/plugins/typeBoxProvider.ts';
import { listWorkOrders, type Visibility } from '@waterops/gateway/src/services/workorder/workOrderRepository.ts';
import {
  actOnWorkOrder,
  createWorkOrder,
  flushBatch,
  newBatchMemo,
  preloadBatch,
} from '@waterops/gateway/src/services/workorder/workOrderService.ts';
import { statisticsRange, workOrderStatistics } from '@waterops/gateway/src/services/workorder/workOrderStatistics.ts';
import { WORK_ORDER_PATHS, type WorkOrderListQuery } from '@waterops/shared/workorder';
import { sql, type Transaction } from 'kysely';
import { bearer, signIn } from '../fixtures/factories.ts';
import { REPO_ROOT } from '../fixtures/gatewayProcess.ts';
import { type Backend, onBackends, openBenchApp, type Repetitions, repeatCalls } from './benchApp.ts';
import { machineLoad, type PlanSummary, percentile, printTable, round, spread } from './benchStats.ts';
import {
  BENCH_PASSWORD,
  buildWorkOrderData,
  FULL_WORK_ORDER_SIZE,
  orderRelationSizes,
  type RelationSize,
  type WorkOrderData,
  type WorkOrderDataSize,
} from './workOrdersData.ts';
import { explainRecorded, recordQueries } from './workOrdersPlans.ts';

const RESULTS = join(REPO_ROOT, 'tests/bench/results/workOrders.json');

export type WorkOrderBenchSettings = Repetitions & {
  budgetMs: number;
  size: WorkOrderDataSize;
  /** orders per batch assign, and how many batches (each on other pending orders, to another crew member) */
  batchSize: number;
  batchRounds: number;
};
export const DEFAULT_WORK_ORDER_SETTINGS: WorkOrderBenchSettings = {
  runs: 20,
  warmup: 3,
  budgetMs: 30_000,
  size: FULL_WORK_ORDER_SIZE,
  batchSize: 500,
  batchRounds: 3,
};

type Who = 'dispatcher' | 'scoped' | 'crew';
/** What the cases filter by, read from the loaded data so every filter matches at any scale. */
type CaseContext = { teamId: number; code: string; address: string };
type Query = Record<string, string | number | boolean>;
type BenchCase = { name: string; as: Who; route: 'list' | 'statistics'; query: (c: CaseContext) => Query };

const queue = { open: true, sort: 'resolveDueAt', order: 'asc' } as const;
const CASES: BenchCase[] = [
  { name: 'open queue by due time', as: 'dispatcher', route: 'list', query: () => ({ ...queue }) },
  { name: 'open queue, page 2', as: 'dispatcher', route: 'list', query: () => ({ ...queue, page: 2 }) },
  {
    name: 'open queue of a team',
    as: 'dispatcher',
    route: 'list',
    query: (c) => ({ ...queue, departmentId: c.teamId }),
  },
  {
    name: 'status + type (processing, leak repair)',
    as: 'dispatcher',
    route: 'list',
    query: () => ({ status: 'processing', type: 'leakRepair' }),
  },
  {
    name: 'status + type (closed, meter fault)',
    as: 'dispatcher',
    route: 'list',
    query: () => ({ status: 'closed', type: 'meterFault' }),
  },
  { name: 'a team, all orders', as: 'dispatcher', route: 'list', query: (c) => ({ departmentId: c.teamId }) },
  { name: 'keyword: an order code', as: 'dispatcher', route: 'list', query: (c) => ({ keyword: c.code }) },
  { name: 'keyword: an address', as: 'dispatcher', route: 'list', query: (c) => ({ keyword: c.address }) },
  { name: 'deadline: overdue 24–48 h', as: 'dispatcher', route: 'list', query: () => ({ deadline: 'over24' }) },
  { name: 'all orders, page 1 (newest first)', as: 'dispatcher', route: 'list', query: () => ({}) },
  { name: 'all orders, page 2', as: 'dispatcher', route: 'list', query: () => ({ page: 2 }) },
  { name: 'all orders, page 50', as: 'dispatcher', route: 'list', query: () => ({ page: 50 }) },
  { name: 'data-scoped dispatcher (a region), page 1', as: 'scoped', route: 'list', query: () => ({}) },
  { name: 'data-scoped dispatcher, open queue', as: 'scoped', route: 'list', query: () => ({ ...queue }) },
  { name: 'crew member’s own (identity 3)', as: 'crew', route: 'list', query: () => ({ identity: '3' }) },
  {
    name: 'crew member’s own, open',
    as: 'crew',
    route: 'list',
    query: () => ({ identity: '3', open: true, sort: 'resolveDueAt', order: 'asc' }),
  },
  { name: 'statistics (last 30 China days)', as: 'dispatcher', route: 'statistics', query: () => ({}) },
  { name: 'statistics, data-scoped dispatcher', as: 'scoped', route: 'statistics', query: () => ({}) },
];
/** The web sends the caller's role types as `identity` (spec §6): a dispatcher's is 2, a crew member's 3. */
const IDENTITY: Record<Who, string> = { dispatcher: '2', scoped: '2', crew: '3' };

const urlOf = (c: BenchCase, ctx: CaseContext): string => {
  const q = c.query(ctx);
  if (c.route === 'statistics') return `${WORK_ORDER_PATHS.statistics}?${new URLSearchParams(stringify(q))}`;
  return `${WORK_ORDER_PATHS.list}?${new URLSearchParams(stringify({ identity: IDENTITY[c.as], page: 1, limit: 50, ...q }))}`;
};
const stringify = (q: Query) => Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]));

export type Figures = { p50Ms: number; p95Ms: number; rows: number; count: number; runs: number };
export type CaseFigures = { case: string; url: string } & Figures;

/** p50/p95 of GETting `url` (a page, or the statistics) `runs` times after `warmup` calls, within the budget. */
const measure = async (app: TypedApp, token: string, url: string, r: WorkOrderBenchSettings): Promise<Figures> => {
  const call = async () => {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: bearer(token) });
    const ms = performance.now() - started;
    const body = res.json();
    if (res.statusCode === 200 && body.code === 0 && Array.isArray(body.data))
      return { ms, rows: body.data.length as number, count: Number(body.count) };
    // statistics: rows = the open orders, count = the orders created in the range
    if (res.statusCode === 200 && body.resp_code === 0 && body.datas?.byStatus)
      return {
        ms,
        rows: Number(body.datas.open),
        count: Object.values(body.datas.byStatus as Record<string, number>).reduce((a, b) => a + b, 0),
      };
    throw new Error(`GET ${url} answered ${res.statusCode} ${res.body.slice(0, 500)}`);
  };
  return repeatCalls(call, r);
};

export type BatchFigures = {
  orders: number;
  /** wall time of each batch (the POST through app.inject, answer parsed) */
  wallMs: number[];
  p50Ms: number;
  maxMs: number;
  msPerOrder: number;
  /** orders each batch assigned (the rest were refused, with their reason) */
  assigned: number[];
  /** orders created for the batches when the data had too few pending, unassigned ones (a small scale) */
  created: number;
  /** queries one assignment sends on its own (recorded on one order, rolled back) */
  queriesPerOrder: number;
  /** queries per order within a batch (a chunk of a hundred recorded as the route runs it, rolled back) */
  batchQueriesPerOrder: number;
};

type Actor = Parameters<typeof actOnWorkOrder>[1];

/** Creates `count` pending orders through the service (a hundred per transaction); their ids. */
const createPendingOrders = async (app: TypedApp, actor: Actor, count: number): Promise<number[]> => {
  const ids: number[] = [];
  for (let made = 0; made < count; made += 100)
    await app.db.transaction().execute(async (tx) => {
      for (let i = made; i < Math.min(count, made + 100); i++) {
        const order = await createWorkOrder(
          tx,
          actor,
          { title: `批量派单测试 ${i + 1}`, type: 'inspection', description: '压测', source: 'manual' },
          new Date(),
        );
        ids.push(order.id);
      }
    });
  return ids;
};

/** The queries `work` sends inside a transaction that is then rolled back. */
const queriesOf = async (app: TypedApp, work: (tx: Transaction<DB>) => Promise<unknown>): Promise<number> => {
  const rolledBack = new Error('rolled back');
  const queries = await recordQueries(app.db, (db) =>
    db
      .transaction()
      .execute(async (tx) => {
        await work(tx);
        throw rolledBack;
      })
      .catch((e) => {
        if (e !== rolledBack) throw e;
      }),
  );
  // BEGIN and COMMIT/ROLLBACK are not queries of the plugin; an insert … select counts its select apart (a to-do is
  // one statement recorded as two)
  return queries.length;
};

/** Batch assigns of `batchSize` pending, unassigned orders each, to one crew member per batch. */
const measureBatchAssign = async (
  app: TypedApp,
  token: string,
  data: WorkOrderData,
  s: WorkOrderBenchSettings,
): Promise<BatchFigures> => {
  const needed = s.batchSize * s.batchRounds + 1;
  const ids = (
    await app.db
      .selectFrom('work_orders')
      .select('id')
      .where('company_id', '=', data.companyId)
      .where('status', '=', 'pending')
      .where('assignee_id', 'is', null)
      .orderBy('id', 'desc')
      .limit(needed)
      .execute()
  ).map((r) => Number(r.id));
  const actor = {
    companyId: data.companyId,
    userId: data.dispatchers[0]?.id ?? null,
    username: 'wodisp000',
    permissions: ['admin'],
  };
  const created = Math.max(0, needed - ids.length);
  if (created) ids.push(...(await createPendingOrders(app, actor, created)));
  // how many queries an assignment sends: one order on its own, and a chunk of a hundred as the batch route runs it
  const assigneeId = data.crew[0]?.id ?? 0;
  const probeId = ids.pop() as number;
  const queriesPerOrder = await queriesOf(app, (tx) =>
    actOnWorkOrder(tx, actor, 'assign', probeId, { assigneeId }, new Date()),
  );
  const chunk = ids.slice(0, 100);
  const chunkQueries = await queriesOf(app, async (tx) => {
    const memo = newBatchMemo();
    await preloadBatch(tx, memo, data.companyId, { kind: 'tenant' }, chunk);
    for (const id of chunk) await actOnWorkOrder(tx, actor, 'assign', id, { assigneeId }, new Date(), undefined, memo);
    await flushBatch(tx, memo, data.companyId, new Date());
  });
  const wallMs: number[] = [];
  const assigned: number[] = [];
  for (let b = 0; b < s.batchRounds; b++) {
    const batch = ids.slice(b * s.batchSize, (b + 1) * s.batchSize);
    if (batch.length === 0) break;
    const assignee = data.crew[(b * 17) % data.crew.length] as WorkOrderData['crew'][number];
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: WORK_ORDER_PATHS.batchAssign,
      headers: bearer(token),
      payload: { ids: batch, assigneeId: assignee.id, comment: '批量派单' },
    });
    const body = res.json();
    wallMs.push(round(performance.now() - started));
    if (res.statusCode !== 200 || body.resp_code !== 0)
      throw new Error(`batch assign answered ${res.statusCode} ${res.body.slice(0, 500)}`);
    const results = body.datas as { ok: boolean; message: string | null }[];
    assigned.push(results.filter((r) => r.ok).length);
    const refused = results.find((r) => !r.ok);
    if (refused)
      console.log(`  batch ${b + 1}: refused ${results.length - (assigned.at(-1) ?? 0)}, e.g. ${refused.message}`);
  }
  const sorted = [...wallMs].sort((a, b) => a - b);
  const total = wallMs.reduce((a, b) => a + b, 0);
  const orders = assigned.reduce((a, b) => a + b, 0);
  return {
    orders: s.batchSize,
    wallMs,
    p50Ms: round(percentile(sorted, 50)),
    maxMs: round(sorted.at(-1) ?? Number.NaN),
    msPerOrder: orders ? round(total / orders) : Number.NaN,
    assigned,
    created,
    queriesPerOrder,
    batchQueriesPerOrder: chunk.length ? round(chunkQueries / chunk.length) : Number.NaN,
  };
};

export type BackendRun = {
  backend: Backend;
  version: string;
  orders: number;
  openOrders: number;
  load: ReturnType<typeof machineLoad>;
  dataSeconds: Record<string, number>;
  cases: CaseFigures[];
  batch: BatchFigures;
  plans: PlanSummary[];
  sizes: RelationSize[];
};
export type WorkOrderBenchResult = {
  date: string;
  settings: WorkOrderBenchSettings;
  runs: BackendRun[];
  postgresSkipped?: string;
};

/** The Visibility the list route gives each kind of caller (a dispatcher without scope sees the tenant). */
const visibilityOf = (who: Who, data: WorkOrderData): Visibility => {
  if (who === 'dispatcher') return { kind: 'tenant' };
  if (who === 'scoped')
    return { kind: 'scope', scope: { regionIds: [data.scoped.regionId], areaIds: [] }, userId: data.scoped.id };
  return { kind: 'own', userId: crewMember(data).id };
};
const crewMember = (data: WorkOrderData) => data.crew[7 % data.crew.length] as WorkOrderData['crew'][number];

/** EXPLAIN ANALYZE of every query each case sends, recorded from the repository's own functions. */
const explainCases = async (app: TypedApp, data: WorkOrderData, ctx: CaseContext): Promise<PlanSummary[]> => {
  const plans: PlanSummary[] = [];
  const at = new Date();
  for (const c of CASES) {
    const v = visibilityOf(c.as, data);
    const q = c.query(ctx);
    const queries = await recordQueries(app.db, (db) =>
      c.route === 'list'
        ? listWorkOrders(db, data.companyId, v, { page: 1, limit: 50, ...q } as WorkOrderListQuery, at)
        : workOrderStatistics(db, data.companyId, v, statisticsRange({}, at), at),
    );
    plans.push(...(await explainRecorded(app.db, c.name, queries)));
  }
  return plans;
};

const runBackend = async (
  backend: Backend,
  env: Record<string, string>,
  label: string,
  s: WorkOrderBenchSettings,
): Promise<BackendRun> => {
  const load = machineLoad();
  const { app, serverVersion, companyId } = await openBenchApp(env);
  try {
    console.log(`  ${backend}: building ${s.size.orders} work orders (load average ${load.loadAverage.join(' ')})…`);
    const data = await buildWorkOrderData(app.db, companyId, s.size);
    console.log(`  ${backend}: ${data.openOrders} open; data in ${JSON.stringify(data.seconds)} s`);
    const middle = await sql<{ code: string; address: string }>`select code, address from work_orders
      where company_id = ${companyId} order by id offset ${Math.floor(s.size.orders / 2)} limit 1`.execute(app.db);
    const ctx: CaseContext = {
      teamId: data.teams[3 % data.teams.length] as number,
      code: middle.rows[0]?.code ?? '',
      address: middle.rows[0]?.address ?? '',
    };
    const tokens: Record<Who, string> = {
      dispatcher: await signIn(app, (data.dispatchers[0] as { username: string }).username, BENCH_PASSWORD),
      scoped: await signIn(app, data.scoped.username, BENCH_PASSWORD),
      crew: await signIn(app, crewMember(data).username, BENCH_PASSWORD),
    };
    const cases: CaseFigures[] = [];
    for (const c of CASES) {
      const url = urlOf(c, ctx);
      const figures = await measure(app, tokens[c.as], url, s);
      cases.push({ case: c.name, url, ...figures });
      console.log(
        `  ${backend}: ${c.name}: p50 ${figures.p50Ms} ms, p95 ${figures.p95Ms} ms (${figures.rows} rows of ${figures.count}, ${figures.runs} runs)`,
      );
    }
    const plans = await explainCases(app, data, ctx);
    console.log(`  ${backend}: batch assign, ${s.batchRounds} × ${s.batchSize} orders…`);
    const batch = await measureBatchAssign(app, tokens.dispatcher, data, s);
    console.log(`  ${backend}: batch assign ${JSON.stringify(batch)}`);
    return {
      backend,
      version: `${label} ${serverVersion}`.trim(),
      orders: s.size.orders,
      openOrders: data.openOrders,
      load,
      dataSeconds: data.seconds,
      cases,
      batch,
      plans,
      sizes: await orderRelationSizes(app.db),
    };
  } finally {
    await app.close();
  }
};

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const printResult = (result: WorkOrderBenchResult): void => {
  const header = [
    'case',
    ...result.runs.flatMap((r) => [`${r.backend} p50`, `${r.backend} p95`, 'runs']),
    'rows',
    'count',
  ];
  const lines = CASES.map((c, i) => {
    const last = result.runs.at(-1)?.cases[i];
    return [
      c.name,
      ...result.runs.flatMap((r) => [String(r.cases[i]?.p50Ms), String(r.cases[i]?.p95Ms), String(r.cases[i]?.runs)]),
      String(last?.rows),
      String(last?.count),
    ];
  });
  console.log(
    `\nWork-order list and statistics (ms per request through app.inject; ${result.settings.runs} runs after ${result.settings.warmup} warm-up)`,
  );
  printTable(header, lines);
  console.log(`\nBatch assign of ${result.settings.batchSize} (POST ${WORK_ORDER_PATHS.batchAssign}; goal ≤ 3,000 ms)`);
  printTable(
    [
      'backend',
      'orders',
      'open',
      'wall ms per batch',
      'p50 ms',
      'ms per order',
      'assigned',
      'queries per order (alone / in a batch)',
    ],
    result.runs.map((r) => [
      r.version,
      String(r.orders),
      String(r.openOrders),
      r.batch.wallMs.join(' / '),
      String(r.batch.p50Ms),
      String(r.batch.msPerOrder),
      r.batch.assigned.join(' / '),
      `${r.batch.queriesPerOrder} / ${r.batch.batchQueriesPerOrder}`,
    ]),
  );
  if (result.postgresSkipped) console.log(`PostgreSQL skipped: ${result.postgresSkipped}`);
  for (const run of result.runs) {
    console.log(`\nQuery plans on ${run.backend} ${run.version} (EXPLAIN ANALYZE; scans, time)`);
    for (const p of run.plans) console.log(`  ${p.query}: ${p.executionMs} ms — ${p.scans.join('; ')}`);
    console.log(`\nOrder table and indexes on ${run.backend}`);
    printTable(
      ['index', 'size'],
      run.sizes.map((x) => [x.index, mb(x.bytes)]),
    );
  }
};

/** Runs the list cases, statistics and batch assign on PGlite, then on PostgreSQL when there is one. */
export const benchWorkOrders = async (
  settings: WorkOrderBenchSettings = DEFAULT_WORK_ORDER_SETTINGS,
): Promise<WorkOrderBenchResult> => {
  const result: WorkOrderBenchResult = { date: new Date().toISOString(), settings, runs: [] };
  console.log(
    `\nWork-order benchmark: ${settings.size.orders} orders on PGlite and PostgreSQL; batch assign of ${settings.batchSize}`,
  );
  const { runs, postgresSkipped } = await onBackends((backend, env, label) =>
    runBackend(backend, env, label, settings),
  );
  result.runs = runs;
  if (postgresSkipped) result.postgresSkipped = postgresSkipped;
  printResult(result);
  await mkdir(dirname(RESULTS), { recursive: true });
  await writeFile(RESULTS, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nwritten to ${RESULTS}`);
  return result;
};
