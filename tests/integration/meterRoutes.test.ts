// Water meters (device/watermeter) under /api-workbench: list with its filters, save, udpateWatermeter, {id}, exist,
// delete (refused while bound), waterMeterCode, meterCodes, batchUntie and the binding history — with the spec §5
// messages in both languages, tenant isolation, permissions and the data scope.
import { PERMISSIONS } from '@waterops/shared/auth';
import { type Binding, CUSTOMER_PATHS } from '@waterops/shared/customer';
import { DEVICE_PATHS, type Meter } from '@waterops/shared/device';
import { type Area, PLACE_PATHS } from '@waterops/shared/place';
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
let areas: Record<string, Area>;
/** a concentrator with a collector under it, and a second concentrator */
let conc: number;
let conc2: number;
let coll: number;
let manufacturer: number;
let model: number;
/** a residential area of the second tenant */
let theirArea: number;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  t.app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });
let n = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;
const meterCount = async (company = companyId) =>
  Number(
    (
      await t.app.db
        .selectFrom('water_meters')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', company)
        .executeTakeFirstOrThrow()
    ).n,
  );
const lastLog = async () =>
  t.app.db
    .selectFrom('operation_log')
    .select(['operation', 'detail', 'result'])
    .where('company_id', '=', companyId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
const insertId = async (table: 'concentrators' | 'collectors' | 'manufacturers' | 'meter_models', values: object) =>
  Number(
    (
      await t.app.db
        .insertInto(table)
        .values({ company_id: companyId, ...values } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
const newMeter = async (fields: Record<string, unknown> = {}, token = admin) => {
  const res = await call('POST', DEVICE_PATHS.meterSave, token, {
    meterCode: uniq('M'),
    areaId: areas.东四小区?.id,
    ...fields,
  });
  expect(res.json().resp_code, res.body).toBe(0);
  return res.json().datas as Meter;
};
const list = async (query: string, token = admin) => {
  const res = await call('GET', `${DEVICE_PATHS.meters}?limit=999&${query}`, token);
  expect(res.json().code, res.body).toBe(0);
  return res.json() as { count: number; data: Meter[] };
};
const bind = async (meterId: number) => {
  const resident = await t.app.db
    .insertInto('residents')
    .values({ company_id: companyId, resident_code: uniq('R'), resident_name: '张三', area_id: areas.东四小区?.id })
    .returning(['id', 'resident_code'])
    .executeTakeFirstOrThrow();
  await t.app.db
    .insertInto('resident_meters')
    .values({ company_id: companyId, resident_id: resident.id, meter_id: meterId })
    .execute();
  return { id: Number(resident.id), code: resident.resident_code };
};

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.deviceMeterView]);
  areas = Object.fromEntries(
    ((await call('GET', `${PLACE_PATHS.areas}?limit=999`, admin)).json().data as Area[]).map((a) => [a.areaName, a]),
  );
  conc = await insertId('concentrators', { concentrator_code: uniq('C') });
  conc2 = await insertId('concentrators', { concentrator_code: uniq('C') });
  coll = await insertId('collectors', { collector_code: uniq('K'), concentrator_id: conc });
  manufacturer = await insertId('manufacturers', { name: uniq('厂家'), code: uniq('F') });
  model = await insertId('meter_models', { type_name: uniq('表型'), manufacturer_id: manufacturer });
  const region = await call('POST', PLACE_PATHS.regionSave, otherAdmin, { regionName: uniq('片区') });
  const area = await call('POST', PLACE_PATHS.areaSave, otherAdmin, {
    areaName: uniq('小区'),
    regionId: region.json().datas.id,
  });
  theirArea = area.json().datas.id;
});
afterAll(async () => {
  await t?.close();
});

