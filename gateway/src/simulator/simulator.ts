// The running city: registers itself through the archives call, backfills history from where WaterOps left off
// (or `historyDays` back), then streams like the real thing — each concentrator uploads its meters' hourly reads at
// its own minute of the hour, NB-IoT meters at theirs, district meters every 15 minutes — and answers device
// commands after a device-like delay, failing a few. Everything goes through the public ingestion API.
import type { IngestReading, PendingCommand } from '@waterops/shared/reading';
import { cityArchives } from './cityArchives.ts';
import { type CityPlan, planCity } from './cityPlan.ts';
import { type DemoOutage, demoSilentAt } from './demoOutage.ts';
import { clockDrift, outageAt } from './faults.ts';
import { errorText, INGEST_CHUNK, IngestClient } from './ingestClient.ts';
import { unit } from './random.ts';
import { createSimState, readingAt, readingsBetween, type SimReading, type SimState, setValve } from './readings.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

export type SimulatorOptions = {
  baseUrl: string;
  /** a company ingestion key (`Authorization: Device <key>`) */
  key: string;
  seed?: number;
  /** household meters (default 2,000) */
  meters?: number;
  /** days of history on a first start (default 60) */
  historyDays?: number;
  /**
   * days of history of the district meters (inlets, outlets) on a first start, when more than historyDays (default:
   * the same): the demo asks 90, so the night-flow analysis has its three months at once while households keep fewer
   */
  districtHistoryDays?: number;
  /**
   * register the planned districts with the archives (default true); the browser story leaves them out so that a
   * user draws one in the districts page
   */
  registerDistricts?: boolean;
  now?: () => Date;
  log?: (message: string) => void;
  /** stream after the backfill (default true) */
  realtime?: boolean;
  /** ms between looks at what is due (default 10 s) and between command polls (default 2 s) */
  tickMs?: number;
  commandPollMs?: number;
  /** a device answers a command after this many ms, [min, max] (default 2–12 s) */
  answerDelayMs?: [number, number];
  /** share of commands a device fails (default 0.05) */
  failureRate?: number;
  /** a staged outage at a fixed rhythm (the demo's alarm console); none by default */
  demoOutage?: DemoOutage;
};

export type Simulator = {
  plan: CityPlan;
  /** provisioned and backfilled (rejects if WaterOps refused the key or the archives) */
  ready: Promise<void>;
  /** uploads what is due at `now` once, as the stream's loop does (for a test that moves the clock itself) */
  step(): Promise<void>;
  stop(): Promise<void>;
};

/** Who uploads together: a concentrator (its meter range), NB-IoT meters of one minute, or the district meters. */
type Sender = {
  concentrator: number;
  meters: number[];
  minute: number;
  everyMs: number;
  sentUntil: number;
  /** the district meters' sender (its history may reach further back) */
  district?: boolean;
};

const iso = (ms: number) => new Date(ms).toISOString();

export const toIngestReading = (plan: CityPlan, r: SimReading): IngestReading => {
  const out: IngestReading = {
    meterCode: plan.meters.code[r.meter] as string,
    time: iso(r.time),
    reading: r.reading,
    voltage: r.voltage,
    csq: r.csq,
    rsrp: r.rsrp,
  };
  if (r.valveState !== undefined) out.valveState = r.valveState as 0 | 1;
  return out;
};

const sendersOf = (plan: CityPlan): Sender[] => {
  const m = plan.meters;
  const senders: Sender[] = plan.concentrators.map((c, k) => ({
    concentrator: k,
    meters: Array.from({ length: c.meterEnd - c.meterStart }, (_, j) => c.meterStart + j),
    minute: c.reportMinute,
    everyMs: HOUR,
    sentUntil: 0,
  }));
  // NB-IoT meters grouped by their minute of the hour, at most 500 a batch-group
  const direct = new Map<number, number[]>();
  for (let i = 0; i < plan.households; i++)
    if (m.concentrator[i] === -1) {
      const minute = m.reportMinute[i] as number;
      const group = direct.get(minute) ?? [];
      group.push(i);
      direct.set(minute, group);
    }
  for (const [minute, meters] of [...direct.entries()].sort((a, b) => a[0] - b[0]))
    for (let s = 0; s < meters.length; s += 500)
      senders.push({ concentrator: -1, meters: meters.slice(s, s + 500), minute, everyMs: HOUR, sentUntil: 0 });
  const district = Array.from({ length: m.count - plan.households }, (_, j) => plan.households + j);
  senders.push({ concentrator: -1, meters: district, minute: 2, everyMs: 15 * MINUTE, sentUntil: 0, district: true });
  return senders;
};

