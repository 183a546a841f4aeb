// Registry benchmark (issue 4 item 9): the water-meter list over 100,000 meters on PGlite and 1,000,000 on PostgreSQL,
// through the real app (app.inject with a signed-in administrator, and an account limited to one region: routing,
// token, data scope, validation, SQL, enrichment, serialization; no socket) — a 50-row page by default, by area, by
// body-code prefix, by both, deep, … — and the meter import's throughput (10,000 rows). Prints p50/p95 and rows/s side
// by side, the query plans of the filtered cases and the meter indexes' sizes; writes tests/bench/results/registry.json.
// Prints figures, never asserts them.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PERMISSIONS } from '@waterops/shared/auth';
import { DEVICE_PATHS } from '@waterops/shared/device';
import { sql } from 'kysely';
import { createUserWithPermissions, signIn } from '../fixtures/factories.ts';
import { REPO_ROOT } from '../fixtures/gatewayProcess.ts';
import {
  type Backend,
  BENCH_ADMIN_PASSWORD,
  measurePage,
  onBackends,
  openBenchApp,
  type PageFigures,
  timed,
} from './benchApp.ts';
import { machineLoad, type PlanSummary, printTable } from './benchStats.ts';
import {
  BATCH_METERS,
  batchPrefix,
  buildRegistryData,
  METERS_PER_COLLECTOR,
  meterRelationSizes,
  type RegistryData,
  type RelationSize,
} from './registryData.ts';
import { buildMeterSheet, type ImportFigures, measureImport } from './registryImport.ts';
import { explainMeterQueries } from './registryPlans.ts';

const RESULTS = join(REPO_ROOT, 'tests/bench/results/registry.json');

export type RegistrySettings = {
  runs: number;
  warmup: number;
  /** ms a case may take in all before it stops early (after 3 runs); its figures then say how many runs it had */
  budgetMs: number;
  /** meters loaded per backend */
  meters: Record<Backend, number>;
  regions: number;
  areasPerRegion: number;
  /** rows of the imported sheet (the import allows at most 10,000) */
  importRows: number;
};
export const DEFAULT_REGISTRY_SETTINGS: RegistrySettings = {
  runs: 20,
  warmup: 3,
  budgetMs: 30_000,
  meters: { pglite: 100_000, postgres: 1_000_000 },
  regions: 20,
  areasPerRegion: 50,
  importRows: 10_000,
};

/** What the cases filter by, chosen from the loaded data so every filter matches rows at any scale. */
type CaseContext = { areaId: number; regionId: number; prefix: string; earlyPrefix: string; deepPage: number };
type Principal = 'admin' | 'scoped';
type MeterCase = { name: string; as: Principal; query: (c: CaseContext) => string };

const CASES: MeterCase[] = [
  { name: 'page 1 (default sort: body code)', as: 'admin', query: () => '' },
  { name: 'by area', as: 'admin', query: (c) => `&areaId=${c.areaId}` },
  { name: 'by code prefix (a late batch)', as: 'admin', query: (c) => `&meterCodePrefix=${c.prefix}` },
  { name: 'by code prefix (an early batch)', as: 'admin', query: (c) => `&meterCodePrefix=${c.earlyPrefix}` },
  {
    name: 'by area and code prefix',
    as: 'admin',
    query: (c) => `&areaId=${c.areaId}&meterCodePrefix=${c.prefix}`,
  },
  { name: 'deep page', as: 'admin', query: () => '' },
  { name: 'code contains (ILIKE %…%)', as: 'admin', query: () => '&meterCode=00042' },
  { name: 'by region', as: 'admin', query: (c) => `&regionId=${c.regionId}` },
  { name: 'region-scoped account, page 1', as: 'scoped', query: () => '' },
  { name: 'region-scoped account, code prefix', as: 'scoped', query: (c) => `&meterCodePrefix=${c.prefix}` },
];
const pageOf = (c: MeterCase, ctx: CaseContext) => (c.name === 'deep page' ? ctx.deepPage : 1);

export type CaseFigures = { case: string; url: string } & PageFigures;
export type BackendRun = {
  backend: Backend;
  version: string;
  /** the database's collation: LIKE 'prefix%' can use a plain (text_ops) b-tree only under C */
  collation: string;
  meters: number;
  load: ReturnType<typeof machineLoad>;
  dataSeconds: Record<string, number>;
  cases: CaseFigures[];
  import: ImportFigures;
  plans: PlanSummary[];
  sizes: RelationSize[];
};
export type RegistryResult = {
  date: string;
  settings: RegistrySettings;
  runs: BackendRun[];
  /** why PostgreSQL was not measured, when it was not */
  postgresSkipped?: string;
};

/**
 * The filters' values, chosen so that every filter matches rows at any scale: the code prefix of a late delivery
 * batch (three quarters in: its codes sit far into the body-code order) and of an early one (batch 3), an area the
 * late batch reached (its 43rd collector's) and that area's region (also the scoped account's), and page 1000
 * (offset 49,950) or as deep as the data allows.
 */
const contextOf = (data: RegistryData, meters: number): CaseContext => {
  const batches = Math.ceil(meters / BATCH_METERS);
  const late = Math.floor((batches - 1) * 0.75);
  const collectors = Math.ceil(meters / METERS_PER_COLLECTOR);
  const collector = Math.min(late * (BATCH_METERS / METERS_PER_COLLECTOR) + 42, collectors - 1);
  const area = data.areas[collector % data.areas.length];
  return {
    prefix: batchPrefix(late),
    earlyPrefix: batchPrefix(Math.min(3, batches - 1)),
    areaId: area?.id ?? 0,
    regionId: area?.regionId ?? 0,
    deepPage: Math.max(1, Math.min(1000, Math.floor(meters / 100))),
  };
};

