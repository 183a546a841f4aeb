// Live push (issue 6 item 7): four figures of the gateway's Socket.IO layer, one gateway process (role all, embedded
// PGlite, `LIVE_POLL_MS` as set here) measured from this process through a fleet of raw protocol clients:
//   1. alarm latency: a reading that raises an alarm, POSTed through the ingestion API, until the patch upserting
//      that alarm reaches each of 1,000 subscribed clients (goal p99 ≤ poll interval + 100 ms);
//   2. bytes pushed: a 10,000-alarm topic with 1 % acknowledged per poll, patches vs a full snapshot per poll
//      (goal ≤ 0.05×), computed against the protocol and measured as WebSocket frames at a client;
//   3. idle clients: heap and RSS per connection and the event-loop delay at 10,000 idle subscribed clients
//      (goal ≤ 10 KB per connection), read from the gateway process by the preloaded probe (liveProbe.ts);
//   4. broadcast throughput: deliveries/s of patches to N subscribers of one room through the live layer's room
//      broadcast, next to a raw `ws` send loop over the same sockets (goal ≥ 0.5×).
// Figures 1, 3 and 4 share one gateway (idle first, while the alarm topic is empty; then broadcast; then the fleet is
// cut to 1,000 for the latency); figure 2 runs on a second gateway whose tenant holds the 10,000 alarms.
// Writes tests/bench/results/live.json. BENCH_LIVE_SCALE (run.ts) shrinks clients, readings and alarms.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { REPO_ROOT, signInOverHttp } from '../fixtures/gatewayProcess.ts';
import { machineLoad, printTable } from './benchStats.ts';
import { type ProtocolBytes, protocolBytes } from './liveBytes.ts';
import { closeFleet } from './liveClients.ts';
import { prepareLiveData } from './liveData.ts';
import { type LiveGateway, startLiveGateway } from './liveGateway.ts';
import {
  type BroadcastFigures,
  type IdleFigures,
  type LatencyFigures,
  measureBroadcast,
  measureIdle,
  measureLatency,
  measureWireBytes,
  type WireBytes,
} from './liveStages.ts';

const RESULTS = join(REPO_ROOT, 'tests/bench/results/live.json');

export type LiveSettings = {
  /** LIVE_POLL_MS of the gateway */
  pollMs: number;
  latencyClients: number;
  latencyReadings: number;
  idleClients: number;
  /** seconds of idle over which the event-loop delay is read */
  idleWindowS: number;
  /** room sizes of the broadcast figure (at most idleClients) */
  broadcastSubscribers: number[];
  /** patches × subscribers per measured broadcast */
  broadcastDeliveries: number;
  topicAlarms: number;
  changeFraction: number;
  polls: number;
};

export const DEFAULT_LIVE_SETTINGS: LiveSettings = {
  pollMs: 2000,
  latencyClients: 1_000,
  latencyReadings: 50,
  idleClients: 10_000,
  idleWindowS: 20,
  broadcastSubscribers: [10_000, 1_000],
  broadcastDeliveries: 200_000,
  topicAlarms: 10_000,
  changeFraction: 0.01,
  polls: 10,
};

/** The settings shrunk by `scale` (0.01: a smoke run in well under a minute); at least one of everything. */
export const scaleLiveSettings = (s: LiveSettings, scale: number): LiveSettings => {
  const n = (v: number) => Math.max(1, Math.round(v * scale));
  return {
    ...s,
    latencyClients: n(s.latencyClients),
    latencyReadings: Math.max(3, n(s.latencyReadings)),
    idleClients: n(s.idleClients),
    idleWindowS: Math.max(2, n(s.idleWindowS)),
    broadcastSubscribers: s.broadcastSubscribers.map(n),
    broadcastDeliveries: n(s.broadcastDeliveries),
    topicAlarms: Math.max(100, n(s.topicAlarms)),
    polls: Math.max(3, n(s.polls)),
  };
};

type Stage = { gateway: LiveGateway; token: string; dataDir: string };

