// The measured stages of the live benchmark, each against a running gateway (liveGateway.ts) and a fleet of raw
// protocol clients (liveClients.ts): idle clients (memory and event-loop delay), broadcast throughput (the live
// layer's room broadcast vs a raw ws send loop over the same sockets), alarm latency (ingested reading → patch at
// every client), and the bytes of the patches a 10,000-alarm topic pushes vs full snapshots.
import type { PatchEvent } from '@waterops/shared/live';
import { type Alarm, MONITORING_PATHS } from '@waterops/shared/monitoring';
import { INGEST_PATHS } from '@waterops/shared/reading';
import { bearer } from '../fixtures/factories.ts';
import { percentile, round } from './benchStats.ts';
import { syntheticAlarm } from './liveBytes.ts';
import { closeFleet, inBatches, type LiveClient, now, openFleet, sleep, until } from './liveClients.ts';
import type { LiveGateway } from './liveGateway.ts';
import type { ProbeAnswer } from './liveProbe.ts';

const subscribeAll = async (clients: readonly LiveClient[], topic: 'alarms') => {
  const answers = await inBatches(clients.length, 200, (i) => (clients[i] as LiveClient).subscribe({ topic }));
  const refused = answers.find((a) => !a.ok);
  if (refused) throw new Error(`subscribe refused: ${JSON.stringify(refused)}`);
  return answers[0]?.ok ? answers[0].key : '';
};

// ── idle clients ──────────────────────────────────────────────────────────────────────────────────────────────────

export type IdleFigures = {
  clients: number;
  connectS: number;
  baseline: ProbeAnswer;
  connected: ProbeAnswer;
  subscribed: ProbeAnswer;
  /** the event-loop delay over `windowS` seconds of idle subscribed clients, and of the gateway alone before */
  idleLag: ProbeAnswer;
  aloneLag: ProbeAnswer;
  windowS: number;
  heapPerConnectionKb: number;
  heapPerSubscribedKb: number;
  rssPerConnectionKb: number;
  /** clients whose socket was closed by the end of the idle window (e.g. a missed ping on a busy machine) */
  dropped: number;
};

const perConnectionKb = (after: number, before: number, n: number) =>
  Math.round(((after - before) / n / 1024) * 10) / 10;

/** Opens `count` clients, subscribes them to `alarms`, leaves them idle; answers the fleet and the figures. */
export const measureIdle = async (
  gw: LiveGateway,
  token: string,
  count: number,
  windowS: number,
): Promise<{ clients: LiveClient[]; figures: IdleFigures }> => {
  // a first client loads whatever the live layer imports lazily, so the baseline is not missing it
  const [warm] = await openFleet(gw.url, token, 1);
  await subscribeAll([warm as LiveClient], 'alarms');
  await closeFleet([warm as LiveClient]);
  await sleep(1_000);
  await gw.probe(false);
  await sleep(windowS * 500);
  const aloneLag = await gw.probe(false);
  const baseline = await gw.probe(true);
  const started = now();
  const clients = await openFleet(gw.url, token, count);
  const connectS = Math.round(now() - started) / 1000;
  const connected = await gw.probe(true);
  await subscribeAll(clients, 'alarms');
  await sleep(2_000);
  const subscribed = await gw.probe(true);
  await gw.probe(false);
  await sleep(windowS * 1000);
  const idleLag = await gw.probe(false);
  return {
    clients,
    figures: {
      clients: count,
      connectS,
      baseline,
      connected,
      subscribed,
      idleLag,
      aloneLag,
      windowS,
      heapPerConnectionKb: perConnectionKb(connected.heapUsed, baseline.heapUsed, count),
      heapPerSubscribedKb: perConnectionKb(subscribed.heapUsed, baseline.heapUsed, count),
      rssPerConnectionKb: perConnectionKb(subscribed.rss, baseline.rss, count),
      dropped: clients.filter((c) => c.closed).length,
    },
  };
};

// ── broadcast throughput ──────────────────────────────────────────────────────────────────────────────────────────

export type BroadcastFigures = {
  /** sockets in the room when the broadcast was sent */
  subscribers: number;
  patches: number;
  /** deliveries per second, end to end (first send → last arrival at the clients), best of `rounds` */
  liveDeliveriesPerS: number;
  rawDeliveriesPerS: number;
  ratio: number;
  /** the server's own send loop (ms), best of `rounds` */
  liveSendMs: number;
  rawSendMs: number;
  patchBytes: number;
  rounds: number;
};

