// Pipelines (pipeNetPipeLine) and wells (pipeNetWell) under /api-workbench: list with filters, one, saveOrUpdate,
// delete, exist and the map layers, with the codes unique, references checked against the tenant, the rules'
// messages in both languages, tenant isolation and permissions.
import { sheetPaths } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { DEVICE_PATHS, type Meter } from '@waterops/shared/device';
import { type MapPipe, type MapWell, NETWORK_PATHS, type Pipeline, type Well } from '@waterops/shared/network';
import { type Area, PLACE_PATHS } from '@waterops/shared/place';
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
import { readXlsx } from '../fixtures/sheets.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let otherAdmin: string;
let otherCompanyId: number;
let viewer: TestUser;
let mapReader: TestUser;
let meters: Meter[];
let districtId: number;
let otherDistrictId: number;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  t.app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });
let n = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;
const count = async (table: 'pipelines' | 'wells') =>
  Number(
    (
      await t.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const newWell = async (fields: Record<string, unknown> = {}, token = admin) => {
  const res = await call('POST', NETWORK_PATHS.wellSave, token, { wellCode: uniq('W'), wellType: 1, ...fields });
  expect(res.json().resp_code, res.body).toBe(0);
  return res.json().datas as Well;
};
const newPipe = async (fields: Record<string, unknown> = {}, token = admin) => {
  const res = await call('POST', NETWORK_PATHS.pipelineSave, token, {
    pipeCode: uniq('P'),
    pipeType: 2,
    status: 1,
    ...fields,
  });
  expect(res.json().resp_code, res.body).toBe(0);
  return res.json().datas as Pipeline;
};
const addDistrict = async (company: number, name: string) =>
  Number(
    (
      await t.app.db
        .insertInto('districts')
        .values({ company_id: company, district_name: name })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  const other = await createSecondTenant(t.app);
  otherCompanyId = other.companyId;
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  viewer = await createUserWithPermissions(t.app, companyId, [
    PERMISSIONS.networkPipelineView,
    PERMISSIONS.networkWellView,
  ]);
  mapReader = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.dmaDistrictView]);
  const areas = (await call('GET', `${PLACE_PATHS.areas}?limit=999`, admin)).json().data as Area[];
  meters = [];
  for (let i = 0; i < 2; i++) {
    const res = await call('POST', DEVICE_PATHS.meterSave, admin, { meterCode: uniq('NM'), areaId: areas[0]?.id });
    meters.push(res.json().datas as Meter);
  }
  districtId = await addDistrict(companyId, uniq('管网分区'));
  otherDistrictId = await addDistrict(otherCompanyId, uniq('别家分区'));
  // two tenants, three users and two meters: on a loaded CI machine this outlasts the default 60 s
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('POST pipeNetWell/saveOrUpdate and delete', () => {
  it('creates a well with its district, updates it, and logs both', async () => {
    const w = await newWell({ wellType: 3, depthM: 2.5, elevationM: 40.2, lng: '116.41', lat: 39.92, districtId });
    expect(w).toMatchObject({ wellType: 3, depthM: 2.5, elevationM: 40.2, lng: 116.41, lat: 39.92, districtId });
    expect(w.districtName).toMatch(/^管网分区/);
    const res = await call('POST', NETWORK_PATHS.wellSave, admin, { ...w, name: '阀门井' });
    expect(res.json().datas).toMatchObject({ id: w.id, name: '阀门井' });
    const log = await t.app.db
      .selectFrom('operation_log')
      .select('operation')
      .where('company_id', '=', companyId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(log.operation).toBe('wellUpdate');
  });

  it.each([
    [{ wellCode: ' ' }, 'wellCode', 'rules.wellCode.required'],
    [{ lat: 91, lng: 116 }, 'lat', 'rules.latitude.format'],
    [{ lng: 116 }, 'lat', 'rules.wellPosition.half'],
  ] as const)('bad input %o → 400 on %s in both languages, nothing written', async (fields, field, key) => {
    const before = await count('wells');
    const body = { wellCode: uniq('B'), wellType: 1, ...fields };
    const res = await call('POST', NETWORK_PATHS.wellSave, admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ resp_msg: zh(key), field });
    expect((await call('POST', NETWORK_PATHS.wellSave, admin, body, 'en')).json().resp_msg).toBe(en(key));
    expect(await count('wells')).toBe(before);
  });

  it("refuses a type out of range and another tenant's district (400 on the field), nothing written", async () => {
    const before = await count('wells');
    expect((await call('POST', NETWORK_PATHS.wellSave, admin, { wellCode: uniq('B'), wellType: 7 })).statusCode).toBe(
      400,
    );
    const res = await call('POST', NETWORK_PATHS.wellSave, admin, {
      wellCode: uniq('B'),
      wellType: 1,
      districtId: otherDistrictId,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('districtId');
    expect(await count('wells')).toBe(before);
  });

  it('refuses a code another well holds, in both languages; exist says so', async () => {
    const w = await newWell();
    const body = { wellCode: w.wellCode, wellType: 1 };
    expect((await call('POST', NETWORK_PATHS.wellSave, admin, body)).json()).toMatchObject({
      resp_code: 1,
      resp_msg: zh('resource.wellCode.exists'),
    });
    expect((await call('POST', NETWORK_PATHS.wellSave, admin, body, 'en')).json().resp_msg).toBe(
      'The well code must be unique',
    );
    const exist = (q: string, token = admin) =>
      call('GET', `${NETWORK_PATHS.wellExist}?field=wellCode&value=${encodeURIComponent(q)}`, token);
    expect((await exist(w.wellCode)).json().datas).toBe(true);
    expect((await exist(uniq('free'))).json().datas).toBe(false);
    // another tenant may use the same code
    expect((await exist(w.wellCode, otherAdmin)).json().datas).toBe(false);
  });

  it('refuses to delete a well a pipeline ends at; deletes it once the pipeline is gone', async () => {
    const w = await newWell();
    const p = await newPipe({ endWellId: w.id });
    expect((await call('POST', NETWORK_PATHS.wellDelete, admin, { id: w.id })).json()).toMatchObject({
      resp_code: 1,
      resp_msg: zh('network.well.inUse', { count: 1 }),
    });
    expect((await call('POST', NETWORK_PATHS.pipelineDelete, admin, { id: p.id })).json().resp_code).toBe(0);
    expect((await call('POST', NETWORK_PATHS.wellDelete, admin, { id: w.id })).json().resp_code).toBe(0);
    expect((await call('GET', NETWORK_PATHS.well(w.id), admin)).json()).toEqual(notFound);
  });

  it("answers 404 for another tenant's well, 403 to a viewer, 401 without a token", async () => {
    const w = await newWell();
    expect((await call('POST', NETWORK_PATHS.wellSave, otherAdmin, w)).json()).toEqual(notFound);
    expect((await call('POST', NETWORK_PATHS.wellDelete, otherAdmin, { id: w.id })).json()).toEqual(notFound);
    expect((await call('GET', NETWORK_PATHS.well(w.id), otherAdmin)).json()).toEqual(notFound);
    expect((await call('POST', NETWORK_PATHS.wellSave, viewer.token, w)).json()).toEqual(forbidden);
    expect((await call('POST', NETWORK_PATHS.wellDelete, viewer.token, { id: w.id })).json()).toEqual(forbidden);
    expect((await call('POST', NETWORK_PATHS.wellSave, undefined, w)).json()).toEqual(unauthorized);
  });
});

describe('GET pipeNetWell/list and map', () => {
  it('filters by code, name, type and district; never shows another tenant', async () => {
    const tag = uniq('WL');
    await newWell({ wellCode: `${tag}A`, wellType: 2, name: '东井' });
    await newWell({ wellCode: `${tag}B`, wellType: 5, districtId });
    const codes = async (q: string, token = viewer.token) =>
      ((await call('GET', `${NETWORK_PATHS.wells}?limit=999&wellCode=${tag}&${q}`, token)).json().data as Well[]).map(
        (w) => w.wellCode,
      );
    expect(await codes('')).toEqual([`${tag}A`, `${tag}B`]);
    expect(await codes('wellType=5')).toEqual([`${tag}B`]);
    expect(await codes(`districtId=${districtId}`)).toEqual([`${tag}B`]);
    expect(await codes(`name=${encodeURIComponent('东')}`)).toEqual([`${tag}A`]);
    expect(await codes('', otherAdmin)).toEqual([]);
    expect((await call('GET', `${NETWORK_PATHS.wells}?wellType=x`, admin)).statusCode).toBe(400);
  });

  it('the map lists placed wells only, to district readers too; not to another tenant', async () => {
    const placed = await newWell({ lng: 116.4, lat: 39.9 });
    const unplaced = await newWell();
    const res = await call('GET', NETWORK_PATHS.wellMap, mapReader.token);
    const ids = (res.json().datas as MapWell[]).map((w) => w.id);
    expect(ids).toContain(placed.id);
    expect(ids).not.toContain(unplaced.id);
    expect((res.json().datas as MapWell[]).find((w) => w.id === placed.id)).toEqual({
      id: placed.id,
      code: placed.wellCode,
      type: 1,
      lng: 116.4,
      lat: 39.9,
    });
    const other = (await call('GET', NETWORK_PATHS.wellMap, otherAdmin)).json().datas as MapWell[];
    expect(other.map((w) => w.id)).not.toContain(placed.id);
    expect((await call('GET', NETWORK_PATHS.wellMap)).json()).toEqual(unauthorized);
    const stranger = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.deviceValveView]);
    expect((await call('GET', NETWORK_PATHS.wellMap, stranger.token)).json()).toEqual(forbidden);
  });
});

describe('POST pipeNetPipeLine/saveOrUpdate', () => {
  it('creates a pipeline between two wells and two meters with its path; the names come back', async () => {
    const [a, b] = [await newWell(), await newWell()];
    const path = [
      [116.4, 39.91],
      [116.401, 39.911],
    ];
    const p = await newPipe({
      name: '主干管',
      pipeType: 1,
      material: 'DI',
      lengthM: 150.5,
      depthM: 1.2,
      diameterMm: 600,
      startMeterId: meters[0]?.id,
      endMeterId: meters[1]?.id,
      startWellId: a.id,
      endWellId: b.id,
      districtId,
      path,
      installDate: '2020-05-01',
    });
    expect(p).toMatchObject({
      name: '主干管',
      pipeType: 1,
      material: 'DI',
      lengthM: 150.5,
      diameterMm: 600,
      startMeterCode: meters[0]?.meterCode,
      endMeterCode: meters[1]?.meterCode,
      startWellCode: a.wellCode,
      endWellCode: b.wellCode,
      path,
      installDate: '2020-05-01',
      status: 1,
    });
    const res = await call('POST', NETWORK_PATHS.pipelineSave, admin, { ...p, status: 0, material: 'PE' });
    expect(res.json().datas).toMatchObject({ id: p.id, status: 0, material: 'PE', startWellId: a.id });
  });

  it.each([
    [{ pipeCode: '' }, 'pipeCode', 'rules.pipeCode.required'],
    [{ startWellId: 5, endWellId: 5 }, 'endWellId', 'rules.pipeWells.same'],
  ] as const)('bad input %o → 400 on %s in both languages, nothing written', async (fields, field, key) => {
    const before = await count('pipelines');
    const body = { pipeCode: uniq('B'), pipeType: 2, status: 1, ...fields };
    const res = await call('POST', NETWORK_PATHS.pipelineSave, admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ resp_msg: zh(key), field });
    expect((await call('POST', NETWORK_PATHS.pipelineSave, admin, body, 'en')).json().resp_msg).toBe(en(key));
    expect(await count('pipelines')).toBe(before);
  });

  it.each([
    ['a path of one point', { path: [[116.4, 39.9]] }],
    [
      'a point off the globe',
      {
        path: [
          [216.4, 39.9],
          [116, 39],
        ],
      },
    ],
    ['a negative length', { lengthM: -1 }],
    ['a negative diameter', { diameterMm: -5 }],
  ])('refuses %s (400), nothing written', async (_name, fields) => {
    const before = await count('pipelines');
    const res = await call('POST', NETWORK_PATHS.pipelineSave, admin, {
      pipeCode: uniq('B'),
      pipeType: 2,
      status: 1,
      ...fields,
    });
    expect(res.statusCode).toBe(400);
    expect(await count('pipelines')).toBe(before);
  });

  it("refuses another tenant's meter, well or district (400 on the field), nothing written", async () => {
    const w = await newWell();
    const before = await count('pipelines');
    for (const [field, value] of [
      ['startMeterId', meters[0]?.id],
      ['endWellId', w.id],
      ['districtId', districtId],
    ] as const) {
      const res = await call('POST', NETWORK_PATHS.pipelineSave, otherAdmin, {
        pipeCode: uniq('X'),
        pipeType: 2,
        status: 1,
        [field]: value,
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect(await count('pipelines')).toBe(before);
  });

  it('refuses a code another pipeline holds ("must be unique"), nothing written', async () => {
    const p = await newPipe();
    const before = await count('pipelines');
    const body = { pipeCode: p.pipeCode, pipeType: 2, status: 1 };
    expect((await call('POST', NETWORK_PATHS.pipelineSave, admin, body)).json()).toMatchObject({
      resp_code: 1,
      resp_msg: zh('resource.pipeCode.exists'),
    });
    expect((await call('POST', NETWORK_PATHS.pipelineSave, admin, body, 'en')).json().resp_msg).toBe(
      'The pipeline code must be unique',
    );
    expect(await count('pipelines')).toBe(before);
    const exist = await call('GET', `${NETWORK_PATHS.pipelineExist}?field=pipeCode&value=${p.pipeCode}`, viewer.token);
    expect(exist.json().datas).toBe(true);
  });

  it('a meter at a pipeline end cannot be deleted (the meter page says it is in use)', async () => {
    const areas = (await call('GET', `${PLACE_PATHS.areas}?limit=999`, admin)).json().data as Area[];
    const res = await call('POST', DEVICE_PATHS.meterSave, admin, { meterCode: uniq('PM'), areaId: areas[0]?.id });
    const m = res.json().datas as Meter;
    await newPipe({ endMeterId: m.id });
    expect((await call('POST', DEVICE_PATHS.meterDelete, admin, { id: m.id })).json()).toMatchObject({
      resp_code: 1,
      resp_msg: zh('resource.meter.inUse', { code: m.meterCode }),
    });
  });

  it("answers 404 for another tenant's pipeline, 403 to a viewer, 401 without a token", async () => {
    const p = await newPipe();
    expect((await call('POST', NETWORK_PATHS.pipelineSave, otherAdmin, p)).json()).toEqual(notFound);
    expect((await call('POST', NETWORK_PATHS.pipelineDelete, otherAdmin, { id: p.id })).json()).toEqual(notFound);
    expect((await call('GET', NETWORK_PATHS.pipeline(p.id), otherAdmin)).json()).toEqual(notFound);
    expect((await call('POST', NETWORK_PATHS.pipelineSave, viewer.token, p)).json()).toEqual(forbidden);
    expect((await call('POST', NETWORK_PATHS.pipelineDelete, viewer.token, { id: p.id })).json()).toEqual(forbidden);
    expect((await call('GET', NETWORK_PATHS.pipelines)).json()).toEqual(unauthorized);
    expect((await call('GET', NETWORK_PATHS.pipeline(p.id), viewer.token)).json().datas.pipeCode).toBe(p.pipeCode);
  });
});

describe('GET pipeNetPipeLine/list and map', () => {
  it('filters by code, name, material, diameter range and district', async () => {
    const tag = uniq('PL');
    await newPipe({ pipeCode: `${tag}A`, material: 'PE', diameterMm: 110, name: '支管' });
    await newPipe({ pipeCode: `${tag}B`, material: 'DI', diameterMm: 300, districtId });
    await newPipe({ pipeCode: `${tag}C`, material: 'DI', diameterMm: 800 });
    const codes = async (q: string, token = viewer.token) =>
      (
        (await call('GET', `${NETWORK_PATHS.pipelines}?limit=999&pipeCode=${tag}&${q}`, token)).json()
          .data as Pipeline[]
      ).map((p) => p.pipeCode);
    expect(await codes('')).toEqual([`${tag}A`, `${tag}B`, `${tag}C`]);
    expect(await codes('material=DI')).toEqual([`${tag}B`, `${tag}C`]);
    expect(await codes('diameterMin=300')).toEqual([`${tag}B`, `${tag}C`]);
    expect(await codes('diameterMin=100&diameterMax=300')).toEqual([`${tag}A`, `${tag}B`]);
    expect(await codes(`districtId=${districtId}`)).toEqual([`${tag}B`]);
    expect(await codes(`name=${encodeURIComponent('支')}`)).toEqual([`${tag}A`]);
    expect(await codes('sort=diameterMm&order=desc')).toEqual([`${tag}C`, `${tag}B`, `${tag}A`]);
    expect(await codes('', otherAdmin)).toEqual([]);
    expect((await call('GET', `${NETWORK_PATHS.pipelines}?sort=remark`, admin)).statusCode).toBe(400);
  });

  it('the map has every drawn pipe, compact (6 decimals), for district readers; not for another tenant', async () => {
    const drawn = await newPipe({
      diameterMm: 200,
      material: 'PE',
      path: [
        [116.123456789, 39.1],
        [116.2, 39.2],
      ],
    });
    const undrawn = await newPipe();
    const res = await call('GET', NETWORK_PATHS.pipelineMap, mapReader.token);
    const pipes = res.json().datas as MapPipe[];
    expect(pipes.find((p) => p.id === drawn.id)).toEqual({
      id: drawn.id,
      code: drawn.pipeCode,
      diameterMm: 200,
      material: 'PE',
      status: 1,
      path: [
        [116.123457, 39.1],
        [116.2, 39.2],
      ],
    });
    expect(pipes.map((p) => p.id)).not.toContain(undrawn.id);
    const other = (await call('GET', NETWORK_PATHS.pipelineMap, otherAdmin)).json().datas as MapPipe[];
    expect(other.map((p) => p.id)).not.toContain(drawn.id);
    expect((await call('GET', NETWORK_PATHS.pipelineMap)).json()).toEqual(unauthorized);
    const stranger = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.deviceValveView]);
    expect((await call('GET', NETWORK_PATHS.pipelineMap, stranger.token)).json()).toEqual(forbidden);
  });
});

describe('the pipelines and wells exports', () => {
  it('exports the filtered pipelines with type, material and status in words, in the reader’s language', async () => {
    const tag = uniq('PX');
    const well = await newWell();
    await newPipe({ pipeCode: `${tag}A`, material: 'PE', diameterMm: 110 });
    await newPipe({
      pipeCode: `${tag}B`,
      name: '主干管',
      pipeType: 1,
      material: 'DI',
      diameterMm: 300,
      lengthM: 120.5,
      startWellId: well.id,
      endMeterId: meters[0]?.id,
      districtId,
      status: 0,
    });
    const url = `${sheetPaths(NETWORK_PATHS.pipelines).export}?pipeCode=${tag}&material=DI`;
    const zhRows = (await readXlsx((await call('GET', url, viewer.token)).rawPayload)).管线 as string[][];
    expect(zhRows[0]?.slice(0, 4)).toEqual(['管线编码', '管线名称', '管线类型', '材质']);
    expect(zhRows).toHaveLength(2);
    const district = (await call('GET', `${NETWORK_PATHS.pipelines}?pipeCode=${tag}B`, admin)).json().data[0]
      .districtName;
    expect(zhRows[1]?.slice(0, 12)).toEqual([
      `${tag}B`,
      '主干管',
      '输水管',
      '球墨铸铁',
      '300',
      '120.5',
      '',
      well.wellCode,
      meters[0]?.meterCode,
      district,
      '停用',
      '',
    ]);
    const enRows = (await readXlsx((await call('GET', url, viewer.token, undefined, 'en')).rawPayload))
      .pipelines as string[][];
    expect(enRows[1]?.slice(2, 4)).toEqual(['Transmission', 'Ductile iron']);
    // another tenant gets the header only; a district reader without the pipeline view gets 403
    const theirs = await readXlsx((await call('GET', url, otherAdmin)).rawPayload);
    expect(theirs.管线).toHaveLength(1);
    expect((await call('GET', url, mapReader.token)).json()).toEqual(forbidden);
  });

  it('exports the filtered wells with their type in words', async () => {
    const w = await newWell({ wellType: 2, name: '阀门井一', depthM: 2.5, lng: 116.4, lat: 39.9, districtId });
    const url = `${sheetPaths(NETWORK_PATHS.wells).export}?wellCode=${w.wellCode}`;
    const rows = (await readXlsx((await call('GET', url, viewer.token)).rawPayload)).管井 as string[][];
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(0, 4)).toEqual([w.wellCode, '阀门井一', '阀门井', '2.5']);
    expect(rows[1]?.slice(6, 8)).toEqual(['116.4', '39.9']);
    expect((await call('GET', url)).json()).toEqual(unauthorized);
  });
});

describe('the demo network', () => {
  it('the demo tenant starts with Net3 at the map centre: 117 pipes between 97 wells, all drawn, DI and PE', async () => {
    const pipes = (await call('GET', `${NETWORK_PATHS.pipelines}?limit=999&pipeCode=N3-`, admin)).json()
      .data as Pipeline[];
    expect(pipes).toHaveLength(117);
    expect(pipes.every((p) => p.path && p.startWellId && p.endWellId)).toBe(true);
    expect(new Set(pipes.map((p) => p.material))).toEqual(new Set(['DI', 'PE']));
    const wells = (await call('GET', `${NETWORK_PATHS.wells}?limit=999&wellCode=N3-`, admin)).json().data as Well[];
    expect(wells).toHaveLength(97);
    const lngs = wells.map((w) => w.lng as number);
    const lats = wells.map((w) => w.lat as number);
    // the bounding box is centred on MAP_CENTER_BD09 (116.404, 39.915)
    expect((Math.min(...lngs) + Math.max(...lngs)) / 2).toBeCloseTo(116.404, 3);
    expect((Math.min(...lats) + Math.max(...lats)) / 2).toBeCloseTo(39.915, 3);
    expect((await call('GET', `${NETWORK_PATHS.pipelines}?pipeCode=N3-`, otherAdmin)).json().count).toBe(0);
  });
});
