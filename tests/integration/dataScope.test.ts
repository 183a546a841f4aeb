// Data scope (issue 3 item 4): an account limited to regions or residential areas sees and changes only their rows,
// enforced in SQL on every scoped list, find, update and delete; data/userRegionArea; accounts with department, type
// and scope; departments.
import { addPlaceMenus } from '@waterops/gateway/src/db/migrations/m0009_places_data_scope.ts';
import { PERMISSIONS } from '@waterops/shared/auth';
import { type Area, PLACE_PATHS, type Region } from '@waterops/shared/place';
import { type Account, DEPARTMENT_PATHS, type Department } from '@waterops/shared/user';
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
import { forbidden, notFound, unauthorized, zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let other: Tenant;
let otherAdmin: string;
let regions: Record<string, Region>;
let areas: Record<string, Area>;

const PLACE_RIGHTS = [
  PERMISSIONS.dataRegionView,
  PERMISSIONS.dataRegionEdit,
  PERMISSIONS.dataAreaView,
  PERMISSIONS.dataAreaEdit,
];

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), ...lang('zh-CN') } });
const setScope = async (userId: number, regionIds: number[], areaIds: number[]) => {
  const res = await call('POST', PLACE_PATHS.userRegionAreaSave, admin, { userId, regionIds, areaIds });
  expect(res.json().resp_code, res.body).toBe(0);
};
const regionNames = async (token: string) =>
  ((await call('GET', `${PLACE_PATHS.regions}?limit=999`, token)).json().data as Region[]).map((r) => r.regionName);
const areaNames = async (token: string, url: string = PLACE_PATHS.areas) =>
  ((await call('GET', `${url}${url.includes('?') ? '&' : '?'}limit=999`, token)).json().data as Area[])
    .map((a) => a.areaName)
    .sort();
let n = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  regions = Object.fromEntries(
    ((await call('GET', PLACE_PATHS.regions, admin)).json().data as Region[]).map((r) => [r.regionName, r]),
  );
  areas = Object.fromEntries(
    ((await call('GET', PLACE_PATHS.areas, admin)).json().data as Area[]).map((a) => [a.areaName, a]),
  );
});
afterAll(async () => {
  await t?.close();
});

const EAST_AREAS = ['东四小区', '和平里小区', '安定门小区', '崇文门小区'].sort();

