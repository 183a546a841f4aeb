// Two gateway processes (role `gateway`, one fake upstream) sharing a real Redis: exactly one polls a room (a lease in
// Redis), both deliver its patches to their own clients (the Redis adapter), a subscriber on the instance that does
// not poll gets a snapshot stamped with the room's seq. Failover (issue 17.8): Redis stopped and started again, live
// updates go on on both instances without restarting them; when the polling instance dies the other takes over,
// and a socket on the dead one, given both URLs as a reverse proxy would re-route it, reconnects to the other and
// resyncs with no patch lost.
//
// Redis: a redis-server of the file's own on a free port (the restart case stops and starts it, so it is never a
// shared one) — installed first when missing and the machine allows it (.ci/withRedis.sh --ensure); the test fails
// loudly when it cannot. It is never skipped.
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

/** A redis-server of this file's own, which can be stopped and started again on the same port. */
const startRedis = async () => {
  // installs redis-server when missing (root + apt-get) or exits non-zero with the reason: the test then fails
  execFileSync('bash', ['.ci/withRedis.sh', '--ensure'], { cwd: REPO_ROOT, stdio: 'inherit' });
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const start = async () => {
    // no persistence: a restart forgets every key (leases, seqs), as a lost Redis does
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100 && redisCli(url, 'PING') !== 'PONG'; i++) await sleep(100);
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((r) => running.once('exit', r));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return { url, start, stop };
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

  /** the instance id of gw1 (the first lease holder), to tell the holder apart later */
  let gw1Id = '';
  const has = (c: LiveTestClient, id: number) => c.itemsOf('alarms').some((i) => i.id === id);
  const gapsOf = (c: LiveTestClient) => c.channels.get('alarms')?.gaps ?? 0;

  it('polls a room from one instance only and delivers its patches on both', async () => {
    upstream.putAlarm(alarm(1));
    // the first subscriber is on gw1: gw1 takes the room's lease and polls. Each client is given both URLs, its own
    // instance first, and resyncs on a seq gap as the web client does.
    const a = await connectLive([gw1.url, gw2.url], 'admin1', { resyncOnGap: true });
    clients.push(a);
    expect(await a.subscribe('alarms')).toEqual({ ok: true, key: 'alarms' });
    await a.waitFor('a snapshot on gw1', () => a.channels.has('alarms'));
    const holder = redisCli(redis.url, 'GET', `live:poller:${ROOM}`);
    expect(holder).toMatch(/^[0-9a-f-]{36}$/);
    gw1Id = holder;

    // a subscriber on gw2, which does not poll: a snapshot read with its own token, stamped with the room's seq
    const b = await connectLive([gw2.url, gw1.url], 'admin1', { resyncOnGap: true });
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

  it('keeps live updates going on both instances when Redis stops and starts again, without restarting them', async () => {
    const [a, b] = clients as [LiveTestClient, LiveTestClient];
    await redis.stop();
    // while Redis is away each instance polls the room itself (better twice than never) and tells its own clients
    upstream.putAlarm(alarm(4));
    for (const c of [a, b]) await c.waitFor('the change made while Redis is down', () => has(c, 4), 10_000);

    // back, empty (no persistence: the lease and the room's seq are gone); the instances reconnect by themselves
    await redis.start();
    await a.waitFor('one lease holder again', () =>
      /^[0-9a-f-]{36}$/.test(redisCli(redis.url, 'GET', `live:poller:${ROOM}`)),
    );
    upstream.putAlarm(alarm(5, { level: 'urgent' }));
    upstream.putAlarm(alarm(4, { active: false, acknowledged: true }));
    for (const c of [a, b])
      await c.waitFor('the change made after Redis is back', () => has(c, 5) && !has(c, 4), 10_000);
    // no change lost on either side: both hold what the upstream holds
    for (const c of [a, b]) expect(c.itemsOf('alarms')).toEqual(upstream.liveAlarms(1));
    // and one poller again, once both instances reach Redis (~10 polls a second; both polling would be ~20)
    let polls = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 8 && polls > 7; i++) {
      const before = upstream.hits(MONITORING_PATHS.alarmFeed);
      await sleep(1_000);
      polls = upstream.hits(MONITORING_PATHS.alarmFeed) - before;
    }
    expect(polls).toBeLessThanOrEqual(7);
  }, 30_000);

  it('hands the room to the other instance when the polling one dies; its sockets fail over and resync', async () => {
    const [a, b] = clients as [LiveTestClient, LiveTestClient];
    const holder = redisCli(redis.url, 'GET', `live:poller:${ROOM}`);
    // after the Redis restart either instance may hold the room: kill that one, whichever it is
    const [dying, survivor, moving, staying] = holder === gw1Id ? [gw1, gw2, a, b] : [gw2, gw1, b, a];
    expect(moving.url).toBe(dying.url);
    const snapshots = staying.of('snapshot').length;
    const gaps = [gapsOf(moving), gapsOf(staying)];

    dying.child.kill('SIGKILL'); // no goodbye: its lease has to expire
    // a change while nobody polls the room: the new poller's first read must carry it
    upstream.putAlarm(alarm(3));
    await staying.waitFor('a takeover snapshot', () => staying.of('snapshot').length > snapshots, 10_000);
    expect(redisCli(redis.url, 'GET', `live:poller:${ROOM}`)).not.toBe(holder);
    const seqAfterTakeover = staying.channels.get('alarms')?.seq ?? 0;
    expect(has(staying, 3)).toBe(true);

    // the socket on the dead instance reconnected to the survivor and subscribed again
    await moving.waitFor('the failover', () => moving.url === survivor.url && moving.socket.connected, 10_000);
    expect(moving.failovers.at(-1)?.url).toBe(survivor.url);

    upstream.putAlarm(alarm(6));
    upstream.putAlarm(alarm(5, { active: false, acknowledged: true }));
    for (const c of [moving, staying])
      await c.waitFor('a patch from the new poller', () => has(c, 6) && !has(c, 5), 10_000);
    expect(staying.channels.get('alarms')?.seq).toBe(seqAfterTakeover + 1);
    // no patch lost: the moved client holds exactly what the upstream holds, at the room's seq, with no gap seen
    for (const c of [moving, staying]) expect(c.itemsOf('alarms')).toEqual(upstream.liveAlarms(1));
    expect(moving.channels.get('alarms')?.seq).toBe(staying.channels.get('alarms')?.seq);
    expect([gapsOf(moving), gapsOf(staying)]).toEqual(gaps);
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
