// Display tokens (issue 18): an administrator issues a read-only token for one wall screen; the screen calls the API
// and the live socket with it as a signed-in user would, reading only what the big screen needs. Revoked or expired,
// the token is refused at once, and the live layer's auth check ends the screen's sockets.
import { addDisplayMenus } from '@waterops/gateway/src/db/migrations/m0024_display_tokens.ts';
import { PERMISSIONS } from '@waterops/shared/auth';
import { DISPLAY_PATHS, DISPLAY_PERMISSIONS, type DisplayToken } from '@waterops/shared/display';
import { translate } from '@waterops/shared/i18n';
import { MONITORING_PATHS } from '@waterops/shared/monitoring';
import { USER_PATHS } from '@waterops/shared/user';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSecondTenant,
  createUserWithPermissions,
  demoCompanyId,
  lang,
  signIn,
  type Tenant,
} from '../fixtures/factories.ts';
import { connectLive, connectRefusal, type LiveTestClient } from '../fixtures/liveClient.ts';
import { forbidden, notFound, unauthorized, zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

const AUTH_CHECK_MS = 200;
const DAY_MS = 86_400_000;

let t: TestApp;
let url: string;
let companyId: number;
let admin: string;
let other: Tenant;
let otherAdmin: string;
const logLines: string[] = [];
const clients: LiveTestClient[] = [];

beforeAll(async () => {
  t = await startTestApp({
    env: {
      LOG_LEVEL: 'info',
      LIVE_POLL_MS: '100',
      LIVE_NOTIFICATIONS_POLL_MS: '100',
      LIVE_AUTH_CHECK_MS: String(AUTH_CHECK_MS),
      LIVE_LINGER_MS: '200',
    },
    build: { logger: undefined, logStream: { write: (line: string) => void logLines.push(line) } },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
});
afterAll(async () => {
  for (const c of clients) c.close();
  await t?.close();
});
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});

const get = (path: string, token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: path, headers: { ...bearer(token), ...headers } });

const issue = async (name: string, days?: number, token = admin) => {
  const res = await t.app.inject({
    method: 'POST',
    url: DISPLAY_PATHS.issue,
    headers: bearer(token),
    payload: days === undefined ? { name } : { name, days },
  });
  expect(res.statusCode).toBe(200);
  return res.json().datas as { token: string; display: DisplayToken };
};

const list = async (token = admin, query = '') => {
  const res = await get(`${DISPLAY_PATHS.list}?page=1&limit=50${query}`, token);
  expect(res.statusCode).toBe(200);
  return res;
};

const revoke = (id: number, token = admin) =>
  t.app.inject({ method: 'POST', url: DISPLAY_PATHS.revoke(id), headers: bearer(token) });

