// The live layer over real sockets: a listening gateway in role `gateway` polls a fake upstream (a real HTTP
// server, tests/fixtures/fakeLiveUpstream.ts) and real socket.io-clients subscribe. Short intervals keep it fast.
import { buildApp } from '@waterops/gateway/src/app.ts';
import { loadConfig } from '@waterops/gateway/src/config.ts';
import type {} from '@waterops/gateway/src/plugins/live.ts';
import type { TypedApp } from '@waterops/gateway/src/plugins/typeBoxProvider.ts';
import { translate } from '@waterops/shared/i18n';
import { MONITORING_PATHS } from '@waterops/shared/monitoring';
import { NOTICE_PATHS } from '@waterops/shared/notice';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeAlarm, type FakeLiveUpstream, startFakeLiveUpstream } from '../fixtures/fakeLiveUpstream.ts';
import { connectLive, connectRefusal, type LiveTestClient } from '../fixtures/liveClient.ts';

const POLL_MS = 100;
const LINGER_MS = 300;

const startGateway = async (upstream: string, authCheckMs = 200) => {
  const config = loadConfig({
    WATEROPS_ROLE: 'gateway',
    UPSTREAM_URL: upstream,
    LIVE_POLL_MS: String(POLL_MS),
    LIVE_NOTIFICATIONS_POLL_MS: String(POLL_MS),
    LIVE_AUTH_CHECK_MS: String(authCheckMs),
    LIVE_LINGER_MS: String(LINGER_MS),
    UPSTREAM_TIMEOUT_MS: '1000',
    WEB_DIST_DIR: '/nonexistent-waterops-web-dist',
  });
  const app = buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, url: `http://127.0.0.1:${port}` };
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** An alarm as the fake upstream holds it (with its tenant). */
const alarm = (id: number, over: Partial<FakeAlarm> = {}): FakeAlarm => ({
  id,
  companyId: 1,
  level: 'alarm',
  active: true,
  acknowledged: false,
  areaId: 10,
  ...over,
});

/** The same alarm as it goes over the wire (the upstream does not send its tenant). */
const wire = ({ companyId: _c, ...a }: FakeAlarm) => a;