describe('POST device/watermeter/save', () => {
  it('creates a meter with every field and answers it with the names it points at; the log says so', async () => {
    const code = uniq('SB');
    const res = await call('POST', DEVICE_PATHS.meterSave, admin, {
      meterCode: ` ${code} `,
      remoteCode: 'R-001',
      collectorId: coll,
      concentratorId: conc,
      manufacturerId: manufacturer,
      meterModelId: model,
      caliber: 20,
      valveControl: true,
      steelSeal: 'GY-1',
      leadSealNo: 'QF-9',
      maxReading: '99999',
      baseReading: '12.5',
      precision: 3,
      areaId: areas.东四小区?.id,
      address: '1号楼1单元101',
      installDate: '2024-05-01',
      operationYears: '8',
      lng: 116.41,
      lat: '39.91',
    });
    expect(res.json().resp_code, res.body).toBe(0);
    const m = res.json().datas as Meter;
    expect(m).toMatchObject({
      meterCode: code,
      remoteCode: 'R-001',
      collectorId: coll,
      concentratorId: conc,
      manufacturerId: manufacturer,
      meterModelId: model,
      caliber: 20,
      valveControl: true,
      maxReading: 99999,
      baseReading: 12.5,
      precision: 3,
      areaName: '东四小区',
      installDate: '2024-05-01',
      operationYears: 8,
      lng: 116.41,
      lat: 39.91,
      online: false,
      residentId: null,
    });
    expect(m.collectorCode).toMatch(/^K/);
    expect(m.concentratorCode).toMatch(/^C/);
    expect(await lastLog()).toMatchObject({ operation: 'meterCreate', detail: `meter #${m.id} ${code}` });
  });

  it('refuses a body code another meter holds, in both languages ("body code must be unique"), nothing written', async () => {
    const m = await newMeter();
    const before = await meterCount();
    const res = await call('POST', DEVICE_PATHS.meterSave, admin, { meterCode: m.meterCode, areaId: m.areaId });
    expect(res.json()).toMatchObject({ resp_code: 1, resp_msg: zh('resource.meterCode.exists') });
    expect(zh('resource.meterCode.exists')).toBe('表身号不能重复');
    const resEn = await call('POST', DEVICE_PATHS.meterSave, admin, { meterCode: m.meterCode, areaId: m.areaId }, 'en');
    expect(resEn.json().resp_msg).toBe('The body code must be unique');
    expect(await meterCount()).toBe(before);
  });

  it.each([
    [{ meterCode: ' ' }, 'meterCode', 'rules.meterCode.required'],
    [{ areaId: null }, 'areaId', 'rules.meterArea.required'],
    [{ baseReading: 'abc' }, 'baseReading', 'rules.baseReading.number'],
    // a number below 0 is a number: the spec's "not less than 0" answers it, not "base must be a number"
    [{ baseReading: '-5' }, 'baseReading', 'rules.baseReading.negative'],
    [{ baseReading: -5 }, 'baseReading', 'rules.baseReading.negative'],
    [{ maxReading: 100, baseReading: 100.5 }, 'baseReading', 'rules.baseReading.aboveMax'],
    [{ operationYears: 21 }, 'operationYears', 'rules.operationYears.range'],
    [{ operationYears: '2.5' }, 'operationYears', 'rules.operationYears.range'],
    [{ lng: 181 }, 'lng', 'rules.longitude.format'],
    [{ installDate: '2024-02-30' }, 'installDate', 'rules.installDate.format'],
  ] as const)('bad input %o → 400 on %s with the rule message, nothing written', async (fields, field, key) => {
    const before = await meterCount();
    const body = { meterCode: uniq('B'), areaId: areas.东四小区?.id, ...fields };
    const res = await call('POST', DEVICE_PATHS.meterSave, admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ resp_msg: zh(key), field });
    const resEn = await call('POST', DEVICE_PATHS.meterSave, admin, body, 'en');
    expect(resEn.json().resp_msg).toBe(en(key));
    expect(await meterCount()).toBe(before);
  });

  it('takes null for every optional field as "not given" (the form sends emptied fields as null)', async () => {
    const res = await call('POST', DEVICE_PATHS.meterSave, admin, {
      meterCode: uniq('N'),
      areaId: areas.东四小区?.id,
      baseReading: '12.5',
      maxReading: null,
      operationYears: null,
      caliber: null,
      precision: null,
      lng: null,
      lat: null,
      collectorId: null,
      parentMeterId: null,
    });
    expect(res.json().resp_code, res.body).toBe(0);
    expect(res.json().datas).toMatchObject({ baseReading: 12.5, maxReading: null, operationYears: null, lng: null });
  });

  it('"base must be a number" and "operation years 0 to 20" read as the spec says', () => {
    expect(en('rules.baseReading.number')).toBe('The base must be a number');
    expect(zh('rules.baseReading.negative')).toBe('底数不能小于0');
    expect(zh('rules.operationYears.range')).toBe('运行年限应为0到20的整数');
  });

  it("refuses a collector that is not under the chosen concentrator; takes the collector's own when none is chosen", async () => {
    const bad = await call('POST', DEVICE_PATHS.meterSave, admin, {
      meterCode: uniq('X'),
      areaId: areas.东四小区?.id,
      collectorId: coll,
      concentratorId: conc2,
    });
    expect(bad.json()).toMatchObject({ resp_code: 1, resp_msg: zh('resource.meter.collectorConcentrator') });
    await newMeter({ collectorId: coll, concentratorId: conc });
    // given the collector only, the meter reports through the collector's concentrator
    expect(await newMeter({ collectorId: coll })).toMatchObject({ collectorId: coll, concentratorId: conc });
  });

  it("refuses another tenant's area, collector or model as 400 on the field", async () => {
    const res = await call('POST', DEVICE_PATHS.meterSave, admin, { meterCode: uniq('X'), areaId: theirArea });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('areaId');
    const res2 = await call('POST', DEVICE_PATHS.meterSave, admin, {
      meterCode: uniq('X'),
      areaId: areas.东四小区?.id,
      meterModelId: 999999,
    });
    expect(res2.json().field).toBe('meterModelId');
  });

  it('answers 401 without a token and 403 to a viewer', async () => {
    const body = { meterCode: uniq('X'), areaId: areas.东四小区?.id };
    expect((await call('POST', DEVICE_PATHS.meterSave, undefined, body)).json()).toEqual(unauthorized);
    expect((await call('POST', DEVICE_PATHS.meterSave, viewer.token, body)).json()).toEqual(forbidden);
  });
});