describe('issuing a display token', () => {
  it('answers the token once, good for 180 days by default; the list and the log never show it', async () => {
    logLines.length = 0;
    const before = t.clock.now().getTime();
    const { token, display } = await issue('调度中心大屏');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(display).toMatchObject({ name: '调度中心大屏', createdBy: 'admin', state: 'active', lastSeenTime: null });
    const days = (Date.parse(display.expiresAt) - before) / DAY_MS;
    expect(days).toBeGreaterThanOrEqual(180);
    expect(days).toBeLessThan(180.01);

    await get(USER_PATHS.currentUser, token);
    const listed = await list();
    expect(listed.json().data.map((d: DisplayToken) => d.id)).toContain(display.id);
    expect(listed.body).not.toContain(token);
    const row = await t.app.db
      .selectFrom('display_tokens')
      .select('token_hash')
      .where('id', '=', display.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).not.toBe(token);
    expect(listed.body).not.toContain(row.token_hash);

    const logged = await t.app.db
      .selectFrom('operation_log')
      .select(['operation', 'detail'])
      .where('company_id', '=', companyId)
      .where('operation', '=', 'displayIssue')
      .execute();
    expect(logged.map((l) => l.detail)).toContain(`display #${display.id} 调度中心大屏`);
    expect(JSON.stringify(logged)).not.toContain(token);
    const log = logLines.join('\n');
    expect(log).toContain(DISPLAY_PATHS.issue);
    expect(log).not.toContain(token);
  });

  it('takes 1 to 730 days, and refuses a blank name or other days with the form’s message', async () => {
    const { display } = await issue('一天的屏', 1);
    expect(Date.parse(display.expiresAt) - Date.parse(display.createTime)).toBe(DAY_MS);
    expect((await issue('两年的屏', 730)).display.state).toBe('active');

    const blank = await t.app.inject({
      method: 'POST',
      url: DISPLAY_PATHS.issue,
      headers: bearer(admin),
      payload: { name: '  ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().resp_msg).toBe(zh('rules.displayName.required'));
    for (const days of [0, 731, 1.5]) {
      const res = await t.app.inject({
        method: 'POST',
        url: DISPLAY_PATHS.issue,
        headers: bearer(admin),
        payload: { name: '屏', days },
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('is for holders of sys:display:edit; sys:display:view reads the list only', async () => {
    const viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.sysDisplayView]);
    await list(viewer.token);
    const res = await t.app.inject({
      method: 'POST',
      url: DISPLAY_PATHS.issue,
      headers: bearer(viewer.token),
      payload: { name: '屏' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbidden);
  });
});

describe('a wall screen with its token', () => {
  it('is described by users/current as its screen: display-<id>, its name, no roles, the display permissions', async () => {
    const { token, display } = await issue('大厅大屏');
    const me = (await get(USER_PATHS.currentUser, token, lang('en'))).json().datas;
    expect(me).toMatchObject({
      username: `display-${display.id}`,
      nickname: '大厅大屏',
      companyId,
      companyName: 'Demo Water Co.',
      roles: [],
      dataScope: null,
    });
    expect([...me.permissions].sort()).toEqual([...DISPLAY_PERMISSIONS].sort());
    expect(me.permissions).not.toContain(PERMISSIONS.admin);

    // renamed: the screen reports its new name
    const renamed = await t.app.inject({
      method: 'PUT',
      url: DISPLAY_PATHS.rename(display.id),
      headers: bearer(admin),
      payload: { name: '大厅大屏(东)' },
    });
    expect(renamed.json().datas).toMatchObject({ id: display.id, name: '大厅大屏(东)' });
    expect((await get(USER_PATHS.currentUser, token)).json().datas.nickname).toBe('大厅大屏(东)');
  });

  it('reads a widget’s source (the alarm list) across the whole tenant, like the administrator', async () => {
    const { token } = await issue('告警大屏');
    const mine = await get(`${MONITORING_PATHS.alarms}?page=1&limit=50`, token);
    expect(mine.statusCode).toBe(200);
    const admins = await get(`${MONITORING_PATHS.alarms}?page=1&limit=50`, admin);
    expect(mine.json().count).toBe(admins.json().count);
  });

  it('is refused any route outside its permissions, and any change even where it holds the permission', async () => {
    const { token } = await issue('只读大屏');
    for (const path of [USER_PATHS.users, USER_PATHS.logs, DISPLAY_PATHS.list]) {
      const res = await get(`${path}?page=1&limit=10`, token);
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toEqual(forbidden);
    }
    const post = await t.app.inject({
      method: 'POST',
      url: DISPLAY_PATHS.issue,
      headers: bearer(token),
      payload: { name: '再来一个' },
    });
    expect(post.statusCode).toBe(403);
    expect(post.json()).toEqual(forbidden);

    // every change route a display's permissions would pass is refused for the method alone
    const held = new Set(DISPLAY_PERMISSIONS);
    const writes = t.app.registeredRoutes.filter(
      (r) =>
        !['GET', 'HEAD'].includes(r.method) &&
        [r.access.permission, ...(r.access.alsoPermitted ?? [])].some((p) => p !== undefined && held.has(p)),
    );
    expect(writes.length).toBeGreaterThan(0);
    for (const r of writes) {
      const res = await t.app.inject({
        method: r.method as 'POST',
        url: r.url.replace(/:[A-Za-z]+/g, '1'),
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
    // the refused change is in the tenant's log, under the screen's name
    await t.app.failureLogSettled();
    const failed = await t.app.db
      .selectFrom('operation_log')
      .select(['username', 'result'])
      .where('company_id', '=', companyId)
      .where('result', '=', 'failed')
      .where('username', 'like', 'display-%')
      .execute();
    expect(failed.length).toBeGreaterThan(0);
  });

  it('shows in the list when and from where it last called, written at most once a minute', async () => {
    const { token, display } = await issue('最后联系');
    const first = t.clock.now();
    await get(USER_PATHS.currentUser, token);
    const seen = async () =>
      ((await list()).json().data as DisplayToken[]).find((d) => d.id === display.id) as DisplayToken;
    const once = await seen();
    expect(once.lastSeenAddress).toBe('127.0.0.1');
    expect(Date.parse(once.lastSeenTime as string)).toBeGreaterThanOrEqual(first.getTime());

    t.clock.advance(30_000);
    await get(USER_PATHS.currentUser, token);
    expect((await seen()).lastSeenTime).toBe(once.lastSeenTime);
    t.clock.advance(31_000);
    await get(USER_PATHS.currentUser, token);
    expect(Date.parse((await seen()).lastSeenTime as string)).toBeGreaterThan(Date.parse(once.lastSeenTime as string));
  });

  it('is refused with 401 at once when revoked, and listed as revoked', async () => {
    const { token, display } = await issue('将被吊销');
    expect((await get(USER_PATHS.currentUser, token)).statusCode).toBe(200);
    const res = await revoke(display.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().datas).toMatchObject({ id: display.id, state: 'revoked' });
    const after = await get(USER_PATHS.currentUser, token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(unauthorized);
    const revoked = (await list(admin, '&state=revoked')).json().data as DisplayToken[];
    expect(revoked.map((d) => d.id)).toContain(display.id);
    expect(((await list(admin, '&state=active')).json().data as DisplayToken[]).map((d) => d.id)).not.toContain(
      display.id,
    );
  });

  it('is refused with 401 once expired (the test clock), and listed as expired', async () => {
    const { token, display } = await issue('一天就到期', 1);
    expect((await get(USER_PATHS.currentUser, token)).statusCode).toBe(200);
    t.clock.advance(DAY_MS + 1_000);
    try {
      expect((await get(USER_PATHS.currentUser, token)).statusCode).toBe(401);
      // a day on, the administrator's own session has expired too: sign in again to read the list
      const later = await signIn(t.app, 'admin', 'admin123');
      const expired = (await list(later, '&state=expired')).json().data as DisplayToken[];
      expect(expired.find((d) => d.id === display.id)?.state).toBe('expired');
    } finally {
      t.clock.advance(-(DAY_MS + 1_000));
    }
  });
});

describe('tenant isolation', () => {
  it('another tenant’s administrator neither sees, renames nor revokes a display', async () => {
    const { token, display } = await issue('本公司的屏');
    const theirs = ((await list(otherAdmin)).json().data as DisplayToken[]).map((d) => d.id);
    expect(theirs).not.toContain(display.id);
    const res = await revoke(display.id, otherAdmin);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
    const rename = await t.app.inject({
      method: 'PUT',
      url: DISPLAY_PATHS.rename(display.id),
      headers: bearer(otherAdmin),
      payload: { name: '偷改' },
    });
    expect(rename.statusCode).toBe(404);
    const me = (await get(USER_PATHS.currentUser, token)).json().datas;
    expect(me).toMatchObject({ nickname: '本公司的屏', companyId });
  });
});

describe('a display on the live socket', () => {
  it('subscribes to alarms, and a revocation ends its socket with sessionEnded within the auth-check interval', async () => {
    const { token, display } = await issue('直播大屏');
    const client = await connectLive(url, token);
    clients.push(client);
    expect(await client.subscribe('alarms')).toEqual({ ok: true, key: 'alarms' });
    await client.waitFor('the snapshot', () => client.channels.has('alarms'));

    expect((await revoke(display.id)).statusCode).toBe(200);
    // the next auth-check round ends it: well before the 5 s a cached session could otherwise have lived on
    await client.waitFor('sessionEnded', () => client.of('sessionEnded').length === 1, 3_000);
    expect(client.of('sessionEnded')[0]).toEqual({ reason: 'revoked' });
    await client.waitFor('the disconnect', () => !client.socket.connected);
    expect((await connectRefusal(url, token)).message).toBe(translate('errors.unauthorized', 'zh-CN'));
  });

  it('keeps the screen’s own address as its last contact while the live layer polls with its token', async () => {
    const { token, display } = await issue('地址大屏');
    const client = await connectLive(url, token);
    clients.push(client);
    await client.subscribe('alarms');
    await client.waitFor('the snapshot', () => client.channels.has('alarms'));
    const row = await t.app.db
      .selectFrom('display_tokens')
      .select(['last_seen_at', 'last_seen_address'])
      .where('id', '=', display.id)
      .executeTakeFirstOrThrow();
    // the handshake and the polls came from the live layer itself: the time is recorded, no address is made up
    expect(row.last_seen_at).not.toBeNull();
    expect(row.last_seen_address).toBeNull();
  });
});

describe('migration 0024', () => {
  const menusOf = (companyId: number) =>
    t.app.db
      .selectFrom('menus')
      .select(['id', 'parent_id', 'url', 'permission', 'path'])
      .where('company_id', '=', companyId)
      .execute();
  const isDisplay = (m: { url: string; permission: string | null }) =>
    m.url === '/system/display' || (m.permission ?? '').startsWith('sys:display:');
  const grantsOf = async (companyId: number, roleId: number) =>
    (
      await t.app.db
        .selectFrom('role_menus')
        .innerJoin('menus', (j) =>
          j.onRef('menus.company_id', '=', 'role_menus.company_id').onRef('menus.id', '=', 'role_menus.menu_id'),
        )
        .select(['menus.url', 'menus.permission'])
        .where('role_menus.company_id', '=', companyId)
        .where('role_menus.role_id', '=', roleId)
        .execute()
    ).map((g) => g.permission || g.url);

  it('gives a new tenant the page under System, its administrator the permissions, its operator none', async () => {
    const menus = await menusOf(other.companyId);
    const page = menus.find((m) => m.url === '/system/display');
    expect(page).toMatchObject({ parent_id: menus.find((m) => m.url === '/system')?.id, path: 'system/DisplayPage' });
    expect(menus.filter(isDisplay)).toHaveLength(3);
    expect(await grantsOf(other.companyId, other.roleIds.ADMIN)).toEqual(
      expect.arrayContaining(['/system/display', 'sys:display:view', 'sys:display:edit']),
    );
    expect((await grantsOf(other.companyId, other.roleIds.OPERATOR)).filter((g) => g.includes('display'))).toEqual([]);
  });

  it('adds the page and its permissions to an older tenant, granted to ADMIN, once', async () => {
    const before = (await menusOf(other.companyId)).filter(isDisplay).map((m) => m.id);
    await t.app.db
      .deleteFrom('role_menus')
      .where('company_id', '=', other.companyId)
      .where('menu_id', 'in', before)
      .execute();
    await t.app.db.deleteFrom('menus').where('company_id', '=', other.companyId).where('id', 'in', before).execute();

    await addDisplayMenus(t.app.db);
    await addDisplayMenus(t.app.db); // nothing twice

    const menus = await menusOf(other.companyId);
    expect(menus.filter(isDisplay)).toHaveLength(3);
    const page = menus.find((m) => m.url === '/system/display');
    expect(page?.parent_id).toBe(menus.find((m) => m.url === '/system')?.id);
    expect(menus.find((m) => m.permission === 'sys:display:edit')?.parent_id).toBe(page?.id);
    expect(await grantsOf(other.companyId, other.roleIds.ADMIN)).toEqual(
      expect.arrayContaining(['/system/display', 'sys:display:view', 'sys:display:edit']),
    );
  });
});
