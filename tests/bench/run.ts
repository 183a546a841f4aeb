// `npm run bench` (from tests/): runs the benchmarks one after another and prints their figures.
// `npm run bench -- lists` (or `-- gateway`) runs only the named ones.
// BENCH_DURATION / BENCH_CONNECTIONS shorten or widen the gateway run (e.g. a quick smoke run in CI);
// BENCH_LIST_RUNS sets the measured requests per list case, BENCH_LIST_SCALE shrinks the list data (0.1 = a tenth);
// BENCH_REGISTRY_RUNS / BENCH_REGISTRY_SCALE do the same for the registry (meters; the import keeps its 10,000 rows
// unless BENCH_REGISTRY_IMPORT_ROWS says otherwise); BENCH_INGEST_SCALE shrinks the ingestion benchmark's meters;
// BENCH_LIVE_SCALE the live-push benchmark's clients, readings and alarms.
// BENCH_MAP_FRAMES / BENCH_MAP_SCALE: the map benchmark's panned frames per case and its meter counts.
// BENCH_NIGHTFLOW_SCALE the night-flow benchmark's districts.
// BENCH_WORKORDER_SCALE shrinks the work-order benchmark's orders (0.01 = 10,000), BENCH_WORKORDER_RUNS its runs per
// case; BENCH_WORKORDER_LIVE_SCALE the live half's users, assignments and orders.
// BENCH_SCREEN_SOAK_MIN / BENCH_SCREEN_CYCLES: the big screen's soak minutes (default 10) and cut/restore cycles (100).
// BENCH_LEAKS_SEEDS: the leak benchmark's simulated years per network, as seeds (default "1,2"; "1,2,3" runs three);
// BENCH_LEAKS_NETWORKS: which networks (default "Net3,Hanoi"); BENCH_LEAKS_SYNTHETIC: the quick synthetic
// district-years scored beside them (default 40); BENCH_LEAKS_DETECTOR: a module whose detectNightlineEvents is
// scored instead of the product's (to compare two versions of the detector).
import { benchBigScreen, DEFAULT_BIG_SCREEN_SETTINGS } from './bigScreen.ts';
import { benchGateway, DEFAULT_SETTINGS } from './gateway.ts';
import { benchIngest, DEFAULT_INGEST_SETTINGS } from './ingest.ts';
import { benchLeaks, DEFAULT_LEAKS_SETTINGS } from './leaks/leaks.ts';
import { benchLists, DEFAULT_LISTS_SETTINGS } from './lists.ts';
import { benchLive, DEFAULT_LIVE_SETTINGS, scaleLiveSettings } from './live.ts';
import { benchMap, DEFAULT_MAP_SETTINGS } from './map.ts';
import { benchNightFlow, DEFAULT_NIGHT_FLOW_SETTINGS } from './nightFlow.ts';
import { benchRegistry, DEFAULT_REGISTRY_SETTINGS } from './registry.ts';
import { benchWorkOrders, DEFAULT_WORK_ORDER_SETTINGS } from './workOrders.ts';
import { benchWorkOrdersLive, DEFAULT_WORK_ORDER_LIVE_SETTINGS, scaleWorkOrderLiveSettings } from './workOrdersLive.ts';

const gatewaySettings = {
  ...DEFAULT_SETTINGS,
  durationSec: Number(process.env.BENCH_DURATION ?? DEFAULT_SETTINGS.durationSec),
  connections: Number(process.env.BENCH_CONNECTIONS ?? DEFAULT_SETTINGS.connections),
};

const scale = Number(process.env.BENCH_LIST_SCALE ?? 1);
const listsSettings = {
  ...DEFAULT_LISTS_SETTINGS,
  runs: Number(process.env.BENCH_LIST_RUNS ?? DEFAULT_LISTS_SETTINGS.runs),
  size: {
    ...DEFAULT_LISTS_SETTINGS.size,
    accounts: Math.round(DEFAULT_LISTS_SETTINGS.size.accounts * scale),
    logRows: Math.round(DEFAULT_LISTS_SETTINGS.size.logRows * scale),
  },
};

const registryScale = Number(process.env.BENCH_REGISTRY_SCALE ?? 1);
const registrySettings = {
  ...DEFAULT_REGISTRY_SETTINGS,
  runs: Number(process.env.BENCH_REGISTRY_RUNS ?? DEFAULT_REGISTRY_SETTINGS.runs),
  meters: {
    pglite: Math.round(DEFAULT_REGISTRY_SETTINGS.meters.pglite * registryScale),
    postgres: Math.round(DEFAULT_REGISTRY_SETTINGS.meters.postgres * registryScale),
  },
  importRows: Number(process.env.BENCH_REGISTRY_IMPORT_ROWS ?? DEFAULT_REGISTRY_SETTINGS.importRows),
};

