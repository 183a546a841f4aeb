// GET /metrics as an operator's Prometheus sees it: the exposition format to a scraper on this host (or holding the
// metrics token), refused to anyone else; requests counted per route pattern (never the raw URL or a tenant), job
// ticks, ingested rows and the live layer's sockets and rooms read as they are.
import { gunzipSync } from 'node:zlib';
import { buildApp } from '@waterops/gateway/src/app.ts';
import { loadConfig } from '@waterops/gateway/src/config.ts';
import { createIngestKey } from '@waterops/gateway/src/services/ingest/ingestKeyRepository.ts';
import { INGEST_PATHS } from '@waterops/shared/reading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, demoCompanyId, signIn } from '../fixtures/factories.ts';
import { connectLive } from '../fixtures/liveClient.ts';
import { forbidden, unauthorized } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

const TOKEN = 'metrics-token-for-the-test-0123';

let t: TestApp;
let url: string;
let companyId: number;
let admin: string;

beforeAll(async () => {
  // jobs on: their ticks are what the job counters count (run here on demand, not waited for)
  t = await startTestApp({ env: { WATEROPS_JOBS: '1', WATEROPS_METRICS_TOKEN: TOKEN } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
});
afterAll(async () => {
  await t?.close();
});

/** The scrape of a Prometheus on this host: a real loopback connection, no token. */
const scrapeText = async (): Promise<string> => {
  const res = await fetch(`${url}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
};

/** Series → value, from the exposition text. */
const parse = (text: string): Map<string, number> =>
  new Map(
    text
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => {
        const at = line.lastIndexOf(' ');
        return [line.slice(0, at), Number(line.slice(at + 1))];
      }),
  );

const scrape = async () => parse(await scrapeText());
const read = (series: Map<string, number>, key: string) => series.get(key) ?? 0;

describe('GET /metrics', () => {
  it('answers a scraper on this host in the text exposition format, and is not in the API docs', async () => {
    const res = await fetch(`${url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    expect(text).toContain('# TYPE waterops_http_requests_total counter\n');
    expect(text).toContain('# TYPE waterops_http_request_duration_seconds histogram\n');
    const series = parse(text);
    expect(read(series, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(read(series, 'nodejs_heap_used_bytes')).toBeGreaterThan(0);
    expect(read(series, 'process_uptime_seconds')).toBeGreaterThan(0);
    expect(series.has('nodejs_eventloop_lag_p99_seconds')).toBe(true);
    expect(read(series, 'waterops_info{role="all"}')).toBe(1);

    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });

  it('is gzipped for a scraper that asks, like any answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toMatch(/^# HELP /);
  });

  it('refuses a client elsewhere without the token, a wrong token and a request relayed by a proxy here', async () => {
    const remote = { remoteAddress: '203.0.113.7' };
    const refusals = [
      await t.app.inject({ method: 'GET', url: '/metrics', ...remote }),
      await t.app.inject({ method: 'GET', url: '/metrics', ...remote, headers: bearer(`${TOKEN}x`) }),
      await t.app.inject({ method: 'GET', url: '/metrics', ...remote, headers: bearer(admin) }),
      await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '198.51.100.4' } }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(unauthorized);
      expect(res.body).not.toContain('waterops_');
    }
    const withToken = await t.app.inject({ method: 'GET', url: '/metrics', ...remote, headers: bearer(TOKEN) });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('waterops_http_requests_total');
  });

  it('answers 404 when turned off, and 403 elsewhere when no token is set', async () => {
    const base = { WATEROPS_ROLE: 'gateway', UPSTREAM_URL: 'http://127.0.0.1:9', LOG_LEVEL: 'silent' };
    const off = buildApp(loadConfig({ ...base, WATEROPS_METRICS: 'off' }), { logger: false });
    const noToken = buildApp(loadConfig(base), { logger: false });
    try {
      expect((await off.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      const res = await noToken.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(forbidden);
      expect((await noToken.inject({ method: 'GET', url: '/metrics' })).body).toContain(
        'waterops_info{role="gateway"} 1',
      );
    } finally {
      await Promise.all([off.close(), noToken.close()]);
    }
  });
});

describe('what is counted', () => {
  it('counts requests per route pattern, method and status class; unmatched URLs share one label', async () => {
    const before = await scrape();
    await t.app.inject({ method: 'GET', url: `/api-user/companys/${companyId}`, headers: bearer(admin) });
    // (an unknown GET is the web app's `/*`, which answers the JSON 404 for API paths: that route's label)
    await t.app.inject({ method: 'POST', url: '/api-user/no-such-thing-1' });
    await t.app.inject({ method: 'POST', url: '/api-user/no-such-thing-2' });
    await t.app.inject({ method: 'GET', url: '/api-user/users/current' });
    const text = await scrapeText();
    const after = parse(text);
    const moved = (key: string) => read(after, key) - read(before, key);

    const company = 'method="GET",route="/api-user/companys/:id",status_class="2xx"';
    expect(moved(`waterops_http_requests_total{${company}}`)).toBe(1);
    expect(moved(`waterops_http_request_duration_seconds_count{${company}}`)).toBe(1);
    expect(moved(`waterops_http_request_duration_seconds_bucket{${company},le="+Inf"}`)).toBe(1);
    expect(moved('waterops_http_requests_total{method="POST",route="(unmatched)",status_class="4xx"}')).toBe(2);
    expect(moved('waterops_http_requests_total{method="GET",route="/api-user/users/current",status_class="4xx"}')).toBe(
      1,
    );
    // the pattern, never the URL: no ids, no made-up paths
    expect(text).not.toContain(`/api-user/companys/${companyId}`);
    expect(text).not.toContain('no-such-thing');
  });

  it('counts a job tick by its outcome', async () => {
    const key = 'waterops_job_ticks_total{job="commandTimeouts",outcome="ran"}';
    const before = read(await scrape(), key);
    const run = t.app.scheduledJobs?.get('commandTimeouts');
    expect(run).toBeDefined();
    expect(await run?.()).toBe('ran');
    const after = await scrape();
    // the job's own timer may have ticked too meanwhile: at least the one asked for
    expect(read(after, key)).toBeGreaterThanOrEqual(before + 1);
    expect(read(after, 'waterops_job_last_ran_timestamp_seconds{job="commandTimeouts"}')).toBeGreaterThan(0);
  });

  it('counts refused ingestion rows by section and reason', async () => {
    const { key } = await createIngestKey(t.app.db, { companyId, name: 'metrics test' });
    const time = new Date(Date.now() - 3_600_000).toISOString();
    const before = await scrape();
    const res = await t.app.inject({
      method: 'POST',
      url: INGEST_PATHS.readings,
      headers: { authorization: `Device ${key}` },
      payload: {
        readings: [
          { meterCode: 'NO-SUCH-1', time, reading: 1 },
          { meterCode: 'NO-SUCH-2', time, reading: 2 },
        ],
      },
    });
    expect(res.json().datas).toMatchObject({ accepted: 0 });
    const after = await scrape();
    const moved = (k: string) => read(after, k) - read(before, k);
    expect(moved('waterops_ingest_readings_total{outcome="refused"}')).toBe(2);
    expect(moved('waterops_ingest_refused_rows_total{section="readings",reason="unknownMeter"}')).toBe(2);
    expect(moved('waterops_ingest_readings_total{outcome="accepted"}')).toBe(0);
  });

  it('reads the live sockets and rooms per topic as they are, without tenant or user', async () => {
    const client = await connectLive(url, admin);
    try {
      expect(await client.subscribe('alarms')).toMatchObject({ ok: true });
      const text = await scrapeText();
      const live = parse(text);
      expect(read(live, 'waterops_live_sockets')).toBe(1);
      expect(read(live, 'waterops_live_rooms{topic="alarms"}')).toBe(1);
      expect(read(live, 'waterops_live_rooms{topic="notifications"}')).toBe(0);
      expect(text).not.toMatch(/(tenant|company|companyId|user|username)="/);
      expect(text).not.toContain(`tenant/${companyId}`);
      expect(text).not.toContain('admin');
    } finally {
      client.close();
    }
    // the socket is gone once the server has seen it leave (waited for, not timed)
    for (let sockets = 1; sockets > 0; ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      sockets = read(await scrape(), 'waterops_live_sockets');
    }
    expect(read(await scrape(), 'waterops_live_rooms{topic="alarms"}')).toBe(0);
  });
});