describe('POST device/watermeter/udpateWatermeter', () => {
  it('updates a meter; keeping its own code is no clash', async () => {
    const m = await newMeter();
    const res = await call('POST', DEVICE_PATHS.meterUpdate, admin, {
      id: m.id,
      meterCode: m.meterCode,
      areaId: areas.和平里小区?.id,
      address: '新地址',
    });
    expect(res.json().resp_code, res.body).toBe(0);
    expect(res.json().datas).toMatchObject({ areaName: '和平里小区', address: '新地址' });
    expect(await lastLog()).toMatchObject({ operation: 'meterUpdate' });
  });

  it('refuses a parent supervision meter that is the meter itself or one of its sub-meters', async () => {
    const top = await newMeter();
    const mid = await newMeter({ parentMeterId: top.id });
    const low = await newMeter({ parentMeterId: mid.id });
    expect(low.parentMeterCode).toBe(mid.meterCode);
    const self = await call('POST', DEVICE_PATHS.meterUpdate, admin, { ...top, parentMeterId: top.id });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ resp_msg: zh('rules.parentMeter.self'), field: 'parentMeterId' });
    const cycle = await call('POST', DEVICE_PATHS.meterUpdate, admin, {
      id: top.id,
      meterCode: top.meterCode,
      areaId: top.areaId,
      parentMeterId: low.id,
    });
    expect(cycle.json()).toMatchObject({ resp_code: 1, resp_msg: zh('resource.meter.parentCycle') });
  });

  it("answers 404 for another tenant's meter and changes nothing", async () => {
    const m = await newMeter();
    const res = await call('POST', DEVICE_PATHS.meterUpdate, otherAdmin, { id: m.id, meterCode: 'HACK', areaId: 1 });
    expect(res.json()).toEqual(notFound);
    expect((await call('GET', DEVICE_PATHS.meter(m.id), admin)).json().datas.meterCode).toBe(m.meterCode);
  });
});