/** `deliveries` patches in all (spread over the subscribers) through the room broadcast, then as a raw send loop. */
export const measureBroadcast = async (
  gw: LiveGateway,
  clients: readonly LiveClient[],
  key: string,
  deliveries: number,
  rounds = 2,
): Promise<BroadcastFigures> => {
  let received = 0;
  for (const c of clients) c.listen({ onEvent: (_c, e) => void (e.name === 'patch' && received++) });
  const patches = Math.max(1, Math.round(deliveries / clients.length));
  const event = { topic: 'alarms', key, upserts: [syntheticAlarm(7)], removes: [] };
  const best = { live: { rate: 0, sendMs: Infinity }, raw: { rate: 0, sendMs: Infinity } };
  let members = 0;
  const run = async (mode: 'live' | 'raw', count: number) => {
    received = 0;
    const closedBefore = clients.filter((c) => c.closed).length;
    const started = now();
    const answer = await gw.broadcast(mode, count, event);
    members = answer.members;
    // a client the server dropped (rare: a missed ping on a busy machine) is not in the room and not waited for,
    // whether it went before the broadcast or during it (counted every 250 ms: 10,000 clients are not cheap to scan)
    let droppedDuring = 0;
    let countedAt = 0;
    const arrived = () => {
      if (received >= (members - droppedDuring) * count) return true;
      if (now() - countedAt > 250) {
        countedAt = now();
        droppedDuring = clients.filter((c) => c.closed).length - closedBefore;
      }
      return false;
    };
    if (!(await until(arrived, 120_000)))
      throw new Error(`${mode}: patches lost (${received} of ${(members - droppedDuring) * count} arrived)`);
    return { rate: (members * count * 1000) / (now() - started), sendMs: answer.sendMs };
  };
  await run('live', 1);
  await run('raw', 1);
  for (let r = 0; r < rounds; r++) {
    for (const mode of ['live', 'raw'] as const) {
      const m = await run(mode, patches);
      best[mode] = { rate: Math.max(best[mode].rate, m.rate), sendMs: Math.min(best[mode].sendMs, m.sendMs) };
      await sleep(500);
    }
  }
  for (const c of clients) c.listen({});
  return {
    subscribers: members,
    patches,
    liveDeliveriesPerS: Math.round(best.live.rate),
    rawDeliveriesPerS: Math.round(best.raw.rate),
    ratio: Math.round((best.live.rate / best.raw.rate) * 100) / 100,
    liveSendMs: best.live.sendMs,
    rawSendMs: best.raw.sendMs,
    patchBytes: Buffer.byteLength(`42${JSON.stringify(['patch', { ...event, seq: 1 }])}`),
    rounds,
  };
};

// ── alarm latency ─────────────────────────────────────────────────────────────────────────────────────────────────

export type LatencyFigures = {
  clients: number;
  readings: number;
  pollMs: number;
  goalMs: number;
  /** over every (reading, client) arrival */
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** the last of the clients to get each reading's alarm */
  lastClientP50Ms: number;
  lastClientP99Ms: number;
  /** the ingestion call's own answer time */
  ingestP50Ms: number;
  ingestP99Ms: number;
  /** from the ingestion call's answer (the alarm is committed by then) to the arrival at each client */
  committedP50Ms: number;
  committedP99Ms: number;
  missing: number;
};

/**
 * For each of `readings` meters in turn: POST one reading whose voltage is below the alarm value (3.3 V < 3.4 V,
 * the default rule) through the ingestion API with the device key, and stamp when each client receives a patch
 * upserting that meter's voltage alarm. A random pause up to one poll interval between readings spreads them over
 * the poll cycle, as real readings fall.
 */
