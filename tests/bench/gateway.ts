// Gateway benchmark: one authenticated GET served by the embedded module, through a proxying gateway, and by the
// services process directly — each server its own child process on loopback. Prints figures, never asserts them.

import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import autocannon from 'autocannon';
import {
  type GatewayProcess,
  REPO_ROOT as REPO,
  signInOverHttp,
  startGatewayProcess,
} from '../fixtures/gatewayProcess.ts';
import { BENCH_ADMIN_PASSWORD } from './benchApp.ts';

const RESULTS = join(REPO, 'tests/bench/results/gateway.json');
// The benchmark's request: an authenticated read that runs the whole stack (token check, database, envelope).
const PATH = '/api-user/users/current';
// A second, near-free request under the same prefix: an unknown path answers the JSON 404 with no token check and no
// database, so its figures show what the HTTP hop itself costs, apart from the service's work.
const BARE_PATH = '/api-user/bench-no-such-route';

export type BenchSettings = { durationSec: number; warmupSec: number; connections: number };
export const DEFAULT_SETTINGS: BenchSettings = { durationSec: 10, warmupSec: 2, connections: 50 };

export type CaseResult = {
  case: string;
  path: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  ratioToDirect: number;
  /** answers with another status than the case expects (200, or 404 for the bare path) */
  unexpectedStatus: number;
  errors: number;
};

const servers: GatewayProcess[] = [];

/** A gateway process for one case; no demo data, so nothing in the background eats the CPU we measure. */
const startServer = async (name: string, env: Record<string, string>): Promise<GatewayProcess> => {
  const server = await startGatewayProcess(`bench-${name}`, {
    WATEROPS_DEMO: '0',
    WATEROPS_ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    ...env,
  });
  servers.push(server);
  return server;
};

const stopAll = async (): Promise<void> => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
};

const load = (url: string, path: string, token: string, seconds: number, connections: number) =>
  autocannon({
    url: `${url}${path}`,
    connections,
    pipelining: 1,
    duration: seconds,
    headers: { authorization: `bearer ${token}`, 'accept-language': 'en' },
  });

const measure = async (label: string, url: string, path: string, token: string, s: BenchSettings) => {
  // Check the request answers as expected before timing it: a fast stream of 401s would measure nothing.
  const expected = path === PATH ? 200 : 404;
  const probe = await fetch(`${url}${path}`, { headers: { authorization: `bearer ${token}` } });
  if (probe.status !== expected)
    throw new Error(`${label}: GET ${path} answered ${probe.status} ${await probe.text()}`);
  await load(url, path, token, s.warmupSec, s.connections);
  const r = await load(url, path, token, s.durationSec, s.connections);
  return {
    case: label,
    path,
    reqPerSec: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    ratioToDirect: 0,
    // The bare case answers 404 on purpose; count only the unexpected statuses.
    unexpectedStatus: path === PATH ? r.non2xx : r.non2xx - r['4xx'],
    errors: r.errors,
  };
};

const printTable = (rows: CaseResult[]): void => {
  const header = ['case', 'req/s', 'p50 ms', 'p99 ms', 'vs direct', 'unexpected', 'errors'];
  const lines = rows.map((r) => [
    r.case,
    String(r.reqPerSec),
    String(r.p50Ms),
    String(r.p99Ms),
    `${r.ratioToDirect.toFixed(2)}×`,
    String(r.unexpectedStatus),
    String(r.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log(fmt(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(fmt(l));
};

/** Runs the three cases and writes tests/bench/results/gateway.json. Servers are stopped even on failure. */
export const benchGateway = async (settings: BenchSettings = DEFAULT_SETTINGS): Promise<CaseResult[]> => {
  const onSignal = () => {
    void stopAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const services = await startServer('services', { WATEROPS_ROLE: 'services' });
    const gateway = await startServer('gateway', { WATEROPS_ROLE: 'gateway', UPSTREAM_URL: services.url });
    const all = await startServer('all', { WATEROPS_ROLE: 'all' });

    const servicesToken = await signInOverHttp(services.url, 'admin', BENCH_ADMIN_PASSWORD);
    const allToken = await signInOverHttp(all.url, 'admin', BENCH_ADMIN_PASSWORD);

    const rows: CaseResult[] = [];
    for (const path of [PATH, BARE_PATH]) {
      console.log(`\nGET ${path}: ${settings.connections} connections, ${settings.durationSec} s per case`);
      const embedded = await measure('embedded (role all, one process)', all.url, path, allToken, settings);
      const proxied = await measure('proxied (gateway → services)', gateway.url, path, servicesToken, settings);
      const direct = await measure('direct (services process)', services.url, path, servicesToken, settings);
      const group = [embedded, proxied, direct].map((r) => ({
        ...r,
        ratioToDirect: direct.reqPerSec ? r.reqPerSec / direct.reqPerSec : 0,
      }));
      printTable(group);
      rows.push(...group);
    }

    await mkdir(dirname(RESULTS), { recursive: true });
    const report = {
      benchmark: 'gateway',
      date: new Date().toISOString(),
      machine: { cpus: availableParallelism(), node: process.version, platform: `${process.platform} ${process.arch}` },
      requests: {
        [PATH]: 'authenticated read (bearer token)',
        [BARE_PATH]: 'unknown path: JSON 404, no auth, no database',
      },
      settings: { ...settings, pipelining: 1 },
      cases: rows,
    };
    await writeFile(RESULTS, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`written ${RESULTS}`);
    return rows;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await stopAll();
  }
};
