// Regions (data/region) and residential areas (data/area) under /api-workbench: lists, the selector search, save,
// update, find, exist and delete, with their refusals, tenant isolation and permissions.
import { PERMISSIONS } from '@waterops/shared/auth';
import { type Area, PLACE_PATHS, type Region } from '@waterops/shared/place';
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
import { en, forbidden, notFound, unauthorized, zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let other: Tenant;
let otherAdmin: string;
let viewer: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.dataRegionView, PERMISSIONS.dataAreaView]);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  t.app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });
const count = async (table: 'regions' | 'areas', company = companyId) =>
  Number(
    (
      await t.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', company)
        .executeTakeFirstOrThrow()
    ).n,
  );
const lastLog = async (company = companyId) =>
  t.app.db
    .selectFrom('operation_log')
    .select(['operation', 'detail'])
    .where('company_id', '=', company)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
let n = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;
const newRegion = async (token = admin) => {
  const res = await call('POST', PLACE_PATHS.regionSave, token, { regionName: uniq('测试片区') });
  expect(res.json().resp_code, res.body).toBe(0);
  return res.json().datas as Region;
};
const newArea = async (regionId: number, token = admin) => {
  const res = await call('POST', PLACE_PATHS.areaSave, token, { areaName: uniq('测试小区'), regionId });
  expect(res.json().resp_code, res.body).toBe(0);
  return res.json().datas as Area;
};

describe('GET data/region/list', () => {
  it('lists the demo regions with their area counts; the selector asks for 999 on page 1', async () => {
    const res = await call('GET', `${PLACE_PATHS.regions}?page=1&limit=999`, viewer.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    const east = (body.data as Region[]).find((r) => r.regionName === '东城片区');
    expect(east?.areaCount).toBe(4);
    expect(body.count).toBeGreaterThanOrEqual(3);
  });

  it('filters by contained name', async () => {
    const body = (await call('GET', `${PLACE_PATHS.regions}?regionName=${encodeURIComponent('西城')}`, admin)).json();
    expect((body.data as Region[]).map((r) => r.regionName)).toEqual(['西城片区']);
  });

  it('never lists another tenant’s regions', async () => {
    const body = (await call('GET', PLACE_PATHS.regions, otherAdmin)).json();
    expect(body.count).toBe(0);
  });

  it('answers 401 without a token and 403 without data:region:view or a page that selects regions', async () => {
    expect((await call('GET', PLACE_PATHS.regions)).json()).toEqual(unauthorized);
    const logOnly = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.sysLogView]);
    expect((await call('GET', PLACE_PATHS.regions, logOnly.token)).json()).toEqual(forbidden);
  });

  it('is the lookup of the area page and the account form: their holders list regions, and nothing more', async () => {
    for (const permission of [PERMISSIONS.dataAreaView, PERMISSIONS.sysUserView]) {
      const selecting = await createUserWithPermissions(t.app, companyId, [permission]);
      const body = (await call('GET', `${PLACE_PATHS.regions}?page=1&limit=999`, selecting.token)).json();
      expect(body.count, permission).toBeGreaterThanOrEqual(3);
      expect(
        (await call('GET', `${PLACE_PATHS.regionExist}?field=regionName&value=x`, selecting.token)).json(),
      ).toEqual(forbidden);
      expect((await call('POST', PLACE_PATHS.regionSave, selecting.token, { regionName: 'x' })).json()).toEqual(
        forbidden,
      );
    }
  });
});

describe('POST data/region/save and update', () => {
  it('creates and renames a region, logging both', async () => {
    const region = await newRegion();
    expect(await lastLog()).toMatchObject({ operation: 'regionCreate' });
    const name = uniq('改名片区');
    const res = await call('POST', PLACE_PATHS.regionUpdate, admin, { id: region.id, regionName: ` ${name} ` });
    expect(res.json().datas).toMatchObject({ id: region.id, regionName: name, areaCount: 0 });
    expect(await lastLog()).toMatchObject({ operation: 'regionUpdate' });
  });

  it('refuses a name the tenant already has (spec §5: zone name unique), in the request language', async () => {
    const before = await count('regions');
    const zhRes = await call('POST', PLACE_PATHS.regionSave, admin, { regionName: '东城片区' });
    expect(zhRes.json()).toMatchObject({ resp_code: 1, resp_msg: '片区名称已存在' });
    const enRes = await call('POST', PLACE_PATHS.regionSave, admin, { regionName: '东城片区' }, 'en');
    expect(enRes.json().resp_msg).toBe(en('resource.regionName.exists'));
    expect(await count('regions')).toBe(before);
  });

  it('lets another tenant use the same name', async () => {
    const res = await call('POST', PLACE_PATHS.regionSave, otherAdmin, { regionName: '东城片区' });
    expect(res.json().resp_code).toBe(0);
  });

  it('answers 400 with the rule’s message for an empty name, and for a missing id on update; nothing written', async () => {
    const before = await count('regions');
    const empty = await call('POST', PLACE_PATHS.regionSave, admin, { regionName: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ resp_msg: zh('rules.regionName.required'), field: 'regionName' });
    const noId = await call('POST', PLACE_PATHS.regionUpdate, admin, { regionName: uniq('x') });
    expect(noId.statusCode).toBe(400);
    expect(await count('regions')).toBe(before);
  });

  it('answers 404 for another tenant’s region and 403 / 401 without the right', async () => {
    const region = await newRegion();
    const res = await call('POST', PLACE_PATHS.regionUpdate, otherAdmin, { id: region.id, regionName: 'hijack' });
    expect(res.json()).toEqual(notFound);
    expect((await call('POST', PLACE_PATHS.regionSave, viewer.token, { regionName: uniq('v') })).json()).toEqual(
      forbidden,
    );
    expect((await call('POST', PLACE_PATHS.regionSave, undefined, { regionName: uniq('v') })).json()).toEqual(
      unauthorized,
    );
  });
});

