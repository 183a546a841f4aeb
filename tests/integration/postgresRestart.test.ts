// Issue 17.8: two WaterOps processes on one PostgreSQL, the server restarted under them. While it is down, every
// request answers 503 with Retry-After and the localized message (never a 500, never a crash) and a live channel says
// it is degraded; once it is back, both instances serve again — reads, writes and the live channel — without being
// restarted (same processes). The recovery time is printed for RELIABILITY.md ("PostgreSQL restart").
//
// PostgreSQL: a cluster of this file's own on a free port (tests/fixtures/postgresServer.ts), since it is stopped;
// never the shared DATABASE_URL server. Runs in `npm test` on every machine (the binaries are installed first when
// missing, as for Redis) and is left out of .ci/run's second pass on PostgreSQL, where it would only repeat itself.
import { PLACE_PATHS } from '@waterops/shared/place';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayProcess, signInOverHttp, startGatewayProcess } from '../fixtures/gatewayProcess.ts';
import { connectLive, type LiveTestClient } from '../fixtures/liveClient.ts';
import { type PostgresServer, startPostgresServer } from '../fixtures/postgresServer.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

describe('PostgreSQL restarted under two instances', () => {
  let pg: PostgresServer;
  let a: GatewayProcess;
  let b: GatewayProcess;
  let token: string;
  let live: LiveTestClient;

  beforeAll(async () => {
    pg = await startPostgresServer();
    const env = { DATABASE_URL: pg.url, LIVE_POLL_MS: '300' };
    // one after the other: the first migrates and seeds, the second finds it done
    a = await startGatewayProcess('pg-restart-a', env);
    b = await startGatewayProcess('pg-restart-b', env);
    token = await signInOverHttp(a.url);
    live = await connectLive(a.url, token);
  }, 180_000);

  afterAll(async () => {
    live?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    pg?.remove();
  }, 60_000);

  const get = (gw: GatewayProcess, path: string) =>
    fetch(`${gw.url}${path}`, { headers: { authorization: `bearer ${token}`, 'accept-language': 'en' } });
  const saveRegion = (gw: GatewayProcess, regionName: string) =>
    fetch(`${gw.url}${PLACE_PATHS.regionSave}`, {
      method: 'POST',
      headers: { authorization: `bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ regionName }),
    });
  const regionNames = async (gw: GatewayProcess): Promise<string[]> => {
    const body = (await (await get(gw, `${PLACE_PATHS.regions}?page=1&limit=999`)).json()) as {
      data?: Array<{ regionName: string }>;
    };
    return (body.data ?? []).map((r) => r.regionName);
  };

  it('answers 503 while the server is down and serves again, on both instances, once it is back', async () => {
    const ack = await live.subscribe('alarms');
    expect(ack.ok).toBe(true);
    const key = ack.ok ? ack.key : '';
    await live.waitFor('the first snapshot', () => live.events.some((e) => e.name === 'snapshot'));
    const before = uniq('重启前');
    expect((await saveRegion(a, before)).status).toBe(200);
    const pids = [a.child.pid, b.child.pid];
    const snapshotsBefore = live.events.filter((e) => e.name === 'snapshot').length;

    pg.stop();
    for (const gw of [a, b]) {
      const res = await get(gw, PLACE_PATHS.regions);
      expect(res.status, gw.name).toBe(503);
      expect(res.headers.get('retry-after'), gw.name).toMatch(/^\d+$/);
      expect(((await res.json()) as { resp_msg: string }).resp_msg).toMatch(/database/i);
      expect((await fetch(`${gw.url}/readyz`)).status, gw.name).toBe(503);
      // a write refused while down stores nothing later
      expect((await saveRegion(gw, uniq('停机中'))).status, gw.name).toBe(503);
    }
    await live.waitFor(
      'degraded',
      () => live.events.some((e) => e.name === 'degraded' && e.payload.key === key),
      20_000,
    );

    const downAt = Date.now();
    pg.start();
    const recoveredAt: Record<string, number> = {};
    while (Object.keys(recoveredAt).length < 2 && Date.now() - downAt < 60_000) {
      for (const gw of [a, b]) {
        if (recoveredAt[gw.name]) continue;
        const res = await get(gw, PLACE_PATHS.regions).catch(() => null);
        if (res?.status === 200) recoveredAt[gw.name] = Date.now() - downAt;
      }
      await sleep(100);
    }
    console.log(`PostgreSQL back: instances serving again after ${JSON.stringify(recoveredAt)} ms`);
    expect(Object.keys(recoveredAt).sort()).toEqual([a.name, b.name].sort());

    // the same processes (no restart), writes work on both and each sees the other's
    expect([a.child.pid, b.child.pid]).toEqual(pids);
    expect([a.child.exitCode, b.child.exitCode]).toEqual([null, null]);
    const afterA = uniq('重启后A');
    const afterB = uniq('重启后B');
    expect((await saveRegion(a, afterA)).status).toBe(200);
    expect((await saveRegion(b, afterB)).status).toBe(200);
    for (const gw of [a, b]) {
      const names = await regionNames(gw);
      expect(names).toEqual(expect.arrayContaining([before, afterA, afterB]));
      expect(names.some((n) => n.startsWith('停机中'))).toBe(false);
      expect((await fetch(`${gw.url}/readyz`)).status).toBe(200);
    }
    // the live channel recovers by itself with a fresh snapshot
    await live.waitFor(
      'recovered',
      () => live.events.some((e) => e.name === 'recovered' && e.payload.key === key),
      20_000,
    );
    await live.waitFor(
      'a fresh snapshot',
      () => live.events.filter((e) => e.name === 'snapshot').length > snapshotsBefore,
      20_000,
    );
  }, 150_000);
});
