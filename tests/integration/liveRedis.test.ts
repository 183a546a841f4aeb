// Two gateway processes (role `gateway`, one fake upstream) sharing a real Redis: exactly one polls a room (a lease in
// Redis), both deliver its patches to their own clients (the Redis adapter), a subscriber on the instance that does
// not poll gets a snapshot stamped with the room's seq, and when the polling instance dies the other takes over.
//
// Redis: REDIS_URL when set (CI runs this file under .ci/withRedis.sh); otherwise the test starts its own
// redis-server on a free port — installing it first when missing and the machine allows it (.ci/withRedis.sh
// --ensure) — and fails loudly when it cannot. It is never skipped.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { buildApp } from '@waterops/gateway/src/app.ts';
import { loadConfig } from '@waterops/gateway/src/config.ts';
import { MONITORING_PATHS } from '@waterops/shared/monitoring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAlarm, type FakeLiveUpstream, startFakeLiveUpstream } from '../fixtures/fakeLiveUpstream.ts';
import { freePort, type GatewayProcess, REPO_ROOT, startGatewayProcess } from '../fixtures/gatewayProcess.ts';
import { connectLive, type LiveTestClient } from '../fixtures/liveClient.ts';

const POLL_MS = 200;
const ROOM = 'tenant/1/alarms/all';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const alarm = (id: number, over: Partial<FakeAlarm> = {}): FakeAlarm => ({
  id,
  companyId: 1,
  level: 'alarm',
  active: true,
  acknowledged: false,
  areaId: 10,
  ...over,
});

/** A Redis for this file: REDIS_URL, or a redis-server of our own. */
const startRedis = async (): Promise<{ url: string; stop: () => Promise<void> }> => {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, stop: async () => {} };
  // installs redis-server when missing (root + apt-get) or exits non-zero with the reason: the test then fails
  execFileSync('bash', ['.ci/withRedis.sh', '--ensure'], { cwd: REPO_ROOT, stdio: 'inherit' });
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 100 && redisCli(url, 'PING') !== 'PONG'; i++) await sleep(100);
  return {
    url,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
};

