// Leak detection benchmark (issue 19): a year of 5-minute district inflow on each EPANET network (scenario.ts,
// hydraulics.ts) goes through the product's own nightlines (districtNightlines) and detector (detectNightlineEvents),
// once for the whole year and once day by day as the hourly job sees it; the events are scored against the true
// leaks (score.ts). Prints the figures beside the goals and writes tests/bench/results/leaks.json; never fails on them.
// Generated years are cached in tests/bench/.cache (git-ignored), keyed by the generator's own source.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { districtNightlines } from '@waterops/gateway/src/services/dma/nightFlow/districtNightlines.ts';
import { detectNightlineEvents } from '@waterops/gateway/src/services/dma/nightFlow/nightlineDetection.ts';
import { addDays, dayStart } from '@waterops/shared/reading';
import { REPO_ROOT } from '../../fixtures/gatewayProcess.ts';
import { machineLoad, printTable, round } from '../benchStats.ts';
import { calibrate, NETWORKS, openNetwork, simulate } from './hydraulics.ts';
import { measured, planScenario, type Scenario, STEP_MINUTES } from './scenario.ts';
import {
  agreement,
  type DetectedEvent,
  eventsDayByDay,
  type FalseAlarm,
  GOALS,
  type LeakOutcome,
  type Score,
  scoreEvents,
  summarize,
} from './score.ts';
import { syntheticYear } from './synthetic.ts';

const RESULTS = join(REPO_ROOT, 'tests/bench/results/leaks.json');
const CACHE = join(REPO_ROOT, 'tests/bench/.cache');
const HERE = join(REPO_ROOT, 'tests/bench/leaks');

export type LeaksSettings = {
  networks: string[];
  /** quick synthetic district-years (synthetic.ts) scored beside the networks' */
  syntheticYears: number;
  /** a module to take detectNightlineEvents from instead of the product's (null: the product's) */
  detector: string | null;
  /** one simulated year per seed and network */
  seeds: number[];
  leakCount: number;
  from: string;
  days: number;
};

export const DEFAULT_LEAKS_SETTINGS: LeaksSettings = {
  networks: ['Net3', 'Hanoi'],
  syntheticYears: 40,
  detector: null,
  seeds: [1, 2],
  leakCount: 24,
  from: '2026-01-01',
  days: 365,
};

export type GeneratedYear = {
  network: string;
  seed: number;
  scenario: Scenario;
  /** the inlet's 5-minute flow, m³/h, NaN where missing (step k ends at from + (k + 1)·5 min) */
  flow: Float64Array;
  /** per leak, its highest flow at 03:00 over the year / its planned flow */
  realized: Record<string, number>;
  warnings: number;
  generationMs: number;
  cached: boolean;
};

/** The generator's version: its sources' hash, so a change to them regenerates the cached years. */
const generatorVersion = async () => {
  const h = createHash('sha256');
  for (const f of ['random.ts', 'scenario.ts', 'hydraulics.ts']) h.update(await readFile(join(HERE, f)));
  return h.digest('hex').slice(0, 12);
};

/** A network's seed of its own, so the two networks do not get the same leak calendar. */
const seedOf = (network: string, seed: number) => [...network].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, seed);

/** One network-year: from the cache when the same generator made it before, else simulated (and cached). */
export const generateYear = async (
  network: string,
  seed: number,
  s: Pick<LeaksSettings, 'leakCount' | 'from' | 'days'>,
): Promise<GeneratedYear> => {
  const spec = NETWORKS[network];
  if (!spec) throw new Error(`unknown network ${network}; choose from ${Object.keys(NETWORKS).join(', ')}`);
  const file = join(
    CACHE,
    `leaks-${network}-${seed}-${s.from}-${s.days}-${s.leakCount}-${await generatorVersion()}.json`,
  );
  try {
    const c = JSON.parse(await readFile(file, 'utf8'));
    return { ...c, flow: Float64Array.from(c.flow, (v: number | null) => v ?? Number.NaN), cached: true };
  } catch {
    // not cached yet
  }
  const started = performance.now();
  const net = await openNetwork(spec);
  const cal = calibrate(net);
  const nodes = [...cal.pressures].filter(([, p]) => p >= spec.minNightPressure).map(([id]) => id);
  const scenario = planScenario({
    seed: seedOf(network, seed),
    from: s.from,
    days: s.days,
    leakCount: s.leakCount,
    nightFlow: round(cal.nightFlow),
    nodes,
  });
  const sim = simulate(net, scenario, cal);
  net.project.close();
  const flow = measured(scenario, sim.supply);
  // sizes as simulated: the highest flow at 03:00 over the year against the reference night flow
  const realized = Object.fromEntries(
    scenario.leaks.map((l) => [l.id, Math.round(((sim.leakNightPeak.get(l.id) ?? 0) / l.flow) * 100) / 100]),
  );
  for (const l of scenario.leaks) l.size = Math.round(l.plannedSize * (realized[l.id] as number) * 1000) / 1000;
  const year = {
    network,
    seed,
    scenario,
    flow,
    realized,
    warnings: net.warnings,
    generationMs: round(performance.now() - started),
    cached: false,
  };
  await mkdir(CACHE, { recursive: true });
  await writeFile(
    file,
    JSON.stringify({ ...year, flow: Array.from(flow, (v) => (Number.isNaN(v) ? null : Math.round(v * 1000) / 1000)) }),
  );
  return year;
};

