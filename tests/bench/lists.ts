// List benchmark: paged, filtered lists over 100,000 accounts and 1,000,000 operation-log rows, on PGlite (a file
// database in a temporary folder) and on PostgreSQL, through the real app (app.inject with a signed-in administrator:
// routing, token check, validation, SQL, serialization; no socket). Prints p50/p95 side by side, the query plans of
// the log cases and the index sizes; writes tests/bench/results/lists.json. Prints figures, never asserts them.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { signIn } from '../fixtures/factories.ts';
import { REPO_ROOT } from '../fixtures/gatewayProcess.ts';
import { type Backend, BENCH_ADMIN_PASSWORD, measurePage, onBackends, openBenchApp } from './benchApp.ts';
import { type PlanSummary, printTable } from './benchStats.ts';
import { buildListsData, FULL_SIZE, type IndexSize, type ListsDataSize, relationSizes } from './listsData.ts';
import { explainListQueries } from './listsPlans.ts';

const RESULTS = join(REPO_ROOT, 'tests/bench/results/lists.json');

export type ListsSettings = { runs: number; warmup: number; size: ListsDataSize };
export const DEFAULT_LISTS_SETTINGS: ListsSettings = { runs: 20, warmup: 3, size: FULL_SIZE };

type CaseContext = { roleId: number };
type ListCase = { name: string; url: (c: CaseContext) => string };

const CASES: ListCase[] = [
  { name: 'accounts page 1 (default sort)', url: () => '/api-user/users?page=1&limit=50' },
  { name: 'accounts, user name contains', url: () => '/api-user/users?page=1&limit=50&username=0123' },
  { name: 'accounts deep page (1000 of 50)', url: () => '/api-user/users?page=1000&limit=50' },
  { name: 'accounts by role', url: (c) => `/api-user/users?page=1&limit=50&roleId=${c.roleId}` },
  { name: 'log page 1', url: () => '/api-user/logs?page=1&limit=50' },
  { name: 'log by user name', url: () => '/api-user/logs?page=1&limit=50&username=bench000042' },
  {
    name: 'log, one-day range',
    url: () => '/api-user/logs?page=1&limit=50&startTime=2026-06-01T00:00:00Z&endTime=2026-06-01T23:59:59Z',
  },
  { name: 'log deep page (2000 of 50)', url: () => '/api-user/logs?page=2000&limit=50' },
  { name: 'log, result = failed', url: () => '/api-user/logs?page=1&limit=50&result=failed' },
];

export type CaseFigures = { case: string; p50Ms: number; p95Ms: number; rows: number; count: number };
export type BackendRun = {
  backend: Backend;
  version: string;
  dataSeconds: Record<string, number>;
  cases: CaseFigures[];
  plans: PlanSummary[];
  sizes: IndexSize[];
};
export type ListsResult = {
  date: string;
  settings: ListsSettings;
  runs: BackendRun[];
  /** why PostgreSQL was not measured, when it was not */
  postgresSkipped?: string;
};

const runBackend = async (
  backend: Backend,
  env: Record<string, string>,
  label: string,
  s: ListsSettings,
): Promise<BackendRun> => {
  const { app, serverVersion, companyId } = await openBenchApp(env);
  try {
    const version = `${label} ${serverVersion}`.trim();
    console.log(`  ${backend}: building ${s.size.accounts} accounts and ${s.size.logRows} log rows…`);
    const data = await buildListsData(app.db, companyId, s.size);
    console.log(`  ${backend}: data in ${JSON.stringify(data.seconds)} s`);
    const token = await signIn(app, 'admin', BENCH_ADMIN_PASSWORD);
    const context = { roleId: data.roleIds[0] ?? 0 };
    const cases: CaseFigures[] = [];
    for (const c of CASES) {
      const figures = await measurePage(app, token, c.url(context), s);
      cases.push({ case: c.name, ...figures });
      console.log(`  ${backend}: ${c.name}: p50 ${figures.p50Ms} ms, p95 ${figures.p95Ms} ms`);
    }
    const plans = await explainListQueries(app.db, data.companyId, context.roleId);
    return { backend, version, dataSeconds: data.seconds, cases, plans, sizes: await relationSizes(app.db) };
  } finally {
    await app.close();
  }
};

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const printResult = (result: ListsResult): void => {
  const [a, b] = result.runs;
  const header = ['case', ...result.runs.flatMap((r) => [`${r.backend} p50`, `${r.backend} p95`]), 'rows', 'count'];
  const lines = CASES.map((c, i) => {
    const cells = result.runs.flatMap((r) => [String(r.cases[i]?.p50Ms), String(r.cases[i]?.p95Ms)]);
    const figures = (b ?? a)?.cases[i];
    return [c.name, ...cells, String(figures?.rows), String(figures?.count)];
  });
  console.log(
    `\nLists (ms per request through app.inject; ${result.settings.runs} runs after ${result.settings.warmup} warm-up)`,
  );
  printTable(header, lines);
  if (result.postgresSkipped) console.log(`PostgreSQL skipped: ${result.postgresSkipped}`);
  for (const run of result.runs) {
    console.log(`\nQuery plans on ${run.backend} ${run.version} (EXPLAIN ANALYZE; scans and execution time)`);
    for (const p of run.plans) console.log(`  ${p.query}: ${p.executionMs} ms — ${p.scans.join('; ')}`);
  }
  const sizes = (b ?? a)?.sizes ?? [];
  console.log(`\nRelation sizes on ${(b ?? a)?.backend}`);
  printTable(
    ['table', 'index', 'size'],
    sizes.map((s) => [s.table, s.index, mb(s.bytes)]),
  );
};

/** Runs the list cases on PGlite, then on PostgreSQL when one is available; writes tests/bench/results/lists.json. */
export const benchLists = async (settings: ListsSettings = DEFAULT_LISTS_SETTINGS): Promise<ListsResult> => {
  const result: ListsResult = { date: new Date().toISOString(), settings, runs: [] };
  console.log(`\nList benchmark: ${settings.size.accounts} accounts, ${settings.size.logRows} operation-log rows`);

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
