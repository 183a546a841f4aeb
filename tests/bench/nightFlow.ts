// Night flow (issue 7): 100 districts × 90 days of 15-minute inlet and outlet data.
//   1. the pure analysis per district: combine the meters, the nightline of each day, and leak detection over the
//      90 nightlines (p50 / p95 per district, and the total);
//   2. the whole job against PGlite with the registers stored in meter_readings: its first run (90 days per
//      district, events, alarms) and a later run (the last 3 days per district).
// Prints the figures and writes tests/bench/results/nightFlow.json; never asserts times. BENCH_NIGHTFLOW_SCALE
// shrinks the districts (0.1 = 10).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { districtNightlines } from '@waterops/gateway/src/services/dma/nightFlow/districtNightlines.ts';
import {
  DEFAULT_DETECTION_OPTIONS,
  detectNightlineEvents,
  type FlowSample,
  type MeterSeries,
} from '@waterops/gateway/src/services/dma/nightFlow/index.ts';
import { runNightFlowAnalysis } from '@waterops/gateway/src/services/dma/nightFlowAnalysis.ts';
import { ensureReadingPartitions } from '@waterops/gateway/src/services/reading/readingPartitions.ts';
import { addDays, chinaDay, dayStart } from '@waterops/shared/reading';
import { REPO_ROOT } from '../fixtures/gatewayProcess.ts';
import { openBenchApp } from './benchApp.ts';
import { machineLoad, printTable, round, spread } from './benchStats.ts';

const RESULTS = join(REPO_ROOT, 'tests/bench/results/nightFlow.json');
const DAYS = 90;
const Q_MS = 900_000;

export type NightFlowSettings = { districts: number; days: number };
export const DEFAULT_NIGHT_FLOW_SETTINGS: NightFlowSettings = { districts: 100, days: DAYS };

/** A deterministic noise in [-1, 1]. */
const noise = (i: number): number => {
  const x = Math.sin(i * 12.9898 + 78.233) * 43758.5453;
  return 2 * (x - Math.floor(x)) - 1;
};

/** District k's inflow (m³/h) at quarter q of day d: a daily shape, noise, and a leak in every third district. */
const inflow = (k: number, d: number, q: number): number => {
  const minute = q * 15;
  const base = 5 + (k % 17);
  const shape = minute <= 360 ? 1 : 2.5 + Math.sin((minute / 1440) * Math.PI);
  const leak = k % 3 === 0 && d >= 50 + (k % 20) ? base * 0.4 : 0;
  return base * shape * (1 + 0.03 * noise(k * 10_000 + d * 96 + q)) + leak;
};

/** The register of district k's inlet after every quarter from `from`; the outlet carries 1 m³/h. */
const registers = (k: number, from: string, days: number): { inlet: [Date, number][]; outlet: [Date, number][] } => {
  const t0 = dayStart(from).getTime();
  const inlet: [Date, number][] = [[new Date(t0), 1000]];
  const outlet: [Date, number][] = [[new Date(t0), 100]];
  let r = 1000;
  for (let d = 0; d < days; d++)
    for (let q = 1; q <= 96; q++) {
      r += inflow(k, d, q) / 4;
      const at = new Date(t0 + (d * 96 + q) * Q_MS);
      inlet.push([at, Math.round(r * 1000) / 1000]);
      outlet.push([at, 100 + (d * 96 + q) / 4]);
    }
  return { inlet, outlet };
};

const toFlow = (reads: [Date, number][]): FlowSample[] =>
  reads.slice(1).map(([at, r], i) => {
    const [pat, pr] = reads[i] as [Date, number];
    return { at, flow: ((r - pr) * 3_600_000) / (at.getTime() - pat.getTime()) };
  });

const pure = (s: NightFlowSettings, from: string) => {
  const times: number[] = [];
  let events = 0;
  const to = addDays(from, s.days - 1);
  for (let k = 0; k < s.districts; k++) {
    const { inlet, outlet } = registers(k, from, s.days);
    const meters: MeterSeries[] = [
      { sign: 1, samples: toFlow(inlet) },
      { sign: -1, samples: toFlow(outlet) },
    ];
    const started = performance.now();
    const { rows } = districtNightlines(meters, from, to, 0.2);
    const detection = detectNightlineEvents(
      rows.map((r) => ({ day: r.day, value: r.nightline })),
      DEFAULT_DETECTION_OPTIONS,
    );
    times.push(performance.now() - started);
    events += detection.events.length;
  }
  return { ...spread(times), totalMs: round(times.reduce((a, b) => a + b, 0)), events };
};

