import { PERMISSIONS } from '@waterops/shared/auth';
import type { Menu } from '@waterops/shared/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSecondTenant,
  createUserWithPermissions,
  demoCompanyId,
  lang,
  signIn,
  type Tenant,
  type TestUser,
} from '../fixtures/factories.ts';
import { forbidden, notFound, unauthorized, zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let other: Tenant;
/** may view menus but not change them */
let viewer: TestUser;
/** may edit menus and nothing else */
let editor: TestUser;
let nobody: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  other = await createSecondTenant(t.app);
  viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.sysMenuView]);
  editor = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.sysMenuEdit]);
  nobody = await createUserWithPermissions(t.app, companyId, []);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), ...lang('zh-CN') } });
const save = (payload: object, token = admin) => call('POST', '/api-user/menus/saveOrUpdate', token, payload);
const menuRows = (cid = companyId) =>
  t.app.db.selectFrom('menus').selectAll().where('company_id', '=', cid).orderBy('id').execute();
const idOf = async (cid: number, url: string) =>
  (
    await t.app.db
      .selectFrom('menus')
      .select('id')
      .where('company_id', '=', cid)
      .where('url', '=', url)
      .executeTakeFirstOrThrow()
  ).id;
const refusal = (key: Parameters<typeof zh>[0]) => ({ resp_code: 1, resp_msg: zh(key), datas: null });

describe('GET /api-user/menus', () => {
  it('lists the tenant’s entries flat with their fields, and no other tenant’s', async () => {
    const res = await call('GET', '/api-user/menus?limit=999', viewer.token);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as Menu[];
    const system = await idOf(companyId, '/system');
    expect(rows.find((m) => m.url === '/system/account')).toMatchObject({
      name: '账号管理',
      nameEn: 'Accounts',
      path: 'system/AccountPage',
      css: 'people',
      type: 0,
      hidden: false,
      parentId: system,
      permission: null,
    });
    expect(rows.find((m) => m.permission === PERMISSIONS.sysMenuEdit)).toMatchObject({
      type: 2,
      parentId: await idOf(companyId, '/system/menu'),
      opened: true,
    });
    const mine = new Set((await menuRows()).map((m) => Number(m.id)));
    expect(rows.length).toBe(mine.size);
    expect(rows.every((m) => mine.has(m.id))).toBe(true);
  });

  it('answers 401 without a token and 403 without sys:menu:view', async () => {
    expect((await call('GET', '/api-user/menus')).json()).toEqual(unauthorized);
    expect((await call('GET', '/api-user/menus', nobody.token)).json()).toEqual(forbidden);
  });
});

describe('POST /api-user/menus/saveOrUpdate and DELETE /api-user/menus/{id}', () => {
  it('creates, updates and deletes an entry, each logged', async () => {
    const system = await idOf(companyId, '/system');
    const created = await save({
      parentId: system,
      name: ' 菜单管理 ',
      nameEn: 'Menus',
      type: 0,
      path: 'system/MenuPage',
      url: '/system/menu',
      css: 'menu',
      sort: 40,
    });
    expect(created.json()).toMatchObject({
      resp_code: 0,
      datas: { name: '菜单管理', nameEn: 'Menus', parentId: system, type: 0, sort: 40, hidden: false },
    });
    const id = created.json().datas.id as number;
    const updated = await save({ id, parentId: system, name: '菜单管理', type: 0, hidden: true, sort: 45 });
    expect(updated.json()).toMatchObject({ resp_code: 0, datas: { id, hidden: true, sort: 45 } });
    expect((await call('DELETE', `/api-user/menus/${id}`, admin)).json()).toMatchObject({ resp_code: 0 });
    expect((await menuRows()).some((m) => Number(m.id) === id)).toBe(false);
    const log = await t.app.db
      .selectFrom('operation_log')
      .select('operation')
      .where('company_id', '=', companyId)
      .where('operation', 'like', 'menu%')
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.operation)).toEqual(['menuCreate', 'menuUpdate', 'menuDelete']);
  });

  it('answers 400 with the field and writes nothing on an invalid body', async () => {
    const before = await menuRows();
    const empty = await save({ parentId: 0, name: '  ', type: 0 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ resp_code: 400, resp_msg: zh('rules.menuName.required'), field: 'name' });
    const noCode = await save({ parentId: 0, name: '权限', type: 2 });
    expect(noCode.json()).toEqual({
      resp_code: 400,
      resp_msg: zh('rules.menuPermission.required'),
      field: 'permission',
    });
    expect((await save({ parentId: 0, name: '坏类型', type: 7 })).statusCode).toBe(400);
    expect(await menuRows()).toEqual(before);
  });

  it('refuses a bad parent, an unknown or taken permission code, a code the editor does not hold, and deleting an entry with children', async () => {
    const before = await menuRows();
    const system = await idOf(companyId, '/system');
    const account = await idOf(companyId, '/system/account');
    expect((await save({ parentId: await idOf(other.companyId, '/system'), name: 'x', type: 0 })).json()).toEqual(
      refusal('resource.menu.badParent'),
    );
    expect((await save({ id: system, parentId: account, name: '系统管理', type: 1 })).json()).toEqual(
      refusal('resource.menu.badParent'),
    );
    expect((await save({ parentId: system, name: 'x', type: 2, permission: 'sys:everything' })).json()).toEqual(
      refusal('resource.menu.unknownPermission'),
    );
    expect((await save({ parentId: system, name: 'x', type: 2, permission: PERMISSIONS.sysLogView })).json()).toEqual(
      refusal('resource.menuPermission.exists'),
    );
    const userView = (await menuRows()).find((m) => m.permission === PERMISSIONS.sysUserView);
    expect(
      (
        await save(
          {
            id: Number(userView?.id),
            parentId: account,
            name: '查看账号',
            type: 2,
            permission: PERMISSIONS.sysUserView,
          },
          editor.token,
        )
      ).json(),
    ).toEqual(refusal('resource.menu.notGrantable'));
    expect((await call('DELETE', `/api-user/menus/${userView?.id}`, editor.token)).json()).toEqual(
      refusal('resource.menu.notGrantable'),
    );
    expect((await call('DELETE', `/api-user/menus/${system}`, admin)).json()).toEqual(
      refusal('resource.menu.hasChildren'),
    );
    expect(await menuRows()).toEqual(before);
  });

  it('answers 401 without a token, 403 without sys:menu:edit and 404 for another tenant’s entry', async () => {
    const before = await menuRows(other.companyId);
    const foreign = await idOf(other.companyId, '/system');
    const body = { id: foreign, parentId: 0, name: '改名', type: 1 };
    expect((await save(body, '')).json()).toEqual(unauthorized);
    expect((await call('DELETE', `/api-user/menus/${foreign}`)).json()).toEqual(unauthorized);
    expect((await save(body, viewer.token)).json()).toEqual(forbidden);
    expect((await call('DELETE', `/api-user/menus/${foreign}`, viewer.token)).json()).toEqual(forbidden);
    expect((await save(body)).json()).toEqual(notFound);
    expect((await call('DELETE', `/api-user/menus/${foreign}`, admin)).json()).toEqual(notFound);
    expect(await menuRows(other.companyId)).toEqual(before);
  });
});