describe('an account scoped to one region', () => {
  let east: TestUser;
  beforeAll(async () => {
    east = await createUserWithPermissions(t.app, companyId, PLACE_RIGHTS);
    await setScope(east.id, [(regions['东城片区'] as Region).id], []);
  });

  it('lists only that region and its areas (lists and the selector search)', async () => {
    expect(await regionNames(east.token)).toEqual(['东城片区']);
    expect(await areaNames(east.token)).toEqual(EAST_AREAS);
    expect(await areaNames(east.token, `${PLACE_PATHS.areaSearch}?areaName=${encodeURIComponent('小区')}`)).toEqual(
      EAST_AREAS,
    );
    const counted = (await call('GET', PLACE_PATHS.areas, east.token)).json();
    expect(counted.count).toBe(4);
  });

  it('finds an area of its region by id, and answers 404 for one outside it', async () => {
    const inside = areas['东四小区'] as Area;
    const outside = areas['月坛小区'] as Area;
    expect((await call('GET', PLACE_PATHS.area(inside.id), east.token)).json().datas.areaName).toBe('东四小区');
    expect((await call('GET', PLACE_PATHS.area(outside.id), east.token)).json()).toEqual(notFound);
  });

  it('cannot edit or delete rows outside its scope (404), nor create or move one out (400); nothing changes', async () => {
    const outside = areas['月坛小区'] as Area;
    const west = regions['西城片区'] as Region;
    const edit = await call('POST', PLACE_PATHS.areaSave, east.token, {
      id: outside.id,
      areaName: '月坛小区',
      regionId: west.id,
      address: 'changed',
    });
    expect(edit.json()).toEqual(notFound);
    expect((await call('POST', PLACE_PATHS.areaDelete, east.token, { id: outside.id })).json()).toEqual(notFound);
    expect((await call('GET', `${PLACE_PATHS.regionDelete}?id=${west.id}`, east.token)).json()).toEqual(notFound);
    const renameWest = await call('POST', PLACE_PATHS.regionUpdate, east.token, { id: west.id, regionName: 'x' });
    expect(renameWest.json()).toEqual(notFound);

    const before = (await call('GET', PLACE_PATHS.areas, admin)).json().count;
    const create = await call('POST', PLACE_PATHS.areaSave, east.token, { areaName: uniq('越界'), regionId: west.id });
    expect(create.statusCode).toBe(400);
    expect(create.json()).toMatchObject({ resp_msg: zh('resource.scope.outside'), field: 'regionId' });
    const inside = areas['东四小区'] as Area;
    const move = await call('POST', PLACE_PATHS.areaSave, east.token, {
      id: inside.id,
      areaName: inside.areaName,
      regionId: west.id,
    });
    expect(move.statusCode).toBe(400);
    expect((await call('GET', PLACE_PATHS.area(inside.id), admin)).json().datas.regionId).toBe(
      (regions['东城片区'] as Region).id,
    );
    const region = await call('POST', PLACE_PATHS.regionSave, east.token, { regionName: uniq('新片区') });
    expect(region.statusCode).toBe(400);
    expect((await call('GET', PLACE_PATHS.areas, admin)).json().count).toBe(before);
    const mine = (await call('GET', PLACE_PATHS.area(outside.id), admin)).json().datas;
    expect(mine.address).not.toBe('changed');
  });

  it('creates and edits inside its region', async () => {
    const res = await call('POST', PLACE_PATHS.areaSave, east.token, {
      areaName: uniq('东城新小区'),
      regionId: (regions['东城片区'] as Region).id,
    });
    expect(res.json().resp_code, res.body).toBe(0);
    expect((await call('GET', PLACE_PATHS.area(res.json().datas.id), east.token)).json().resp_code).toBe(0);
    expect((await call('POST', PLACE_PATHS.areaDelete, east.token, { id: res.json().datas.id })).json().resp_code).toBe(
      0,
    );
  });
});

describe('an account scoped to one area', () => {
  it('sees only that area, and the region holding it', async () => {
    const one = await createUserWithPermissions(t.app, companyId, PLACE_RIGHTS);
    await setScope(one.id, [], [(areas['望京小区'] as Area).id]);
    expect(await areaNames(one.token)).toEqual(['望京小区']);
    expect(await regionNames(one.token)).toEqual(['朝阳片区']);
    expect((await call('GET', PLACE_PATHS.area((areas['双井小区'] as Area).id), one.token)).json()).toEqual(notFound);
  });

  it('a region and an area together: either one lets a row through', async () => {
    const both = await createUserWithPermissions(t.app, companyId, PLACE_RIGHTS);
    await setScope(both.id, [(regions['西城片区'] as Region).id], [(areas['望京小区'] as Area).id]);
    expect(await areaNames(both.token)).toEqual(['广安门小区', '德胜门小区', '月坛小区', '望京小区'].sort());
  });
});

describe('unrestricted accounts', () => {
  it('an account without scope rows and an administrator (even with rows) see every region', async () => {
    const free = await createUserWithPermissions(t.app, companyId, PLACE_RIGHTS);
    expect(await regionNames(free.token)).toEqual(expect.arrayContaining(['东城片区', '西城片区', '朝阳片区']));
    const boss = await createSignedInUser(t.app, companyId, { codes: ['ADMIN'] });
    await setScope(boss.id, [(regions['东城片区'] as Region).id], []);
    expect(await regionNames(boss.token)).toEqual(expect.arrayContaining(['东城片区', '西城片区', '朝阳片区']));
  });

  it('clearing the scope (data/userRegionArea/delete) makes the account see everything again, at once', async () => {
    const user = await createUserWithPermissions(t.app, companyId, PLACE_RIGHTS);
    await setScope(user.id, [(regions['东城片区'] as Region).id], []);
    expect(await regionNames(user.token)).toEqual(['东城片区']);
    const res = await call('POST', PLACE_PATHS.userRegionAreaDelete, admin, { userId: user.id });
    expect(res.json().datas).toMatchObject({ regionIds: [], areaIds: [] });
    expect((await regionNames(user.token)).length).toBeGreaterThanOrEqual(3);
  });

  it('another tenant never sees the demo tenant’s places', async () => {
    expect(await regionNames(otherAdmin)).not.toContain('东城片区');
    expect((await call('GET', PLACE_PATHS.area((areas['望京小区'] as Area).id), otherAdmin)).json()).toEqual(notFound);
  });
});