const job = async (s: NightFlowSettings, from: string, at: Date) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'waterops-bench-'));
  const { app, companyId } = await openBenchApp({ WATEROPS_DATA_DIR: dataDir, WATEROPS_JOBS: '0' });
  try {
    const loadStarted = performance.now();
    await ensureReadingPartitions(
      app.db,
      Array.from({ length: s.days + 2 }, (_, d) => dayStart(addDays(from, d))),
    );
    let rows = 0;
    for (let k = 0; k < s.districts; k++) {
      const { id } = await app.db
        .insertInto('districts')
        .values({ company_id: companyId, district_name: `bench-${k}`, connections: 200 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { inlet, outlet } = registers(k, from, s.days);
      for (const [role, reads] of [
        [1, inlet],
        [2, outlet],
      ] as const) {
        const meter = await app.db
          .insertInto('water_meters')
          .values({ company_id: companyId, meter_code: `NF${k}-${role}` })
          .returning('id')
          .executeTakeFirstOrThrow();
        await app.db
          .insertInto('district_meters')
          .values({ company_id: companyId, district_id: id, meter_id: meter.id, role })
          .execute();
        for (let i = 0; i < reads.length; i += 5000)
          await app.db
            .insertInto('meter_readings')
            .values(
              reads.slice(i, i + 5000).map(([read_at, reading]) => ({
                company_id: companyId,
                meter_id: meter.id,
                read_at,
                reading,
              })),
            )
            .execute();
        rows += reads.length;
      }
    }
    const loadMs = performance.now() - loadStarted;
    const firstStarted = performance.now();
    const first = await runNightFlowAnalysis(app.db, at);
    const firstMs = performance.now() - firstStarted;
    const laterStarted = performance.now();
    const later = await runNightFlowAnalysis(app.db, at);
    const laterMs = performance.now() - laterStarted;
    return {
      readings: rows,
      loadMs: round(loadMs),
      first: { ...first, totalMs: round(firstMs), perDistrictMs: round(firstMs / s.districts) },
      later: { ...later, totalMs: round(laterMs), perDistrictMs: round(laterMs / s.districts) },
    };
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
};

export const benchNightFlow = async (s: NightFlowSettings = DEFAULT_NIGHT_FLOW_SETTINGS) => {
  // the data ends yesterday (China), so the job's "today" has no data and every analysed past day is complete
  const at = new Date();
  const from = addDays(chinaDay(at), -s.days);
  console.log(`night flow: ${s.districts} districts × ${s.days} days of 15-minute inlet and outlet data`);
  const p = pure(s, from);
  printTable(
    ['pure analysis per district', 'p50 ms', 'p95 ms', 'total ms', 'events'],
    [['combine + nightlines + detection', String(p.p50Ms), String(p.p95Ms), String(p.totalMs), String(p.events)]],
  );
  const j = await job(s, from, at);
  printTable(
    ['job on PGlite', 'districts', 'days', 'events opened', 'alarms', 'total ms', 'ms / district'],
    [
      [
        'first run (90 days each)',
        String(j.first.districts),
        String(j.first.days),
        String(j.first.eventsOpened),
        String(j.first.alarmsRaised),
        String(j.first.totalMs),
        String(j.first.perDistrictMs),
      ],
      [
        'later run (3 days each)',
        String(j.later.districts),
        String(j.later.days),
        String(j.later.eventsOpened),
        String(j.later.alarmsRaised),
        String(j.later.totalMs),
        String(j.later.perDistrictMs),
      ],
    ],
  );
  console.log(`  (${j.readings} register reads stored in ${j.loadMs} ms first)`);
  const result = { settings: s, machine: machineLoad(), pure: p, job: j };
  await mkdir(dirname(RESULTS), { recursive: true });
  await writeFile(RESULTS, `${JSON.stringify(result, null, 2)}\n`);
  return result;
};
