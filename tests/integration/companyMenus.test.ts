// Menus open / not open per company: the parent company opens and closes a child's entries; a not-open entry stays
// in the child's menus marked `opened: false`, and its permissions grant nothing, not even to the child's admin.
import { PERMISSIONS } from '@waterops/shared/auth';
import { ALWAYS_OPEN_PERMISSIONS, type CompanyMenuEntry, type MenuEntry } from '@waterops/shared/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMenuPages } from '../../gateway/src/db/migrations/m0008_menu_opened.ts';
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
/** created by the demo company */
let child: Tenant;
let childAdmin: string;
/** a user of the child holding sys:log:view through a role */
let childLogViewer: TestUser;
/** a company the demo company did not create */
let stranger: Tenant;
let menuViewer: TestUser;
let companyEditor: TestUser;
let nobody: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  child = await createSecondTenant(t.app);
  await t.app.db.updateTable('companies').set({ parent_id: companyId }).where('id', '=', child.companyId).execute();
  childAdmin = await signIn(t.app, child.adminUsername, child.password);
  childLogViewer = await createUserWithPermissions(t.app, child.companyId, [
    PERMISSIONS.profileView,
    PERMISSIONS.sysLogView,
  ]);
  stranger = await createSecondTenant(t.app);
  menuViewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.sysMenuView]);
  companyEditor = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.sysCompanyEdit]);
  nobody = await createUserWithPermissions(t.app, companyId, []);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), ...lang('zh-CN') } });
const treeOf = (id: number, token = admin) => call('GET', `/api-user/menus/company/${id}/menus`, token);
const open = (id: number, menuIds: unknown, token = admin) =>
  call('POST', `/api-user/menus/company/${id}/opened`, token, { menuIds });
const rowsOf = (cid: number) =>
  t.app.db
    .selectFrom('menus')
    .select(['id', 'parent_id', 'url', 'permission', 'opened'])
    .where('company_id', '=', cid)
    .orderBy('id')
    .execute();
const idOf = async (cid: number, where: { url?: string; permission?: string }) => {
  const row = (await rowsOf(cid)).find((r) =>
    where.url ? r.url === where.url : r.permission === (where.permission ?? null),
  );
  if (!row) throw new Error(`no menu ${JSON.stringify(where)}`);
  return row.id;
};
const flat = (tree: readonly CompanyMenuEntry[]): CompanyMenuEntry[] => tree.flatMap((e) => [e, ...flat(e.subMenus)]);
const openedIds = async (cid: number) => (await rowsOf(cid)).filter((r) => r.opened).map((r) => r.id);
/** The last successful change logged (refused attempts are logged too, as 'failed'). */
const lastLog = () =>
  t.app.db
    .selectFrom('operation_log')
    .select(['company_id', 'operation', 'detail', 'username'])
    .where('result', '=', 'success')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
/** Every entry of the child opened again. */
const openAll = async () => {
  const res = await open(
    child.companyId,
    (await rowsOf(child.companyId)).map((r) => r.id),
  );
  expect(res.json().resp_code).toBe(0);
};

describe('GET /api-user/menus/company/menus', () => {
  it("answers the caller's company's tree with every entry open, localized", async () => {
    const res = await call('GET', '/api-user/menus/company/menus?tenantId=1', menuViewer.token);
    expect(res.statusCode).toBe(200);
    const entries = flat(res.json().datas as CompanyMenuEntry[]);
    expect(entries.length).toBe((await rowsOf(companyId)).length);
    expect(entries.every((e) => e.opened)).toBe(true);
    expect(entries.find((e) => e.permission === PERMISSIONS.profileView)).toMatchObject({ required: true });
    const system = (res.json().datas as CompanyMenuEntry[]).find((e) => e.name === '系统管理');
    expect(system?.subMenus.map((e) => e.name)).toContain('菜单管理');
  });

  it('answers 401 without a token and 403 without sys:menu:view', async () => {
    expect((await call('GET', '/api-user/menus/company/menus')).json()).toEqual(unauthorized);
    expect((await call('GET', '/api-user/menus/company/menus', nobody.token)).json()).toEqual(forbidden);
  });
});

describe('GET /api-user/menus/company/{id}/menus', () => {
  it("answers a child company's tree, its own entries only", async () => {
    const res = await treeOf(child.companyId, companyEditor.token);
    expect(res.statusCode).toBe(200);
    const ids = flat(res.json().datas).map((e) => e.id);
    expect(ids.sort((a, b) => a - b)).toEqual((await rowsOf(child.companyId)).map((r) => r.id));
  });

  it("answers 404 for a company the caller's did not create, for its own and for an unknown id", async () => {
    expect((await treeOf(stranger.companyId)).json()).toEqual(notFound);
    expect((await treeOf(companyId)).json()).toEqual(notFound);
    expect((await treeOf(999_999)).json()).toEqual(notFound);
    // the child cannot look at its parent's either
    expect((await treeOf(companyId, childAdmin)).json()).toEqual(notFound);
  });

  it('answers 400 for a bad id, 401 without a token and 403 without sys:company:edit', async () => {
    expect((await treeOf(0)).statusCode).toBe(400);
    expect((await call('GET', `/api-user/menus/company/${child.companyId}/menus`)).json()).toEqual(unauthorized);
    expect((await treeOf(child.companyId, menuViewer.token)).json()).toEqual(forbidden);
    expect((await treeOf(child.companyId, nobody.token)).json()).toEqual(forbidden);
  });
});