export const measureLatency = async (
  gw: LiveGateway,
  clients: readonly LiveClient[],
  ingestKey: string,
  meterCodes: readonly string[],
  readings: number,
  pollMs: number,
): Promise<LatencyFigures> => {
  let awaited: { code: string; sentAt: number; seen: Set<number>; latencies: number[] } | undefined;
  for (const c of clients)
    c.listen({
      parse: true,
      onEvent: (client, e) => {
        if (e.name !== 'patch' || !awaited) return;
        for (const alarm of (e.data as PatchEvent<Alarm>).upserts)
          if (alarm.sourceCode === awaited.code && alarm.alarmType === 'voltage' && !awaited.seen.has(client.index)) {
            awaited.seen.add(client.index);
            awaited.latencies.push(e.at - awaited.sentAt);
          }
      },
    });
  const all: number[] = [];
  const last: number[] = [];
  const ingest: number[] = [];
  const committed: number[] = [];
  let missing = 0;
  for (let k = 0; k < readings; k++) {
    const code = meterCodes[k] as string;
    const current = { code, sentAt: now(), seen: new Set<number>(), latencies: [] as number[] };
    awaited = current;
    const res = await fetch(`${gw.url}${INGEST_PATHS.readings}`, {
      method: 'POST',
      headers: { authorization: `Device ${ingestKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        readings: [{ meterCode: code, time: new Date().toISOString(), reading: (k % 500) / 10 + 1, voltage: 3.3 }],
      }),
    });
    ingest.push(now() - current.sentAt);
    const body = (await res.json()) as { datas?: { accepted: number } };
    if (body.datas?.accepted !== 1) throw new Error(`reading of ${code} refused: ${JSON.stringify(body)}`);
    const open = clients.filter((c) => !c.closed).length;
    await until(() => current.seen.size >= open, pollMs * 3 + 10_000);
    missing += open - current.seen.size;
    all.push(...current.latencies);
    const answered = ingest[ingest.length - 1] as number;
    for (const l of current.latencies) committed.push(l - answered);
    if (current.latencies.length) last.push(Math.max(...current.latencies));
    await sleep(Math.random() * pollMs);
  }
  awaited = undefined;
  for (const c of clients) c.listen({});
  const sorted = all.sort((a, b) => a - b);
  const lastSorted = last.sort((a, b) => a - b);
  const ingestSorted = ingest.sort((a, b) => a - b);
  const committedSorted = committed.sort((a, b) => a - b);
  return {
    clients: clients.length,
    readings,
    pollMs,
    goalMs: pollMs + 100,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted[sorted.length - 1] ?? Number.NaN),
    lastClientP50Ms: round(percentile(lastSorted, 50)),
    lastClientP99Ms: round(percentile(lastSorted, 99)),
    ingestP50Ms: round(percentile(ingestSorted, 50)),
    ingestP99Ms: round(percentile(ingestSorted, 99)),
    committedP50Ms: round(percentile(committedSorted, 50)),
    committedP99Ms: round(percentile(committedSorted, 99)),
    missing,
  };
};

// ── bytes pushed ──────────────────────────────────────────────────────────────────────────────────────────────────

export type WireBytes = {
  alarms: number;
  changedPerPoll: number;
  polls: number;
  snapshotBytes: number;
  patchBytes: number;
  patchFrames: number;
  /** a full snapshot instead of each of those polls' changes */
  snapshotsBytes: number;
  ratio: number;
  /** the patch bytes against one snapshot per patch frame sent (a design pushing the whole set on every change) */
  ratioPerFrame: number;
};

/**
 * One client subscribes to the `alarms` topic of a tenant holding `alarmIds.length` live alarms; then `polls` times,
 * `changedPerPoll` of them are acknowledged through the console's API (a real change: acknowledged, by whom, with a
 * comment) and the patches carrying them are awaited. Bytes are WebSocket frames as the client receives them.
 */
export const measureWireBytes = async (
  gw: LiveGateway,
  token: string,
  alarmIds: readonly number[],
  changedPerPoll: number,
  polls: number,
  pollMs: number,
): Promise<WireBytes> => {
  let snapshot: { bytes: number; items: number } | undefined;
  let pending = new Set<number>();
  let patchBytes = 0;
  let patchFrames = 0;
  const [client] = await openFleet(gw.url, token, 1, {
    parse: true,
    onEvent: (_c, e) => {
      if (e.name === 'snapshot') snapshot = { bytes: e.bytes, items: (e.data as { items: unknown[] }).items.length };
      if (e.name !== 'patch') return;
      patchBytes += e.bytes;
      patchFrames++;
      for (const alarm of (e.data as PatchEvent<Alarm>).upserts) pending.delete(alarm.id);
    },
  });
  try {
    await subscribeAll([client as LiveClient], 'alarms');
    if (!(await until(() => snapshot !== undefined, 120_000))) throw new Error('no snapshot of the alarm topic');
    const full = snapshot as { bytes: number; items: number };
    if (full.items !== alarmIds.length)
      throw new Error(`snapshot of ${full.items} alarms, ${alarmIds.length} expected`);
    patchBytes = 0;
    patchFrames = 0;
    for (let poll = 0; poll < polls; poll++) {
      const ids = alarmIds.slice(poll * changedPerPoll, (poll + 1) * changedPerPoll);
      pending = new Set(ids);
      const res = await fetch(`${gw.url}${MONITORING_PATHS.acknowledge}`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({ ids, comment: '现场确认' }),
      });
      if (!res.ok) throw new Error(`acknowledge answered ${res.status} ${await res.text()}`);
      if (!(await until(() => pending.size === 0, pollMs * 3 + 10_000)))
        throw new Error(`${pending.size} acknowledged alarms never arrived as patches`);
    }
    const snapshotsBytes = full.bytes * polls;
    return {
      alarms: full.items,
      changedPerPoll,
      polls,
      snapshotBytes: full.bytes,
      patchBytes,
      patchFrames,
      snapshotsBytes,
      ratio: Math.round((patchBytes / snapshotsBytes) * 10_000) / 10_000,
      ratioPerFrame: Math.round((patchBytes / (full.bytes * patchFrames)) * 10_000) / 10_000,
    };
  } finally {
    await closeFleet([client as LiveClient]);
  }
};
