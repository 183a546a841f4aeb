// Districts (dma/district, dmadistrictposition) under /api-workbench: save, update, findList, {id}, delete/{id} and
// checkDistrictName, sub-zones without cycles, meters by role and member areas, outlines, the rules' messages in both
// languages, tenant isolation, permissions and data scope.
import { PERMISSIONS } from '@waterops/shared/auth';
import { DEVICE_PATHS, type Meter } from '@waterops/shared/device';
import { type District, type DistrictPosition, DMA_PATHS } from '@waterops/shared/dma';
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
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let otherAdmin: string;
let otherMeter: Meter;
let viewer: TestUser;
let areas: Record<string, Area>;
let meters: Meter[];

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  t.app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });
let n = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;
const count = async (table: 'districts' | 'district_meters' | 'district_areas') =>
  Number(
    (
      await t.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const counts = async () => [await count('districts'), await count('district_meters'), await count('district_areas')];
const square: [number, number][] = [
  [116.41, 39.93],
  [116.42, 39.93],
  [116.42, 39.94],
  [116.41, 39.94],
];
const newDistrict = async (fields: Record<string, unknown> = {}, token = admin) => {
  const res = await call('POST', DMA_PATHS.districtSave, token, { districtName: uniq('分区'), ...fields });
  expect(res.json().resp_code, res.body).toBe(0);
  return res.json().datas as District;
};
const newMeter = async (token: string, areaId?: number) => {
  const res = await call('POST', DEVICE_PATHS.meterSave, token, {
    meterCode: uniq('DM'),
    areaId,
    lng: 116.4,
    lat: 39.9,
  });
  expect(res.json().resp_code, res.body).toBe(0);
  return res.json().datas as Meter;
};

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  const other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.dmaDistrictView]);
  areas = Object.fromEntries(
    ((await call('GET', `${PLACE_PATHS.areas}?limit=999`, admin)).json().data as Area[]).map((a) => [a.areaName, a]),
  );
  meters = [];
  for (let i = 0; i < 5; i++) meters.push(await newMeter(admin, areas.东四小区?.id));
  const row = await t.app.db
    .insertInto('water_meters')
    .values({ company_id: other.companyId, meter_code: uniq('OM'), lng: 116.4, lat: 39.9 })
    .returning('id')
    .executeTakeFirstOrThrow();
  otherMeter = { id: Number(row.id) } as Meter;
});
afterAll(async () => {
  await t?.close();
});

const m = (i: number) => (meters[i] as Meter).id;