/** The year's daily nightlines, as the job computes them from one inlet meter's 5-minute flow. */
export const nightlinesOf = (year: Pick<GeneratedYear, 'flow' | 'scenario'>) => {
  const t0 = dayStart(year.scenario.from).getTime();
  const samples = [];
  for (let k = 0; k < year.flow.length; k++)
    if (!Number.isNaN(year.flow[k]))
      samples.push({ at: new Date(t0 + (k + 1) * STEP_MINUTES * 60_000), flow: year.flow[k] as number });
  const to = addDays(year.scenario.from, year.scenario.days - 1);
  const { rows } = districtNightlines([{ sign: 1, samples }], year.scenario.from, to, null);
  return rows.map((r) => ({ day: r.day, value: r.nightline }));
};

type Detect = (points: readonly { day: string; value: number | null }[]) => { events: readonly DetectedEvent[] };

/**
 * The detector under test: the product's, or another module exporting detectNightlineEvents with the same signature
 * (BENCH_LEAKS_DETECTOR=path, e.g. a copy of the committed version to compare a rewrite with). Default options.
 */
const loadDetector = async (path: string | null): Promise<Detect> =>
  path
    ? ((await import(resolve(path))) as { detectNightlineEvents: Detect }).detectNightlineEvents
    : detectNightlineEvents;

const fmt = (v: number | null) => (v === null ? '–' : String(Math.round(v * 10) / 10));

const printScore = (title: string, sc: Score) => {
  printTable(
    [title, 'leaks', 'found', 'median delay d', 'median |start err| d', 'before ½ peak'],
    sc.byClass.map((r) => [
      `${r.sizeClass} ${r.type}`,
      String(r.leaks),
      String(r.found),
      fmt(r.medianDelayDays),
      fmt(r.medianAbsStartErrorDays),
      r.beforeHalfPeak === null ? '' : `${r.beforeHalfPeak}/${r.leaks}`,
    ]),
  );
  console.log(`  goals: ${GOALS.abruptLarge}: ${sc.goals.abruptLarge.met}/${sc.goals.abruptLarge.of}`);
  console.log(`         ${GOALS.incipientLarge}: ${sc.goals.incipientLarge.met}/${sc.goals.incipientLarge.of}`);
  console.log(`         ${GOALS.falseAlarmsPerYear}: ${sc.falseAlarmsPerYear}`);
  console.log(`         ${GOALS.duplicates}: ${sc.duplicates}`);
  const hidden = sc.leaks.filter((o) => o.hidden).length;
  console.log(
    `  found ${sc.found}/${sc.leaks.length} (missed ${sc.missed}, of them ${hidden} under another open event); ${sc.withdrawn} event(s) withdrawn by the detector (notConfirmed)`,
  );
  for (const f of sc.falseAlarms)
    console.log(
      `  false alarm: start ${f.startDay}, detected ${f.detectedDay}, +${f.magnitude} m³/h${f.near ? ` (${f.near})` : ''}`,
    );
};

/** The commit and whether the detector's files differ from it: the figures belong to that state. */
const detectorState = () => {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT }).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain', 'gateway/src/services/dma/nightFlow'], {
      cwd: REPO_ROOT,
    })
      .toString()
      .trim();
    return { commit, detectorChanged: dirty ? dirty.split('\n') : [] };
  } catch {
    return { commit: null, detectorChanged: [] };
  }
};

