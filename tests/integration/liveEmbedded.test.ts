// The live layer on our own services (role `all`, PGlite): the pollers read the embedded alarm feed, the bell's
// showNotice and the status board in-process; real sign-in tokens, a real sign-out, real socket.io-clients.
import { raiseSourceAlarm } from '@waterops/gateway/src/services/alarm/alarmEngine.ts';
import { PERMISSIONS } from '@waterops/shared/auth';
import { translate } from '@waterops/shared/i18n';
import { MONITORING_PATHS } from '@waterops/shared/monitoring';
import { NOTICE_PATHS } from '@waterops/shared/notice';
import { USER_PATHS } from '@waterops/shared/user';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSecondTenant,
  createUserWithPermissions,
  demoCompanyId,
  signIn,
  type Tenant,
} from '../fixtures/factories.ts';
import { connectLive, connectRefusal, type LiveTestClient } from '../fixtures/liveClient.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let url: string;
let companyId: number;
let other: Tenant;
const clients: LiveTestClient[] = [];
const connect = async (token: string) => {
  const client = await connectLive(url, token);
  clients.push(client);
  return client;
};
let n = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;

beforeAll(async () => {
  t = await startTestApp({
    env: { LIVE_POLL_MS: '100', LIVE_NOTIFICATIONS_POLL_MS: '100', LIVE_AUTH_CHECK_MS: '200', LIVE_LINGER_MS: '200' },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  companyId = await demoCompanyId(t.app);
  other = await createSecondTenant(t.app);
});
afterAll(async () => {
  for (const c of clients) c.close();
  await t?.close();
});
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});

describe('users/current', () => {
  it('tells the data scope: null for an unrestricted administrator, the ids for a scoped user', async () => {
    const admin = await signIn(t.app, 'admin', 'admin123');
    const me = await t.app.inject({ method: 'GET', url: USER_PATHS.currentUser, headers: bearer(admin) });
    expect(me.json().datas.dataScope).toBeNull();

    const scoped = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.profileView]);
    const area = await t.app.db.selectFrom('areas').select('id').where('company_id', '=', companyId).executeTakeFirst();
    if (!area) throw new Error('the demo tenant has no area');
    await t.app.db
      .insertInto('user_region_areas')
      .values({ company_id: companyId, user_id: scoped.id, region_id: null, area_id: area.id })
      .execute();
    t.app.sessions.dropUser(companyId, scoped.id);
    const res = await t.app.inject({ method: 'GET', url: USER_PATHS.currentUser, headers: bearer(scoped.token) });
    expect(res.json().datas.dataScope).toEqual({ regionIds: [], areaIds: [area.id] });
  });
});

describe('live layer on the embedded services', () => {
  it('refuses a socket without a valid token', async () => {
    expect((await connectRefusal(url, 'not-a-token')).message).toBe(translate('errors.unauthorized', 'zh-CN'));
  });

  it('pushes a raised alarm to the tenant that owns it and to nobody else', async () => {
    const mine = await connect(await signIn(t.app, 'admin', 'admin123'));
    const theirs = await connect(await signIn(t.app, other.adminUsername, other.password));
    for (const c of [mine, theirs]) {
      expect(await c.subscribe('alarms')).toEqual({ ok: true, key: 'alarms' });
      await c.waitFor('the snapshot', () => c.channels.has('alarms'));
    }
    const code = uniq('LIVE');
    await raiseSourceAlarm(t.app.db, companyId, {
      alarmType: 'voltage',
      sourceKind: 'concentrator',
      sourceId: 900_001,
      sourceCode: code,
      level: 'urgent',
      value: 3.1,
      threshold: 3.3,
      at: new Date(),
    });
    await mine.waitFor('the raised alarm', () =>
      mine.itemsOf('alarms').some((a) => (a as { sourceCode?: string }).sourceCode === code),
    );
    const patch = mine.of('patch').at(-1);
    expect(patch?.upserts).toEqual([expect.objectContaining({ sourceCode: code, level: 'urgent', active: true })]);
    await new Promise((r) => setTimeout(r, 300));
    expect(theirs.of('patch')).toEqual([]);
  });

  it('pushes a notice published to a user onto that user’s bell only', async () => {
    const admin = await signIn(t.app, 'admin', 'admin123');
    const reader = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.profileView]);
    const bystander = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.profileView]);
    const readerClient = await connect(reader.token);
    const bystanderClient = await connect(bystander.token);
    for (const c of [readerClient, bystanderClient]) {
      expect(await c.subscribe('notifications')).toEqual({ ok: true, key: 'notifications' });
      await c.waitFor('the snapshot', () => c.channels.has('notifications'));
    }
    const title = uniq('停水通知');
    const res = await t.app.inject({
      method: 'POST',
      url: NOTICE_PATHS.save,
      headers: bearer(admin),
      payload: { title, content: '明日 9:00–12:00 停水', target: 'users', userIds: [reader.id] },
    });
    expect(res.json().resp_code).toBe(0);
    await readerClient.waitFor('the notice', () =>
      readerClient.itemsOf('notifications').some((i) => (i as { title?: string }).title === title),
    );
    expect(bystanderClient.itemsOf('notifications').some((i) => (i as { title?: string }).title === title)).toBe(false);
  });

  it('refuses the status board to a user without the permission and serves it to one with it', async () => {
    const plain = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.profileView]);
    const watcher = await createUserWithPermissions(t.app, companyId, [
      PERMISSIONS.profileView,
      PERMISSIONS.monitoringStatsView,
    ]);
    const refused = await connect(plain.token);
    expect(await refused.subscribe('devices.status')).toMatchObject({ ok: false, code: 403 });
    expect(await refused.subscribe('alarms')).toMatchObject({ ok: false, code: 403 });
    const allowed = await connect(watcher.token);
    expect(await allowed.subscribe('devices.status')).toEqual({ ok: true, key: 'devices.status' });
    await allowed.waitFor('the snapshot', () => allowed.channels.has('devices.status'));
    const board = await t.app.inject({
      method: 'GET',
      url: MONITORING_PATHS.statusBoard,
      headers: bearer(watcher.token),
    });
    expect(allowed.itemsOf('devices.status')).toEqual(
      [...board.json().datas].sort((a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id)),
    );
  });

  it('disconnects a socket with sessionEnded when its token is signed out', async () => {
    const token = await signIn(t.app, 'admin', 'admin123');
    const client = await connect(token);
    await client.subscribe('notifications');
    await client.waitFor('the snapshot', () => client.channels.has('notifications'));
    const out = await t.app.inject({ method: 'GET', url: '/api-uaa/oauth/remove/token', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    await client.waitFor('sessionEnded', () => client.of('sessionEnded').length === 1, 5_000);
    await client.waitFor('the disconnect', () => !client.socket.connected);
    expect((await connectRefusal(url, token)).message).toBe(translate('errors.unauthorized', 'zh-CN'));
  });
});
