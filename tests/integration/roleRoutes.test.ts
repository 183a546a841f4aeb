import { up as m0002 } from '@waterops/gateway/src/db/migrations/m0002_role_user_permissions.ts';
import { up as m0004 } from '@waterops/gateway/src/db/migrations/m0004_account_role_pages.ts';
import { PERMISSIONS } from '@waterops/shared/auth';
import type { MenuEntry, MenuGrantEntry, Role } from '@waterops/shared/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createRole,
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
/** may view roles but not change them */
let viewer: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.sysRoleView]);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  t.app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });
const save = (payload: object, token = admin, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  call('POST', '/api-user/roles/saveOrUpdate', token, payload, locale);
const roleCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('roles')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const lastLog = () =>
  t.app.db
    .selectFrom('operation_log')
    .select(['operation', 'detail', 'username'])
    .where('company_id', '=', companyId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();

describe('GET /api-user/roles', () => {
  it('lists the tenant’s roles with their user counts, in the request language', async () => {
    const res = await call('GET', '/api-user/roles?sort=code&order=asc', admin, undefined, 'en');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    const byCode = Object.fromEntries((body.data as Role[]).map((r) => [r.code, r]));
    expect(byCode.ADMIN).toMatchObject({ name: 'Administrator', nameZh: '超级管理员', userCount: 1 });
    expect(byCode.OPERATOR).toMatchObject({ name: 'Operator', userCount: 1 });
    expect(body.count).toBe(body.data.length);
    const codes = (body.data as Role[]).map((r) => r.code);
    expect(codes).toEqual([...codes].sort());
  });

  it('filters by contained name and pages', async () => {
    const res = await call('GET', `/api-user/roles?name=${encodeURIComponent('管理')}&limit=1`, admin);
    expect(res.json()).toMatchObject({ code: 0, count: 1, data: [{ code: 'ADMIN' }] });
  });

  it.each([
    ['limit=1000', 'limit'],
    ['page=0', 'page'],
    ['sort=password_hash', 'sort'],
  ])('answers %s with 400 naming %s', async (query, field) => {
    const res = await call('GET', `/api-user/roles?${query}`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it('accepts a limit of 999 (region lists)', async () => {
    expect((await call('GET', '/api-user/roles?limit=999', admin)).statusCode).toBe(200);
  });

  it('never shows another tenant’s roles', async () => {
    const mine = (await call('GET', '/api-user/roles?limit=999', admin)).json().data as Role[];
    const theirs = (await call('GET', '/api-user/roles?limit=999', otherAdmin)).json().data as Role[];
    expect(theirs.map((r) => r.id)).toEqual(Object.values(other.roleIds).sort((a, b) => a - b));
    expect(mine.map((r) => r.id)).not.toEqual(expect.arrayContaining([other.roleIds.ADMIN]));
  });

  it('answers 401 without a token and 403 without sys:role:view', async () => {
    expect((await call('GET', '/api-user/roles')).json()).toEqual(unauthorized);
    const nobody = await createUserWithPermissions(t.app, companyId, []);
    const res = await call('GET', '/api-user/roles', nobody.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbidden);
  });
});

describe('POST /api-user/roles/saveOrUpdate', () => {
  it('creates a role (no id), logs it, and updates it (id)', async () => {
    const created = await save({ code: ' SHIFTLEAD ', name: ' 值班长 ', nameEn: 'Shift lead', companyId: 999 });
    expect(created.statusCode).toBe(200);
    const role = created.json().datas as Role;
    expect(created.json()).toMatchObject({ resp_code: 0, resp_msg: zh('common.success') });
    expect(role).toMatchObject({ code: 'SHIFTLEAD', name: '值班长', nameEn: 'Shift lead', type: '1', userCount: 0 });
    const row = await t.app.db.selectFrom('roles').selectAll().where('id', '=', role.id).executeTakeFirstOrThrow();
    expect(row.company_id).toBe(companyId);
    expect(await lastLog()).toMatchObject({ operation: 'roleCreate', username: 'admin' });

    const updated = await save({ id: role.id, code: 'SHIFTLEAD', name: '调度主管' });
    expect(updated.json()).toMatchObject({ resp_code: 0, datas: { id: role.id, name: '调度主管', nameEn: null } });
    expect((await lastLog()).operation).toBe('roleUpdate');
  });

  it.each([
    [{ code: 'ADMIN', name: '另一个' }, 'resource.roleCode.exists'],
    [{ code: 'OTHER1', name: '超级管理员' }, 'resource.roleName.exists'],
  ] as const)('refuses a taken value with resp_code 1 and the message, writing nothing', async (payload, key) => {
    const before = await roleCount();
    const res = await save(payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ resp_code: 1, resp_msg: zh(key), datas: null });
    expect((await save(payload, admin, 'en')).json().resp_msg).toBe(en(key));
    expect(await roleCount()).toBe(before);
  });

  it('lets another tenant use the same code (uniqueness is per tenant)', async () => {
    await save({ code: 'SAMECODE', name: '同名角色' });
    expect((await save({ code: 'SAMECODE', name: '同名角色' }, otherAdmin)).json().resp_code).toBe(0);
  });

  it.each([
    [{ code: 'X1', name: '  ' }, 'name', 'rules.roleName.required'],
    [{ code: '', name: '名字' }, 'code', 'rules.roleCode.required'],
  ] as const)('answers 400 with the form message for %j, writing nothing', async (payload, field, key) => {
    const before = await roleCount();
    const res = await save(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ resp_code: 400, resp_msg: zh(key), field });
    expect(await roleCount()).toBe(before);
  });

  it.each([
    [{ name: '缺编码' }, 'code'],
    [{ code: 'bad code!', name: '名字' }, 'code'],
    [{ code: 'OK', name: 'x'.repeat(51) }, 'name'],
    [{ id: 'abc', code: 'OK', name: '名字' }, 'id'],
  ])('answers 400 naming the field for a body that breaks the schema (%j)', async (payload, field) => {
    const before = await roleCount();
    const res = await save(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect(await roleCount()).toBe(before);
  });

  it('answers 404 for another tenant’s role and changes nothing', async () => {
    const res = await save({ id: other.roleIds.OPERATOR, code: 'HACKED', name: '被改' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
    const row = await t.app.db
      .selectFrom('roles')
      .select('code')
      .where('id', '=', other.roleIds.OPERATOR)
      .executeTakeFirstOrThrow();
    expect(row.code).toBe('OPERATOR');
  });

  it('refuses to recode the built-in administrator role', async () => {
    const adminRoleId = (
      await t.app.db
        .selectFrom('roles')
        .select('id')
        .where('company_id', '=', companyId)
        .where('code', '=', 'ADMIN')
        .executeTakeFirstOrThrow()
    ).id;
    const res = await save({ id: adminRoleId, code: 'BOSS', name: '超级管理员' });
    expect(res.json()).toEqual({ resp_code: 1, resp_msg: zh('resource.role.builtIn'), datas: null });
  });

  it('is 403 for a viewer and 401 without a token; nothing written', async () => {
    const before = await roleCount();
    expect((await save({ code: 'V1', name: '查看者建' }, viewer.token)).json()).toEqual(forbidden);
    expect((await call('POST', '/api-user/roles/saveOrUpdate', undefined, { code: 'V2', name: 'x' })).json()).toEqual(
      unauthorized,
    );
    expect(await roleCount()).toBe(before);
  });
});

describe('GET /api-user/roles/exist', () => {
  it('answers whether another role of the tenant holds the value', async () => {
    const adminRole = ((await call('GET', '/api-user/allRoles', admin)).json().datas as Role[]).find(
      (r) => r.code === 'ADMIN',
    ) as Role;
    const exist = async (q: string) => (await call('GET', `/api-user/roles/exist?${q}`, viewer.token)).json().datas;
    expect(await exist('field=code&value=ADMIN')).toBe(true);
    expect(await exist(`field=code&value=ADMIN&id=${adminRole.id}`)).toBe(false);
    expect(await exist(`field=name&value=${encodeURIComponent('超级管理员')}`)).toBe(true);
    expect(await exist('field=code&value=NOBODY_HAS_THIS')).toBe(false);
    // The other tenant's codes are not this tenant's business.
    await save({ code: 'THEIRSONLY', name: '他们的角色' }, otherAdmin);
    expect(await exist('field=code&value=THEIRSONLY')).toBe(false);
    expect((await call('GET', '/api-user/roles/exist?field=type&value=1', admin)).statusCode).toBe(400);
  });
});

describe('DELETE /api-user/roles/{id}', () => {
  it('deletes a role without users and logs it', async () => {
    const { id } = (await save({ code: 'TEMP', name: '临时' })).json().datas as Role;
    const res = await call('DELETE', `/api-user/roles/${id}`, admin);
    expect(res.json()).toMatchObject({ resp_code: 0 });
    expect(await t.app.db.selectFrom('roles').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await lastLog()).toMatchObject({ operation: 'roleDelete', detail: expect.stringContaining('TEMP') });
  });

  it('refuses a role that still has users, saying how many', async () => {
    const roleId = await createRole(t.app, companyId, []);
    await createSignedInUser(t.app, companyId, { ids: [roleId] });
    const res = await call('DELETE', `/api-user/roles/${roleId}`, admin, undefined, 'en');
    expect(res.json()).toEqual({ resp_code: 1, resp_msg: en('resource.role.hasUsers', { count: 1 }), datas: null });
    expect(await t.app.db.selectFrom('roles').select('id').where('id', '=', roleId).executeTakeFirst()).toBeDefined();
  });

  it('answers 404 for another tenant’s role and for an unknown id; 400 for a bad id', async () => {
    const { id } = (await save({ code: 'THEIRS2', name: '他们的二' }, otherAdmin)).json().datas as Role;
    expect((await call('DELETE', `/api-user/roles/${id}`, admin)).json()).toEqual(notFound);
    expect(await t.app.db.selectFrom('roles').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();
    expect((await call('DELETE', '/api-user/roles/99999999', admin)).statusCode).toBe(404);
    expect((await call('DELETE', '/api-user/roles/abc', admin)).statusCode).toBe(400);
  });

  it('is 403 for a viewer', async () => {
    expect((await call('DELETE', `/api-user/roles/${other.roleIds.OPERATOR}`, viewer.token)).json()).toEqual(forbidden);
  });
});

describe('GET /api-user/allRoles and /api-user/companyRoles', () => {
  it('list the tenant’s roles; another company id is 404', async () => {
    const all = (await call('GET', '/api-user/allRoles', viewer.token)).json();
    expect(all.resp_code).toBe(0);
    expect((all.datas as Role[]).every((r) => !Object.values(other.roleIds).includes(r.id))).toBe(true);
    const company = (
      await call('GET', `/api-user/companyRoles?companyId=${companyId}&tenantId=x`, viewer.token)
    ).json();
    expect(company.datas).toEqual(all.datas);
    expect((await call('GET', `/api-user/companyRoles?companyId=${other.companyId}`, viewer.token)).json()).toEqual(
      notFound,
    );
  });

  it('allRoles is also the account page’s role choices: an account viewer lists them, a log viewer does not', async () => {
    const accountViewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.sysUserView]);
    expect((await call('GET', '/api-user/allRoles', accountViewer.token)).json().resp_code).toBe(0);
    const logViewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.sysLogView]);
    expect((await call('GET', '/api-user/allRoles', logViewer.token)).json()).toEqual(forbidden);
  });
});

describe('menu grants', () => {
  const flatten = (entries: MenuGrantEntry[]): MenuGrantEntry[] => entries.flatMap((e) => [e, ...flatten(e.subMenus)]);
  const logMenuId = async (cid: number) =>
    (
      await t.app.db
        .selectFrom('menus')
        .select('id')
        .where('company_id', '=', cid)
        .where('permission', '=', PERMISSIONS.sysLogView)
        .executeTakeFirstOrThrow()
    ).id;

  it('shows the whole tree with the role’s grants checked', async () => {
    const res = await call('GET', `/api-user/menus/${other.roleIds.OPERATOR}/menus`, otherAdmin, undefined, 'en');
    const entries = flatten(res.json().datas);
    const byPermission = Object.fromEntries(entries.filter((e) => e.permission).map((e) => [e.permission, e]));
    expect(byPermission[PERMISSIONS.profileView]?.checked).toBe(true);
    expect(byPermission[PERMISSIONS.sysLogView]?.checked).toBe(false);
    expect(byPermission[PERMISSIONS.sysRoleEdit]).toMatchObject({ checked: false, name: 'Edit roles and grants' });
    expect(entries.find((e) => e.name === 'System')?.subMenus.length).toBeGreaterThan(0);
  });

  it('a change of grants takes effect for the role’s users at once', async () => {
    const roleId = await createRole(t.app, companyId, [PERMISSIONS.profileView]);
    const user = await createSignedInUser(t.app, companyId, { ids: [roleId] });
    expect((await call('GET', '/api-user/logs', user.token)).statusCode).toBe(403);

    const profileMenu = (
      await t.app.db
        .selectFrom('menus')
        .select('id')
        .where('company_id', '=', companyId)
        .where('permission', '=', PERMISSIONS.profileView)
        .executeTakeFirstOrThrow()
    ).id;
    const grant = (menuIds: number[]) =>
      call('POST', '/api-user/menus/granted?tenantId=webApp', admin, { roleId, menuIds });
    expect((await grant([profileMenu, await logMenuId(companyId)])).json()).toMatchObject({ resp_code: 0 });
    expect((await call('GET', '/api-user/logs', user.token)).statusCode).toBe(200);
    expect(await lastLog()).toMatchObject({ operation: 'roleGrant' });
    const tree = flatten((await call('GET', `/api-user/menus/${roleId}/menus`, admin)).json().datas);
    expect(
      tree
        .filter((e) => e.checked)
        .map((e) => e.id)
        .sort(),
    ).toEqual([profileMenu, await logMenuId(companyId)].sort());

    expect((await grant([profileMenu])).json().resp_code).toBe(0);
    expect((await call('GET', '/api-user/logs', user.token)).statusCode).toBe(403);
  });

  it('refuses another tenant’s menus (400) and roles (404), writing nothing', async () => {
    const roleId = await createRole(t.app, companyId, []);
    const bad = await call('POST', '/api-user/menus/granted', admin, {
      roleId,
      menuIds: [await logMenuId(other.companyId)],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('menuIds');
    const res = await call('POST', '/api-user/menus/granted', admin, { roleId: other.roleIds.OPERATOR, menuIds: [] });
    expect(res.json()).toEqual(notFound);
    expect((await call('GET', `/api-user/menus/${other.roleIds.OPERATOR}/menus`, admin)).json()).toEqual(notFound);
    const grants = await t.app.db.selectFrom('role_menus').select('menu_id').where('role_id', '=', roleId).execute();
    expect(grants).toEqual([]);
    expect((await call('POST', '/api-user/menus/granted', admin, { roleId, menuIds: 'x' })).statusCode).toBe(400);
  });

  it('does not let a role editor grant a permission they do not hold', async () => {
    const editor = await createUserWithPermissions(t.app, companyId, [
      PERMISSIONS.sysRoleView,
      PERMISSIONS.sysRoleEdit,
    ]);
    const roleId = await createRole(t.app, companyId, []);
    const res = await call('POST', '/api-user/menus/granted', editor.token, {
      roleId,
      menuIds: [await logMenuId(companyId)],
    });
    expect(res.json()).toEqual({ resp_code: 1, resp_msg: zh('resource.menu.notGrantable'), datas: null });
    expect(await t.app.db.selectFrom('role_menus').select('menu_id').where('role_id', '=', roleId).execute()).toEqual(
      [],
    );
    expect((await call('POST', '/api-user/menus/granted', viewer.token, { roleId, menuIds: [] })).json()).toEqual(
      forbidden,
    );
  });
});

describe('migration 0002', () => {
  it('adds the role and account permissions to a tenant created before it, for ADMIN and not OPERATOR', async () => {
    const old = await createSecondTenant(t.app);
    const codes = [PERMISSIONS.sysRoleView, PERMISSIONS.sysRoleEdit, PERMISSIONS.sysUserView, PERMISSIONS.sysUserEdit];
    await t.app.db
      .deleteFrom('menus')
      .where('company_id', '=', old.companyId)
      .where('permission', 'in', codes)
      .execute();
    await m0002(t.app.db);
    await m0002(t.app.db); // nothing twice
    const entries = await t.app.db
      .selectFrom('menus')
      .select(['id', 'permission', 'parent_id'])
      .where('company_id', '=', old.companyId)
      .where('permission', 'in', codes)
      .execute();
    expect(entries.map((e) => e.permission).sort()).toEqual([...codes].sort());
    expect(new Set(entries.map((e) => e.parent_id)).size).toBe(1);
    const grants = await t.app.db
      .selectFrom('role_menus')
      .select(['role_id'])
      .where('company_id', '=', old.companyId)
      .where(
        'menu_id',
        'in',
        entries.map((e) => e.id),
      )
      .execute();
    expect(grants.map((g) => g.role_id)).toEqual(codes.map(() => old.roleIds.ADMIN));
  });
});

describe('migration 0004', () => {
  it('adds the account and role pages to a tenant created before it, moves the permission entries under them, grants them to the roles holding the view permission, and adds the menu permissions for ADMIN', async () => {
    const old = await createSecondTenant(t.app);
    const viewerRole = await createRole(t.app, old.companyId, [PERMISSIONS.sysRoleView]);
    const menuId = async (url: string) =>
      (
        await t.app.db
          .selectFrom('menus')
          .select('id')
          .where('company_id', '=', old.companyId)
          .where('url', '=', url)
          .executeTakeFirstOrThrow()
      ).id;
    // The tenant as m0002 left it: permission entries directly under System, no page entries.
    const system = await menuId('/system');
    await t.app.db
      .updateTable('menus')
      .set({ parent_id: system })
      .where('company_id', '=', old.companyId)
      .where('permission', 'in', [
        PERMISSIONS.sysRoleView,
        PERMISSIONS.sysRoleEdit,
        PERMISSIONS.sysUserView,
        PERMISSIONS.sysUserEdit,
      ])
      .execute();
    await t.app.db
      .deleteFrom('menus')
      .where('company_id', '=', old.companyId)
      .where('url', 'in', ['/system/account', '/system/role'])
      .execute();
    await t.app.db
      .updateTable('menus')
      .set({ sort: 10 })
      .where('company_id', '=', old.companyId)
      .where('url', '=', '/system/operationLog')
      .execute();

    await t.app.db
      .deleteFrom('menus')
      .where('company_id', '=', old.companyId)
      .where('permission', 'in', [PERMISSIONS.sysMenuView, PERMISSIONS.sysMenuEdit])
      .execute();

    await m0004(t.app.db);
    await m0004(t.app.db); // nothing twice

    const pages = await t.app.db
      .selectFrom('menus')
      .select(['id', 'parent_id', 'type', 'path', 'css'])
      .where('company_id', '=', old.companyId)
      .where('url', 'in', ['/system/account', '/system/role'])
      .orderBy('sort')
      .execute();
    expect(pages).toMatchObject([
      { parent_id: system, type: 0, path: 'system/AccountPage', css: 'people' },
      { parent_id: system, type: 0, path: 'system/RolePage', css: 'shield' },
    ]);
    const [accounts, roles] = pages.map((p) => p.id);
    const parents = await t.app.db
      .selectFrom('menus')
      .select(['permission', 'parent_id'])
      .where('company_id', '=', old.companyId)
      // the entries m0004 moves or adds (later migrations add more sys: entries under their own pages)
      .where('permission', 'in', [
        PERMISSIONS.sysLogView,
        PERMISSIONS.sysMenuEdit,
        PERMISSIONS.sysMenuView,
        PERMISSIONS.sysRoleEdit,
        PERMISSIONS.sysRoleView,
        PERMISSIONS.sysUserEdit,
        PERMISSIONS.sysUserView,
      ])
      .orderBy('permission')
      .execute();
    expect(parents).toEqual([
      { permission: PERMISSIONS.sysLogView, parent_id: await menuId('/system/operationLog') },
      { permission: PERMISSIONS.sysMenuEdit, parent_id: system },
      { permission: PERMISSIONS.sysMenuView, parent_id: system },
      { permission: PERMISSIONS.sysRoleEdit, parent_id: roles },
      { permission: PERMISSIONS.sysRoleView, parent_id: roles },
      { permission: PERMISSIONS.sysUserEdit, parent_id: accounts },
      { permission: PERMISSIONS.sysUserView, parent_id: accounts },
    ]);
    const grants = await t.app.db
      .selectFrom('role_menus')
      .select(['role_id', 'menu_id'])
      .where('company_id', '=', old.companyId)
      .where('menu_id', 'in', [accounts as number, roles as number])
      .orderBy('menu_id')
      .orderBy('role_id')
      .execute();
    expect(grants).toEqual(
      [
        { role_id: old.roleIds.ADMIN, menu_id: accounts },
        { role_id: old.roleIds.ADMIN, menu_id: roles },
        { role_id: viewerRole, menu_id: roles },
      ].sort((a, b) => (a.menu_id as number) - (b.menu_id as number) || a.role_id - b.role_id),
    );

    const menuGrants = await t.app.db
      .selectFrom('role_menus')
      .innerJoin('menus', (j) =>
        j.onRef('menus.company_id', '=', 'role_menus.company_id').onRef('menus.id', '=', 'role_menus.menu_id'),
      )
      .select(['role_menus.role_id', 'menus.permission'])
      .where('role_menus.company_id', '=', old.companyId)
      .where('menus.permission', 'in', [PERMISSIONS.sysMenuView, PERMISSIONS.sysMenuEdit])
      .orderBy('menus.permission')
      .execute();
    expect(menuGrants).toEqual([
      { role_id: old.roleIds.ADMIN, permission: PERMISSIONS.sysMenuEdit },
      { role_id: old.roleIds.ADMIN, permission: PERMISSIONS.sysMenuView },
    ]);

    const token = await signIn(t.app, old.adminUsername, old.password);
    const tree = (await call('GET', '/api-user/menus/current', token, undefined, 'en')).json().datas as MenuEntry[];
    // in this order (pages of later migrations sit between and after them)
    const m0004Pages = ['Accounts', 'Roles', 'Operation log'];
    expect(
      tree
        .find((m) => m.name === 'System')
        ?.subMenus.map((m) => m.name)
        .filter((name) => m0004Pages.includes(name)),
    ).toEqual(m0004Pages);
  });
});