/** A data folder prepared by `prepare`, then a gateway process on it, signed in as the administrator. */
const withGateway = async <T>(
  pollMs: number,
  prepare: (env: Record<string, string>) => Promise<T>,
  run: (stage: Stage, data: T) => Promise<void>,
): Promise<void> => {
  const dataDir = await mkdtemp(join(tmpdir(), 'waterops-live-bench-'));
  let gateway: LiveGateway | undefined;
  try {
    const env = { WATEROPS_DATA_DIR: dataDir };
    const data = await prepare(env);
    gateway = await startLiveGateway({ ...env, LIVE_POLL_MS: String(pollMs) });
    const token = await signInOverHttp(gateway.url);
    await run({ gateway, token, dataDir }, data);
  } catch (error) {
    if (gateway) console.error(`gateway output:\n${gateway.output()}`);
    throw error;
  } finally {
    await gateway?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
};

/** Bytes in MB (1 decimal) from 1 MB up, else in kB (1,000 bytes, as MB here is 10⁶). */
const mb = (bytes: number) =>
  Math.abs(bytes) >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} kB`;
const kb = mb;

export type LiveResults = {
  latency?: LatencyFigures;
  protocol: ProtocolBytes;
  wire?: WireBytes;
  idle?: IdleFigures;
  /** the same fleet against a bare Socket.IO server (liveFloor.ts): what Socket.IO itself costs per connection */
  idleFloor?: IdleFigures;
  broadcast: BroadcastFigures[];
};

const printLatency = (l: LatencyFigures) => {
  console.log(`\nAlarm latency: reading POSTed → patch at each of ${l.clients} clients (${l.readings} readings)`);
  printTable(
    ['poll interval', 'goal p99', 'p50', 'p95', 'p99', 'max', 'last client p50', 'last client p99', 'POST p50'],
    [
      [
        `${l.pollMs} ms`,
        `${l.goalMs} ms`,
        ...[l.p50Ms, l.p95Ms, l.p99Ms, l.maxMs, l.lastClientP50Ms, l.lastClientP99Ms, l.ingestP50Ms].map(
          (v) => `${v} ms`,
        ),
      ],
    ],
  );
  console.log(
    `  from the POST's answer (alarm committed): p50 ${l.committedP50Ms} ms, p99 ${l.committedP99Ms} ms; POST p99 ${l.ingestP99Ms} ms`,
  );
  if (l.missing) console.log(`  ${l.missing} arrivals missing (timed out)`);
};

const printBytes = (p: ProtocolBytes, w?: WireBytes) => {
  console.log(`\nBytes pushed: ${p.alarms} alarms, ${p.changedPerPoll} changed per poll, ${p.polls} polls`);
  const rows = [
    [
      'protocol (diffCollections, serialized)',
      mb(p.snapshotBytes),
      kb(p.patchBytes / p.polls),
      mb(p.patchBytes),
      mb(p.snapshotsBytes),
      `${p.ratio}×`,
    ],
  ];
  if (w)
    rows.push([
      `wire (frames at a client, ${w.patchFrames} patches)`,
      mb(w.snapshotBytes),
      kb(w.patchBytes / w.polls),
      mb(w.patchBytes),
      mb(w.snapshotsBytes),
      `${w.ratio}×`,
    ]);
  printTable(['measured', 'snapshot', 'patch per poll', 'patches', 'snapshots instead', 'ratio'], rows);
};

const printIdle = (i: IdleFigures, floor?: IdleFigures) => {
  console.log(`\nIdle clients: ${i.clients} sockets subscribed to alarms, gateway process (after a full GC)`);
  const lag = (p: { lagP50Ms: number; lagP99Ms: number; lagMaxMs: number }) => [
    `${p.lagP50Ms} ms`,
    `${p.lagP99Ms} ms`,
    `${p.lagMaxMs} ms`,
  ];
  printTable(
    ['state', 'sockets', 'heap used', 'RSS', 'event loop p50', 'p99', 'max'],
    [
      ['gateway alone', '0', mb(i.baseline.heapUsed), mb(i.baseline.rss), ...lag(i.aloneLag)],
      ['connected', String(i.connected.connections), mb(i.connected.heapUsed), mb(i.connected.rss), '', '', ''],
      [
        'subscribed, idle',
        String(i.subscribed.connections),
        mb(i.subscribed.heapUsed),
        mb(i.subscribed.rss),
        ...lag(i.idleLag),
      ],
    ],
  );
  console.log('\nPer connection (goal ≤ 10 KB of heap)');
  const row = (name: string, f: IdleFigures) => [
    name,
    `${f.heapPerConnectionKb} KB`,
    `${f.heapPerSubscribedKb} KB`,
    `${f.rssPerConnectionKb} KB`,
    `${f.connectS} s`,
  ];
  printTable(
    ['server', 'heap, connected', 'heap, subscribed', 'RSS, subscribed', `${i.clients} connected in`],
    floor ? [row('gateway (live layer)', i), row('bare Socket.IO server', floor)] : [row('gateway (live layer)', i)],
  );
  if (i.dropped) console.log(`  ${i.dropped} of ${i.clients} sockets were closed by the gateway during the idle stage`);
};