describe('GET data/region/exist', () => {
  it('answers whether another region holds the name', async () => {
    const url = (value: string, id?: number) =>
      `${PLACE_PATHS.regionExist}?field=regionName&value=${encodeURIComponent(value)}${id ? `&id=${id}` : ''}`;
    expect((await call('GET', url('东城片区'), viewer.token)).json().datas).toBe(true);
    expect((await call('GET', url(uniq('无')), viewer.token)).json().datas).toBe(false);
    const east = (await call('GET', `${PLACE_PATHS.regions}?regionName=${encodeURIComponent('东城')}`, admin)).json()
      .data[0] as Region;
    expect((await call('GET', url('东城片区', east.id), viewer.token)).json().datas).toBe(false);
    expect((await call('GET', url('东城片区'))).json()).toEqual(unauthorized);
  });
});

describe('GET data/region/deleteRegion?id', () => {
  it('deletes an empty region and logs it', async () => {
    const region = await newRegion();
    const res = await call('GET', `${PLACE_PATHS.regionDelete}?id=${region.id}`, admin);
    expect(res.json().resp_code).toBe(0);
    expect(await lastLog()).toMatchObject({ operation: 'regionDelete' });
  });

  it('refuses a region that still has areas, saying how many', async () => {
    const region = await newRegion();
    await newArea(region.id);
    const res = await call('GET', `${PLACE_PATHS.regionDelete}?id=${region.id}`, admin);
    expect(res.json()).toMatchObject({ resp_code: 1, resp_msg: zh('resource.region.hasAreas', { count: 1 }) });
  });

  it('answers 404 for another tenant’s region, 400 for a bad id, 403 for a viewer', async () => {
    const region = await newRegion();
    expect((await call('GET', `${PLACE_PATHS.regionDelete}?id=${region.id}`, otherAdmin)).json()).toEqual(notFound);
    expect((await call('GET', `${PLACE_PATHS.regionDelete}?id=abc`, admin)).statusCode).toBe(400);
    expect((await call('GET', `${PLACE_PATHS.regionDelete}?id=${region.id}`, viewer.token)).json()).toEqual(forbidden);
    expect(await count('regions')).toBeGreaterThan(0);
  });
});