describe('GET device/watermeter/list', () => {
  it('filters by code prefix and contains, area, region, collector, concentrator, model, online and bound', async () => {
    const tag = uniq('LST');
    const a = await newMeter({ meterCode: `${tag}-A`, collectorId: coll, concentratorId: conc, meterModelId: model });
    const b = await newMeter({ meterCode: `${tag}-B`, areaId: areas.和平里小区?.id });
    const c = await newMeter({ meterCode: `X${tag}-C`, concentratorId: conc2 });
    await t.app.db.updateTable('water_meters').set({ online: true }).where('id', '=', b.id).execute();
    await bind(c.id);
    const codes = async (q: string) => (await list(q)).data.map((m) => m.meterCode).filter((x) => x.includes(tag));
    expect(await codes(`meterCodePrefix=${tag}`)).toEqual([`${tag}-A`, `${tag}-B`]);
    expect(await codes(`meterCode=${tag.toLowerCase()}`)).toEqual([`${tag}-A`, `${tag}-B`, `X${tag}-C`]);
    expect(await codes(`meterCode=${tag}&areaId=${areas.和平里小区?.id}`)).toEqual([`${tag}-B`]);
    expect(await codes(`meterCode=${tag}&collectorId=${coll}`)).toEqual([`${tag}-A`]);
    expect(await codes(`meterCode=${tag}&concentratorId=${conc2}`)).toEqual([`X${tag}-C`]);
    expect(await codes(`meterCode=${tag}&meterModelId=${model}`)).toEqual([`${tag}-A`]);
    expect(await codes(`meterCode=${tag}&online=true`)).toEqual([`${tag}-B`]);
    expect(await codes(`meterCode=${tag}&bound=true`)).toEqual([`X${tag}-C`]);
    expect(await codes(`meterCode=${tag}&bound=false`)).toEqual([`${tag}-A`, `${tag}-B`]);
    const east = areas.东四小区?.regionId;
    expect(await codes(`meterCode=${tag}&regionId=${east}`)).toEqual(
      [a, b, c].filter((m) => areas[m.areaName ?? '']?.regionId === east).map((m) => m.meterCode),
    );
    expect(await codes(`meterCode=${tag}&sort=meterCode&order=desc`)).toEqual([`X${tag}-C`, `${tag}-B`, `${tag}-A`]);
    // a wildcard typed in a prefix matches itself
    expect((await list('meterCodePrefix=%')).count).toBe(0);
  });

  it("never shows another tenant's meters; a viewer may read; none without a token", async () => {
    const m = await newMeter();
    expect((await list(`meterCode=${m.meterCode}`, otherAdmin)).count).toBe(0);
    expect((await list(`meterCode=${m.meterCode}`, viewer.token)).count).toBe(1);
    expect((await call('GET', DEVICE_PATHS.meters)).json()).toEqual(unauthorized);
  });

  it('is a lookup for the resident page: a resident viewer reads it, a user with no rights gets 403', async () => {
    const residentViewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.dataResidentView]);
    expect((await call('GET', DEVICE_PATHS.meters, residentViewer.token)).json().code).toBe(0);
    const nobody = await createUserWithPermissions(t.app, companyId, []);
    expect((await call('GET', DEVICE_PATHS.meters, nobody.token)).json()).toEqual(forbidden);
  });
});

describe('GET device/watermeter/{id} and bindings', () => {
  it('answers one meter with its current resident, and its binding history newest first', async () => {
    const m = await newMeter();
    const r = await bind(m.id);
    const res = await call('GET', DEVICE_PATHS.meter(m.id), viewer.token);
    expect(res.json().datas).toMatchObject({ id: m.id, residentId: r.id, residentCode: r.code, residentName: '张三' });
    // the history is the binding service's (data/residentMeter/history), readable with the meter permission
    const history = await call('GET', `${CUSTOMER_PATHS.history}?meterId=${m.id}`, viewer.token);
    const rows = history.json().datas as Binding[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ residentCode: r.code, unboundAt: null });
  });

  it("answers 404 for another tenant's meter, 403 without the right", async () => {
    const m = await newMeter();
    expect((await call('GET', DEVICE_PATHS.meter(m.id), otherAdmin)).json()).toEqual(notFound);
    expect((await call('GET', `${CUSTOMER_PATHS.history}?meterId=${m.id}`, otherAdmin)).json()).toMatchObject({
      resp_code: 404,
    });
    const nobody = await createUserWithPermissions(t.app, companyId, []);
    expect((await call('GET', DEVICE_PATHS.meter(m.id), nobody.token)).json()).toEqual(forbidden);
  });
});