describe('POST /api-user/menus/company/{id}/opened', () => {
  it('closing a parent closes its children; the shell entries stay open; the change is logged', async () => {
    const system = await idOf(child.companyId, { url: '/system' });
    const rows = await rowsOf(child.companyId);
    const below = new Set([system]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const r of rows)
        if (below.has(r.parent_id) && !below.has(r.id)) {
          below.add(r.id);
          grew = true;
        }
    }
    // everything but System; the entries the shell needs are left out of the request too
    const shell = rows.filter((r) => r.permission && ALWAYS_OPEN_PERMISSIONS.includes(r.permission));
    expect(shell.length).toBe(ALWAYS_OPEN_PERMISSIONS.length);
    const asked = rows.filter((r) => !below.has(r.id) && !shell.includes(r)).map((r) => r.id);
    const res = await open(child.companyId, asked);
    expect(res.json()).toMatchObject({ resp_code: 0 });

    const after = await rowsOf(child.companyId);
    expect(after.filter((r) => below.has(r.id)).every((r) => !r.opened)).toBe(true);
    expect(after.filter((r) => !below.has(r.id)).every((r) => r.opened)).toBe(true);
    expect(after.find((r) => r.permission === PERMISSIONS.profileView)?.opened).toBe(true);
    expect(await lastLog()).toMatchObject({
      company_id: companyId,
      operation: 'companyMenusOpen',
      username: 'admin',
      detail: expect.stringContaining(`company #${child.companyId}`),
    });

    const tree = flat((await treeOf(child.companyId)).json().datas);
    expect(tree.find((e) => e.id === system)).toMatchObject({ opened: false, required: false });
  });

  it('opening a child opens its parents, not its siblings', async () => {
    const logView = await idOf(child.companyId, { permission: PERMISSIONS.sysLogView });
    const before = await openedIds(child.companyId);
    expect((await open(child.companyId, [...before, logView])).json().resp_code).toBe(0);
    const opened = new Set(await openedIds(child.companyId));
    expect(opened.has(await idOf(child.companyId, { url: '/system' }))).toBe(true);
    expect(opened.has(await idOf(child.companyId, { url: '/system/operationLog' }))).toBe(true);
    expect(opened.has(await idOf(child.companyId, { url: '/system/role' }))).toBe(false);
    expect(opened.has(await idOf(child.companyId, { permission: PERMISSIONS.sysMenuView }))).toBe(false);
  });

  it('refuses what is not the child company’s (400, nothing written), a non-child (404), and checks the caller', async () => {
    await openAll();
    const before = await openedIds(child.companyId);
    const logsBefore = await lastLog();
    const mine = await idOf(companyId, { url: '/system' });
    const res = await open(child.companyId, [mine]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ resp_code: 400, resp_msg: zh('resource.companyMenus.unknownMenu') });
    expect((await open(child.companyId, 'all')).statusCode).toBe(400);
    expect((await open(child.companyId, [0])).statusCode).toBe(400);
    expect((await open(stranger.companyId, [])).json()).toEqual(notFound);
    // a company cannot open its own entries: that is its parent's decision
    expect((await open(child.companyId, [], childAdmin)).json()).toEqual(notFound);
    expect((await open(child.companyId, [], menuViewer.token)).json()).toEqual(forbidden);
    expect(
      (await call('POST', `/api-user/menus/company/${child.companyId}/opened`, undefined, { menuIds: [] })).json(),
    ).toEqual(unauthorized);
    expect(await openedIds(child.companyId)).toEqual(before);
    expect(await lastLog()).toEqual(logsBefore);
    await t.app.failureLogSettled();
    const refused = await t.app.db
      .selectFrom('operation_log')
      .select(['operation', 'reason'])
      .where('company_id', '=', companyId)
      .where('result', '=', 'failed')
      .where('operation', '=', 'companyMenusOpen')
      .execute();
    expect(refused.map((r) => r.reason)).toContain(zh('resource.companyMenus.unknownMenu'));
  });
});

