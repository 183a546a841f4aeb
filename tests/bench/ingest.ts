// Ingestion: one hour of 15-minute reads (four per meter) sent through POST /api-workbench/ingest/readings over real
// HTTP, next to two raw inserts of the same rows into the same table (no checks, no status update): a multi-row
// INSERT … VALUES and an INSERT … SELECT FROM unnest(arrays), 10,000 rows per statement each; on PGlite and on
// PostgreSQL, with the gateway's memory. The goal (issue
// 5): 1,000,000 meters (4,000,000 reads) in ≤ 5 minutes on PostgreSQL, at ≥ 0.3× the raw rate.
// The client runs in the same process as the gateway (2 cores here): its JSON encoding is counted against the API.
// Writes tests/bench/results/ingest.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createIngestKey } from '@waterops/gateway/src/services/ingest/ingestKeyRepository.ts';
import { INGEST_PATHS } from '@waterops/shared/reading';
import { sql } from 'kysely';
import { REPO_ROOT } from '../fixtures/gatewayProcess.ts';
import { type Backend, onBackends, openBenchApp, timed } from './benchApp.ts';
import { machineLoad, printTable, throughput } from './benchStats.ts';
import { BATCH_METERS, buildRegistryData } from './registryData.ts';

const RESULTS = join(REPO_ROOT, 'tests/bench/results/ingest.json');

export type IngestSettings = {
  meters: Record<Backend, number>;
  /** meters per API call (× 4 reads) */
  metersPerBatch: number;
  /** API calls (or raw inserts) in flight at once */
  concurrency: number;
};

export const DEFAULT_INGEST_SETTINGS: IngestSettings = {
  meters: { pglite: 100_000, postgres: 1_000_000 },
  metersPerBatch: 2_500,
  concurrency: 4,
};

/** The hour the reads are for: 15-minute reads at :00, :15, :30, :45 (China time 08:00–08:45). */
const HOUR = Date.parse('2026-11-23T00:00:00Z');
const STEPS = [0, 15, 30, 45].map((m) => new Date(HOUR + m * 60_000).toISOString());

/** The registry benchmark's meter codes: batch prefix + six digits (see registryData.ts). */
const meterCode = (g: number) =>
  `WM${String(Math.floor(g / BATCH_METERS)).padStart(4, '0')}${String(g % BATCH_METERS).padStart(6, '0')}`;
/** A plausible register: the meter's base (as registryData sets it) plus some use per quarter hour. */
const readingOf = (g: number, step: number) =>
  Math.round(((g % 500) / 10 + 1 + step * 0.011 * (1 + (g % 7))) * 1000) / 1000;

type Batch = { from: number; to: number };
const batches = (meters: number, size: number): Batch[] => {
  const out: Batch[] = [];
  for (let from = 0; from < meters; from += size) out.push({ from, to: Math.min(meters, from + size) });
  return out;
};

/** Runs `work` over the batches with `concurrency` in flight; answers the wall time in ms. */
const pump = async (list: Batch[], concurrency: number, work: (b: Batch) => Promise<void>): Promise<number> => {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < list.length) {
        const b = list[next++] as Batch;
        await work(b);
      }
    }),
  );
  return performance.now() - started;
};

type Row = {
  backend: string;
  meters: number;
  reads: number;
  apiMs: number;
  apiRowsPerS: number;
  /** a multi-row INSERT … VALUES of 10,000 rows per statement (the "raw multi-row insert") */
  valuesMs: number;
  valuesRowsPerS: number;
  valuesRatio: number;
  /** one INSERT … SELECT FROM unnest(arrays) per 10,000 rows: the fastest plain insert (what the API itself uses) */
  unnestMs: number;
  unnestRowsPerS: number;
  unnestRatio: number;
  rssMb: number;
  heapMb: number;
  setupS: number;
};