const redisCli = (url: string, ...args: string[]): string => {
  try {
    return execFileSync('redis-cli', ['-u', url, ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return '';
  }
};

describe('live layer across two gateway processes with Redis', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let upstream: FakeLiveUpstream;
  let gw1: GatewayProcess;
  let gw2: GatewayProcess;
  const clients: LiveTestClient[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    // keys of an earlier run on a shared server (CI's) must not leak into this one
    for (const key of redisCli(redis.url, '--scan', '--pattern', 'live:*').split('\n').filter(Boolean))
      redisCli(redis.url, 'DEL', key);
    upstream = await startFakeLiveUpstream();
    upstream.users.set('admin1', { id: 1, companyId: 1, permissions: ['admin'], dataScope: null });
    const env = {
      WATEROPS_ROLE: 'gateway',
      UPSTREAM_URL: upstream.url,
      REDIS_URL: redis.url,
      LIVE_POLL_MS: String(POLL_MS),
      LIVE_NOTIFICATIONS_POLL_MS: String(POLL_MS),
      LIVE_AUTH_CHECK_MS: '60000',
      LIVE_LINGER_MS: '300',
      UPSTREAM_TIMEOUT_MS: '1000',
    };
    [gw1, gw2] = await Promise.all([startGatewayProcess('live-a', env), startGatewayProcess('live-b', env)]);
  }, 180_000);
  afterAll(async () => {
    for (const c of clients) c.close();
    await Promise.all([gw1?.stop(), gw2?.stop()]);
    await upstream?.close();
    await redis?.stop();
  }, 60_000);

  it('polls a room from one instance only and delivers its patches on both', async () => {
    upstream.putAlarm(alarm(1));
    // the first subscriber is on gw1: gw1 takes the room's lease and polls
    const a = await connectLive(gw1.url, 'admin1');
    clients.push(a);
    expect(await a.subscribe('alarms')).toEqual({ ok: true, key: 'alarms' });
    await a.waitFor('a snapshot on gw1', () => a.channels.has('alarms'));
    const holder = redisCli(redis.url, 'GET', `live:poller:${ROOM}`);
    expect(holder).toMatch(/^[0-9a-f-]{36}$/);

    // a subscriber on gw2, which does not poll: a snapshot read with its own token, stamped with the room's seq
    const b = await connectLive(gw2.url, 'admin1');
    clients.push(b);
    expect(await b.subscribe('alarms')).toEqual({ ok: true, key: 'alarms' });
    await b.waitFor('a snapshot on gw2', () => b.channels.has('alarms'));
    expect(b.channels.get('alarms')?.seq).toBe(a.channels.get('alarms')?.seq);
    expect(b.itemsOf('alarms')).toEqual(a.itemsOf('alarms'));

    // one poller: over 2 s one instance polls ~2000/POLL_MS = 10 times; two would poll about twice that
    const before = upstream.hits(MONITORING_PATHS.alarmFeed);
    await sleep(2_000);
    const polls = upstream.hits(MONITORING_PATHS.alarmFeed) - before;
    expect(polls).toBeGreaterThan(3);
    expect(polls).toBeLessThanOrEqual(13);
    expect(redisCli(redis.url, 'GET', `live:poller:${ROOM}`)).toBe(holder);

    // a change reaches both clients, with the same seq, and both views agree
    upstream.putAlarm(alarm(2, { level: 'urgent' }));
    upstream.putAlarm(alarm(1, { active: false, acknowledged: true }));
    for (const c of [a, b])
      await c.waitFor(
        'the patch',
        () =>
          c
            .itemsOf('alarms')
            .map((i) => i.id)
            .join() === '2',
      );
    expect(a.of('patch').map((p) => p.seq)).toEqual(b.of('patch').map((p) => p.seq));
    expect(b.channels.get('alarms')?.gaps).toBe(0);
    expect(Number(redisCli(redis.url, 'GET', `live:seq:${ROOM}`))).toBe(a.channels.get('alarms')?.seq);
  });

  it('hands the room to the other instance when the polling one dies', async () => {
    const [a, b] = clients as [LiveTestClient, LiveTestClient];
    const holder = redisCli(redis.url, 'GET', `live:poller:${ROOM}`);
    gw1.child.kill('SIGKILL'); // no goodbye: its lease has to expire
    await b.waitFor('a takeover snapshot', () => b.of('snapshot').length >= 2, 10_000);
    expect(redisCli(redis.url, 'GET', `live:poller:${ROOM}`)).not.toBe(holder);
    const seqAfterTakeover = b.channels.get('alarms')?.seq ?? 0;
    expect(seqAfterTakeover).toBeGreaterThan(b.of('snapshot')[0]?.seq ?? 0);

    upstream.putAlarm(alarm(3));
    await b.waitFor('a patch from the new poller', () => b.itemsOf('alarms').some((i) => i.id === 3));
    expect(b.channels.get('alarms')?.seq).toBe(seqAfterTakeover + 1);
    expect(a.socket.connected).toBe(false);
  });

  it('relays a change hint to the instance that polls the room, which polls at once', async () => {
    // two gateways in this process (a hint is an in-process call: our services announce in the gateway they run
    // in), a poll of a minute: only the relayed hint can bring the change within the wait
    const config = loadConfig({
      WATEROPS_ROLE: 'gateway',
      UPSTREAM_URL: upstream.url,
      REDIS_URL: redis.url,
      LIVE_POLL_MS: '60000',
      LIVE_LINGER_MS: '300',
      UPSTREAM_TIMEOUT_MS: '1000',
    });
    const [polling, other] = [buildApp(config, { logger: false }), buildApp(config, { logger: false })];
    try {
      for (const app of [polling, other]) await app.listen({ port: 0, host: '127.0.0.1' });
      const address = polling.server.address();
      // a room of its own (another data scope): the surviving process of the cases above may hold the scope-all one
      upstream.users.set('scoped1', {
        id: 7,
        companyId: 1,
        permissions: ['admin'],
        dataScope: { regionIds: [], areaIds: [10] },
      });
      const d = await connectLive(
        `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
        'scoped1',
      );
      clients.push(d);
      expect(await d.subscribe('alarms')).toEqual({ ok: true, key: 'alarms' });
      await d.waitFor('the snapshot', () => d.channels.has('alarms'));
      expect(polling.live.pollerCount()).toBe(1);
      expect(other.live.pollerCount()).toBe(0);
      upstream.putAlarm(alarm(40, { level: 'urgent' }));
      other.changeHints.announce({ companyId: 1, topic: 'alarms' });
      await d.waitFor('the hinted patch', () => d.itemsOf('alarms').some((i) => i.id === 40), 10_000);
    } finally {
      await Promise.all([polling.close(), other.close()]);
    }
  }, 60_000);
});