export const benchLeaks = async (s: LeaksSettings = DEFAULT_LEAKS_SETTINGS) => {
  const module = s.detector ?? 'gateway/src/services/dma/nightFlow/nightlineDetection.ts';
  // the module's own hash pins the figures to its text, committed or not
  const sha = createHash('sha256')
    .update(await readFile(resolve(s.detector ? process.cwd() : REPO_ROOT, module)))
    .digest('hex')
    .slice(0, 12);
  const state = { ...detectorState(), module, sha };
  const detectWith = await loadDetector(s.detector);
  const detect = (points: readonly { day: string; value: number | null }[]): DetectedEvent[] =>
    detectWith(points).events.map((e) => ({ ...e }));
  console.log(
    `leaks: ${s.networks.join(', ')} × ${s.seeds.length} year(s) of 5-minute inflow, ${s.leakCount} leaks a year; detector ${s.detector ?? `at ${state.commit}${state.detectorChanged.length ? ' with uncommitted changes' : ''}`} (sha ${sha})`,
  );
  const runs = [];
  const all = {
    whole: [] as LeakOutcome[],
    live: [] as LeakOutcome[],
    fw: [] as FalseAlarm[],
    fl: [] as FalseAlarm[],
    ww: 0,
    wl: 0,
  };
  for (const network of s.networks)
    for (const seed of s.seeds) {
      const year = await generateYear(network, seed, s);
      const points = nightlinesOf(year);
      const started = performance.now();
      const wholeEvents = detect(points);
      const wholeMs = performance.now() - started;
      const liveStarted = performance.now();
      const liveEvents = eventsDayByDay(points, detect);
      const liveMs = performance.now() - liveStarted;
      const { leaks, anomalies } = year.scenario;
      const whole = scoreEvents(wholeEvents, leaks, anomalies, s.days);
      const live = scoreEvents(liveEvents, leaks, anomalies, s.days);
      const agree = agreement(wholeEvents, liveEvents);
      const label = `${network} (seed ${seed})`;
      console.log(
        `\n${label}: reference night flow ${year.scenario.nightFlow} m³/h; ${points.filter((p) => p.value === null).length} days without a nightline; generated in ${year.generationMs} ms${year.cached ? ' (cached)' : ''}`,
      );
      printScore(`${label}, whole year`, whole);
      printScore(`${label}, day by day`, live);
      console.log(
        `  whole year and day by day ${agree.agree ? 'agree' : `differ: only whole year ${agree.onlyWhole.join('; ') || '–'}; only day by day ${agree.onlyLive.join('; ') || '–'}`}`,
      );
      const tag = (o: LeakOutcome) => ({ ...o, id: `${network}/${seed}/${o.id}` });
      all.whole.push(...whole.leaks.map(tag));
      all.live.push(...live.leaks.map(tag));
      all.fw.push(...whole.falseAlarms);
      all.fl.push(...live.falseAlarms);
      all.ww += whole.withdrawn;
      all.wl += live.withdrawn;
      runs.push({
        network,
        seed,
        nightFlow: year.scenario.nightFlow,
        generation: { ms: year.generationMs, cached: year.cached, solverWarnings: year.warnings },
        detectionMs: { wholeYear: round(wholeMs), dayByDay: round(liveMs) },
        truth: {
          leaks: leaks.map((l) => ({ ...l, realized: year.realized[l.id] })),
          anomalies,
        },
        events: { wholeYear: wholeEvents, dayByDay: liveEvents },
        wholeYear: whole,
        dayByDay: live,
        agreement: agree,
      });
    }
  const years = s.networks.length * s.seeds.length;
  const total = {
    wholeYear: summarize(all.whole, all.fw, all.ww, s.days * years),
    dayByDay: summarize(all.live, all.fl, all.wl, s.days * years),
  };
  if (years > 1) {
    console.log(`\nall ${years} district-years`);
    printScore('all, whole year', total.wholeYear);
    printScore('all, day by day', total.dayByDay);
  }
  // the quick synthetic districts: whole year only (the agreement with day by day is the networks' and the property
  // test's), their totals only in the file
  const synthetic = { outcomes: [] as LeakOutcome[], falseAlarms: [] as FalseAlarm[], withdrawn: 0 };
  for (let k = 1; k <= s.syntheticYears; k++) {
    const y = syntheticYear(k, s.from, s.days);
    const sc = scoreEvents(detect(y.points), y.leaks, [], s.days);
    synthetic.outcomes.push(...sc.leaks);
    synthetic.falseAlarms.push(...sc.falseAlarms);
    synthetic.withdrawn += sc.withdrawn;
  }
  const syntheticTotal = s.syntheticYears
    ? summarize(synthetic.outcomes, synthetic.falseAlarms, synthetic.withdrawn, s.days * s.syntheticYears)
    : null;
  if (syntheticTotal) {
    console.log(`
${s.syntheticYears} synthetic district-years (synthetic.ts: 60 m³/h at night, noise 1.2–3.7 %)`);
    printScore('synthetic, whole year', syntheticTotal);
  }
  // the totals' per-leak rows repeat the runs' ones: left out of the file
  const brief = (sc: Score) => ({ ...sc, leaks: undefined });
  const result = {
    settings: s,
    machine: machineLoad(),
    detector: state,
    goals: GOALS,
    total: { wholeYear: brief(total.wholeYear), dayByDay: brief(total.dayByDay) },
    synthetic: syntheticTotal && brief(syntheticTotal),
    runs,
  };
  await mkdir(dirname(RESULTS), { recursive: true });
  await writeFile(RESULTS, `${JSON.stringify(result, null, 2)}\n`);
  return result;
};
