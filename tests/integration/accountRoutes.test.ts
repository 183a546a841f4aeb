import { PERMISSIONS } from '@waterops/shared/auth';
import type { Account } from '@waterops/shared/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createRole,
  createSecondTenant,
  createUserWithPermissions,
  demoCompanyId,
  lang,
  postToken,
  signIn,
  type Tenant,
  type TestUser,
} from '../fixtures/factories.ts';
import { en, forbidden, notFound, unauthorized, zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let adminId: number;
let operatorRoleId: number;
let other: Tenant;
let otherAdmin: string;
let viewer: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  adminId = (await t.app.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow())
    .id;
  operatorRoleId = (
    await t.app.db
      .selectFrom('roles')
      .select('id')
      .where('company_id', '=', companyId)
      .where('code', '=', 'OPERATOR')
      .executeTakeFirstOrThrow()
  ).id;
  other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.sysUserView]);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  t.app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });
const save = (payload: object, token = admin) => call('POST', '/api-user/users/saveOrUpdate', token, payload);
const userCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
let n = 0;
const newAccount = async (extra: object = {}) => {
  const username = `acct${Date.now().toString(36)}${n++}`;
  const res = await save({
    username,
    password: 'init123',
    nickname: '新账号',
    mobile: '13512345678',
    roleIds: [operatorRoleId],
    ...extra,
  });
  expect(res.json().resp_code, res.body).toBe(0);
  return { ...(res.json().datas as Account), password: 'init123' };
};

