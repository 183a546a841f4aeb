import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AppMetrics,
  Counter,
  formatExposition,
  formatLabels,
  formatValue,
  Histogram,
  metricsAccess,
  roomTopic,
  UNMATCHED_ROUTE,
} from './metrics.ts';

describe('the text exposition format', () => {
  it.each([
    [0, '0'],
    [42, '42'],
    [0.25, '0.25'],
    [-3, '-3'],
    [1e21, '1e+21'],
    [Number.POSITIVE_INFINITY, '+Inf'],
    [Number.NEGATIVE_INFINITY, '-Inf'],
    [Number.NaN, 'NaN'],
  ])('writes %s as %s', (value, text) => {
    expect(formatValue(value)).toBe(text);
  });

  it('escapes backslashes, quotes and newlines in label values', () => {
    expect(formatLabels({ route: 'a\\b"c\nd', method: 'GET' })).toBe('{route="a\\\\b\\"c\\nd",method="GET"}');
    expect(formatLabels({})).toBe('');
  });

  it('writes HELP and TYPE once per family, then each series', () => {
    const requests = new Counter('x_requests_total', 'Requests\nanswered \\ here', ['method']);
    requests.inc({ method: 'GET' });
    requests.inc({ method: 'GET' }, 2);
    requests.inc({ method: 'POST' });
    const empty = new Counter('x_empty', 'Nothing yet', [], 'gauge');
    expect(formatExposition([requests.family(), empty.family()])).toBe(
      [
        '# HELP x_requests_total Requests\\nanswered \\\\ here',
        '# TYPE x_requests_total counter',
        'x_requests_total{method="GET"} 3',
        'x_requests_total{method="POST"} 1',
        '# HELP x_empty Nothing yet',
        '# TYPE x_empty gauge',
        '',
      ].join('\n'),
    );
  });

  it('writes a histogram as cumulative buckets up to +Inf, with its sum and count', () => {
    const h = new Histogram('x_seconds', 'Durations', ['route'], [0.1, 1]);
    for (const v of [0.05, 0.1, 0.5, 3]) h.observe({ route: '/a' }, v);
    expect(formatExposition([h.family()])).toBe(
      [
        '# HELP x_seconds Durations',
        '# TYPE x_seconds histogram',
        'x_seconds_bucket{route="/a",le="0.1"} 2',
        'x_seconds_bucket{route="/a",le="1"} 3',
        'x_seconds_bucket{route="/a",le="+Inf"} 4',
        'x_seconds_sum{route="/a"} 3.65',
        'x_seconds_count{route="/a"} 4',
        '',
      ].join('\n'),
    );
  });

  it('keeps label order as declared, whatever order a caller passes them in', () => {
    const c = new Counter('x_total', 'x', ['job', 'outcome']);
    c.inc({ outcome: 'ran', job: 'a' });
    c.inc({ job: 'a', outcome: 'ran' });
    expect(formatExposition([c.family()])).toContain('x_total{job="a",outcome="ran"} 2\n');
  });
});