describe('data/area', () => {
  it('findList pages the areas with their region names and filters by region and contained name', async () => {
    const regions = (await call('GET', PLACE_PATHS.regions, admin)).json().data as Region[];
    const west = regions.find((r) => r.regionName === '西城片区') as Region;
    const byRegion = (await call('GET', `${PLACE_PATHS.areas}?regionId=${west.id}`, viewer.token)).json();
    expect(byRegion.count).toBe(3);
    expect((byRegion.data as Area[]).every((a) => a.regionName === '西城片区')).toBe(true);
    const byName = (await call('GET', `${PLACE_PATHS.areas}?areaName=${encodeURIComponent('望京')}`, admin)).json();
    expect(byName.data[0]).toMatchObject({ areaName: '望京小区', regionName: '朝阳片区' });
    expect(byName.data[0].lng).toBeCloseTo(116.4806);
  });

  it('findListByAreaName is the selector search: contained name, 50 a page', async () => {
    const res = await call('GET', `${PLACE_PATHS.areaSearch}?areaName=${encodeURIComponent('小区')}`, viewer.token);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data.length).toBeLessThanOrEqual(50);
    expect(body.count).toBeGreaterThanOrEqual(11);
    expect((await call('GET', PLACE_PATHS.areaSearch, otherAdmin)).json().count).toBe(0);
  });

  it('saves (create, then update by id), finds by id, and deletes with POST {id}; each logged', async () => {
    const region = await newRegion();
    const area = await newArea(region.id);
    expect(await lastLog()).toMatchObject({ operation: 'areaCreate' });
    const saved = await call('POST', PLACE_PATHS.areaSave, admin, {
      id: area.id,
      areaName: area.areaName,
      regionId: region.id,
      address: ' 北京路 1 号 ',
      lng: 116.4,
      lat: 39.9,
    });
    expect(saved.json().datas).toMatchObject({ id: area.id, address: '北京路 1 号', lng: 116.4, lat: 39.9 });
    expect(await lastLog()).toMatchObject({ operation: 'areaUpdate' });
    const found = await call('GET', PLACE_PATHS.area(area.id), viewer.token);
    expect(found.json().datas).toMatchObject({ id: area.id, regionName: region.regionName });
    const del = await call('POST', PLACE_PATHS.areaDelete, admin, { id: area.id });
    expect(del.json().resp_code).toBe(0);
    expect(await lastLog()).toMatchObject({ operation: 'areaDelete' });
    expect((await call('GET', PLACE_PATHS.area(area.id), admin)).json()).toEqual(notFound);
  });

  it('refuses a taken name, an empty name, a missing region, another tenant’s region and bad coordinates', async () => {
    const region = await newRegion();
    const before = await count('areas');
    const taken = await call('POST', PLACE_PATHS.areaSave, admin, { areaName: '望京小区', regionId: region.id });
    expect(taken.json()).toMatchObject({ resp_code: 1, resp_msg: '小区名称已存在' });
    const empty = await call('POST', PLACE_PATHS.areaSave, admin, { areaName: ' ', regionId: region.id });
    expect(empty.json()).toMatchObject({ resp_code: 400, resp_msg: zh('rules.areaName.required'), field: 'areaName' });
    const noRegion = await call('POST', PLACE_PATHS.areaSave, admin, { areaName: uniq('a') });
    expect(noRegion.statusCode).toBe(400);
    const foreign = (await call('POST', PLACE_PATHS.regionSave, otherAdmin, { regionName: uniq('别家') })).json()
      .datas as Region;
    const foreignRegion = await call('POST', PLACE_PATHS.areaSave, admin, {
      areaName: uniq('a'),
      regionId: foreign.id,
    });
    expect(foreignRegion.json()).toMatchObject({ resp_code: 400, field: 'regionId' });
    const lng = await call('POST', PLACE_PATHS.areaSave, admin, { areaName: uniq('a'), regionId: region.id, lng: 200 });
    expect(lng.json()).toMatchObject({ resp_code: 400, resp_msg: zh('rules.longitude.format'), field: 'lng' });
    expect(await count('areas')).toBe(before);
  });

  it('answers 404 for another tenant’s area on find, save and delete; nothing changed', async () => {
    const region = await newRegion();
    const area = await newArea(region.id);
    expect((await call('GET', PLACE_PATHS.area(area.id), otherAdmin)).json()).toEqual(notFound);
    const hijack = await call('POST', PLACE_PATHS.areaSave, otherAdmin, { id: area.id, areaName: 'x', regionId: 1 });
    expect(hijack.statusCode).toBe(404);
    expect((await call('POST', PLACE_PATHS.areaDelete, otherAdmin, { id: area.id })).json()).toEqual(notFound);
    expect((await call('GET', PLACE_PATHS.area(area.id), admin)).json().datas.areaName).toBe(area.areaName);
  });

  it('exist answers whether another area holds the name', async () => {
    const url = `${PLACE_PATHS.areaExist}?field=areaName&value=${encodeURIComponent('望京小区')}`;
    expect((await call('GET', url, viewer.token)).json().datas).toBe(true);
    expect((await call('GET', url, otherAdmin)).json().datas).toBe(false);
  });

  it('answers 401 without a token and 403 without the permission on every area route', async () => {
    const regionOnly = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.dataRegionView]);
    const accountViewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.sysUserView]);
    // the account form's area selector: an account administrator lists and searches areas, nothing more
    for (const url of [PLACE_PATHS.areas, PLACE_PATHS.areaSearch])
      expect((await call('GET', url, accountViewer.token)).json().count, url).toBeGreaterThanOrEqual(11);
    expect((await call('GET', PLACE_PATHS.area(1), accountViewer.token)).json()).toEqual(forbidden);
    for (const url of [
      PLACE_PATHS.areas,
      PLACE_PATHS.areaSearch,
      PLACE_PATHS.area(1),
      `${PLACE_PATHS.areaExist}?field=areaName&value=x`,
    ]) {
      expect((await call('GET', url)).json()).toEqual(unauthorized);
      expect((await call('GET', url, regionOnly.token)).json()).toEqual(forbidden);
    }
    expect((await call('POST', PLACE_PATHS.areaSave, viewer.token, { areaName: 'x', regionId: 1 })).json()).toEqual(
      forbidden,
    );
    expect((await call('POST', PLACE_PATHS.areaDelete, viewer.token, { id: 1 })).json()).toEqual(forbidden);
    expect((await call('POST', PLACE_PATHS.areaDelete, undefined, { id: 1 })).json()).toEqual(unauthorized);
  });
});

describe('menus', () => {
  it('the administrator’s menus hold the Registry with the region and area pages', async () => {
    const body = (await call('GET', '/api-user/menus/current', admin)).json();
    const registry = (body.datas as { url: string; subMenus: { url: string }[] }[]).find((m) => m.url === '/registry');
    expect(registry?.subMenus.map((m) => m.url).slice(0, 2)).toEqual(['/registry/region', '/registry/area']);
  });
});
