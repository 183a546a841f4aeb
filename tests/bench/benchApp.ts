// The database half the list-like benchmarks share: a fresh app on PGlite and then on PostgreSQL (when there is one),
// a measured GET of one list page through app.inject, timed steps, bulk loads with a table's secondary indexes
// dropped and rebuilt, and EXPLAIN ANALYZE of the SQL behind a case.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@waterops/gateway/src/app.ts';
import { loadConfig } from '@waterops/gateway/src/config.ts';
import type { DB } from '@waterops/gateway/src/db/tables.ts';
import type {} from '@waterops/gateway/src/plugins/db.ts';
import type { TypedApp } from '@waterops/gateway/src/plugins/typeBoxProvider.ts';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { bearer } from '../fixtures/factories.ts';
import { type PlanSummary, spread, summarizePlan } from './benchStats.ts';
import { startBenchPostgres } from './postgresCluster.ts';

export type Backend = 'pglite' | 'postgres';
export type Repetitions = {
  runs: number;
  warmup: number;
  /**
   * Stop measuring a case once this many ms went into it (at least MIN_RUNS runs): a pathological case of seconds
   * per request then costs a minute, not the whole run. Unset: always `runs`.
   */
  budgetMs?: number;
};
export type PageFigures = { p50Ms: number; p95Ms: number; rows: number; count: number; runs: number };

/** The fewest measured runs of a case, whatever its budget: fewer would make p95 meaningless. */
export const MIN_RUNS = 3;

/** The first administrator's password of a bench app (WATEROPS_ADMIN_PASSWORD must pass the password policy). */
export const BENCH_ADMIN_PASSWORD = 'Bench-Admin-2026';

/** A fresh app (migrated, seeded, no demo data) on the database `env` names; the admin's password is BENCH_ADMIN_PASSWORD. */
export const openBenchApp = async (env: Record<string, string>) => {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    WATEROPS_DEMO: '0',
    WATEROPS_ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    SIGNIN_RATE_PER_MINUTE: '10000',
    WEB_DIST_DIR: '/nonexistent-waterops-web-dist',
    ...env,
  });
  // Errors only: a failing case then says why in the output.
  const app = buildApp(config, { logger: { level: 'error' } });
  await app.ready();
  const server = await sql<{ server_version: string }>`show server_version`.execute(app.db);
  const admin = await app.db
    .selectFrom('users')
    .select('company_id')
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  return { app, serverVersion: server.rows[0]?.server_version ?? '', companyId: admin.company_id };
};

/**
 * Runs `run` on PGlite (a file database in a temporary folder), then on PostgreSQL when one can be had; says why
 * PostgreSQL was skipped otherwise. `env` is what openBenchApp needs to reach the backend.
 */
export const onBackends = async <R>(
  run: (backend: Backend, env: Record<string, string>, label: string) => Promise<R>,
): Promise<{ runs: R[]; postgresSkipped?: string }> => {
  const runs: R[] = [];
  const dataDir = await mkdtemp(join(tmpdir(), 'waterops-bench-'));
  try {
    runs.push(await run('pglite', { WATEROPS_DATA_DIR: dataDir }, 'PGlite'));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  const server = await startBenchPostgres();
  if ('skipped' in server) return { runs, postgresSkipped: server.skipped };
  const filesDir = await mkdtemp(join(tmpdir(), 'waterops-bench-'));
  try {
    runs.push(await run('postgres', { DATABASE_URL: server.url, WATEROPS_DATA_DIR: filesDir }, 'PostgreSQL'));
  } finally {
    await server.stop();
    await rm(filesDir, { recursive: true, force: true });
  }
  return { runs };
};

/** p50/p95 of GETting one list page `runs` times after `warmup` calls; the page's row count and total. */
export const measurePage = async (app: TypedApp, token: string, url: string, r: Repetitions): Promise<PageFigures> => {
  const call = async () => {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: bearer(token) });
    const ms = performance.now() - started;
    const body = res.json();
    // A fast stream of errors would measure nothing: every answer must be a page.
    if (res.statusCode !== 200 || body.code !== 0) throw new Error(`GET ${url} answered ${res.statusCode} ${res.body}`);
    return { ms, rows: (body.data as unknown[]).length, count: Number(body.count) };
  };
  return repeatCalls(call, r);
};

/**
 * p50/p95 of `call` repeated `runs` times after `warmup` calls (at least MIN_RUNS within the budget), with the last
 * call's row count and total.
 */
export const repeatCalls = async (
  call: () => Promise<{ ms: number; rows: number; count: number }>,
  r: Repetitions,
): Promise<PageFigures> => {
  const started = performance.now();
  const overBudget = () => r.budgetMs !== undefined && performance.now() - started > r.budgetMs;
  for (let i = 0; i < r.warmup && !overBudget(); i++) await call();
  const times: number[] = [];
  let last = { rows: 0, count: 0 };
  for (let i = 0; i < r.runs && (i < MIN_RUNS || !overBudget()); i++) {
    const c = await call();
    times.push(c.ms);
    last = c;
  }
  return { ...spread(times), rows: last.rows, count: last.count, runs: times.length };
};

/** Runs one step and records its seconds under `step`. */
export const timed = async <T>(seconds: Record<string, number>, step: string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const out = await work();
  seconds[step] = Math.round(performance.now() - started) / 1000;
  return out;
};

/**
 * Drops the table's secondary indexes (not its primary key, nor indexes a constraint owns, such as a unique code)
 * and answers their definitions, to be built again by `createIndexes` after a bulk insert: one sorted build each
 * instead of a million insertions into every b-tree.
 */
export const dropSecondaryIndexes = async (db: Kysely<DB>, table: string): Promise<string[]> => {
  const indexes = await sql<{ name: string; definition: string }>`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.tablename = ${table} and i.schemaname = current_schema()
      and not exists (select 1 from pg_constraint c where c.conindid = to_regclass(i.indexname))`.execute(db);
  for (const ix of indexes.rows) await sql`drop index ${sql.id(ix.name)}`.execute(db);
  return indexes.rows.map((ix) => ix.definition);
};

export const createIndexes = async (db: Kysely<DB>, definitions: readonly string[]): Promise<void> => {
  for (const definition of definitions) await sql.raw(definition).execute(db);
};

/** EXPLAIN (ANALYZE, BUFFERS) of each named query, summarised. */
export const explainQueries = async (
  db: Kysely<DB>,
  queries: readonly (readonly [string, RawBuilder<unknown>])[],
): Promise<PlanSummary[]> => {
  const out: PlanSummary[] = [];
  for (const [name, query] of queries) {
    const result = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers) ${query}`.execute(db);
    out.push(
      summarizePlan(
        name,
        result.rows.map((r) => r['QUERY PLAN']),
      ),
    );
  }
  return out;
};
