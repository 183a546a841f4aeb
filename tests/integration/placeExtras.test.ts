// The rest of spec §7 data/area and data/region: findAreaNameList, findAreaIdAndNameList, findAreaByRegionIds,
// location, batchEdit, repairManual, water/list, addRegion, deleteArea, findUserById — with data scope, tenant
// isolation, permissions, bad input in zh and en, and the log.
import { PERMISSIONS } from '@waterops/shared/auth';
import { type Area, type AreaIdName, type AreaWaterRow, PLACE_PATHS, type Region } from '@waterops/shared/place';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSecondTenant,
  createUserWithPermissions,
  demoCompanyId,
  lang,
  signIn,
  type TestUser,
} from '../fixtures/factories.ts';
import { en, forbidden, notFound, unauthorized, zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let otherAdmin: string;
let regions: Record<string, Region>;
let areas: Record<string, Area>;
let east: TestUser; // scoped to 东城片区

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  t.app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });
const q = (path: string, params: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`;
const lastLog = () =>
  t.app.db
    .selectFrom('operation_log')
    .select(['operation', 'detail'])
    .where('company_id', '=', companyId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
const areaRow = (id: number) =>
  t.app.db.selectFrom('areas').select(['region_id', 'lng', 'lat']).where('id', '=', id).executeTakeFirstOrThrow();
let n = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;
const newRegion = async () => {
  const res = await call('POST', PLACE_PATHS.regionSave, admin, { regionName: uniq('额外片区') });
  return res.json().datas as Region;
};
const newArea = async (regionId: number) => {
  const res = await call('POST', PLACE_PATHS.areaSave, admin, { areaName: uniq('额外小区'), regionId });
  expect(res.json().resp_code, res.body).toBe(0);
  return res.json().datas as Area;
};

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  const other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  regions = Object.fromEntries(
    ((await call('GET', `${PLACE_PATHS.regions}?limit=999`, admin)).json().data as Region[]).map((r) => [
      r.regionName,
      r,
    ]),
  );
  areas = Object.fromEntries(
    ((await call('GET', `${PLACE_PATHS.areas}?limit=999`, admin)).json().data as Area[]).map((a) => [a.areaName, a]),
  );
  east = await createUserWithPermissions(t.app, companyId, [
    PERMISSIONS.dataAreaView,
    PERMISSIONS.dataAreaEdit,
    PERMISSIONS.dataRegionView,
    PERMISSIONS.dataRegionEdit,
  ]);
  const scope = await call('POST', PLACE_PATHS.userRegionAreaSave, admin, {
    userId: east.id,
    regionIds: [(regions['东城片区'] as Region).id],
    areaIds: [],
  });
  expect(scope.json().resp_code, scope.body).toBe(0);
});
afterAll(async () => {
  await t?.close();
});

const EAST_AREAS = ['东四小区', '和平里小区', '安定门小区', '崇文门小区'];

describe('name lists', () => {
  it('findAreaNameList and findAreaIdAndNameList list the areas in scope by name; a contained name narrows', async () => {
    const names = (await call('GET', PLACE_PATHS.areaNameList, east.token)).json().datas as string[];
    expect([...names].sort()).toEqual([...EAST_AREAS].sort());
    const all = (await call('GET', PLACE_PATHS.areaIdAndNameList, admin)).json().datas as AreaIdName[];
    expect(all.length).toBeGreaterThanOrEqual(11);
    const wangjing = areas['望京小区'] as Area;
    const narrowed = (await call('GET', q(PLACE_PATHS.areaIdAndNameList, { areaName: '望京' }), admin)).json().datas;
    expect(narrowed).toEqual([{ id: wangjing.id, areaName: '望京小区', regionId: wangjing.regionId }]);
    expect((await call('GET', PLACE_PATHS.areaNameList, otherAdmin)).json().datas).toEqual([]);
    expect((await call('GET', PLACE_PATHS.areaNameList)).json()).toEqual(unauthorized);
    const logOnly = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.sysLogView]);
    expect((await call('GET', PLACE_PATHS.areaIdAndNameList, logOnly.token)).json()).toEqual(forbidden);
    // the meter page's area selector reads it too
    const meterViewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.deviceMeterView]);
    expect((await call('GET', PLACE_PATHS.areaNameList, meterViewer.token)).json().resp_code).toBe(0);
  });

  it('findAreaByRegionIds takes comma-joined ids (spaces too) and stays inside the scope', async () => {
    const eastId = (regions['东城片区'] as Region).id;
    const westId = (regions['西城片区'] as Region).id;
    const both = (
      await call('GET', q(PLACE_PATHS.areasByRegionIds, { regionIds: `${eastId},${westId}` }), admin)
    ).json();
    expect((both.datas as AreaIdName[]).length).toBe(7);
    const spaced = (await call('GET', q(PLACE_PATHS.areasByRegionIds, { regionIds: ` ${westId} ` }), admin)).json();
    expect((spaced.datas as AreaIdName[]).every((a) => a.regionId === westId)).toBe(true);
    const scoped = (
      await call('GET', q(PLACE_PATHS.areasByRegionIds, { regionIds: `${eastId},${westId}` }), east.token)
    ).json();
    expect((scoped.datas as AreaIdName[]).map((a) => a.areaName).sort()).toEqual([...EAST_AREAS].sort());
    // without regionIds: every area in scope
    const unfiltered = (await call('GET', PLACE_PATHS.areasByRegionIds, east.token)).json().datas as AreaIdName[];
    expect(unfiltered.map((a) => a.areaName).sort()).toEqual([...EAST_AREAS].sort());
    for (const bad of ['', 'a,b', `${eastId},${eastId}`, '1;2'])
      expect((await call('GET', q(PLACE_PATHS.areasByRegionIds, { regionIds: bad }), admin)).json(), bad).toMatchObject(
        {
          resp_code: 400,
          field: 'regionIds',
        },
      );
    expect(
      (await call('GET', q(PLACE_PATHS.areasByRegionIds, { regionIds: `${eastId}` }), otherAdmin)).json().datas,
    ).toEqual([]);
  });
});

describe('POST data/area/location', () => {
  it('places an area and logs it; refuses bad or missing coordinates in zh and en; nothing written', async () => {
    const area = await newArea((regions['西城片区'] as Region).id);
    const ok = await call('POST', PLACE_PATHS.areaLocation, admin, { id: area.id, lng: 116.35, lat: '39.91' });
    expect(ok.json().resp_code, ok.body).toBe(0);
    expect(await areaRow(area.id)).toMatchObject({ lng: 116.35, lat: 39.91 });
    expect(await lastLog()).toMatchObject({ operation: 'areaLocate' });
    const lng = await call('POST', PLACE_PATHS.areaLocation, admin, { id: area.id, lng: 181, lat: 39 });
    expect(lng.json()).toMatchObject({ resp_code: 400, resp_msg: zh('rules.longitude.format'), field: 'lng' });
    const lat = await call('POST', PLACE_PATHS.areaLocation, admin, { id: area.id, lng: 116, lat: 'north' }, 'en');
    expect(lat.json()).toMatchObject({ resp_code: 400, resp_msg: en('rules.latitude.format'), field: 'lat' });
    const missing = await call('POST', PLACE_PATHS.areaLocation, admin, { id: area.id, lng: '', lat: 39 });
    expect(missing.json()).toMatchObject({ resp_code: 400, field: 'lng' });
    expect(await areaRow(area.id)).toMatchObject({ lng: 116.35, lat: 39.91 });
  });

  it('an area saved with a cleared position keeps null, not 0,0 (request coercion)', async () => {
    const area = await newArea((regions['西城片区'] as Region).id);
    await call('POST', PLACE_PATHS.areaLocation, admin, { id: area.id, lng: 116.35, lat: 39.91 });
    const res = await call('POST', PLACE_PATHS.areaSave, admin, {
      id: area.id,
      areaName: area.areaName,
      regionId: area.regionId,
      lng: null,
      lat: null,
    });
    expect(res.json().datas, res.body).toMatchObject({ lng: null, lat: null });
    expect(await areaRow(area.id)).toMatchObject({ lng: null, lat: null });
  });

  it('answers 404 for another tenant’s area or one outside the scope, 403 to a viewer', async () => {
    const area = await newArea((regions['西城片区'] as Region).id);
    const body = { id: area.id, lng: 1, lat: 1 };
    expect((await call('POST', PLACE_PATHS.areaLocation, otherAdmin, body)).json()).toEqual(notFound);
    expect((await call('POST', PLACE_PATHS.areaLocation, east.token, body)).json()).toEqual(notFound);
    const viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.dataAreaView]);
    expect((await call('POST', PLACE_PATHS.areaLocation, viewer.token, body)).json()).toEqual(forbidden);
    expect((await areaRow(area.id)).lng).toBeNull();
  });
});

describe('GET data/area/batchEdit', () => {
  it('moves the areas (ids joined by commas or spaces) to the region, logged', async () => {
    const from = await newRegion();
    const to = await newRegion();
    const a = await newArea(from.id);
    const b = await newArea(from.id);
    const res = await call('GET', q(PLACE_PATHS.areaBatchEdit, { ids: `${a.id}, ${b.id}`, regionId: to.id }), admin);
    expect(res.json().resp_code, res.body).toBe(0);
    expect((await areaRow(a.id)).region_id).toBe(to.id);
    expect((await areaRow(b.id)).region_id).toBe(to.id);
    expect(await lastLog()).toMatchObject({ operation: 'areaBatchEdit' });
  });

  it('refuses the whole batch for an unknown or foreign id, a foreign region, bad ids, or a move out of scope', async () => {
    const from = await newRegion();
    const a = await newArea(from.id);
    const foreignRegion = (await call('POST', PLACE_PATHS.regionSave, otherAdmin, { regionName: uniq('别家') })).json()
      .datas as Region;
    const cases: [Record<string, string | number>, string, string][] = [
      [{ ids: `${a.id} 999999`, regionId: (regions['西城片区'] as Region).id }, admin, 'ids'],
      [{ ids: `${a.id}`, regionId: foreignRegion.id }, admin, 'regionId'],
      [{ ids: 'x', regionId: from.id }, admin, 'ids'],
      [{ ids: `${a.id} ${a.id}`, regionId: from.id }, admin, 'ids'],
    ];
    for (const [params, token, field] of cases)
      expect(
        (await call('GET', q(PLACE_PATHS.areaBatchEdit, params), token)).json(),
        JSON.stringify(params),
      ).toMatchObject({
        resp_code: 400,
        field,
      });
    expect((await areaRow(a.id)).region_id).toBe(from.id);
    // the east-scoped account cannot move its own area to the west
    const dongsi = areas['东四小区'] as Area;
    const out = await call(
      'GET',
      q(PLACE_PATHS.areaBatchEdit, { ids: `${dongsi.id}`, regionId: (regions['西城片区'] as Region).id }),
      east.token,
    );
    expect(out.json()).toMatchObject({ resp_code: 400, resp_msg: zh('resource.scope.outside') });
    expect((await areaRow(dongsi.id)).region_id).toBe((regions['东城片区'] as Region).id);
    expect((await call('GET', q(PLACE_PATHS.areaBatchEdit, { ids: `${a.id}`, regionId: from.id }))).json()).toEqual(
      unauthorized,
    );
  });
});

describe('GET data/area/repairManual and water/list', () => {
  it('repairManual clears impossible positions inside the scope and says how many it checked', async () => {
    const area = await newArea((regions['西城片区'] as Region).id);
    await t.app.db.updateTable('areas').set({ lng: 116.3, lat: null }).where('id', '=', area.id).execute();
    const scoped = (await call('GET', PLACE_PATHS.areaRepair, east.token)).json().datas;
    expect(scoped).toEqual({ checked: 4, repaired: 0 });
    expect((await areaRow(area.id)).lng).toBe(116.3);
    const res = (await call('GET', PLACE_PATHS.areaRepair, admin)).json().datas;
    expect(res.repaired).toBe(1);
    expect(await areaRow(area.id)).toMatchObject({ lng: null, lat: null });
    expect((await areaRow((areas['望京小区'] as Area).id)).lng).not.toBeNull();
  });

  it('water/list pages the areas with their meter and resident counts', async () => {
    const area = await newArea((regions['朝阳片区'] as Region).id);
    await t.app.db
      .insertInto('water_meters')
      .values([
        { company_id: companyId, meter_code: uniq('W'), area_id: area.id },
        { company_id: companyId, meter_code: uniq('W'), area_id: area.id },
      ])
      .execute();
    await t.app.db
      .insertInto('residents')
      .values({ company_id: companyId, resident_code: uniq('R'), resident_name: '赵六', area_id: area.id })
      .execute();
    const body = (await call('GET', q(PLACE_PATHS.areaWater, { areaName: area.areaName }), admin)).json();
    expect(body).toMatchObject({ code: 0, count: 1 });
    expect(body.data[0] as AreaWaterRow).toEqual({
      areaId: area.id,
      areaName: area.areaName,
      regionId: (regions['朝阳片区'] as Region).id,
      regionName: '朝阳片区',
      meterCount: 2,
      residentCount: 1,
    });
    const scoped = (await call('GET', q(PLACE_PATHS.areaWater, { limit: 999 }), east.token)).json();
    expect(scoped.count).toBe(4);
    expect((await call('GET', PLACE_PATHS.areaWater, otherAdmin)).json().count).toBe(0);
    expect((await call('GET', q(PLACE_PATHS.areaWater, { limit: 5000 }), admin)).statusCode).toBe(400);
  });
});

describe('data/region: addRegion, deleteArea, findUserById', () => {
  it('addRegion creates from the query, logged; refuses a taken or empty name; a scoped account cannot add', async () => {
    const name = uniq('GET片区');
    const res = await call('GET', q(PLACE_PATHS.regionAdd, { regionName: ` ${name} ` }), admin);
    expect(res.json().datas).toMatchObject({ regionName: name, areaCount: 0 });
    expect(await lastLog()).toMatchObject({ operation: 'regionCreate' });
    const taken = await call('GET', q(PLACE_PATHS.regionAdd, { regionName: name }), admin, undefined, 'en');
    expect(taken.json()).toMatchObject({ resp_code: 1, resp_msg: en('resource.regionName.exists') });
    const empty = await call('GET', q(PLACE_PATHS.regionAdd, { regionName: ' ' }), admin);
    expect(empty.json()).toMatchObject({ resp_code: 400, resp_msg: '片区名称不能为空' });
    const scoped = await call('GET', q(PLACE_PATHS.regionAdd, { regionName: uniq('越权') }), east.token);
    expect(scoped.json()).toMatchObject({ resp_code: 400, resp_msg: zh('resource.scope.outside') });
    const viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.dataRegionView]);
    expect((await call('GET', q(PLACE_PATHS.regionAdd, { regionName: uniq('v') }), viewer.token)).json()).toEqual(
      forbidden,
    );
  });

  it('deleteArea deletes an area with the area delete’s rules: logged, 404 for another tenant', async () => {
    const area = await newArea((regions['西城片区'] as Region).id);
    expect((await call('GET', q(PLACE_PATHS.regionDeleteArea, { id: area.id }), otherAdmin)).json()).toEqual(notFound);
    expect((await call('GET', q(PLACE_PATHS.regionDeleteArea, { id: area.id }), east.token)).json()).toEqual(notFound);
    expect((await call('GET', q(PLACE_PATHS.regionDeleteArea, { id: area.id }), admin)).json().resp_code).toBe(0);
    expect(await lastLog()).toMatchObject({ operation: 'areaDelete' });
    expect((await call('GET', PLACE_PATHS.area(area.id), admin)).json()).toEqual(notFound);
  });

  it('findUserById shows an account’s scope with names; 404 for another tenant’s account', async () => {
    const res = (await call('GET', q(PLACE_PATHS.regionFindUserById, { userId: east.id }), admin)).json();
    expect(res.datas).toMatchObject({ userId: east.id, regions: [{ regionName: '东城片区' }], areaIds: [] });
    expect((await call('GET', q(PLACE_PATHS.regionFindUserById, { userId: east.id }), otherAdmin)).json()).toEqual(
      notFound,
    );
    expect((await call('GET', q(PLACE_PATHS.regionFindUserById, { userId: east.id }), east.token)).json()).toEqual(
      forbidden,
    );
  });
});