describe('POST dma/district/save and update', () => {
  it('creates a district with its meters by role, member areas and a closed outline; logs it', async () => {
    const households = Number(
      (
        await t.app.db
          .selectFrom('water_meters')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('company_id', '=', companyId)
          .where('area_id', '=', areas.东四小区?.id as number)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const d = await newDistrict({
      kind: 1,
      polygon: square,
      mainsLengthKm: 12.5,
      connections: 800,
      meanPressureM: 28,
      inletMeterIds: [m(0)],
      outletMeterIds: [m(1)],
      memberMeterIds: [m(2)],
      areaIds: [areas.东四小区?.id],
      remark: ' 东城 ',
    });
    expect(d).toMatchObject({
      kind: 1,
      parentId: null,
      mainsLengthKm: 12.5,
      connections: 800,
      meanPressureM: 28,
      privatePipeKm: null,
      remark: '东城',
      areas: [{ areaId: areas.东四小区?.id, areaName: '东四小区' }],
      subZoneCount: 0,
    });
    expect(d.polygon).toEqual([...square, square[0]]);
    expect(d.meters.map((x) => [x.meterId, x.role])).toEqual([
      [m(0), 1],
      [m(1), 2],
      [m(2), 4],
    ]);
    expect(d.meters[0]?.meterCode).toBe(meters[0]?.meterCode);
    // the area's meters minus the inlet and the outlet that stand in it; the member meter is one of them, once
    expect(d.memberMeterCount).toBe(households - 2);
    const log = await t.app.db
      .selectFrom('operation_log')
      .select(['operation', 'detail'])
      .where('company_id', '=', companyId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ operation: 'districtCreate', detail: expect.stringContaining(d.districtName) });
  });

  it('update replaces the roles and areas it is given and keeps the fields it leaves out', async () => {
    const d = await newDistrict({ connections: 10, inletMeterIds: [m(0)], outletMeterIds: [m(1)], polygon: square });
    const res = await call('POST', DMA_PATHS.districtUpdate, admin, {
      id: d.id,
      districtName: `${d.districtName}改`,
      inletMeterIds: [m(3), m(4)],
      areaIds: [areas.和平里小区?.id],
    });
    expect(res.json().resp_code, res.body).toBe(0);
    const saved = res.json().datas as District;
    expect(saved).toMatchObject({ id: d.id, districtName: `${d.districtName}改`, connections: 10 });
    expect(saved.polygon).toHaveLength(5);
    expect(saved.meters.map((x) => [x.meterId, x.role]).sort()).toEqual(
      [
        [m(1), 2],
        [m(3), 1],
        [m(4), 1],
      ].sort(),
    );
    expect(saved.areas.map((a) => a.areaName)).toEqual(['和平里小区']);
    const cleared = await call('POST', DMA_PATHS.districtUpdate, admin, {
      id: d.id,
      districtName: saved.districtName,
      connections: null,
      outletMeterIds: [],
    });
    expect(cleared.json().datas).toMatchObject({ connections: null });
    expect((cleared.json().datas as District).meters.every((x) => x.role === 1)).toBe(true);
  });

  it('refuses a name another district holds (trimmed), in both languages, nothing written', async () => {
    const d = await newDistrict();
    const before = await counts();
    const body = { districtName: ` ${d.districtName} `, inletMeterIds: [m(0)], areaIds: [areas.东四小区?.id] };
    const res = await call('POST', DMA_PATHS.districtSave, admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ resp_msg: '分区名称已存在', field: 'districtName' });
    expect((await call('POST', DMA_PATHS.districtSave, admin, body, 'en')).json().resp_msg).toBe(
      en('rules.districtName.unique'),
    );
    expect(await counts()).toEqual(before);
    const other = await newDistrict();
    const rename = await call('POST', DMA_PATHS.districtUpdate, admin, { id: other.id, districtName: d.districtName });
    expect(rename.statusCode).toBe(400);
    // its own name is not "taken" on update
    const same = await call('POST', DMA_PATHS.districtUpdate, admin, { id: d.id, districtName: d.districtName });
    expect(same.json().resp_code).toBe(0);
  });

  it.each([
    [{ districtName: '' }, 'districtName', 'rules.districtName.required'],
    [{ districtName: '   ' }, 'districtName', 'rules.districtName.required'],
    [{ inletMeterIds: [1], outletMeterIds: [1] }, 'outletMeterIds', 'rules.districtMeter.oneRole'],
    [
      {
        polygon: [
          [116.4, 39.9],
          [116.41, 39.9],
          [116.4, 39.9],
        ],
      },
      'polygon',
      'rules.districtPolygon.tooFew',
    ],
  ] as const)('bad input %o → 400 on %s with its message in zh and en, nothing written', async (fields, field, key) => {
    const before = await counts();
    const body = { districtName: uniq('坏'), areaIds: [areas.东四小区?.id], ...fields };
    const res = await call('POST', DMA_PATHS.districtSave, admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ resp_msg: zh(key), field });
    expect((await call('POST', DMA_PATHS.districtSave, admin, body, 'en')).json().resp_msg).toBe(en(key));
    expect(await counts()).toEqual(before);
  });

  it("refuses another tenant's meter, area or parent, and a schema violation (400 naming the field)", async () => {
    const theirs = await newDistrict({}, otherAdmin);
    const before = await counts();
    const tries: [Record<string, unknown>, string][] = [
      [{ inletMeterIds: [m(0), otherMeter.id] }, 'inletMeterIds'],
      [{ memberMeterIds: [otherMeter.id] }, 'memberMeterIds'],
      [{ areaIds: [areas.东四小区?.id, 999999] }, 'areaIds'],
      [{ parentId: theirs.id }, 'parentId'],
      [{ kind: 3 }, 'kind'],
      [
        {
          polygon: [
            [200, 39.9],
            [116.4, 39.9],
            [116.4, 40],
          ],
        },
        'polygon',
      ],
    ];
    for (const [fields, field] of tries) {
      const res = await call('POST', DMA_PATHS.districtSave, admin, { districtName: uniq('外'), ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect(await counts()).toEqual(before);
  });

  it("answers 404 when updating another tenant's district, 403 to a viewer, 401 without a token", async () => {
    const d = await newDistrict();
    const body = { id: d.id, districtName: `${d.districtName}x` };
    expect((await call('POST', DMA_PATHS.districtUpdate, otherAdmin, body)).json()).toEqual(notFound);
    expect((await call('POST', DMA_PATHS.districtUpdate, viewer.token, body)).json()).toEqual(forbidden);
    expect((await call('POST', DMA_PATHS.districtSave, viewer.token, { districtName: 'x' })).json()).toEqual(forbidden);
    expect((await call('POST', DMA_PATHS.districtUpdate, undefined, body)).json()).toEqual(unauthorized);
    expect((await call('GET', DMA_PATHS.district(d.id), admin)).json().datas.districtName).toBe(d.districtName);
    // update without an id
    expect((await call('POST', DMA_PATHS.districtUpdate, admin, { districtName: 'x' })).statusCode).toBe(400);
  });
});

describe('sub-zones', () => {
  it('lists top-level districts with parentId=0 and the sub-zones of one; counts them', async () => {
    const parent = await newDistrict({ kind: 1 });
    const child = await newDistrict({ parentId: parent.id, kind: 2 });
    const list = async (q: string) =>
      ((await call('GET', `${DMA_PATHS.districts}?limit=999&${q}`, viewer.token)).json().data as District[]).map(
        (d) => d.id,
      );
    expect(await list('parentId=0')).toContain(parent.id);
    expect(await list('parentId=0')).not.toContain(child.id);
    expect(await list(`parentId=${parent.id}`)).toEqual([child.id]);
    expect(await list(`parentId=${parent.id}&kind=1`)).toEqual([]);
    expect(await list(`districtName=${encodeURIComponent(child.districtName)}`)).toEqual([child.id]);
    const found = (await call('GET', DMA_PATHS.district(parent.id), viewer.token)).json().datas as District;
    expect(found.subZoneCount).toBe(1);
    expect((await call('GET', DMA_PATHS.district(child.id), viewer.token)).json().datas).toMatchObject({
      parentId: parent.id,
      parentName: parent.districtName,
      kind: 2,
    });
  });

  it('refuses a district as its own parent or below one of its sub-zones', async () => {
    const a = await newDistrict();
    const b = await newDistrict({ parentId: a.id });
    const c = await newDistrict({ parentId: b.id });
    const self = await call('POST', DMA_PATHS.districtUpdate, admin, {
      id: a.id,
      districtName: a.districtName,
      parentId: a.id,
    });
    expect(self.json()).toMatchObject({ resp_msg: zh('rules.districtParent.self'), field: 'parentId' });
    const cycle = await call(
      'POST',
      DMA_PATHS.districtUpdate,
      admin,
      { id: a.id, districtName: a.districtName, parentId: c.id },
      'en',
    );
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json()).toMatchObject({ resp_msg: en('rules.districtParent.cycle'), field: 'parentId' });
    expect((await call('GET', DMA_PATHS.district(a.id), admin)).json().datas.parentId).toBeNull();
  });
});

describe('POST dma/district/delete/{id}', () => {
  it('is refused while sub-zones hang on it, then deletes with its meters, areas and nightlines', async () => {
    const parent = await newDistrict({ inletMeterIds: [m(0)], areaIds: [areas.东四小区?.id] });
    const child = await newDistrict({ parentId: parent.id });
    const refused = await call('POST', DMA_PATHS.districtDelete(parent.id), admin);
    expect(refused.json()).toMatchObject({
      resp_code: 1,
      resp_msg: zh('dma.district.hasSubZones', { name: parent.districtName, count: 1 }),
    });
    expect((await call('POST', DMA_PATHS.districtDelete(parent.id), admin, undefined, 'en')).json().resp_msg).toBe(
      en('dma.district.hasSubZones', { name: parent.districtName, count: 1 }),
    );
    expect((await call('POST', DMA_PATHS.districtDelete(child.id), otherAdmin)).json()).toEqual(notFound);
    expect((await call('POST', DMA_PATHS.districtDelete(child.id), viewer.token)).json()).toEqual(forbidden);
    expect((await call('POST', DMA_PATHS.districtDelete(child.id), undefined)).json()).toEqual(unauthorized);
    expect((await call('POST', DMA_PATHS.districtDelete(child.id), admin)).json().resp_code).toBe(0);
    await t.app.db
      .insertInto('district_nightlines')
      .values({ company_id: companyId, district_id: parent.id, day: '2026-11-01', points: 96, expected: 96 })
      .execute();
    expect((await call('POST', DMA_PATHS.districtDelete(parent.id), admin)).json().resp_code).toBe(0);
    expect((await call('GET', DMA_PATHS.district(parent.id), admin)).json()).toEqual(notFound);
    const left = await t.app.db
      .selectFrom('district_meters')
      .select('meter_id')
      .where('company_id', '=', companyId)
      .where('district_id', '=', parent.id)
      .execute();
    expect(left).toEqual([]);
    const nightlines = await t.app.db
      .selectFrom('district_nightlines')
      .select('day')
      .where('company_id', '=', companyId)
      .where('district_id', '=', parent.id)
      .execute();
    expect(nightlines).toEqual([]);
    expect((await call('POST', DMA_PATHS.districtDelete(parent.id), admin)).json()).toEqual(notFound);
  });
});

describe('GET dma/district/findList, {id} and checkDistrictName', () => {
  it("never shows another tenant's districts; {id} of another tenant is 404", async () => {
    const mine = await newDistrict();
    const theirs = await newDistrict({}, otherAdmin);
    const ids = ((await call('GET', `${DMA_PATHS.districts}?limit=999`, otherAdmin)).json().data as District[]).map(
      (d) => d.id,
    );
    expect(ids).toContain(theirs.id);
    expect(ids).not.toContain(mine.id);
    expect((await call('GET', DMA_PATHS.district(mine.id), otherAdmin)).json()).toEqual(notFound);
    expect((await call('GET', DMA_PATHS.districts, undefined)).json()).toEqual(unauthorized);
    const paged = (await call('GET', `${DMA_PATHS.districts}?limit=1&page=1`, admin)).json();
    expect(paged.data).toHaveLength(1);
    expect(paged.count).toBeGreaterThan(1);
    expect((await call('GET', `${DMA_PATHS.districts}?limit=0`, admin)).statusCode).toBe(400);
  });

  it('says whether a name is taken (trimmed, by another district than id), per tenant', async () => {
    const d = await newDistrict();
    const check = async (q: string, token = viewer.token) =>
      (await call('GET', `${DMA_PATHS.districtNameCheck}?${q}`, token)).json().datas;
    const name = encodeURIComponent(d.districtName);
    expect(await check(`districtName=${name}`)).toBe(true);
    expect(await check(`districtName=%20${name}%20`)).toBe(true);
    expect(await check(`districtName=${name}&id=${d.id}`)).toBe(false);
    expect(await check(`districtName=${encodeURIComponent(uniq('新'))}`)).toBe(false);
    expect(await check(`districtName=${name}`, otherAdmin)).toBe(false);
    expect((await call('GET', DMA_PATHS.districtNameCheck, admin)).statusCode).toBe(400);
  });
});

describe('data scope', () => {
  it('an account limited to one area sees, analyses and changes only the districts with a member area there', async () => {
    const inside = await newDistrict({ areaIds: [areas.东四小区?.id, areas.和平里小区?.id] });
    const outside = await newDistrict({ areaIds: [areas.和平里小区?.id] });
    const none = await newDistrict();
    const user = await createUserWithPermissions(t.app, companyId, [
      PERMISSIONS.dmaDistrictView,
      PERMISSIONS.dmaDistrictEdit,
      PERMISSIONS.dmaAnalysisView,
    ]);
    const scope = await call('POST', PLACE_PATHS.userRegionAreaSave, admin, {
      userId: user.id,
      regionIds: [],
      areaIds: [areas.东四小区?.id],
    });
    expect(scope.json().resp_code).toBe(0);
    const token = await signIn(t.app, user.username, user.password);
    const ids = ((await call('GET', `${DMA_PATHS.districts}?limit=999`, token)).json().data as District[]).map(
      (d) => d.id,
    );
    expect(ids).toContain(inside.id);
    expect(ids).not.toContain(outside.id);
    expect(ids).not.toContain(none.id);
    expect((await call('GET', DMA_PATHS.district(outside.id), token)).json()).toEqual(notFound);
    expect((await call('POST', DMA_PATHS.districtDelete(outside.id), token)).json()).toEqual(notFound);
    const positions = (await call('GET', DMA_PATHS.districtPosition, token)).json().datas as DistrictPosition[];
    expect(positions.map((p) => p.id)).not.toContain(outside.id);
    // the analysis routes narrow by the same rule: the balance list, a district's balance and its night flow
    const month = '2026-10';
    const zones = (await call('GET', `${DMA_PATHS.zoneMetering}?month=${month}`, token)).json().datas as {
      districtId: number;
    }[];
    expect(zones.map((z) => z.districtId)).toContain(inside.id);
    expect(zones.map((z) => z.districtId)).not.toContain(outside.id);
    const stats = (id: number) => call('GET', `${DMA_PATHS.waterStatistics}?districtId=${id}&month=${month}`, token);
    expect((await stats(inside.id)).json().resp_code).toBe(0);
    expect((await stats(outside.id)).json()).toEqual(notFound);
    const night = (id: number) =>
      call('GET', `${DMA_PATHS.nightFlow}?districtId=${id}&from=2026-10-01&to=2026-10-31`, token);
    expect((await night(inside.id)).json().resp_code).toBe(0);
    expect((await night(outside.id)).json()).toEqual(notFound);
    // creating a district outside the scope is refused and rolled back
    const before = await counts();
    const res = await call('POST', DMA_PATHS.districtSave, token, {
      districtName: uniq('外'),
      areaIds: [areas.和平里小区?.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('areaIds');
    expect(await counts()).toEqual(before);
  });
});

describe('dmadistrictposition', () => {
  it('sets an outline (closing the ring), lists it, and clears it with null; logs it', async () => {
    const d = await newDistrict();
    const res = await call('POST', DMA_PATHS.districtPosition, admin, { id: d.id, polygon: square });
    expect(res.json().resp_code, res.body).toBe(0);
    expect(res.json().datas.polygon).toEqual([...square, square[0]]);
    const all = (await call('GET', DMA_PATHS.districtPosition, viewer.token)).json().datas as DistrictPosition[];
    expect(all.find((p) => p.id === d.id)?.polygon).toEqual([...square, square[0]]);
    const closed = [...square, square[0]];
    expect(
      (await call('POST', DMA_PATHS.districtPosition, admin, { id: d.id, polygon: closed })).json().datas.polygon,
    ).toEqual(closed);
    const cleared = await call('POST', DMA_PATHS.districtPosition, admin, { id: d.id, polygon: null });
    expect(cleared.json().datas.polygon).toBeNull();
    const log = await t.app.db
      .selectFrom('operation_log')
      .select('operation')
      .where('company_id', '=', companyId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(log.operation).toBe('districtOutline');
  });

  it('refuses a degenerate outline (zh, en), another tenant (404), a viewer (403), no token (401)', async () => {
    const d = await newDistrict({ polygon: square });
    const bad = { id: d.id, polygon: [square[0], square[1], square[1], square[0]] };
    const res = await call('POST', DMA_PATHS.districtPosition, admin, bad);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ resp_msg: zh('rules.districtPolygon.tooFew'), field: 'polygon' });
    expect((await call('POST', DMA_PATHS.districtPosition, admin, bad, 'en')).json().resp_msg).toBe(
      en('rules.districtPolygon.tooFew'),
    );
    expect((await call('POST', DMA_PATHS.districtPosition, admin, { id: d.id, polygon: [square[0]] })).statusCode).toBe(
      400,
    );
    expect((await call('GET', DMA_PATHS.district(d.id), admin)).json().datas.polygon).toHaveLength(5);
    const body = { id: d.id, polygon: square };
    expect((await call('POST', DMA_PATHS.districtPosition, otherAdmin, body)).json()).toEqual(notFound);
    expect((await call('POST', DMA_PATHS.districtPosition, viewer.token, body)).json()).toEqual(forbidden);
    expect((await call('POST', DMA_PATHS.districtPosition, undefined, body)).json()).toEqual(unauthorized);
    expect((await call('GET', DMA_PATHS.districtPosition, undefined)).json()).toEqual(unauthorized);
    const theirs = (await call('GET', DMA_PATHS.districtPosition, otherAdmin)).json().datas as DistrictPosition[];
    expect(theirs.map((p) => p.id)).not.toContain(d.id);
  });
});