describe('data/userRegionArea', () => {
  it('findByUserId shows the scope with names; save and delete are logged', async () => {
    const user = await createUserWithPermissions(t.app, companyId, []);
    await setScope(user.id, [(regions['东城片区'] as Region).id], [(areas['望京小区'] as Area).id]);
    const res = await call('GET', `${PLACE_PATHS.userRegionAreaByUser}?userId=${user.id}`, admin);
    expect(res.json().datas).toMatchObject({
      userId: user.id,
      regions: [{ regionName: '东城片区' }],
      areas: [{ areaName: '望京小区' }],
    });
    const log = await t.app.db
      .selectFrom('operation_log')
      .select('operation')
      .where('company_id', '=', companyId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(log.operation).toBe('userScopeSave');
  });

  it('refuses another tenant’s places (400, nothing written) and users (404)', async () => {
    const user = await createUserWithPermissions(t.app, companyId, []);
    const foreign = (await call('POST', PLACE_PATHS.regionSave, otherAdmin, { regionName: uniq('别家') })).json()
      .datas as Region;
    const bad = await call('POST', PLACE_PATHS.userRegionAreaSave, admin, {
      userId: user.id,
      regionIds: [foreign.id],
      areaIds: [],
    });
    expect(bad.json()).toMatchObject({ resp_code: 400, field: 'regionIds' });
    const badArea = await call('POST', PLACE_PATHS.userRegionAreaSave, admin, {
      userId: user.id,
      regionIds: [],
      areaIds: [999_999],
    });
    expect(badArea.json()).toMatchObject({ resp_code: 400, field: 'areaIds' });
    const rows = await t.app.db.selectFrom('user_region_areas').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toEqual([]);
    const theirs = other.userIds[other.adminUsername] as number;
    expect((await call('GET', `${PLACE_PATHS.userRegionAreaByUser}?userId=${theirs}`, admin)).json()).toEqual(notFound);
    const save = { userId: theirs, regionIds: [], areaIds: [] };
    expect((await call('POST', PLACE_PATHS.userRegionAreaSave, admin, save)).json()).toEqual(notFound);
  });

  it('answers 401 without a token and 403 without sys:user rights', async () => {
    const nobody = await createUserWithPermissions(t.app, companyId, PLACE_RIGHTS);
    const save = { userId: nobody.id, regionIds: [], areaIds: [] };
    expect((await call('GET', `${PLACE_PATHS.userRegionAreaByUser}?userId=1`)).json()).toEqual(unauthorized);
    expect((await call('GET', `${PLACE_PATHS.userRegionAreaByUser}?userId=1`, nobody.token)).json()).toEqual(forbidden);
    expect((await call('POST', PLACE_PATHS.userRegionAreaSave, nobody.token, save)).json()).toEqual(forbidden);
    expect((await call('POST', PLACE_PATHS.userRegionAreaDelete, nobody.token, { userId: 1 })).json()).toEqual(
      forbidden,
    );
    expect((await call('POST', PLACE_PATHS.userRegionAreaDelete, undefined, { userId: 1 })).json()).toEqual(
      unauthorized,
    );
  });

  it('a region or area in an account’s scope cannot be deleted (that would widen the account)', async () => {
    const region = (await call('POST', PLACE_PATHS.regionSave, admin, { regionName: uniq('范围片区') })).json()
      .datas as Region;
    const user = await createUserWithPermissions(t.app, companyId, []);
    await setScope(user.id, [region.id], []);
    const res = await call('GET', `${PLACE_PATHS.regionDelete}?id=${region.id}`, admin);
    expect(res.json()).toMatchObject({ resp_code: 1, resp_msg: zh('resource.place.inScope') });
  });
});

describe('accounts with department, type and scope', () => {
  let operatorRoleId: number;
  let department: Department;
  beforeAll(async () => {
    operatorRoleId = (
      await t.app.db
        .selectFrom('roles')
        .select('id')
        .where('company_id', '=', companyId)
        .where('code', '=', 'OPERATOR')
        .executeTakeFirstOrThrow()
    ).id;
    department = (
      await call('POST', DEPARTMENT_PATHS.departmentSaveOrUpdate, admin, { parentId: 0, name: uniq('抄表班') })
    ).json().datas as Department;
  });
  const account = (extra: object) => ({
    username: uniq('scoped'),
    password: 'init123',
    nickname: '片区账号',
    roleIds: [operatorRoleId],
    ...extra,
  });

  it('saves them, lists them, filters by department and type; an update without scope fields keeps the scope', async () => {
    const body = account({
      departmentId: department.id,
      accountType: 3,
      regionIds: [(regions['西城片区'] as Region).id],
      areaIds: [(areas['望京小区'] as Area).id],
    });
    const res = await call('POST', '/api-user/users/saveOrUpdate', admin, body);
    expect(res.json().datas).toMatchObject({
      departmentId: department.id,
      departmentName: department.name,
      accountType: 3,
      regions: [{ regionName: '西城片区' }],
      areas: [{ areaName: '望京小区' }],
    });
    const listed = (await call('GET', `/api-user/users?departmentId=${department.id}&accountType=3`, admin)).json()
      .data as Account[];
    expect(listed.map((a) => a.username)).toEqual([body.username]);
    expect((await call('GET', `/api-user/users?departmentId=${department.id}&accountType=1`, admin)).json().count).toBe(
      0,
    );
    // an update without scope fields keeps the scope; the defaults of a bare create are operator, no department
    const id = res.json().datas.id as number;
    const kept = await call('POST', '/api-user/users/saveOrUpdate', admin, { id, nickname: '改名', roleIds: [] });
    expect(kept.json().datas).toMatchObject({ accountType: 3, regionIds: [(regions['西城片区'] as Region).id] });
    const bare = await call('POST', '/api-user/users/saveOrUpdate', admin, account({}));
    expect(bare.json().datas).toMatchObject({ accountType: 2, departmentId: null, regionIds: [], areaIds: [] });
  });

  it('refuses another tenant’s region, area or department with 400 naming the field; nothing written', async () => {
    const foreign = (await call('POST', PLACE_PATHS.regionSave, otherAdmin, { regionName: uniq('别家') })).json()
      .datas as Region;
    const theirDept = (
      await call('POST', DEPARTMENT_PATHS.departmentSaveOrUpdate, otherAdmin, { parentId: 0, name: uniq('别部') })
    ).json().datas as Department;
    const users = async () => (await t.app.db.selectFrom('users').select('id').execute()).length;
    const before = await users();
    for (const [extra, field] of [
      [{ regionIds: [foreign.id] }, 'regionIds'],
      [{ areaIds: [987_654] }, 'areaIds'],
      [{ departmentId: theirDept.id }, 'departmentId'],
    ] as const) {
      const res = await call('POST', '/api-user/users/saveOrUpdate', admin, account(extra));
      expect(res.json()).toMatchObject({ resp_code: 400, field });
    }
    expect((await call('POST', '/api-user/users/saveOrUpdate', admin, account({ accountType: 9 }))).statusCode).toBe(
      400,
    );
    expect(await users()).toBe(before);
  });
});

describe('/api-user/departments', () => {
  it('creates, lists with parent names and account counts, renames and deletes; each logged', async () => {
    const top = (
      await call('POST', DEPARTMENT_PATHS.departmentSaveOrUpdate, admin, { parentId: 0, name: uniq('总部') })
    ).json().datas as Department;
    const child = (
      await call('POST', DEPARTMENT_PATHS.departmentSaveOrUpdate, admin, { parentId: top.id, name: '班组', sort: 5 })
    ).json().datas as Department;
    expect(child).toMatchObject({ parentId: top.id, parentName: top.name, sort: 5, userCount: 0 });
    const listed = (await call('GET', `${DEPARTMENT_PATHS.departments}?parentId=${top.id}`, admin)).json();
    expect(listed.data.map((d: Department) => d.name)).toEqual(['班组']);
    const renamed = await call('POST', DEPARTMENT_PATHS.departmentSaveOrUpdate, admin, {
      id: child.id,
      parentId: top.id,
      name: '一班',
    });
    expect(renamed.json().datas.name).toBe('一班');
    expect((await call('DELETE', DEPARTMENT_PATHS.department(child.id), admin)).json().resp_code).toBe(0);
    const ops = await t.app.db
      .selectFrom('operation_log')
      .select('operation')
      .where('company_id', '=', companyId)
      .orderBy('id', 'desc')
      .limit(4)
      .execute();
    expect(ops.map((o) => o.operation)).toEqual([
      'departmentDelete',
      'departmentUpdate',
      'departmentCreate',
      'departmentCreate',
    ]);
  });

  it('keeps names unique among siblings only; exist answers the same', async () => {
    const a = (
      await call('POST', DEPARTMENT_PATHS.departmentSaveOrUpdate, admin, { parentId: 0, name: uniq('甲') })
    ).json().datas as Department;
    const b = (
      await call('POST', DEPARTMENT_PATHS.departmentSaveOrUpdate, admin, { parentId: 0, name: uniq('乙') })
    ).json().datas as Department;
    await call('POST', DEPARTMENT_PATHS.departmentSaveOrUpdate, admin, { parentId: a.id, name: '综合组' });
    const twin = await call('POST', DEPARTMENT_PATHS.departmentSaveOrUpdate, admin, { parentId: a.id, name: '综合组' });
    expect(twin.json()).toMatchObject({ resp_code: 1, resp_msg: zh('resource.departmentName.exists') });
    const cousin = await call('POST', DEPARTMENT_PATHS.departmentSaveOrUpdate, admin, {
      parentId: b.id,
      name: '综合组',
    });
    expect(cousin.json().resp_code).toBe(0);
    const exist = (parentId: number) =>
      `${DEPARTMENT_PATHS.departmentExist}?field=name&value=${encodeURIComponent('综合组')}&parentId=${parentId}`;
    expect((await call('GET', exist(a.id), admin)).json().datas).toBe(true);
    expect((await call('GET', exist(0), admin)).json().datas).toBe(false);
  });

  it('refuses deleting a department with sub-departments or accounts, and a parent below itself', async () => {
    const top = (
      await call('POST', DEPARTMENT_PATHS.departmentSaveOrUpdate, admin, { parentId: 0, name: uniq('丙') })
    ).json().datas as Department;
    const child = (
      await call('POST', DEPARTMENT_PATHS.departmentSaveOrUpdate, admin, { parentId: top.id, name: '丁' })
    ).json().datas as Department;
    expect((await call('DELETE', DEPARTMENT_PATHS.department(top.id), admin)).json()).toMatchObject({
      resp_code: 1,
      resp_msg: zh('resource.department.hasChildren'),
    });
    const loop = await call('POST', DEPARTMENT_PATHS.departmentSaveOrUpdate, admin, {
      id: top.id,
      parentId: child.id,
      name: top.name,
    });
    expect(loop.json()).toMatchObject({ resp_code: 400, field: 'parentId' });
    const user = await createUserWithPermissions(t.app, companyId, []);
    await t.app.db.updateTable('users').set({ department_id: child.id }).where('id', '=', user.id).execute();
    expect((await call('DELETE', DEPARTMENT_PATHS.department(child.id), admin)).json()).toMatchObject({
      resp_code: 1,
      resp_msg: zh('resource.department.hasUsers', { count: 1 }),
    });
  });

  it('400 for an empty name; 404 for another tenant’s department; 401 / 403 without rights', async () => {
    const empty = await call('POST', DEPARTMENT_PATHS.departmentSaveOrUpdate, admin, { parentId: 0, name: ' ' });
    expect(empty.json()).toMatchObject({ resp_code: 400, resp_msg: zh('rules.departmentName.required') });
    const mine = (
      await call('POST', DEPARTMENT_PATHS.departmentSaveOrUpdate, admin, { parentId: 0, name: uniq('戊') })
    ).json().datas as Department;
    expect((await call('DELETE', DEPARTMENT_PATHS.department(mine.id), otherAdmin)).json()).toEqual(notFound);
    const hijack = { id: mine.id, parentId: 0, name: 'x' };
    expect((await call('POST', DEPARTMENT_PATHS.departmentSaveOrUpdate, otherAdmin, hijack)).json()).toEqual(notFound);
    const foreignParent = { parentId: mine.id, name: 'x' };
    expect(
      (await call('POST', DEPARTMENT_PATHS.departmentSaveOrUpdate, otherAdmin, foreignParent)).json(),
    ).toMatchObject({ resp_code: 400, field: 'parentId' });
    expect((await call('GET', DEPARTMENT_PATHS.departments, otherAdmin)).json().data).not.toContainEqual(
      expect.objectContaining({ id: mine.id }),
    );
    const nobody = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.sysUserView]);
    expect((await call('GET', DEPARTMENT_PATHS.departments)).json()).toEqual(unauthorized);
    expect((await call('DELETE', DEPARTMENT_PATHS.department(mine.id), nobody.token)).json()).toEqual(forbidden);
    const none = await createUserWithPermissions(t.app, companyId, []);
    expect((await call('GET', DEPARTMENT_PATHS.departments, none.token)).json()).toEqual(forbidden);
  });
});