describe('a not-open entry in the child company', () => {
  it("stays in the child's menus marked opened: false", async () => {
    await openAll();
    // the page and its permission entries (an open child would open its parent again)
    const role = await idOf(child.companyId, { url: '/system/role' });
    const rows = await rowsOf(child.companyId);
    await open(
      child.companyId,
      rows.filter((r) => r.id !== role && r.parent_id !== role).map((r) => r.id),
    );
    const res = await call('GET', '/api-user/menus/current', childAdmin);
    const entries = (function walk(list: MenuEntry[]): MenuEntry[] {
      return list.flatMap((e) => [e, ...walk(e.subMenus)]);
    })(res.json().datas);
    expect(entries.find((e) => e.url === '/system/role')).toMatchObject({ opened: false, name: '角色管理' });
    expect(entries.find((e) => e.url === '/system/account')).toMatchObject({ opened: true });
  });

  it("grants nothing: the child's administrator is refused its routes at once, other routes still work", async () => {
    await openAll();
    // a signed-in (cached) session first: the change must still apply on its next request
    expect((await call('GET', '/api-user/roles', childAdmin)).statusCode).toBe(200);
    const logPage = await idOf(child.companyId, { url: '/system/operationLog' });
    const rows = await rowsOf(child.companyId);
    await open(
      child.companyId,
      rows.filter((r) => r.id !== logPage && r.parent_id !== logPage).map((r) => r.id),
    );
    expect((await call('GET', '/api-user/logs', childAdmin)).json()).toEqual(forbidden);
    expect((await call('GET', '/api-user/logs', childLogViewer.token)).json()).toEqual(forbidden);
    expect((await call('GET', '/api-user/roles', childAdmin)).statusCode).toBe(200);
    const me = (await call('GET', '/api-user/users/current', childLogViewer.token)).json().datas;
    expect(me.permissions).not.toContain(PERMISSIONS.sysLogView);
    // the parent company is not affected
    expect((await call('GET', '/api-user/logs', admin)).statusCode).toBe(200);

    await openAll();
    expect((await call('GET', '/api-user/logs', childAdmin)).statusCode).toBe(200);
    expect((await call('GET', '/api-user/logs', childLogViewer.token)).statusCode).toBe(200);
  });
});

describe("the child company's own menu administration", () => {
  it('cannot change, move or delete an entry that is not open, so it cannot open it itself', async () => {
    await openAll();
    const logPage = await idOf(child.companyId, { url: '/system/operationLog' });
    const logView = await idOf(child.companyId, { permission: PERMISSIONS.sysLogView });
    const rows = await rowsOf(child.companyId);
    await open(
      child.companyId,
      rows.filter((r) => r.id !== logPage && r.parent_id !== logPage).map((r) => r.id),
    );
    const home = await idOf(child.companyId, { url: '/index' });
    const before = await rowsOf(child.companyId);
    const refusal = { resp_code: 1, resp_msg: zh('resource.menu.notOpened'), datas: null };
    const move = await call('POST', '/api-user/menus/saveOrUpdate', childAdmin, {
      id: logView,
      parentId: home,
      name: '查看操作日志',
      type: 2,
      permission: PERMISSIONS.sysLogView,
    });
    expect(move.json()).toEqual(refusal);
    expect((await call('DELETE', `/api-user/menus/${logView}`, childAdmin)).json()).toEqual(refusal);
    expect(await rowsOf(child.companyId)).toEqual(before);
    // an open entry is still the company's to edit
    const docs = await idOf(child.companyId, { url: '/docs' });
    const ok = await call('POST', '/api-user/menus/saveOrUpdate', childAdmin, {
      id: docs,
      parentId: 0,
      name: '接口说明',
      type: 0,
      url: '/docs',
    });
    expect(ok.json().resp_code).toBe(0);
  });
});

describe('migration 0008', () => {
  it('adds 菜单管理 to a tenant made before it, moves the menu permissions below it and grants it; twice changes nothing', async () => {
    const old = await createSecondTenant(t.app);
    const system = await idOf(old.companyId, { url: '/system' });
    const page = await idOf(old.companyId, { url: '/system/menu' });
    await t.app.db
      .updateTable('menus')
      .set({ parent_id: system })
      .where('company_id', '=', old.companyId)
      .where('parent_id', '=', page)
      .execute();
    await t.app.db
      .deleteFrom('role_menus')
      .where('company_id', '=', old.companyId)
      .where('menu_id', '=', page)
      .execute();
    await t.app.db.deleteFrom('menus').where('company_id', '=', old.companyId).where('id', '=', page).execute();

    await addMenuPages(t.app.db);
    await addMenuPages(t.app.db);

    const pages = (await rowsOf(old.companyId)).filter((r) => r.url === '/system/menu');
    expect(pages).toMatchObject([{ parent_id: system, opened: true }]);
    const added = pages[0]?.id as number;
    const parents = (await rowsOf(old.companyId))
      .filter((r) => r.permission === PERMISSIONS.sysMenuView || r.permission === PERMISSIONS.sysMenuEdit)
      .map((r) => r.parent_id);
    expect(parents).toEqual([added, added]);
    const grants = await t.app.db
      .selectFrom('role_menus')
      .select('role_id')
      .where('company_id', '=', old.companyId)
      .where('menu_id', '=', added)
      .execute();
    expect(grants.map((g) => g.role_id)).toEqual([old.roleIds.ADMIN]);
  });
});