describe('GET device/watermeter/exist', () => {
  it('says whether another meter of the tenant holds the body code', async () => {
    const m = await newMeter();
    const q = (value: string, token = admin, id?: number) =>
      call('GET', `${DEVICE_PATHS.meterExist}?field=meterCode&value=${value}${id ? `&id=${id}` : ''}`, token);
    expect((await q(m.meterCode)).json().datas).toBe(true);
    expect((await q(m.meterCode, admin, m.id)).json().datas).toBe(false);
    expect((await q(uniq('free'))).json().datas).toBe(false);
    expect((await q(m.meterCode, otherAdmin)).json().datas).toBe(false);
  });
});

describe('POST device/watermeter/delete', () => {
  it('deletes a free meter and logs it', async () => {
    const m = await newMeter();
    const res = await call('POST', DEVICE_PATHS.meterDelete, admin, { id: m.id });
    expect(res.json().resp_code, res.body).toBe(0);
    expect((await call('GET', DEVICE_PATHS.meter(m.id), admin)).json()).toEqual(notFound);
    expect(await lastLog()).toMatchObject({ operation: 'meterDelete', detail: `meter #${m.id} ${m.meterCode}` });
  });

  it('refuses a meter bound to a resident, naming it, in both languages; nothing deleted', async () => {
    const m = await newMeter();
    await bind(m.id);
    const res = await call('POST', DEVICE_PATHS.meterDelete, admin, { id: m.id });
    expect(res.json()).toMatchObject({ resp_code: 1, resp_msg: zh('resource.meter.bound', { code: m.meterCode }) });
    const resEn = await call('POST', DEVICE_PATHS.meterDelete, admin, { id: m.id }, 'en');
    expect(resEn.json().resp_msg).toBe(`Meter ${m.meterCode} is bound to a resident; unbind it first`);
    expect((await call('GET', DEVICE_PATHS.meter(m.id), admin)).json().resp_code).toBe(0);
  });

  it('refuses a meter other meters hang under', async () => {
    const top = await newMeter();
    await newMeter({ parentMeterId: top.id });
    const res = await call('POST', DEVICE_PATHS.meterDelete, admin, { id: top.id });
    expect(res.json()).toMatchObject({ resp_code: 1, resp_msg: zh('resource.meter.inUse', { code: top.meterCode }) });
  });

  it("answers 404 for another tenant's meter and 403 to a viewer", async () => {
    const m = await newMeter();
    expect((await call('POST', DEVICE_PATHS.meterDelete, otherAdmin, { id: m.id })).json()).toEqual(notFound);
    expect((await call('POST', DEVICE_PATHS.meterDelete, viewer.token, { id: m.id })).json()).toEqual(forbidden);
    expect((await call('GET', DEVICE_PATHS.meter(m.id), admin)).json().resp_code).toBe(0);
  });
});

describe('GET device/watermeter/waterMeterCode', () => {
  it("issues the next code by the tenant's meter rule, skipping codes already typed in by hand", async () => {
    const first = (await call('GET', DEVICE_PATHS.meterNextCode, admin)).json().datas as string;
    expect(first).toMatch(/^SB\d{8}$/);
    const next = `SB${String(Number(first.slice(2)) + 1).padStart(8, '0')}`;
    await newMeter({ meterCode: next });
    const after = (await call('GET', DEVICE_PATHS.meterNextCode, admin)).json().datas as string;
    expect(after).toBe(`SB${String(Number(first.slice(2)) + 2).padStart(8, '0')}`);
    expect((await call('GET', DEVICE_PATHS.meterNextCode, viewer.token)).json()).toEqual(forbidden);
  });
});

describe('GET device/watermeter/meterCodes', () => {
  it('tells which of the space-separated codes are meters of the tenant, in typed order', async () => {
    const a = await newMeter();
    const b = await newMeter();
    const codes = `${b.meterCode}  nope\t${a.meterCode}`;
    const res = await call('GET', `${DEVICE_PATHS.meterCodes}?codes=${encodeURIComponent(codes)}`, viewer.token);
    expect(res.json().datas).toEqual({
      found: [
        { id: b.id, meterCode: b.meterCode },
        { id: a.id, meterCode: a.meterCode },
      ],
      missing: ['nope'],
    });
    const other = await call('GET', `${DEVICE_PATHS.meterCodes}?codes=${a.meterCode}`, otherAdmin);
    expect(other.json().datas).toEqual({ found: [], missing: [a.meterCode] });
  });

  it('refuses a code typed twice with the "codes separated by spaces" message', async () => {
    const res = await call('GET', `${DEVICE_PATHS.meterCodes}?codes=${encodeURIComponent('A1 B2 A1')}`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ resp_msg: zh('rules.codes.duplicate', { code: 'A1' }), field: 'codes' });
  });
});