const ingestScale = Number(process.env.BENCH_INGEST_SCALE ?? 1);
const ingestSettings = {
  ...DEFAULT_INGEST_SETTINGS,
  meters: {
    pglite: Math.round(DEFAULT_INGEST_SETTINGS.meters.pglite * ingestScale),
    postgres: Math.round(DEFAULT_INGEST_SETTINGS.meters.postgres * ingestScale),
  },
};

const workOrderScale = Number(process.env.BENCH_WORKORDER_SCALE ?? 1);
const workOrderSettings = {
  ...DEFAULT_WORK_ORDER_SETTINGS,
  runs: Number(process.env.BENCH_WORKORDER_RUNS ?? DEFAULT_WORK_ORDER_SETTINGS.runs),
  size: {
    ...DEFAULT_WORK_ORDER_SETTINGS.size,
    orders: Math.max(1_000, Math.round(DEFAULT_WORK_ORDER_SETTINGS.size.orders * workOrderScale)),
    meters: Math.max(100, Math.round(DEFAULT_WORK_ORDER_SETTINGS.size.meters * Math.min(1, workOrderScale * 10))),
  },
};

const BENCHES: Record<string, () => Promise<unknown>> = {
  gateway: () => benchGateway(gatewaySettings),
  lists: () => benchLists(listsSettings),
  registry: () => benchRegistry(registrySettings),
  ingest: () => benchIngest(ingestSettings),
  live: () => benchLive(scaleLiveSettings(DEFAULT_LIVE_SETTINGS, Number(process.env.BENCH_LIVE_SCALE ?? 1))),
  map: () =>
    benchMap({
      ...DEFAULT_MAP_SETTINGS,
      frames: Number(process.env.BENCH_MAP_FRAMES ?? DEFAULT_MAP_SETTINGS.frames),
      counts: DEFAULT_MAP_SETTINGS.counts.map((n) => Math.round(n * Number(process.env.BENCH_MAP_SCALE ?? 1))),
    }),
  nightFlow: () =>
    benchNightFlow({
      ...DEFAULT_NIGHT_FLOW_SETTINGS,
      districts: Math.max(
        1,
        Math.round(DEFAULT_NIGHT_FLOW_SETTINGS.districts * Number(process.env.BENCH_NIGHTFLOW_SCALE ?? 1)),
      ),
    }),
  workOrders: () => benchWorkOrders(workOrderSettings),
  bigScreen: () =>
    benchBigScreen({
      ...DEFAULT_BIG_SCREEN_SETTINGS,
      soakMinutes: Number(process.env.BENCH_SCREEN_SOAK_MIN ?? DEFAULT_BIG_SCREEN_SETTINGS.soakMinutes),
      cycles: Number(process.env.BENCH_SCREEN_CYCLES ?? DEFAULT_BIG_SCREEN_SETTINGS.cycles),
    }),
  workOrdersLive: () =>
    benchWorkOrdersLive(
      scaleWorkOrderLiveSettings(DEFAULT_WORK_ORDER_LIVE_SETTINGS, Number(process.env.BENCH_WORKORDER_LIVE_SCALE ?? 1)),
    ),
  leaks: () =>
    benchLeaks({
      ...DEFAULT_LEAKS_SETTINGS,
      seeds: (process.env.BENCH_LEAKS_SEEDS ?? DEFAULT_LEAKS_SETTINGS.seeds.join(',')).split(',').map(Number),
      networks: (process.env.BENCH_LEAKS_NETWORKS ?? DEFAULT_LEAKS_SETTINGS.networks.join(',')).split(','),
      syntheticYears: Number(process.env.BENCH_LEAKS_SYNTHETIC ?? DEFAULT_LEAKS_SETTINGS.syntheticYears),
      detector: process.env.BENCH_LEAKS_DETECTOR ?? null,
    }),
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in BENCHES));
if (unknown.length) {
  console.error(`unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(BENCHES).join(', ')}`);
  process.exitCode = 2;
} else {
  try {
    for (const name of asked.length ? asked : Object.keys(BENCHES)) await BENCHES[name]?.();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