describe('POST /api-user/users/saveOrUpdate', () => {
  it('creates an account that signs in with its initial password and roles; logs it', async () => {
    const before = await userCount();
    const acct = await newAccount({ extend: 999 });
    expect(acct).toMatchObject({
      nickname: '新账号',
      enabled: true,
      roleIds: [operatorRoleId],
      roles: [{ code: 'OPERATOR' }],
    });
    expect(await userCount()).toBe(before + 1);
    const log = await t.app.db
      .selectFrom('operation_log')
      .select(['operation', 'detail'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.operation).toBe('userCreate');
    expect(log.detail).not.toContain('init123');
    const token = await signIn(t.app, acct.username, acct.password);
    const me = (await call('GET', '/api-user/users/current', token)).json().datas;
    expect(me).toMatchObject({ companyId, roles: [{ code: 'OPERATOR' }] });
  });

  it('refuses a user name taken in any tenant with resp_code 1, writing nothing', async () => {
    const before = await userCount();
    for (const username of ['admin', other.adminUsername]) {
      const res = await save({ username, password: 'init123', nickname: 'x', roleIds: [] });
      expect(res.json()).toEqual({ resp_code: 1, resp_msg: zh('resource.username.exists'), datas: null });
    }
    expect(await userCount()).toBe(before);
    const exist = (q: string) => call('GET', `/api-user/users/exist?${q}`, viewer.token).then((r) => r.json().datas);
    expect(await exist(`field=username&value=${other.adminUsername}`)).toBe(true);
    expect(await exist(`field=username&value=admin&id=${adminId}`)).toBe(false);
    expect(await exist('field=username&value=nobody_has_this')).toBe(false);
  });

  it.each([
    [{ username: 'a1', password: '12345', nickname: 'x', roleIds: [] }, 'password', 'rules.accountPassword.format'],
    // issue 17: the commonest passwords, and one made of the user name, are refused
    [{ username: 'a4', password: '123456', nickname: 'x', roleIds: [] }, 'password', 'rules.password.common'],
    [{ username: 'pumpman', password: 'pumpman1', nickname: 'x', roleIds: [] }, 'password', 'rules.password.common'],
    [{ username: ' ', password: '123456', nickname: 'x', roleIds: [] }, 'username', 'rules.username.required'],
    [{ username: 'a2', password: 'init123', nickname: ' ', roleIds: [] }, 'nickname', 'rules.nickname.required'],
    [
      { username: 'a3', password: 'init123', nickname: 'x', mobile: '123', roleIds: [] },
      'mobile',
      'rules.mobile.format',
    ],
  ] as const)('answers 400 with the form message, writing nothing (%j)', async (payload, field, key) => {
    const before = await userCount();
    const res = await save(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ resp_code: 400, resp_msg: zh(key), field });
    expect(await userCount()).toBe(before);
  });

  it.each([
    [{ username: 'b1', password: '123456', nickname: 'x' }, 'roleIds'],
    [{ username: 'bad name!', password: '123456', nickname: 'x', roleIds: [] }, 'username'],
    [{ username: 'b2', password: '123456', nickname: 'x', roleIds: [] as number[], enabled: 'yes' }, 'enabled'],
  ])('answers 400 naming the field for a body that breaks the schema (%j)', async (payload, field) => {
    const before = await userCount();
    const res = await save(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect(await userCount()).toBe(before);
  });

  it('refuses another tenant’s role (400 roleIds) and account (404), writing nothing', async () => {
    const before = await userCount();
    const res = await save({ username: 'c1', password: 'init123', nickname: 'x', roleIds: [other.roleIds.OPERATOR] });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('roleIds');
    expect(await userCount()).toBe(before);
    const theirs = other.userIds[other.adminUsername] as number;
    expect((await save({ id: theirs, nickname: '被改', roleIds: [] })).json()).toEqual(notFound);
    const row = await t.app.db
      .selectFrom('users')
      .select('nickname')
      .where('id', '=', theirs)
      .executeTakeFirstOrThrow();
    expect(row.nickname).toBe('第二管理员');
  });

  it('updates nickname, mobile and roles; the new roles apply at once', async () => {
    const acct = await newAccount();
    const token = await signIn(t.app, acct.username, acct.password);
    expect((await call('GET', '/api-user/logs', token)).statusCode).toBe(403);
    const logRole = await createRole(t.app, companyId, [PERMISSIONS.sysLogView]);
    const res = await save({ id: acct.id, nickname: '改名', mobile: '', roleIds: [operatorRoleId, logRole] });
    expect(res.json()).toMatchObject({
      resp_code: 0,
      datas: { nickname: '改名', mobile: null, username: acct.username },
    });
    expect((await call('GET', '/api-user/logs', token)).statusCode).toBe(200);
  });

  it('does not let a non-administrator hand out the ADMIN role', async () => {
    const editor = await createUserWithPermissions(t.app, companyId, [
      PERMISSIONS.sysUserView,
      PERMISSIONS.sysUserEdit,
    ]);
    const res = await save(
      { username: 'sneaky1', password: 'init123', nickname: 'x', roleIds: [await adminRoleId()] },
      editor.token,
    );
    expect(res.json()).toEqual({ resp_code: 1, resp_msg: zh('resource.menu.notGrantable'), datas: null });
  });

  it('is 403 for a viewer and 401 without a token', async () => {
    const payload = { username: 'v1', password: '123456', nickname: 'x', roleIds: [] };
    expect((await save(payload, viewer.token)).json()).toEqual(forbidden);
    expect((await call('POST', '/api-user/users/saveOrUpdate', undefined, payload)).json()).toEqual(unauthorized);
  });
});

const adminRoleId = async () =>
  (
    await t.app.db
      .selectFrom('roles')
      .select('id')
      .where('company_id', '=', companyId)
      .where('code', '=', 'ADMIN')
      .executeTakeFirstOrThrow()
  ).id;

describe('GET /api-user/users', () => {
  it('pages the tenant’s accounts with filters and never another tenant’s', async () => {
    const acct = await newAccount({ nickname: '筛选目标' });
    const list = async (q: string) => (await call('GET', `/api-user/users?${q}`, viewer.token)).json();
    expect((await list(`nickname=${encodeURIComponent('筛选目标')}`)).data.map((a: Account) => a.id)).toEqual([
      acct.id,
    ]);
    expect((await list(`username=${acct.username}&roleId=${operatorRoleId}`)).count).toBe(1);
    expect((await list(`username=${acct.username}&roleId=${await adminRoleId()}`)).count).toBe(0);
    expect((await list('enabled=false')).data.every((a: Account) => !a.enabled)).toBe(true);
    const all = await list('limit=999&sort=username&order=asc');
    const names = all.data.map((a: Account) => a.username);
    expect(names).toEqual([...names].sort());
    expect(names).not.toContain(other.adminUsername);
    expect(all.data.every((a: Account) => !('password_hash' in a) && !('passwordHash' in a))).toBe(true);
    expect((await call('GET', '/api-user/users?sort=password_hash', admin)).statusCode).toBe(400);
    expect(
      (await call('GET', `/api-user/users?companyId=${other.companyId}`, admin))
        .json()
        .data.map((a: Account) => a.username),
    ).not.toContain(other.adminUsername);
  });
});

describe('GET /api-user/users/updateEnabled', () => {
  it('disabling ends the account’s sessions at once; enabling lets it sign in again', async () => {
    const acct = await newAccount();
    const token = await signIn(t.app, acct.username, acct.password);
    expect((await call('GET', '/api-user/users/current', token)).statusCode).toBe(200);
    const res = await call('GET', `/api-user/users/updateEnabled?id=${acct.id}&enabled=false`, admin);
    expect(res.json()).toMatchObject({ resp_code: 0 });
    expect((await call('GET', '/api-user/users/current', token)).statusCode).toBe(401);
    expect((await postToken(t.app, { username: acct.username, password: acct.password })).json().resp_code).not.toBe(0);
    await call('GET', `/api-user/users/updateEnabled?id=${acct.id}&enabled=true`, admin);
    await signIn(t.app, acct.username, acct.password);
    const ops = await t.app.db.selectFrom('operation_log').select('operation').orderBy('id', 'desc').limit(3).execute();
    expect(ops.map((o) => o.operation)).toContain('userDisable');
  });

  it('refuses disabling yourself, another tenant’s account (404) and a viewer (403)', async () => {
    expect(
      (await call('GET', `/api-user/users/updateEnabled?id=${adminId}&enabled=false`, admin, undefined, 'en')).json(),
    ).toEqual({
      resp_code: 1,
      resp_msg: en('resource.user.self'),
      datas: null,
    });
    const theirs = other.userIds[other.adminUsername] as number;
    expect((await call('GET', `/api-user/users/updateEnabled?id=${theirs}&enabled=false`, admin)).json()).toEqual(
      notFound,
    );
    expect((await call('GET', `/api-user/users/current`, otherAdmin)).statusCode).toBe(200);
    expect(
      (await call('GET', `/api-user/users/updateEnabled?id=${theirs}&enabled=false`, viewer.token)).json(),
    ).toEqual(forbidden);
    expect((await call('GET', `/api-user/users/updateEnabled?id=${theirs}`, admin)).statusCode).toBe(400);
  });
});

describe('PUT /api-user/users/{id}/password', () => {
  it('resets the password: the new one signs in, old sessions end', async () => {
    const acct = await newAccount();
    const token = await signIn(t.app, acct.username, acct.password);
    const res = await call('PUT', `/api-user/users/${acct.id}/password`, admin, { password: 'fresh99' });
    expect(res.json()).toMatchObject({ resp_code: 0 });
    expect((await call('GET', '/api-user/users/current', token)).statusCode).toBe(401);
    await signIn(t.app, acct.username, 'fresh99');
  });

  it('answers 400 for a short password, 404 for another tenant’s account', async () => {
    const acct = await newAccount();
    const short = await call('PUT', `/api-user/users/${acct.id}/password`, admin, { password: '123' });
    expect(short.json()).toEqual({ resp_code: 400, resp_msg: zh('rules.accountPassword.format'), field: 'password' });
    // issue 17: a common password, or the account's own user name padded with digits, is refused the same way
    for (const password of ['123456', `${acct.username}99`]) {
      const common = await call('PUT', `/api-user/users/${acct.id}/password`, admin, { password });
      expect(common.json(), password).toEqual({
        resp_code: 400,
        resp_msg: zh('rules.password.common'),
        field: 'password',
      });
    }
    await signIn(t.app, acct.username, acct.password);
    const theirs = other.userIds[other.adminUsername] as number;
    expect((await call('PUT', `/api-user/users/${theirs}/password`, admin, { password: 'hacked1' })).json()).toEqual(
      notFound,
    );
    await signIn(t.app, other.adminUsername, other.password);
  });
});

describe('DELETE /api-user/users/{id}', () => {
  it('deletes an account: its name is free again, its sessions end, its files stay', async () => {
    const acct = await newAccount();
    const token = await signIn(t.app, acct.username, acct.password);
    await t.app.db
      .insertInto('files')
      .values({
        company_id: companyId,
        id: crypto.randomUUID(),
        user_id: acct.id,
        name: 'a.png',
        content_type: 'image/png',
        size: 1,
        created_at: new Date(),
      })
      .execute();
    const res = await call('DELETE', `/api-user/users/${acct.id}`, admin);
    expect(res.json()).toMatchObject({ resp_code: 0 });
    expect((await call('GET', '/api-user/users/current', token)).statusCode).toBe(401);
    expect(
      await t.app.db.selectFrom('logins').select('username').where('username', '=', acct.username).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      (await t.app.db.selectFrom('files').select('user_id').where('name', '=', 'a.png').executeTakeFirstOrThrow())
        .user_id,
    ).toBeNull();
  });

  it('refuses deleting yourself; another tenant’s account is 404; a viewer gets 403', async () => {
    expect((await call('DELETE', `/api-user/users/${adminId}`, admin)).json()).toEqual({
      resp_code: 1,
      resp_msg: zh('resource.user.self'),
      datas: null,
    });
    const theirs = other.userIds[other.adminUsername] as number;
    expect((await call('DELETE', `/api-user/users/${theirs}`, admin)).json()).toEqual(notFound);
    expect((await call('DELETE', `/api-user/users/${theirs}`, viewer.token)).json()).toEqual(forbidden);
    await signIn(t.app, other.adminUsername, other.password);
  });
});