export const startSimulator = (opts: SimulatorOptions): Simulator => {
  const now = () => (opts.now ?? (() => new Date()))().getTime();
  const log = opts.log ?? (() => {});
  const plan = planCity({ seed: opts.seed ?? 42, meters: opts.meters ?? 2_000 });
  const startedAt = now();
  const staged = opts.demoOutage;
  const stagedConcentrator = staged ? Math.min(staged.concentrator ?? 0, plan.concentrators.length - 1) : -1;
  const stagedPlan = plan.concentrators[stagedConcentrator];
  // it reports every few minutes (and is registered so), so WaterOps notices its silence in the shortest time
  if (staged && stagedPlan) stagedPlan.reportRate = staged.reportMinutes ?? 5;
  /** A concentrator in an outage: the city's own (hours) or the staged one. */
  const down = (k: number, at: number) =>
    outageAt(plan, k, at) !== undefined ||
    (k === stagedConcentrator && staged !== undefined && demoSilentAt(staged, startedAt, at));
  const state: SimState = createSimState(plan);
  const stopping = new AbortController();
  const client = new IngestClient({ baseUrl: opts.baseUrl, key: opts.key, log, signal: stopping.signal });
  const senders = sendersOf(plan);
  for (const sender of senders)
    if (sender.concentrator === stagedConcentrator && stagedPlan) sender.everyMs = stagedPlan.reportRate * MINUTE;
  const collectorsOf = new Map<number, string[]>();
  for (const c of plan.collectors) {
    const codes = collectorsOf.get(c.concentrator) ?? [];
    codes.push(c.code);
    collectorsOf.set(c.concentrator, codes);
  }
  const failureRate = opts.failureRate ?? 0.05;
  const [delayMin, delayMax] = opts.answerDelayMs ?? [2_000, 12_000];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const inFlight = new Set<Promise<unknown>>();
  const seenCommands = new Set<number>();
  let meterByCode: Map<string, number> | undefined;
  let stopped = false;

  const track = <T>(p: Promise<T>): Promise<T> => {
    inFlight.add(p);
    p.finally(() => inFlight.delete(p)).catch(() => {});
    return p;
  };
  const later = (ms: number, run: () => Promise<unknown>) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) track(run()).catch((e) => stopped || log(`simulator: ${errorText(e)}`));
    }, ms);
    timers.add(timer);
  };

  /**
   * Uploads a sender's reads in (from, to], in chunks; hands any pending commands it gets back to the devices.
   * `sentAt`: when the concentrator sent them, for the history sent at start (one that is down now last reported
   * before its outage, and WaterOps must hear it so, not as a report made now)
   */
  const upload = async (sender: Sender, from: number, to: number, hourlyFrom?: number, sentAt?: number) => {
    const concentrator = plan.concentrators[sender.concentrator];
    const reads = readingsBetween(plan, state, from, to, { meters: sender.meters, hourlyFrom });
    // the concentrator's own clock as it sends: WaterOps reads the drift from it
    const sent = sentAt ?? now();
    const clock = iso(sent + clockDrift(plan, sender.concentrator, sent) * 1000);
    // a concentrator with nothing to send still reports in (it stays online); others only send reads
    const starts = reads.length === 0 ? (concentrator ? [0] : []) : [];
    for (let s = 0; s < reads.length; s += INGEST_CHUNK) starts.push(s);
    // its collectors report in with it (WaterOps learns a collector is alive only from its status)
    const status = (collectorsOf.get(sender.concentrator) ?? []).map((code) => ({ kind: 'collector' as const, code }));
    let accepted = 0;
    for (const s of starts) {
      const readings = reads.slice(s, s + INGEST_CHUNK).map((r) => toIngestReading(plan, r));
      const reply = await client.readings(
        concentrator
          ? {
              concentratorCode: concentrator.code,
              clock,
              readings,
              ...(s === 0 ? { status } : {}),
              ...(sentAt === undefined ? {} : { sentAt: iso(sentAt) }),
            }
          : { readings },
      );
      for (const c of reply.commands) receive(c);
      accepted += reply.accepted;
      if (reply.rejected.length)
        log(
          `simulator: ${reply.rejected.length} reads refused, e.g. ${reply.rejected[0]?.code}: ${reply.rejected[0]?.message}`,
        );
    }
    return accepted;
  };

  // ── commands ──────────────────────────────────────────────────────────────────────────────────────────────
  const meterOf = (code: string) => {
    meterByCode ??= new Map(plan.meters.code.map((c, i) => [c, i]));
    return meterByCode.get(code);
  };
  /** The concentrator a command travels through (-1: the device answers itself), or undefined: not one of ours. */
  const routeOf = (command: PendingCommand): number | undefined => {
    if (command.deviceKind === 'meter') {
      const meter = meterOf(command.deviceCode);
      return meter === undefined ? undefined : (plan.meters.concentrator[meter] as number);
    }
    if (command.deviceKind === 'concentrator') {
      const k = plan.concentrators.findIndex((c) => c.code === command.deviceCode);
      return k < 0 ? undefined : k;
    }
    const collector = plan.collectors.find((c) => c.code === command.deviceCode);
    return collector?.concentrator;
  };
  const answer = async (command: PendingCommand) => {
    const at = now();
    // a device the city does not have (the company's key sees every device) is not ours to answer; one behind a
    // concentrator in an outage never hears the command: WaterOps times both out
    const route = routeOf(command);
    if (route === undefined || (route >= 0 && down(route, at))) return;
    const ok = unit(plan.seed, 0xc0d, command.id) >= failureRate;
    const meter = command.deviceKind === 'meter' ? meterOf(command.deviceCode) : undefined;
    let result: unknown = {};
    if (ok && meter !== undefined) {
      if (command.command === 'valveOpen' || command.command === 'valveClose') {
        setValve(plan, state, meter, command.command === 'valveOpen', at);
        result = { valveState: state.valve[meter] };
      } else if (command.command === 'readNow') {
        // the meter reads its register now and sends it like any other read
        const read = readingAt(plan, state, meter, Math.floor(at / 1000) * 1000);
        result = { reading: read.reading, time: iso(read.time) };
        await client.readings({ readings: [toIngestReading(plan, read)] });
      }
    } else if (
      ok &&
      command.deviceKind === 'concentrator' &&
      (command.command === 'reportRate' || command.command === 'params')
    ) {
      // a new report rate changes how often it uploads (its meters still read hourly)
      const rate = Number((command.params as { reportRate?: unknown } | null)?.reportRate);
      const sender = senders.find((x) => x.concentrator === route);
      if (sender && Number.isInteger(rate) && rate >= 1 && rate <= 1440) sender.everyMs = rate * MINUTE;
      result = { reportRate: sender ? sender.everyMs / MINUTE : null };
    } else if (ok && command.command === 'clock') {
      // a device answers with its concentrator's clock, drift included
      result = { clock: iso(at + clockDrift(plan, route, at) * 1000) };
    }
    await client.commandResults([
      ok
        ? { commandId: command.id, success: true, result }
        : { commandId: command.id, success: false, message: 'no response from the device (simulated failure)' },
    ]);
    log(`command ${command.id} ${command.command} ${command.deviceCode}: ${ok ? 'success' : 'failed'}`);
  };
  const receive = (command: PendingCommand) => {
    if (seenCommands.has(command.id)) return;
    seenCommands.add(command.id);
    later(delayMin + unit(plan.seed, 0xde1, command.id) * (delayMax - delayMin), () => answer(command));
  };
  const pollCommands = async () => {
    try {
      for (const c of await client.commands()) receive(c);
    } catch (e) {
      if (!stopped) log(`simulator: polling commands failed: ${errorText(e)}`);
    }
    later(opts.commandPollMs ?? 2_000, pollCommands);
  };

  // ── streaming ─────────────────────────────────────────────────────────────────────────────────────────────
  /** The latest slot boundary whose upload minute has passed. */
  const dueUntil = (sender: Sender, at: number) => {
    const offset = sender.minute * MINUTE;
    return Math.floor((at - offset) / sender.everyMs) * sender.everyMs;
  };
  const tick = async () => {
    const at = now();
    for (const sender of senders) {
      if (stopped) return;
      const until = dueUntil(sender, at);
      if (until <= sender.sentUntil) continue;
      // an offline concentrator sends nothing; when it is back it sends what it kept (lost reads are left out)
      if (sender.concentrator >= 0 && down(sender.concentrator, at)) continue;
      try {
        await upload(sender, sender.sentUntil, until);
        sender.sentUntil = until;
      } catch (e) {
        if (!stopped) log(`simulator: upload failed, will retry: ${errorText(e)}`);
        break;
      }
    }
  };
  const loop = async () => {
    try {
      await tick();
    } finally {
      later(opts.tickMs ?? 10_000, loop);
    }
  };

  // ── start: archives, backfill, heartbeat, then stream ─────────────────────────────────────────────────────
  /** When a sender last uploaded: its last slot's upload minute (before its outage if it is down). */
  const lastSent = (sender: Sender, at: number) => Math.min(at, sender.sentUntil + sender.minute * MINUTE);
  const start = async () => {
    let created = 0;
    for (const archives of cityArchives(plan)) {
      if (stopped) return;
      if (archives.districts && opts.registerDistricts === false) continue;
      const reply = await client.archives(archives);
      created += Object.values(reply.created).reduce((s, n) => s + n, 0);
      if (reply.rejected.length)
        log(`archives: ${reply.rejected.length} rows refused, first: ${reply.rejected[0]?.message}`);
    }
    log(`simulator: city of ${plan.meters.count} meters in ${plan.areas.length} areas (${created} records new)`);
    const status = await client.status();
    const at = now();
    const historyStart = Math.floor((at - (opts.historyDays ?? 60) * DAY + 8 * HOUR) / DAY) * DAY - 8 * HOUR;
    // resume a little before the last stored read: other senders upload later in the hour, drifting clocks stamp
    // ahead; what is sent twice is the same value, counted as a duplicate and not stored again
    const last = status.lastReadingAt ? Date.parse(status.lastReadingAt) - 3 * HOUR : Number.NEGATIVE_INFINITY;
    const from = Math.max(historyStart - 1, last);
    const districtDays = Math.max(opts.historyDays ?? 60, opts.districtHistoryDays ?? 0);
    const districtStart = Math.floor((at - districtDays * DAY + 8 * HOUR) / DAY) * DAY - 8 * HOUR;
    const fromOf = (sender: Sender) => (sender.district ? Math.max(districtStart - 1, last) : from);
    const hourlyFrom = Math.floor((at - 2 * DAY) / HOUR) * HOUR;
    // the last two days first, for every sender, so today's pages fill at once; then the older daily reads
    const recentFrom = Math.max(from, hourlyFrom - 1);
    let accepted = 0;
    for (const sender of senders) {
      if (stopped) return;
      // a concentrator that is offline right now has sent only what it had before the outage began
      const outage = sender.concentrator >= 0 ? outageAt(plan, sender.concentrator, at) : undefined;
      sender.sentUntil = outage ? Math.floor(outage.start / HOUR) * HOUR : dueUntil(sender, at);
      if (sender.sentUntil > recentFrom)
        accepted += await upload(sender, recentFrom, sender.sentUntil, hourlyFrom, lastSent(sender, at));
    }
    // every concentrator and collector says it is there, so commands reach them before their first hourly upload
    const up = (k: number) => !outageAt(plan, k, at);
    const devices = [
      ...plan.concentrators.flatMap((c, k) => (up(k) ? [{ kind: 'concentrator' as const, code: c.code }] : [])),
      ...plan.collectors.flatMap((c) => (up(c.concentrator) ? [{ kind: 'collector' as const, code: c.code }] : [])),
    ];
    for (let s = 0; s < devices.length; s += 10_000)
      await client.readings({ readings: [], status: devices.slice(s, s + 10_000) });
    log(`simulator: sent the last ${((at - recentFrom) / HOUR).toFixed(0)} hours (${accepted} readings)`);
    for (const sender of senders) {
      if (stopped) return;
      const until = Math.min(recentFrom, sender.sentUntil);
      if (until > fromOf(sender))
        accepted += await upload(sender, fromOf(sender), until, hourlyFrom, lastSent(sender, at));
    }
    log(`simulator: backfilled ${accepted} readings since ${iso(Math.max(from, historyStart))}`);
  };

  // stopping while starting is not a failure: ready settles quietly
  const ready = track(
    start().catch((e) => {
      if (!stopped) throw e;
    }),
  );
  ready.then(
    () => {
      if (opts.realtime === false || stopped) return;
      later(0, pollCommands);
      later(0, loop);
    },
    (e) => log(`simulator: could not start: ${errorText(e)}`),
  );

  return {
    plan,
    ready,
    async step() {
      await ready;
      await tick();
    },
    async stop() {
      stopped = true;
      stopping.abort();
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.allSettled([...inFlight]);
    },
  };
};
