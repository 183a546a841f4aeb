// Notices and receipts under /api-business (spec §2 message bell, §7 notice / noticereceive): publishing to the
// company, roles or users with one receipt per recipient; the bell's unread list with its ETag / 304; the view-all
// pages; read one and read all per category; to-dos for work orders; tenant and user isolation, permissions.

import { createTodos } from '@waterops/gateway/src/services/notice/createTodos.ts';
import { PERMISSIONS } from '@waterops/shared/auth';
import { NOTICE_PATHS, type Notice, type Notification } from '@waterops/shared/notice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSecondTenant,
  createSignedInUser,
  createUserWithPermissions,
  demoCompanyId,
  lang,
  signIn,
  type Tenant,
  type TestUser,
} from '../fixtures/factories.ts';
import { en, forbidden, notFound, unauthorized, zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let other: Tenant;
let otherAdmin: string;
let operatorRoleId: number;
/** a fresh operator per file, so counts do not depend on the seed's notices */
let op: TestUser;
let op2: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  const role = await t.app.db
    .selectFrom('roles')
    .select('id')
    .where('company_id', '=', companyId)
    .where('code', '=', 'OPERATOR')
    .executeTakeFirstOrThrow();
  operatorRoleId = Number(role.id);
  op = await createSignedInUser(t.app, companyId, { codes: ['OPERATOR'] });
  op2 = await createSignedInUser(t.app, companyId, { codes: ['OPERATOR'] });
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
const get = (url: string, token?: string, headers: Headers = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...headers } });
const publish = (payload: object, token: string | null = admin, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  t.app.inject({
    method: 'POST',
    url: NOTICE_PATHS.save,
    payload,
    headers: { ...(token ? bearer(token) : {}), ...lang(locale) },
  });
const published = async (payload: object) => {
  const res = await publish(payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().datas as Notice;
};
const bellOf = async (token: string) => {
  const res = await get(NOTICE_PATHS.showNotice, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().datas as Notification[];
};
const counts = async () => {
  const row = await t.app.db
    .selectFrom('notice_receipts')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const notices = await t.app.db
    .selectFrom('notices')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return { receipts: Number(row.n), notices: Number(notices.n) };
};
const usersOf = async (company: number) =>
  Number(
    (
      await t.app.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', company)
        .where('enabled', '=', true)
        .executeTakeFirstOrThrow()
    ).n,
  );
let n = 0;
const title = (what: string) => `${what} ${++n}`;

describe('notice/save', () => {
  it('publishes to the whole company: every enabled user gets one unread receipt, logged', async () => {
    const name = title('停水通知');
    const notice = await published({ title: `  ${name} `, content: ' 明日 9:00-12:00 停水 ', target: 'company' });
    expect(notice).toMatchObject({ title: name, content: '明日 9:00-12:00 停水', target: 'company', readCount: 0 });
    expect(notice.recipients).toBe(await usersOf(companyId));
    const mine = (await bellOf(op.token)).find((x) => x.title === name);
    expect(mine).toMatchObject({ category: 1, status: 0, param: null, content: '明日 9:00-12:00 停水' });
    // the other tenant hears nothing
    expect((await bellOf(otherAdmin)).some((x) => x.title === name)).toBe(false);
    const log = await t.app.db
      .selectFrom('operation_log')
      .select(['operation', 'detail'])
      .where('company_id', '=', companyId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ operation: 'noticePublish' });
    expect(log.detail).toContain(name);
  });

  it('publishes to a role: its users only', async () => {
    const name = title('值班提醒');
    const notice = await published({ title: name, content: '交接班', target: 'roles', roleIds: [operatorRoleId] });
    expect(notice.roleIds).toEqual([operatorRoleId]);
    expect((await bellOf(op.token)).some((x) => x.title === name)).toBe(true);
    expect((await bellOf(op2.token)).some((x) => x.title === name)).toBe(true);
    expect((await bellOf(admin)).some((x) => x.title === name)).toBe(false);
  });

  it('publishes to chosen users: them only, each once even when named twice', async () => {
    const name = title('个人通知');
    const notice = await published({ title: name, content: '请查收', target: 'users', userIds: [op.id, op.id] });
    expect(notice).toMatchObject({ recipients: 1, userIds: [op.id] });
    expect((await bellOf(op.token)).filter((x) => x.title === name)).toHaveLength(1);
    expect((await bellOf(op2.token)).some((x) => x.title === name)).toBe(false);
  });

  it('refuses a blank title or content, or a target without recipients, in zh and en; nothing written', async () => {
    const before = await counts();
    const blank = await publish({ title: '  ', content: 'x', target: 'company' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ resp_msg: zh('rules.noticeTitle.required'), field: 'title' });
    const noContent = await publish({ title: 'x', content: '', target: 'company' }, admin, 'en');
    expect(noContent.json()).toMatchObject({ resp_code: 400, resp_msg: en('rules.noticeContent.required') });
    const noRoles = await publish({ title: 'x', content: 'y', target: 'roles', roleIds: [] });
    expect(noRoles.json()).toMatchObject({ resp_code: 400, resp_msg: zh('rules.noticeRoles.required') });
    const noUsers = await publish({ title: 'x', content: 'y', target: 'users' });
    expect(noUsers.json()).toMatchObject({ resp_code: 400, resp_msg: zh('rules.noticeUsers.required') });
    const badTarget = await publish({ title: 'x', content: 'y', target: 'everyone' });
    expect(badTarget.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("answers 404 for another tenant's role or user, writing nothing", async () => {
    const before = await counts();
    const role = await publish({ title: 'x', content: 'y', target: 'roles', roleIds: [other.roleIds.ADMIN] });
    expect(role.statusCode).toBe(404);
    expect(role.json()).toMatchObject(notFound);
    const user = await publish({
      title: 'x',
      content: 'y',
      target: 'users',
      userIds: [op.id, other.userIds[other.adminUsername] as number],
    });
    expect(user.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('needs a token (401) and the notice edit permission (403)', async () => {
    expect((await publish({ title: 'x', content: 'y', target: 'company' }, null)).json()).toMatchObject(unauthorized);
    const res = await publish({ title: 'x', content: 'y', target: 'company' }, op.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject(forbidden);
    const viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.noticeView]);
    expect((await publish({ title: 'x', content: 'y', target: 'company' }, viewer.token)).statusCode).toBe(403);
  });
});

describe('notice/list', () => {
  it("lists the tenant's notices newest first with read counts; another tenant sees none of them", async () => {
    const name = title('列表通知');
    const notice = await published({ title: name, content: 'c', target: 'users', userIds: [op.id, op2.id] });
    const unread = (await bellOf(op.token)).find((x) => x.title === name) as Notification;
    await get(`${NOTICE_PATHS.read}?id=${unread.id}`, op.token);
    const res = await get(`${NOTICE_PATHS.list}?page=1&limit=50`, admin);
    expect(res.json()).toMatchObject({ code: 0 });
    const list = res.json().data as Notice[];
    expect(list[0]).toMatchObject({ id: notice.id, recipients: 2, readCount: 1, createUser: '系统管理员' });
    const found = (await get(`${NOTICE_PATHS.list}?title=${encodeURIComponent(name)}`, admin)).json();
    expect(found).toMatchObject({ count: 1 });
    const theirs = (await get(NOTICE_PATHS.list, otherAdmin)).json();
    expect((theirs.data as Notice[]).some((x) => x.id === notice.id)).toBe(false);
  });

  it('needs a token and the notice view permission; a bad limit is a 400', async () => {
    expect((await get(NOTICE_PATHS.list)).statusCode).toBe(401);
    expect((await get(NOTICE_PATHS.list, op.token)).statusCode).toBe(403);
    expect((await get(`${NOTICE_PATHS.list}?limit=1000`, admin)).statusCode).toBe(400);
  });
});

describe('the bell: showNotice, receive, read, readAll', () => {
  it('answers an ETag and 304 to a matching If-None-Match; a publish or a read changes it', async () => {
    const user = await createSignedInUser(t.app, companyId, { codes: ['OPERATOR'] });
    const first = await get(NOTICE_PATHS.showNotice, user.token);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get(NOTICE_PATHS.showNotice, user.token, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await published({ title: title('变更'), content: 'c', target: 'users', userIds: [user.id] });
    const changed = await get(NOTICE_PATHS.showNotice, user.token, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const [item] = changed.json().datas as Notification[];

    await get(`${NOTICE_PATHS.read}?id=${item?.id}`, user.token);
    const afterRead = await get(NOTICE_PATHS.showNotice, user.token, {
      'if-none-match': changed.headers.etag as string,
    });
    expect(afterRead.statusCode).toBe(200);
    expect(afterRead.json().datas).toEqual([]);
    // another user's publish to someone else leaves this user's tag alone
    await published({ title: title('别人的'), content: 'c', target: 'users', userIds: [op2.id] });
    const still = await get(NOTICE_PATHS.showNotice, user.token, { 'if-none-match': afterRead.headers.etag as string });
    expect(still.statusCode).toBe(304);
  });

  it('lists unread notices then to-dos, newest first, at most 100 per category', async () => {
    const user = await createSignedInUser(t.app, companyId, { codes: ['OPERATOR'] });
    await createTodos(t.app.db, companyId, [user.id], { title: '旧工单', content: '维修', param: 'WO-0' });
    for (let i = 1; i <= 104; i++)
      await createTodos(t.app.db, companyId, [user.id], { title: `工单 ${i}`, content: '维修', param: `WO-${i}` });
    await published({ title: '通知 A', content: 'a', target: 'users', userIds: [user.id] });
    await published({ title: '通知 B', content: 'b', target: 'users', userIds: [user.id] });
    const items = await bellOf(user.token);
    const notices = items.filter((x) => x.category === 1);
    const todos = items.filter((x) => x.category === 2);
    expect(notices.map((x) => x.title)).toEqual(['通知 B', '通知 A']);
    expect(todos).toHaveLength(100);
    expect(todos[0]).toMatchObject({ title: '工单 104', param: 'WO-104', status: 0 });
    expect(todos.some((x) => x.title === '旧工单')).toBe(false);
  });

  it('pages read and unread receipts of one category by 10 (view all)', async () => {
    const user = await createSignedInUser(t.app, companyId, { codes: ['OPERATOR'] });
    for (let i = 1; i <= 12; i++)
      await createTodos(t.app.db, companyId, [user.id], { title: `待办 ${i}`, content: '处理', param: `W${i}` });
    await published({ title: '不算待办', content: 'x', target: 'users', userIds: [user.id] });
    await get(`${NOTICE_PATHS.readAll}?category=2`, user.token);
    const p1 = (await get(`${NOTICE_PATHS.receive}?category=2&page=1`, user.token)).json();
    expect(p1).toMatchObject({ code: 0, count: 12 });
    expect(p1.data).toHaveLength(10);
    expect(p1.data[0]).toMatchObject({ title: '待办 12', status: 1 });
    const p2 = (await get(`${NOTICE_PATHS.receive}?category=2&page=2`, user.token)).json();
    expect((p2.data as Notification[]).map((x) => x.title)).toEqual(['待办 2', '待办 1']);
    expect((await get(NOTICE_PATHS.receive, user.token)).json()).toMatchObject({ count: 13 });
    expect((await get(`${NOTICE_PATHS.receive}?category=3`, user.token)).statusCode).toBe(400);
    expect((await get(`${NOTICE_PATHS.receive}?category=1`)).statusCode).toBe(401);
  });

  it("reads one of the caller's receipts; another user's or tenant's id answers 404 and stays unread", async () => {
    const name = title('读取');
    await published({ title: name, content: 'c', target: 'users', userIds: [op.id, op2.id] });
    const mine = (await bellOf(op.token)).find((x) => x.title === name) as Notification;
    const theirs = (await bellOf(op2.token)).find((x) => x.title === name) as Notification;
    const stolen = await get(`${NOTICE_PATHS.read}?id=${theirs.id}`, op.token);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject(notFound);
    expect((await get(`${NOTICE_PATHS.read}?id=${mine.id}`, otherAdmin)).statusCode).toBe(404);
    expect((await bellOf(op2.token)).some((x) => x.id === theirs.id)).toBe(true);

    expect((await get(`${NOTICE_PATHS.read}?id=${mine.id}`, op.token)).json()).toMatchObject({ resp_code: 0 });
    expect((await bellOf(op.token)).some((x) => x.id === mine.id)).toBe(false);
    const all = (await get(`${NOTICE_PATHS.receive}?category=1&limit=100`, op.token)).json().data as Notification[];
    expect(all.find((x) => x.id === mine.id)).toMatchObject({ status: 1 });
    expect((await get(`${NOTICE_PATHS.read}?id=0`, op.token)).statusCode).toBe(400);
    expect((await get(`${NOTICE_PATHS.read}?id=${mine.id}`)).statusCode).toBe(401);
  });

  it('reads all of one category only', async () => {
    const user = await createSignedInUser(t.app, companyId, { codes: ['OPERATOR'] });
    await createTodos(t.app.db, companyId, [user.id], { title: '待办', content: 'x', param: 'W1' });
    await published({ title: title('全部已读'), content: 'x', target: 'users', userIds: [user.id] });
    await published({ title: title('全部已读'), content: 'x', target: 'users', userIds: [user.id] });
    expect((await get(`${NOTICE_PATHS.readAll}?category=1`, user.token)).json()).toMatchObject({ resp_code: 0 });
    const left = await bellOf(user.token);
    expect(left.map((x) => x.category)).toEqual([2]);
    expect((await get(`${NOTICE_PATHS.readAll}?category=9`, user.token)).statusCode).toBe(400);
    expect((await get(`${NOTICE_PATHS.readAll}?category=1`)).statusCode).toBe(401);
  });

  it('is open to every signed-in user but refused to a role without the profile permission (403)', async () => {
    const nobody = await createUserWithPermissions(t.app, companyId, []);
    expect((await get(NOTICE_PATHS.showNotice, nobody.token)).statusCode).toBe(403);
    expect((await get(`${NOTICE_PATHS.receive}?category=1`, nobody.token)).statusCode).toBe(403);
    expect((await get(NOTICE_PATHS.showNotice)).statusCode).toBe(401);
  });

  it("createTodos skips users who are not the tenant's", async () => {
    const written = await createTodos(t.app.db, companyId, [op.id, other.userIds[other.adminUsername] as number], {
      title: '跨租户',
      content: 'x',
      param: 'W9',
    });
    expect(written).toBe(1);
    expect((await bellOf(otherAdmin)).some((x) => x.title === '跨租户')).toBe(false);
  });
});