describe('live layer (gateway role over a fake upstream)', () => {
  let upstream: FakeLiveUpstream;
  let gateway: { app: TypedApp; url: string };
  const clients: LiveTestClient[] = [];
  const connect = async (token: string, acceptLanguage?: string) => {
    const client = await connectLive(gateway.url, token, { acceptLanguage });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    upstream = await startFakeLiveUpstream();
    gateway = await startGateway(upstream.url);
  });
  afterAll(async () => {
    await gateway?.app.close();
    await upstream?.close();
  });
  beforeEach(() => {
    upstream.users.clear();
    upstream.users.set('admin1', { id: 1, companyId: 1, permissions: ['admin'], dataScope: null });
    upstream.users.set('admin2', { id: 2, companyId: 2, permissions: ['admin'], dataScope: null });
    upstream.users.set('viewer1', { id: 3, companyId: 1, permissions: ['profile:view'], dataScope: null });
    upstream.reset();
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    // every room's poller gone before the next test (linger), so tests do not share state
    const until = Date.now() + 5_000;
    while (gateway.app.live.pollerCount() > 0 && Date.now() < until) await sleep(50);
  });

  it('refuses a handshake without a valid token, with the localized login-expired text', async () => {
    const zh = await connectRefusal(gateway.url, 'nobody');
    expect(zh.message).toBe(translate('errors.unauthorized', 'zh-CN'));
    expect(zh.data).toEqual({ code: 401 });
    const en = await connectRefusal(gateway.url, '', { acceptLanguage: 'en' });
    expect(en.message).toBe(translate('errors.unauthorized', 'en'));
  });

  it('sends a snapshot, then a patch per change with seq + 1, only when something changed', async () => {
    upstream.putAlarm(alarm(1));
    upstream.putAlarm(alarm(2, { level: 'urgent' }));
    const client = await connect('admin1');
    expect(await client.subscribe('alarms')).toEqual({ ok: true, key: 'alarms' });
    await client.waitFor('the snapshot', () => client.of('snapshot').length === 1);
    const [snapshot] = client.of('snapshot');
    expect(snapshot?.items.map((i) => i.id).sort()).toEqual([1, 2]);
    const seq0 = snapshot?.seq ?? 0;

    // nothing changes for a few polls: no patch
    await sleep(POLL_MS * 4);
    expect(client.of('patch')).toEqual([]);

    upstream.putAlarm(alarm(3, { level: 'severe' }));
    await client.waitFor('patch 1', () => client.of('patch').length === 1);
    upstream.putAlarm(alarm(1, { acknowledged: true, active: false })); // acknowledged and cleared: leaves the live set
    await client.waitFor('patch 2', () => client.of('patch').length === 2);
    upstream.putAlarm(alarm(2, { level: 'urgent', acknowledged: true })); // still active: changed, stays
    await client.waitFor('patch 3', () => client.of('patch').length === 3);

    const patches = client.of('patch');
    expect(patches.map((p) => p.seq)).toEqual([seq0 + 1, seq0 + 2, seq0 + 3]);
    expect(patches[0]).toEqual({
      topic: 'alarms',
      key: 'alarms',
      seq: seq0 + 1,
      upserts: [wire(alarm(3, { level: 'severe' }))],
      removes: [],
    });
    expect(patches[1]).toMatchObject({ upserts: [], removes: [1] });
    expect(patches[2]).toMatchObject({
      upserts: [wire(alarm(2, { level: 'urgent', acknowledged: true }))],
      removes: [],
    });
    expect(client.itemsOf('alarms').map((i) => i.id)).toEqual([2, 3]);
  });

  it('answers a resync with a fresh snapshot of the current state and seq', async () => {
    upstream.putAlarm(alarm(1));
    const client = await connect('admin1');
    await client.subscribe('alarms');
    await client.waitFor('the snapshot', () => client.of('snapshot').length === 1);
    upstream.putAlarm(alarm(2));
    await client.waitFor('a patch', () => client.of('patch').length === 1);
    const lastSeq = client.of('patch')[0]?.seq;

    // the client lost track (say it saw seq n+2 after n): it asks again
    expect(await client.resync('alarms')).toEqual({ ok: true, key: 'alarms' });
    await client.waitFor('the second snapshot', () => client.of('snapshot').length === 2);
    const fresh = client.of('snapshot')[1];
    expect(fresh?.seq).toBe(lastSeq);
    expect(fresh?.items.map((i) => i.id).sort()).toEqual([1, 2]);
    // still in the room: later changes keep coming, seq going on from there
    upstream.putAlarm(alarm(3));
    await client.waitFor('the next patch', () => client.of('patch').length === 2);
    expect(client.of('patch')[1]?.seq).toBe((lastSeq ?? 0) + 1);
  });

  it('never sends one tenant the events of another', async () => {
    upstream.putAlarm(alarm(1, { companyId: 1 }));
    upstream.putAlarm(alarm(2, { companyId: 2 }));
    const one = await connect('admin1');
    const two = await connect('admin2');
    await one.subscribe('alarms');
    await two.subscribe('alarms');
    await one.waitFor('tenant 1 snapshot', () => one.of('snapshot').length === 1);
    await two.waitFor('tenant 2 snapshot', () => two.of('snapshot').length === 1);
    expect(one.of('snapshot')[0]?.items.map((i) => i.id)).toEqual([1]);
    expect(two.of('snapshot')[0]?.items.map((i) => i.id)).toEqual([2]);

    upstream.putAlarm(alarm(12, { companyId: 2 }));
    await two.waitFor('tenant 2 patch', () => two.of('patch').length === 1);
    upstream.putAlarm(alarm(11, { companyId: 1 }));
    await one.waitFor('tenant 1 patch', () => one.of('patch').length === 1);
    await sleep(POLL_MS * 3);
    expect(one.of('patch').flatMap((p) => p.upserts.map((i) => i.id))).toEqual([11]);
    expect(two.of('patch').flatMap((p) => p.upserts.map((i) => i.id))).toEqual([12]);
    expect(gateway.app.live.pollerCount()).toBe(2);
  });

  it('keeps users of different data scopes apart and lets the same scope share one poller', async () => {
    upstream.users.set('north1', {
      id: 5,
      companyId: 1,
      permissions: ['admin'],
      dataScope: { regionIds: [], areaIds: [10] },
    });
    upstream.users.set('north2', {
      id: 6,
      companyId: 1,
      permissions: ['admin'],
      dataScope: { regionIds: [], areaIds: [10] },
    });
    upstream.users.set('south', {
      id: 7,
      companyId: 1,
      permissions: ['admin'],
      dataScope: { regionIds: [], areaIds: [20] },
    });
    upstream.putAlarm(alarm(1, { areaId: 10 }));
    upstream.putAlarm(alarm(2, { areaId: 20 }));
    const [n1, n2, south] = [await connect('north1'), await connect('north2'), await connect('south')];
    for (const c of [n1, n2, south]) await c.subscribe('alarms');
    for (const c of [n1, n2, south]) await c.waitFor('a snapshot', () => c.of('snapshot').length === 1);
    expect(gateway.app.live.pollerCount()).toBe(2);
    expect(n1.itemsOf('alarms').map((i) => i.id)).toEqual([1]);
    expect(south.itemsOf('alarms').map((i) => i.id)).toEqual([2]);

    upstream.putAlarm(alarm(3, { areaId: 20 }));
    await south.waitFor('the south patch', () => south.of('patch').length === 1);
    await sleep(POLL_MS * 3);
    expect(n1.of('patch')).toEqual([]);
    expect(n2.of('patch')).toEqual([]);
  });

  it('passes subscribe params to the upstream as query and keys the channel by them', async () => {
    upstream.putAlarm(alarm(1, { areaId: 10 }));
    upstream.putAlarm(alarm(2, { areaId: 20 }));
    const client = await connect('admin1');
    expect(await client.subscribe('alarms', { areaId: 20 })).toEqual({ ok: true, key: 'alarms?areaId=20' });
    await client.waitFor('the snapshot', () => client.of('snapshot').length === 1);
    expect(client.of('snapshot')[0]).toMatchObject({
      key: 'alarms?areaId=20',
      items: [wire(alarm(2, { areaId: 20 }))],
    });
  });

  it('refuses an unknown topic, bad params and a subscriber the upstream refuses (403), and never joins it', async () => {
    const viewer = await connect('viewer1', 'en');
    expect(await viewer.subscribe('nope' as 'alarms')).toEqual({
      ok: false,
      code: 404,
      message: translate('live.unknownTopic', 'en'),
    });
    expect(await viewer.subscribe('alarms', { 'a b': 1 })).toMatchObject({ ok: false, code: 400 });
    expect(await viewer.subscribe('alarms', { areaId: 'x'.repeat(41) })).toMatchObject({ ok: false, code: 400 });

    // an administrator already watches the tenant's alarms: the room exists and has state
    const admin = await connect('admin1');
    await admin.subscribe('alarms');
    await admin.waitFor('the snapshot', () => admin.of('snapshot').length === 1);
    expect(await viewer.subscribe('alarms')).toEqual({
      ok: false,
      code: 403,
      message: translate('errors.forbidden', 'en'),
    });
    expect(await viewer.subscribe('devices.status')).toMatchObject({ ok: false, code: 403 });
    upstream.putAlarm(alarm(5));
    await admin.waitFor('the admin patch', () => admin.of('patch').length === 1);
    await sleep(POLL_MS * 2);
    expect(viewer.of('snapshot')).toEqual([]);
    expect(viewer.of('patch')).toEqual([]);
    // the viewer may read its own notifications
    expect(await viewer.subscribe('notifications')).toEqual({ ok: true, key: 'notifications' });
  });

  it('ends the session of a revoked token: sessionEnded, then disconnected', async () => {
    upstream.users.set('temp', { id: 8, companyId: 1, permissions: ['admin'], dataScope: null });
    const keep = await connect('admin1');
    const temp = await connect('temp');
    await temp.subscribe('notifications');
    await temp.waitFor('the snapshot', () => temp.of('snapshot').length === 1);

    upstream.users.delete('temp'); // signed out elsewhere: the upstream now answers 401
    await temp.waitFor('sessionEnded', () => temp.of('sessionEnded').length === 1, 5_000);
    expect(temp.of('sessionEnded')[0]).toEqual({ reason: 'revoked' });
    await temp.waitFor('the disconnect', () => !temp.socket.connected);
    expect(temp.of('disconnect')[0]).toBe('io server disconnect');
    expect(keep.socket.connected).toBe(true);
  });

  it('says degraded once while the upstream fails, then recovered and a fresh snapshot', async () => {
    upstream.putAlarm(alarm(1));
    const client = await connect('admin1');
    await client.subscribe('alarms');
    await client.waitFor('the snapshot', () => client.of('snapshot').length === 1);
    const late = await connect('admin1');

    upstream.state.down = true;
    await client.waitFor('degraded', () => client.of('degraded').length === 1);
    expect(client.of('degraded')[0]).toMatchObject({ topic: 'alarms', key: 'alarms', reason: 'upstreamDown' });
    // a subscriber meanwhile gets the last snapshot and the degraded state
    expect(await late.subscribe('alarms')).toEqual({ ok: true, key: 'alarms' });
    await late.waitFor(
      'snapshot + degraded',
      () => late.of('snapshot').length === 1 && late.of('degraded').length === 1,
    );
    expect(late.of('snapshot')[0]?.items.map((i) => i.id)).toEqual([1]);
    await sleep(POLL_MS * 6);
    expect(client.of('degraded')).toHaveLength(1);

    upstream.putAlarm(alarm(2)); // changed during the outage
    upstream.state.down = false;
    await client.waitFor('recovered', () => client.of('recovered').length === 1, 15_000);
    await client.waitFor('a fresh snapshot', () => client.of('snapshot').length === 2);
    const names = client.events.map((e) => e.name);
    expect(names.lastIndexOf('snapshot')).toBeGreaterThan(names.indexOf('recovered'));
    expect(
      client
        .of('snapshot')[1]
        ?.items.map((i) => i.id)
        .sort(),
    ).toEqual([1, 2]);
    expect(client.of('snapshot')[1]?.seq).toBeGreaterThan(client.of('snapshot')[0]?.seq ?? 0);
  });

  it('polls only while someone subscribes: the poller stops after the last subscriber leaves (and its linger)', async () => {
    const feed = MONITORING_PATHS.alarmFeed;
    const a = await connect('admin1');
    const b = await connect('admin1');
    await a.subscribe('alarms');
    await b.subscribe('alarms');
    await sleep(POLL_MS * 5);
    const whileWatched = upstream.hits(feed);
    expect(whileWatched).toBeGreaterThan(2);
    expect(gateway.app.live.pollerCount()).toBe(1);

    a.unsubscribe('alarms');
    await sleep(POLL_MS * 3);
    expect(upstream.hits(feed)).toBeGreaterThan(whileWatched); // b still watches
    b.close();
    await sleep(LINGER_MS + POLL_MS * 3);
    expect(gateway.app.live.pollerCount()).toBe(0);
    const after = upstream.hits(feed);
    await sleep(POLL_MS * 5);
    expect(upstream.hits(feed)).toBe(after);
  });

  it('polls the ETag topics with If-None-Match: an unchanged collection costs a 304 and sends nothing', async () => {
    upstream.putNotification({ id: 1, userId: 1, title: 'hello', status: 0 });
    const client = await connect('admin1');
    await client.subscribe('notifications');
    await client.waitFor('the snapshot', () => client.of('snapshot').length === 1);
    await sleep(POLL_MS * 4);
    expect(client.of('patch')).toEqual([]);
    expect(upstream.notModified()).toBeGreaterThan(1);
    upstream.putNotification({ id: 2, userId: 1, title: 'second', status: 0 });
    upstream.putNotification({ id: 1, userId: 1, title: 'hello', status: 1 }); // read: leaves the unread list
    await client.waitFor('the patch', () => client.of('patch').length === 1);
    expect(client.of('patch')[0]).toMatchObject({ upserts: [{ id: 2, title: 'second' }], removes: [1] });
  });

  it('works against a legacy upstream without a feed or ETags, by diffing snapshots', async () => {
    upstream.state.legacy = true;
    upstream.putAlarm(alarm(1));
    upstream.putCell({ id: 'meter:10', companyId: 1, online: 5, offline: 1 });
    const client = await connect('admin1');
    await client.subscribe('alarms');
    await client.subscribe('devices.status');
    await client.waitFor('two snapshots', () => client.of('snapshot').length === 2);
    await sleep(POLL_MS * 4);
    expect(client.of('patch')).toEqual([]); // same data, no ETag: diffed to nothing

    upstream.putAlarm(alarm(2));
    upstream.putAlarm(alarm(1, { active: false, acknowledged: true }));
    upstream.putCell({ id: 'meter:10', companyId: 1, online: 4, offline: 2 });
    await client.waitFor('both patches', () => client.of('patch').length === 2);
    expect(client.of('patch', 'alarms')[0]).toMatchObject({ upserts: [wire(alarm(2))], removes: [1] });
    expect(client.of('patch', 'devices.status')[0]).toMatchObject({
      upserts: [{ id: 'meter:10', online: 4, offline: 2 }],
      removes: [],
    });
    expect(upstream.hits(MONITORING_PATHS.alarms)).toBeGreaterThan(2);
    expect(upstream.hits(NOTICE_PATHS.showNotice)).toBe(0);
  });
});