const runOne = async (
  backend: Backend,
  env: Record<string, string>,
  label: string,
  s: IngestSettings,
): Promise<Row> => {
  const meters = s.meters[backend];
  const { app, companyId } = await openBenchApp(env);
  try {
    const seconds: Record<string, number> = {};
    // a quarter of the meters are used = false in the registry data; ingestion refuses those: use them all here
    const data = await buildRegistryData(app.db, companyId, { meters, regions: 10, areasPerRegion: 20 });
    await sql`update water_meters set used = true, max_reading = 99999.999 where company_id = ${companyId}`.execute(
      app.db,
    );
    await sql`analyze water_meters`.execute(app.db);
    const setupS = Object.values(data.seconds).reduce((a, b) => a + b, 0);
    const { key } = await createIngestKey(app.db, { companyId, name: 'bench' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${INGEST_PATHS.readings}`;
    const list = batches(meters, s.metersPerBatch);

    let rss = 0;
    let heap = 0;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      rss = Math.max(rss, m.rss);
      heap = Math.max(heap, m.heapUsed);
    }, 200);
    let refused = 0;
    const apiMs = await timed(seconds, 'api', () =>
      pump(list, s.concurrency, async ({ from, to }) => {
        const readings = [];
        for (let g = from; g < to; g++)
          for (let step = 0; step < STEPS.length; step++)
            readings.push({
              meterCode: meterCode(g),
              time: STEPS[step],
              reading: readingOf(g, step),
              voltage: 3.6,
              csq: 22,
            });
        const res = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Device ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ readings }),
        });
        const body = (await res.json()) as { datas?: { accepted: number; rejected: unknown[] } };
        refused += body.datas?.rejected.length ?? readings.length;
      }),
    );
    clearInterval(sampler);
    if (refused > 0) console.warn(`  ${label}: ${refused} reads refused by the API`);
    const stored = await sql<{ n: string }>`select count(*) as n from meter_readings`.execute(app.db);
    const reads = Number(stored.rows[0]?.n ?? 0);

    // The same rows straight into the emptied table, twice (a multi-row VALUES, then unnest arrays), with the meter
    // ids looked up beforehand (not timed).
    const ids = await sql<{ id: string | number }>`
      select id from water_meters where company_id = ${companyId} order by meter_code`.execute(app.db);
    const idOf = ids.rows.map((r) => Number(r.id));
    const rowsOf = (from: number, to: number) => {
      const rows: {
        company_id: number;
        meter_id: number;
        read_at: Date;
        reading: string;
        voltage: string;
        csq: number;
      }[] = [];
      for (let g = from; g < to; g++)
        for (let step = 0; step < STEPS.length; step++)
          rows.push({
            company_id: companyId,
            meter_id: idOf[g] as number,
            read_at: new Date(STEPS[step] as string),
            reading: readingOf(g, step).toFixed(3),
            voltage: '3.60',
            csq: 22,
          });
      return rows;
    };
    await sql`truncate meter_readings`.execute(app.db);
    const valuesMs = await pump(list, s.concurrency, async ({ from, to }) => {
      await app.db.insertInto('meter_readings').values(rowsOf(from, to)).execute();
    });
    await sql`truncate meter_readings`.execute(app.db);
    const unnestMs = await pump(list, s.concurrency, async ({ from, to }) => {
      const rows = rowsOf(from, to);
      await sql`insert into meter_readings (company_id, meter_id, read_at, reading, voltage, csq)
        select ${companyId}, * from unnest(${rows.map((r) => r.meter_id)}::bigint[],
          ${rows.map((r) => r.read_at.toISOString())}::timestamptz[], ${rows.map((r) => r.reading)}::numeric[],
          ${rows.map((r) => r.voltage)}::numeric[], ${rows.map((r) => r.csq)}::smallint[])`.execute(app.db);
    });
    const apiRowsPerS = throughput(reads, apiMs);
    const valuesRowsPerS = throughput(meters * STEPS.length, valuesMs);
    const unnestRowsPerS = throughput(meters * STEPS.length, unnestMs);
    const ratio = (raw: number) => (raw ? Math.round((apiRowsPerS / raw) * 100) / 100 : 0);
    return {
      backend: label,
      meters,
      reads,
      apiMs,
      apiRowsPerS,
      valuesMs,
      valuesRowsPerS,
      valuesRatio: ratio(valuesRowsPerS),
      unnestMs,
      unnestRowsPerS,
      unnestRatio: ratio(unnestRowsPerS),
      rssMb: Math.round(rss / 1e6),
      heapMb: Math.round(heap / 1e6),
      setupS: Math.round(setupS),
    };
  } finally {
    await app.close();
  }
};

export const benchIngest = async (settings: IngestSettings = DEFAULT_INGEST_SETTINGS) => {
  console.log(
    `\n== Ingestion: one hour of 15-minute reads through the API vs a raw insert (${settings.metersPerBatch * 4} reads per call, ${settings.concurrency} in flight) ==`,
  );
  const { runs, postgresSkipped } = await onBackends((backend, env, label) => runOne(backend, env, label, settings));
  printTable(
    [
      'backend',
      'meters',
      'reads',
      'API s',
      'API reads/s',
      'VALUES s',
      'VALUES reads/s',
      'API/VALUES',
      'unnest s',
      'unnest reads/s',
      'API/unnest',
      'peak RSS MB',
      'peak heap MB',
    ],
    runs.map((r) => [
      r.backend,
      String(r.meters),
      String(r.reads),
      (r.apiMs / 1000).toFixed(1),
      String(r.apiRowsPerS),
      (r.valuesMs / 1000).toFixed(1),
      String(r.valuesRowsPerS),
      `${r.valuesRatio}×`,
      (r.unnestMs / 1000).toFixed(1),
      String(r.unnestRowsPerS),
      `${r.unnestRatio}×`,
      String(r.rssMb),
      String(r.heapMb),
    ]),
  );
  if (postgresSkipped) console.log(`PostgreSQL skipped: ${postgresSkipped}`);
  const machine = machineLoad();
  console.log(`machine: ${JSON.stringify(machine)}`);
  await mkdir(dirname(RESULTS), { recursive: true });
  await writeFile(
    RESULTS,
    `${JSON.stringify({ date: new Date().toISOString(), settings, machine, runs, postgresSkipped }, null, 2)}\n`,
  );
  console.log(`\nwritten to ${RESULTS}`);
  return runs;
};