describe('AppMetrics', () => {
  it('counts requests per route pattern, method and status class; unknown methods fold into "other"', () => {
    const m = new AppMetrics();
    m.requestAnswered('GET', '/api-user/companys/:id', 200, 0.003);
    m.requestAnswered('GET', '/api-user/companys/:id', 204, 0.2);
    m.requestAnswered('PROPFIND', undefined, 404, 0.001);
    const text = formatExposition(m.families());
    expect(text).toContain(
      'waterops_http_requests_total{method="GET",route="/api-user/companys/:id",status_class="2xx"} 2\n',
    );
    expect(text).toContain(
      `waterops_http_requests_total{method="other",route="${UNMATCHED_ROUTE}",status_class="4xx"} 1\n`,
    );
    expect(text).toContain(
      'waterops_http_request_duration_seconds_bucket{method="GET",route="/api-user/companys/:id",status_class="2xx",le="0.005"} 1\n',
    );
  });

  it('counts job outcomes and the time of the last run to the end', () => {
    const m = new AppMetrics();
    m.jobTicked('offlineDevices', 'ran', new Date(1_700_000_000_000));
    m.jobTicked('offlineDevices', 'skipped');
    m.jobTicked('offlineDevices', 'failed');
    const text = formatExposition(m.families());
    for (const outcome of ['ran', 'skipped', 'failed'])
      expect(text).toContain(`waterops_job_ticks_total{job="offlineDevices",outcome="${outcome}"} 1\n`);
    expect(text).toContain('waterops_job_last_ran_timestamp_seconds{job="offlineDevices"} 1700000000\n');
  });

  it('counts ingested reading rows by outcome and refused rows by section and reason', () => {
    const m = new AppMetrics();
    m.batchIngested(5, 1, [
      { section: 'readings', reason: 'unknownMeter' },
      { section: 'readings', reason: 'unknownMeter' },
      { section: 'status', reason: 'unknownDevice' },
    ]);
    const text = formatExposition(m.families());
    expect(text).toContain('waterops_ingest_readings_total{outcome="accepted"} 5\n');
    expect(text).toContain('waterops_ingest_readings_total{outcome="duplicate"} 1\n');
    expect(text).toContain('waterops_ingest_readings_total{outcome="refused"} 2\n');
    expect(text).toContain('waterops_ingest_refused_rows_total{section="readings",reason="unknownMeter"} 2\n');
    expect(text).toContain('waterops_ingest_refused_rows_total{section="status",reason="unknownDevice"} 1\n');
  });
});

describe('roomTopic', () => {
  it.each([
    ['tenant/7/alarms/scope:all', 'alarms'],
    ['tenant/7/devices.status?kind=meter/scope:all/en', 'devices.status'],
    ['tenant/12/notifications/user:3', 'notifications'],
    ['tenant/12/somethingNew/x', 'other'],
    // a socket's own room (its id) is no live room
    ['hG3k2_Qx9fTz-AAAB', null],
  ])('%s → %s (never the tenant)', (room, topic) => {
    expect(roomTopic(room)).toBe(topic);
  });
});

describe('metricsAccess', () => {
  const token = 'a-long-metrics-token-123';
  const digest = createHash('sha256').update(token).digest();
  it.each([
    ['a direct loopback client', '127.0.0.1', {}, undefined, 'allow'],
    ['a direct IPv6 loopback client', '::1', {}, undefined, 'allow'],
    ['an IPv4-mapped loopback client', '::ffff:127.0.0.1', {}, undefined, 'allow'],
    ['a remote client, no token configured', '203.0.113.9', {}, undefined, 'forbidden'],
    ['a remote client, a token configured but not sent', '203.0.113.9', {}, digest, 'unauthorized'],
    ['a remote client with the token', '203.0.113.9', { authorization: `Bearer ${token}` }, digest, 'allow'],
    [
      'a remote client with a wrong token',
      '203.0.113.9',
      { authorization: 'Bearer a-long-metrics-token-124' },
      digest,
      'unauthorized',
    ],
    [
      'a bearer when no token is configured',
      '203.0.113.9',
      { authorization: `Bearer ${token}` },
      undefined,
      'unauthorized',
    ],
    ['a wrong token, even from loopback', '127.0.0.1', { authorization: 'Bearer nope' }, digest, 'unauthorized'],
    [
      'a proxy on this host relaying a remote client',
      '127.0.0.1',
      { 'x-forwarded-for': '198.51.100.4' },
      undefined,
      'forbidden',
    ],
    ['a relayed request (Forwarded)', '127.0.0.1', { forwarded: 'for=198.51.100.4' }, digest, 'unauthorized'],
    ['a client on the LAN', '10.0.0.8', {}, undefined, 'forbidden'],
    ['an address that only starts like loopback', '127.0.0.1.example', {}, undefined, 'forbidden'],
  ] as const)('%s → %s', (_what, remoteAddress, headers, tokenDigest, decision) => {
    expect(metricsAccess({ remoteAddress, headers }, tokenDigest)).toBe(decision);
  });
});
