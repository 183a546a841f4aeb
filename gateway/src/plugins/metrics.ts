// Prometheus metrics at GET /metrics (issue 17): requests and latencies per route pattern, the live layer's sockets
// and rooms, job ticks, ingested rows and the process, in the text exposition format 0.0.4 (written here: a few
// counters do not need prom-client). Labels never carry a tenant, a user or a raw URL, so their number stays bounded.
import { createHash, timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { TOPICS } from '@waterops/shared/live';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { TickOutcome } from '../jobs/jobScheduler.ts';
import { forbidden, unauthorized } from './errors.ts';

// ─── Exposition format ──────────────────────────────────────────────────────────────────────────────────────────

export type Labels = Readonly<Record<string, string>>;
export type Sample = { labels: Labels; value: number };
/** One histogram series: counts per bucket (not cumulative; the last one is above the highest bound), sum, count. */
export type HistogramSample = { labels: Labels; bucketCounts: readonly number[]; sum: number; count: number };
export type MetricFamily =
  | { name: string; help: string; type: 'counter' | 'gauge'; samples: readonly Sample[] }
  | { name: string; help: string; type: 'histogram'; bounds: readonly number[]; samples: readonly HistogramSample[] };

export const formatValue = (value: number): string => {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return '+Inf';
  if (value === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(value);
};

const escapeLabelValue = (value: string): string =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const escapeHelp = (text: string): string => text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');

export const formatLabels = (labels: Labels): string => {
  const pairs = Object.entries(labels).map(([name, value]) => `${name}="${escapeLabelValue(value)}"`);
  return pairs.length ? `{${pairs.join(',')}}` : '';
};

/** The text exposition format 0.0.4: HELP and TYPE once per family, then its series; histograms as cumulative buckets. */
export const formatExposition = (families: readonly MetricFamily[]): string => {
  const lines: string[] = [];
  for (const family of families) {
    lines.push(`# HELP ${family.name} ${escapeHelp(family.help)}`, `# TYPE ${family.name} ${family.type}`);
    if (family.type !== 'histogram') {
      for (const s of family.samples) lines.push(`${family.name}${formatLabels(s.labels)} ${formatValue(s.value)}`);
      continue;
    }
    for (const s of family.samples) {
      let cumulative = 0;
      family.bounds.forEach((bound, i) => {
        cumulative += s.bucketCounts[i] ?? 0;
        lines.push(`${family.name}_bucket${formatLabels({ ...s.labels, le: formatValue(bound) })} ${cumulative}`);
      });
      lines.push(`${family.name}_bucket${formatLabels({ ...s.labels, le: '+Inf' })} ${s.count}`);
      lines.push(`${family.name}_sum${formatLabels(s.labels)} ${formatValue(s.sum)}`);
      lines.push(`${family.name}_count${formatLabels(s.labels)} ${s.count}`);
    }
  }
  return `${lines.join('\n')}\n`;
};

// ─── Counters and histograms kept in memory ─────────────────────────────────────────────────────────────────────

/** Series by their label values, in the order of the family's label names. */
class SeriesMap<V> {
  private readonly series = new Map<string, { labels: Labels; value: V }>();
  constructor(
    private readonly labelNames: readonly string[],
    private readonly initial: () => V,
  ) {}
  get(labels: Labels): V {
    const key = this.labelNames.map((n) => labels[n] ?? '').join('\u0000');
    let entry = this.series.get(key);
    if (!entry) {
      const ordered = Object.fromEntries(this.labelNames.map((n) => [n, labels[n] ?? '']));
      entry = { labels: ordered, value: this.initial() };
      this.series.set(key, entry);
    }
    return entry.value;
  }
  entries(): { labels: Labels; value: V }[] {
    return [...this.series.values()];
  }
}

export class Counter {
  private readonly values: SeriesMap<{ n: number }>;
  constructor(
    readonly name: string,
    readonly help: string,
    labelNames: readonly string[] = [],
    private readonly type: 'counter' | 'gauge' = 'counter',
  ) {
    this.values = new SeriesMap(labelNames, () => ({ n: 0 }));
  }
  inc(labels: Labels = {}, by = 1): void {
    this.values.get(labels).n += by;
  }
  set(labels: Labels, value: number): void {
    this.values.get(labels).n = value;
  }
  family(): MetricFamily {
    const samples = this.values.entries().map(({ labels, value }) => ({ labels, value: value.n }));
    return { name: this.name, help: this.help, type: this.type, samples };
  }
}

export class Histogram {
  private readonly values: SeriesMap<{ bucketCounts: number[]; sum: number; count: number }>;
  constructor(
    readonly name: string,
    readonly help: string,
    labelNames: readonly string[],
    readonly bounds: readonly number[],
  ) {
    this.values = new SeriesMap(labelNames, () => ({ bucketCounts: bounds.map(() => 0), sum: 0, count: 0 }));
  }
  observe(labels: Labels, value: number): void {
    const series = this.values.get(labels);
    const i = this.bounds.findIndex((bound) => value <= bound);
    if (i >= 0) series.bucketCounts[i] = (series.bucketCounts[i] ?? 0) + 1;
    series.sum += value;
    series.count += 1;
  }
  family(): MetricFamily {
    const samples = this.values.entries().map(({ labels, value }) => ({ labels, ...value }));
    return { name: this.name, help: this.help, type: 'histogram', bounds: this.bounds, samples };
  }
}

// ─── Who may read /metrics ──────────────────────────────────────────────────────────────────────────────────────

const LOOPBACK = /^(127(\.\d{1,3}){3}|::1|::ffff:127(\.\d{1,3}){3})$/;
/** A request relayed by a proxy on this host arrives from loopback: these headers say it came from further away. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

export type MetricsCaller = {
  /** the TCP peer (never X-Forwarded-For: a scraper's address cannot be claimed in a header) */
  remoteAddress: string | undefined;
  headers: Readonly<Record<string, string | string[] | undefined>>;
};

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * Whether a caller may read the metrics: a bearer equal to the configured token (compared in constant time) from
 * anywhere; else a direct loopback client. A presented wrong token is refused even from loopback (a misconfigured
 * scraper should hear so). 401 when a token would let the caller in, 403 when nothing would.
 */
export const metricsAccess = (
  caller: MetricsCaller,
  tokenDigest: Buffer | undefined,
): 'allow' | 'unauthorized' | 'forbidden' => {
  const authorization = caller.headers.authorization;
  const presented = typeof authorization === 'string' ? /^bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
  if (presented !== undefined) {
    if (tokenDigest && timingSafeEqual(digest(presented), tokenDigest)) return 'allow';
    return 'unauthorized';
  }
  const direct = FORWARDING_HEADERS.every((h) => caller.headers[h] === undefined);
  if (direct && LOOPBACK.test(caller.remoteAddress ?? '')) return 'allow';
  return tokenDigest ? 'unauthorized' : 'forbidden';
};

// ─── The app's metrics ──────────────────────────────────────────────────────────────────────────────────────────

/** Seconds: most API calls answer in milliseconds; imports, exports and proxied downloads take seconds. */
export const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** The route label of requests no route matched: one series, however many made-up URLs are tried. */
export const UNMATCHED_ROUTE = '(unmatched)';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const LIVE_TOPICS = new Set<string>(Object.values(TOPICS));

/** The topic of a live room (`tenant/<id>/<topic>[?params]/<audience>…`), never its tenant or user. */
export const roomTopic = (room: string): string | null => {
  if (!room.startsWith('tenant/')) return null;
  const topic = (room.split('/')[2] ?? '').split('?')[0] ?? '';
  return LIVE_TOPICS.has(topic) ? topic : 'other';
};

/** What the rest of the gateway reports; read at scrape time with the gauges. */
export class AppMetrics {
  readonly httpRequests = new Counter('waterops_http_requests_total', 'HTTP requests answered, per route pattern', [
    'method',
    'route',
    'status_class',
  ]);
  readonly httpDuration = new Histogram(
    'waterops_http_request_duration_seconds',
    'Time from request to response, per route pattern',
    ['method', 'route', 'status_class'],
    HTTP_BUCKETS,
  );
  readonly jobTicks = new Counter(
    'waterops_job_ticks_total',
    'Scheduled job ticks by outcome: ran, skipped (another tick of it was running), failed',
    ['job', 'outcome'],
  );
  readonly jobLastRan = new Counter(
    'waterops_job_last_ran_timestamp_seconds',
    'When each job last ran to the end here (Unix time)',
    ['job'],
    'gauge',
  );
  readonly ingestReadings = new Counter(
    'waterops_ingest_readings_total',
    'Reading rows of ingestion batches: accepted (stored), duplicate (already stored), refused',
    ['outcome'],
  );
  readonly ingestRefused = new Counter(
    'waterops_ingest_refused_rows_total',
    'Rows of ingestion batches refused, per section and reason',
    ['section', 'reason'],
  );

  /** A finished HTTP request (the route pattern, never the raw URL). */
  requestAnswered(method: string, route: string | undefined, statusCode: number, seconds: number): void {
    const labels = {
      method: METHODS.has(method) ? method : 'other',
      route: route ?? UNMATCHED_ROUTE,
      status_class: `${Math.floor(statusCode / 100)}xx`,
    };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }

  /** A job's tick ended (jobs/jobScheduler.ts). */
  jobTicked(job: string, outcome: TickOutcome, at: Date = new Date()): void {
    this.jobTicks.inc({ job, outcome });
    if (outcome === 'ran') this.jobLastRan.set({ job }, at.getTime() / 1000);
  }

  /** An ingestion batch was answered (services/ingest/ingestRoutes.ts). */
  batchIngested(accepted: number, duplicates: number, refused: readonly { section: string; reason: string }[]): void {
    this.ingestReadings.inc({ outcome: 'accepted' }, accepted);
    this.ingestReadings.inc({ outcome: 'duplicate' }, duplicates);
    this.ingestReadings.inc({ outcome: 'refused' }, refused.filter((r) => r.section === 'readings').length);
    for (const { section, reason } of refused) this.ingestRefused.inc({ section, reason });
  }

  families(): MetricFamily[] {
    return [
      this.httpRequests,
      this.httpDuration,
      this.jobTicks,
      this.jobLastRan,
      this.ingestReadings,
      this.ingestRefused,
    ].map((m) => m.family());
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** counters the gateway reports to; exposed at GET /metrics unless WATEROPS_METRICS=off */
    metrics: AppMetrics;
  }
}

export type MetricsOptions = { config: Pick<Config, 'WATEROPS_METRICS' | 'WATEROPS_METRICS_TOKEN' | 'WATEROPS_ROLE'> };

/** The event-loop sampling interval (ms). */
const LAG_RESOLUTION_MS = 20;

const gauge = (name: string, help: string, samples: Sample[]): MetricFamily => ({ name, help, type: 'gauge', samples });
const one = (value: number): Sample[] => [{ labels: {}, value }];

const metricsPlugin: FastifyPluginAsync<MetricsOptions> = async (app, { config }) => {
  const metrics = new AppMetrics();
  // always there, so jobs and ingestion report without asking whether anyone reads
  app.decorate('metrics', metrics);
  if (config.WATEROPS_METRICS === 'off') return;

  app.addHook('onResponse', (request, reply, done) => {
    metrics.requestAnswered(
      request.method,
      request.is404 ? UNMATCHED_ROUTE : request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  // samples the loop every LAG_RESOLUTION_MS; what it reports is that interval plus the delay, so the interval is
  // taken off again (an idle loop reads 0, not 0.02 s)
  const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  lag.enable();
  app.addHook('onClose', async () => lag.disable());
  const startedAt = Date.now() - process.uptime() * 1000;

  const processFamilies = (): MetricFamily[] => {
    const memory = process.memoryUsage();
    const cpu = process.cpuUsage();
    // the loop's delay since the previous scrape (nanoseconds in, seconds out); NaN before the first sample
    const lagSeconds = (ns: number) =>
      Number.isFinite(ns) && lag.count > 0 ? Math.max(0, ns / 1e6 - LAG_RESOLUTION_MS) / 1000 : 0;
    const families = [
      gauge('process_resident_memory_bytes', 'Resident memory', one(memory.rss)),
      gauge('nodejs_heap_used_bytes', 'V8 heap in use', one(memory.heapUsed)),
      gauge('nodejs_heap_total_bytes', 'V8 heap reserved', one(memory.heapTotal)),
      gauge(
        'nodejs_external_memory_bytes',
        'Memory of buffers and other objects outside the V8 heap',
        one(memory.external),
      ),
      {
        name: 'process_cpu_seconds_total',
        help: 'CPU time used',
        type: 'counter',
        samples: [
          { labels: { mode: 'user' }, value: cpu.user / 1e6 },
          { labels: { mode: 'system' }, value: cpu.system / 1e6 },
        ],
      } as MetricFamily,
      gauge('process_start_time_seconds', 'When the process started (Unix time)', one(startedAt / 1000)),
      gauge('process_uptime_seconds', 'Seconds since the process started', one(process.uptime())),
      gauge(
        'nodejs_eventloop_lag_mean_seconds',
        'Event-loop delay since the last scrape: mean',
        one(lagSeconds(lag.mean)),
      ),
      gauge(
        'nodejs_eventloop_lag_p50_seconds',
        'Event-loop delay since the last scrape: median',
        one(lagSeconds(lag.percentile(50))),
      ),
      gauge(
        'nodejs_eventloop_lag_p99_seconds',
        'Event-loop delay since the last scrape: 99th percentile',
        one(lagSeconds(lag.percentile(99))),
      ),
      gauge(
        'nodejs_eventloop_lag_max_seconds',
        'Event-loop delay since the last scrape: maximum',
        one(lagSeconds(lag.max)),
      ),
    ];
    lag.reset();
    return families;
  };

  // Read from Socket.IO at scrape time (plugins/live.ts): nothing to keep in step with joins and leaves.
  const liveFamilies = (): MetricFamily[] => {
    if (!app.hasDecorator('live')) return [];
    const namespace = app.live.io.of('/');
    const rooms = new Map<string, number>([...LIVE_TOPICS].map((topic) => [topic, 0]));
    for (const room of namespace.adapter.rooms.keys()) {
      const topic = roomTopic(room);
      if (topic) rooms.set(topic, (rooms.get(topic) ?? 0) + 1);
    }
    return [
      gauge('waterops_live_sockets', 'Live-layer sockets connected to this instance', one(namespace.sockets.size)),
      gauge(
        'waterops_live_rooms',
        'Live rooms with a socket on this instance, per topic',
        [...rooms].map(([topic, value]) => ({ labels: { topic }, value })),
      ),
      gauge('waterops_live_pollers', 'Live rooms this instance polls', one(app.live.pollerCount())),
    ];
  };

  const tokenDigest = config.WATEROPS_METRICS_TOKEN ? digest(config.WATEROPS_METRICS_TOKEN) : undefined;
  const refuse = (request: FastifyRequest) => {
    const decision = metricsAccess(
      { remoteAddress: request.socket.remoteAddress, headers: request.headers },
      tokenDigest,
    );
    if (decision === 'unauthorized') throw unauthorized();
    if (decision === 'forbidden') throw forbidden();
  };

  app.get(
    '/metrics',
    {
      // public to the user-auth plugin: not a user's API; the handler lets in loopback or the metrics token only
      config: { public: true },
      // scraped every few seconds: out of the info-level request log; not a business API: out of the OpenAPI page
      logLevel: 'warn',
      schema: { hide: true },
    },
    async (request, reply) => {
      refuse(request);
      const info = gauge('waterops_info', 'This instance: its role', [
        { labels: { role: config.WATEROPS_ROLE }, value: 1 },
      ]);
      // gzip when the scraper asks (Prometheus does), like any other answer (plugins/compression.ts)
      return reply
        .header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(formatExposition([info, ...metrics.families(), ...liveFamilies(), ...processFamilies()]));
    },
  );
};

export const metrics = fp(metricsPlugin, { name: 'waterops-metrics', dependencies: ['waterops-errors'] });