describe('live layer: a 401 on a poll', () => {
  let upstream: FakeLiveUpstream;
  let gateway: { app: TypedApp; url: string };
  const clients: LiveTestClient[] = [];

  beforeAll(async () => {
    upstream = await startFakeLiveUpstream();
    // the periodic re-check is an hour away: whatever ends a session here is the poll
    gateway = await startGateway(upstream.url, 3_600_000);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await gateway?.app.close();
    await upstream?.close();
  });

  it('ends the polling token’s sessions at once and polls on with another subscriber’s token', async () => {
    upstream.users.set('first', { id: 1, companyId: 1, permissions: ['admin'], dataScope: null });
    upstream.users.set('second', { id: 2, companyId: 1, permissions: ['admin'], dataScope: null });
    upstream.putAlarm(alarm(1));
    const first = await connectLive(gateway.url, 'first');
    const second = await connectLive(gateway.url, 'second');
    clients.push(first, second);
    await first.subscribe('alarms'); // the room's first subscriber: its token polls
    await first.waitFor('the snapshot', () => first.channels.has('alarms'));
    await second.subscribe('alarms');
    await second.waitFor('the snapshot', () => second.channels.has('alarms'));

    upstream.users.delete('first');
    await first.waitFor('sessionEnded', () => first.of('sessionEnded').length === 1, 3_000);
    upstream.putAlarm(alarm(2));
    await second.waitFor('the next patch', () => second.itemsOf('alarms').length === 2);
    expect(second.socket.connected).toBe(true);
    expect(second.channels.get('alarms')?.gaps).toBe(0);
  });
});