const printBroadcast = (list: BroadcastFigures[]) => {
  console.log('\nBroadcast: deliveries/s of a patch to every subscriber of one room, first send → last arrival');
  printTable(
    ['subscribers', 'patches', 'live layer /s', 'raw ws loop /s', 'live / raw', 'live send ms', 'raw send ms'],
    list.map((b) => [
      String(b.subscribers),
      String(b.patches),
      String(b.liveDeliveriesPerS),
      String(b.rawDeliveriesPerS),
      `${b.ratio}×`,
      String(b.liveSendMs),
      String(b.rawSendMs),
    ]),
  );
};

export const benchLive = async (settings: LiveSettings = DEFAULT_LIVE_SETTINGS): Promise<LiveResults> => {
  console.log(`\n== Live push: Socket.IO layer of one gateway process (LIVE_POLL_MS ${settings.pollMs}) ==`);
  const machine = machineLoad();
  const results: LiveResults = {
    protocol: protocolBytes(settings.topicAlarms, settings.changeFraction, settings.polls),
    broadcast: [],
  };

  await withGateway(
    settings.pollMs,
    (env) => prepareLiveData(env, { meters: Math.max(1_000, settings.latencyReadings), alarms: 0 }),
    async ({ gateway, token }, data) => {
      const { clients, figures } = await measureIdle(gateway, token, settings.idleClients, settings.idleWindowS);
      results.idle = figures;
      let fleet = clients;
      const key = 'alarms';
      for (const n of [...settings.broadcastSubscribers].sort((a, b) => b - a)) {
        await closeFleet(fleet.slice(n));
        fleet = fleet.slice(0, n).filter((c) => !c.closed);
        results.broadcast.push(await measureBroadcast(gateway, fleet, key, settings.broadcastDeliveries));
      }
      printBroadcast(results.broadcast);
      await closeFleet(fleet.slice(settings.latencyClients));
      fleet = fleet.slice(0, settings.latencyClients).filter((c) => !c.closed);
      results.latency = await measureLatency(
        gateway,
        fleet,
        data.ingestKey,
        data.meterCodes,
        settings.latencyReadings,
        settings.pollMs,
      );
      printLatency(results.latency);
      await closeFleet(fleet);
    },
  );

  // the floor: the same fleet against a bare Socket.IO server
  const floor = await startLiveGateway({}, { entry: 'tests/bench/liveFloor.ts' });
  try {
    const { clients, figures } = await measureIdle(floor, 'floor', settings.idleClients, 2);
    results.idleFloor = figures;
    await closeFleet(clients);
  } finally {
    await floor.stop();
  }
  if (results.idle) printIdle(results.idle, results.idleFloor);

  await withGateway(
    settings.pollMs,
    (env) => prepareLiveData(env, { meters: settings.topicAlarms, alarms: settings.topicAlarms }),
    async ({ gateway, token }, data) => {
      const perPoll = Math.max(1, Math.round(settings.topicAlarms * settings.changeFraction));
      results.wire = await measureWireBytes(gateway, token, data.alarmIds, perPoll, settings.polls, settings.pollMs);
    },
  );
  printBytes(results.protocol, results.wire);

  console.log(`machine: ${JSON.stringify(machine)}`);
  await mkdir(dirname(RESULTS), { recursive: true });
  await writeFile(
    RESULTS,
    `${JSON.stringify({ date: new Date().toISOString(), settings, machine, ...results }, null, 2)}\n`,
  );
  console.log(`\nwritten to ${RESULTS}`);
  return results;
};