const runBackend = async (
  backend: Backend,
  env: Record<string, string>,
  label: string,
  s: RegistrySettings,
): Promise<BackendRun> => {
  const load = machineLoad();
  const { app, serverVersion, companyId } = await openBenchApp(env);
  try {
    const meters = s.meters[backend];
    console.log(`  ${backend}: building ${meters} meters (load average ${load.loadAverage.join(' ')})…`);
    const data = await buildRegistryData(app.db, companyId, {
      meters,
      regions: s.regions,
      areasPerRegion: s.areasPerRegion,
    });
    console.log(`  ${backend}: data in ${JSON.stringify(data.seconds)} s`);
    const context = contextOf(data, meters);
    const collation = await sql<{ collation: string }>`
      select datcollate as collation from pg_database where datname = current_database()`.execute(app.db);
    const tokens: Record<Principal, string> = {
      admin: await signIn(app, 'admin', BENCH_ADMIN_PASSWORD),
      // an account that may view meters, limited to the first region (its data scope, read on every request)
      scoped: await (async () => {
        const user = await createUserWithPermissions(app, companyId, [PERMISSIONS.deviceMeterView]);
        await app.db
          .insertInto('user_region_areas')
          .values({ company_id: companyId, user_id: user.id, region_id: context.regionId, area_id: null })
          .execute();
        return user.token;
      })(),
    };
    const cases: CaseFigures[] = [];
    for (const c of CASES) {
      const url = `${DEVICE_PATHS.meters}?page=${pageOf(c, context)}&limit=50${c.query(context)}`;
      const figures = await measurePage(app, tokens[c.as], url, s);
      cases.push({ case: c.name, url, ...figures });
      console.log(
        `  ${backend}: ${c.name}: p50 ${figures.p50Ms} ms, p95 ${figures.p95Ms} ms ` +
          `(${figures.count} rows, ${figures.runs} runs)`,
      );
    }
    const plans = await explainMeterQueries(app.db, {
      companyId,
      areaId: context.areaId,
      regionId: context.regionId,
      prefix: context.prefix,
      earlyPrefix: context.earlyPrefix,
      deepOffset: (context.deepPage - 1) * 50,
    });
    const sheet = await timed(data.seconds, 'importSheet', () => buildMeterSheet(app.db, companyId, s.importRows));
    console.log(`  ${backend}: importing ${s.importRows} meters…`);
    const imported = await measureImport(app, tokens.admin, sheet, s.importRows);
    console.log(`  ${backend}: import ${JSON.stringify(imported)}`);
    return {
      backend,
      version: `${label} ${serverVersion}`.trim(),
      collation: collation.rows[0]?.collation ?? '',
      meters,
      load,
      dataSeconds: data.seconds,
      cases,
      import: imported,
      plans,
      sizes: await meterRelationSizes(app.db),
    };
  } finally {
    await app.close();
  }
};

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const thousands = (n: number) => n.toLocaleString('en-US');

const printResult = (result: RegistryResult): void => {
  const label = (r: BackendRun) => `${r.backend} ${thousands(r.meters)}`;
  const header = [
    'case',
    ...result.runs.flatMap((r) => [`${label(r)} p50`, `${label(r)} p95`, `${r.backend} count`, 'runs']),
  ];
  const lines = CASES.map((c, i) => [
    c.name,
    ...result.runs.flatMap((r) => {
      const f = r.cases[i];
      return [String(f?.p50Ms), String(f?.p95Ms), String(f?.count), String(f?.runs)];
    }),
  ]);
  console.log(
    `\nMeter list (ms per 50-row page through app.inject; ${result.settings.runs} runs after ${result.settings.warmup} warm-up)`,
  );
  printTable(header, lines);
  console.log(`\nMeter import (${result.settings.importRows} rows, job start → finish)`);
  printTable(
    ['backend', 'rows/s', 'job s', 'wall s', 'succeeded', 'failed', 'load avg 1/5/15'],
    result.runs.map((r) => [
      label(r),
      String(r.import.rowsPerSecond),
      String(r.import.jobSeconds),
      String(r.import.wallSeconds),
      String(r.import.succeeded),
      String(r.import.failed),
      r.load.loadAverage.join(' '),
    ]),
  );
  for (const r of result.runs)
    if (r.import.error || r.import.failed)
      console.log(`${r.backend} import: ${r.import.status} ${r.import.error ?? ''}`);
  if (result.postgresSkipped) console.log(`PostgreSQL skipped: ${result.postgresSkipped}`);
  for (const run of result.runs) {
    console.log(
      `\nQuery plans on ${run.backend} ${run.version}, collation ${run.collation} (EXPLAIN ANALYZE; scans, time)`,
    );
    for (const p of run.plans) console.log(`  ${p.query}: ${p.executionMs} ms — ${p.scans.join('; ')}`);
    console.log(`\nMeter table and indexes on ${run.backend} (after the import)`);
    printTable(
      ['index', 'size'],
      run.sizes.map((s) => [s.index, mb(s.bytes)]),
    );
  }
};

/** Runs the meter cases and the import on PGlite, then on PostgreSQL when one is available; writes the results. */
export const benchRegistry = async (
  settings: RegistrySettings = DEFAULT_REGISTRY_SETTINGS,
): Promise<RegistryResult> => {
  const result: RegistryResult = { date: new Date().toISOString(), settings, runs: [] };
  console.log(
    `\nRegistry benchmark: ${settings.meters.pglite} meters on PGlite, ${settings.meters.postgres} on PostgreSQL; ` +
      `import of ${settings.importRows} rows`,
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