describe('migration 0009', () => {
  it('adds the Registry pages (granted to ADMIN) and the department page (granted to sys:user:view holders) to an older tenant, once', async () => {
    const old = await createSecondTenant(t.app);
    const viewerRole = await createRole(t.app, old.companyId, [PERMISSIONS.sysUserView]);
    // the tenant as it was before 0009: no registry, no department page, no place permissions
    await t.app.db
      .deleteFrom('role_menus')
      .where('company_id', '=', old.companyId)
      .where('menu_id', 'in', (eb) =>
        eb
          .selectFrom('menus')
          .select('id')
          .where('company_id', '=', old.companyId)
          .where((w) =>
            w.or([
              w('url', 'like', '/registry%'),
              w('url', '=', '/system/department'),
              w('permission', 'like', 'data:%'),
            ]),
          ),
      )
      .execute();
    await t.app.db
      .deleteFrom('menus')
      .where('company_id', '=', old.companyId)
      .where((w) =>
        w.or([w('url', 'like', '/registry%'), w('url', '=', '/system/department'), w('permission', 'like', 'data:%')]),
      )
      .execute();

    await addPlaceMenus(t.app.db);
    await addPlaceMenus(t.app.db); // nothing twice

    const menus = await t.app.db
      .selectFrom('menus')
      .select(['id', 'url', 'permission', 'parent_id'])
      .where('company_id', '=', old.companyId)
      .execute();
    const byUrl = (url: string) => menus.filter((m) => m.url === url);
    expect(byUrl('/registry')).toHaveLength(1);
    expect(byUrl('/registry/region')).toHaveLength(1);
    expect(byUrl('/system/department')).toHaveLength(1);
    expect(menus.filter((m) => m.permission?.startsWith('data:')).length).toBe(4);
    const grantsOf = async (roleId: number) =>
      (
        await t.app.db
          .selectFrom('role_menus')
          .innerJoin('menus', (j) =>
            j.onRef('menus.company_id', '=', 'role_menus.company_id').onRef('menus.id', '=', 'role_menus.menu_id'),
          )
          .select(['menus.url', 'menus.permission'])
          .where('role_menus.company_id', '=', old.companyId)
          .where('role_menus.role_id', '=', roleId)
          .execute()
      ).map((g) => g.permission ?? g.url);
    const adminGrants = await grantsOf(old.roleIds.ADMIN);
    expect(adminGrants).toEqual(
      expect.arrayContaining(['/registry', '/registry/region', '/registry/area', 'data:region:view', 'data:area:edit']),
    );
    expect(await grantsOf(viewerRole)).toContain('/system/department');
    expect(await grantsOf(old.roleIds.OPERATOR)).not.toContain('/registry');
  });
});