describe('POST device/watermeter/batchUntie', () => {
  it('detaches every meter from collector and concentrator and logs it', async () => {
    const a = await newMeter({ collectorId: coll, concentratorId: conc });
    const b = await newMeter({ concentratorId: conc2 });
    const res = await call('POST', DEVICE_PATHS.meterBatchUntie, admin, { ids: [a.id, b.id] });
    expect(res.json().resp_code, res.body).toBe(0);
    for (const m of [a, b])
      expect((await call('GET', DEVICE_PATHS.meter(m.id), admin)).json().datas).toMatchObject({
        collectorId: null,
        concentratorId: null,
      });
    expect(await lastLog()).toMatchObject({ operation: 'meterUntie' });
  });

  it('is all or nothing: one id of another tenant answers 404 and no meter changes', async () => {
    const a = await newMeter({ collectorId: coll, concentratorId: conc });
    const theirs = (
      await call('POST', DEVICE_PATHS.meterSave, otherAdmin, {
        meterCode: uniq('O'),
        areaId: theirArea,
      })
    ).json().datas as Meter;
    const res = await call('POST', DEVICE_PATHS.meterBatchUntie, admin, { ids: [a.id, theirs.id] });
    expect(res.json()).toEqual(notFound);
    expect((await call('GET', DEVICE_PATHS.meter(a.id), admin)).json().datas.collectorId).toBe(coll);
    expect((await call('POST', DEVICE_PATHS.meterBatchUntie, admin, { ids: [] })).statusCode).toBe(400);
    expect((await call('POST', DEVICE_PATHS.meterBatchUntie, viewer.token, { ids: [a.id] })).json()).toEqual(forbidden);
  });
});

describe('data scope', () => {
  it('an account limited to one area sees, finds and changes only the meters there', async () => {
    const inside = await newMeter({ areaId: areas.东四小区?.id });
    const outside = await newMeter({ areaId: areas.和平里小区?.id });
    const user = await createUserWithPermissions(t.app, companyId, [
      PERMISSIONS.deviceMeterView,
      PERMISSIONS.deviceMeterEdit,
    ]);
    const scope = await call('POST', PLACE_PATHS.userRegionAreaSave, admin, {
      userId: user.id,
      regionIds: [],
      areaIds: [areas.东四小区?.id],
    });
    expect(scope.json().resp_code, scope.body).toBe(0);
    const token = await signIn(t.app, user.username, user.password);
    const seen = (await list(`meterCode=${inside.meterCode.slice(0, 1)}`, token)).data.map((m) => m.id);
    expect(seen).toContain(inside.id);
    expect(seen).not.toContain(outside.id);
    expect((await call('GET', DEVICE_PATHS.meter(outside.id), token)).json()).toEqual(notFound);
    expect((await call('POST', DEVICE_PATHS.meterDelete, token, { id: outside.id })).json()).toEqual(notFound);
    expect((await call('POST', DEVICE_PATHS.meterBatchUntie, token, { ids: [inside.id, outside.id] })).json()).toEqual(
      notFound,
    );
    const moveOut = await call('POST', DEVICE_PATHS.meterUpdate, token, {
      id: inside.id,
      meterCode: inside.meterCode,
      areaId: areas.和平里小区?.id,
    });
    expect(moveOut.statusCode).toBe(400);
    expect(moveOut.json()).toMatchObject({ resp_msg: zh('resource.scope.outside'), field: 'areaId' });
    const codes = await call(
      'GET',
      `${DEVICE_PATHS.meterCodes}?codes=${inside.meterCode}%20${outside.meterCode}`,
      token,
    );
    expect(codes.json().datas.missing).toEqual([outside.meterCode]);
  });
});
