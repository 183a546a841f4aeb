// The catalogues under /api-workbench: manufacturers (data/manufacturer, with findArea), meter models
// (device/meterModel), collector types (device/collectorType) and resident categories (data/residentCategory): list,
// save, update, exist, delete (refused while in use), export; tenant isolation, permissions and the lookups other
// pages select from.
import { XLSX_CONTENT_TYPE } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  CATALOGUE_PATHS,
  type CollectorType,
  type Manufacturer,
  type MeterModel,
  type ResidentCategory,
} from '@waterops/shared/catalogue';
import { PLACE_PATHS } from '@waterops/shared/place';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSecondTenant,
  createUserWithPermissions,
  demoCompanyId,
  lang,
  signIn,
  type Tenant,
} from '../fixtures/factories.ts';
import { en, forbidden, notFound, unauthorized, zh } from '../fixtures/messages.ts';
import { readXlsx } from '../fixtures/sheets.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let other: Tenant;
let otherAdmin: string;

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
});
afterAll(async () => {
  await t?.close();
});

type Locale = 'zh-CN' | 'en';
const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object, locale: Locale = 'zh-CN') =>
  t.app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });
type CatalogueTable = 'manufacturers' | 'meter_models' | 'collector_types' | 'resident_categories';
const count = async (table: CatalogueTable, company = companyId) =>
  Number(
    (
      await t.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', company)
        .executeTakeFirstOrThrow()
    ).n,
  );
const lastLog = async () =>
  t.app.db
    .selectFrom('operation_log')
    .select(['operation', 'detail'])
    .where('company_id', '=', companyId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
let n = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;

const saved = async <T>(url: string, body: object, token = admin): Promise<T> => {
  const res = await call('POST', url, token, body);
  expect(res.json().resp_code, res.body).toBe(0);
  return res.json().datas as T;
};
const newManufacturer = (token = admin, extra: object = {}) =>
  saved<Manufacturer>(CATALOGUE_PATHS.manufacturerSave, { name: uniq('测试厂家'), ...extra }, token);
const newModel = (manufacturerId?: number) =>
  saved<MeterModel>(CATALOGUE_PATHS.meterModelSave, { typeName: uniq('表型'), manufacturerId });
const demoArea = async (name: string) =>
  (
    await t.app.db
      .selectFrom('areas')
      .select('id')
      .where('company_id', '=', companyId)
      .where('area_name', '=', name)
      .executeTakeFirstOrThrow()
  ).id;
/** A water meter written straight into the table: the meter routes are another part of the registry. */
const insertMeter = async (columns: { manufacturer_id?: number; meter_model_id?: number; area_id?: number }) =>
  t.app.db
    .insertInto('water_meters')
    .values({ company_id: companyId, meter_code: uniq('M'), ...columns })
    .returning('id')
    .executeTakeFirstOrThrow();

describe('data/manufacturer', () => {
  it('saves "with tenant id" (ignored: the token decides), updates, lists with filters and logs each change', async () => {
    const m = await newManufacturer(admin, { tenantId: other.companyId, code: uniq('C'), phone: '010-12345678' });
    expect(await lastLog()).toMatchObject({ operation: 'manufacturerCreate' });
    expect(await count('manufacturers', other.companyId)).toBe(0);
    const name = uniq('改名厂家');
    const upd = await call('POST', CATALOGUE_PATHS.manufacturerUpdate, admin, {
      id: m.id,
      name: ` ${name} `,
      contact: '张三',
      phone: '13812345678',
    });
    expect(upd.json().datas).toMatchObject({ id: m.id, name, contact: '张三', phone: '13812345678', code: null });
    expect(await lastLog()).toMatchObject({ operation: 'manufacturerUpdate' });
    const list = (await call('GET', `${CATALOGUE_PATHS.manufacturers}?name=${encodeURIComponent(name)}`, admin)).json();
    expect(list.count).toBe(1);
    expect(list.data[0]).toMatchObject({ id: m.id, name });
  });

  it('refuses a taken name or code (zh and en), an empty name and a bad phone; nothing written', async () => {
    const m = await newManufacturer(admin, { code: uniq('C') });
    const before = await count('manufacturers');
    const name = await call('POST', CATALOGUE_PATHS.manufacturerSave, admin, { name: m.name });
    expect(name.json()).toMatchObject({ resp_code: 1, resp_msg: '厂家名称已存在' });
    const nameEn = await call('POST', CATALOGUE_PATHS.manufacturerSave, admin, { name: m.name }, 'en');
    expect(nameEn.json().resp_msg).toBe(en('resource.manufacturerName.exists'));
    const code = await call('POST', CATALOGUE_PATHS.manufacturerSave, admin, { name: uniq('x'), code: m.code });
    expect(code.json()).toMatchObject({ resp_code: 1, resp_msg: '编码已存在' });
    const empty = await call('POST', CATALOGUE_PATHS.manufacturerSave, admin, { name: ' ' });
    expect(empty.json()).toMatchObject({ resp_code: 400, resp_msg: '厂家名称不能为空', field: 'name' });
    const phone = await call(
      'POST',
      CATALOGUE_PATHS.manufacturerSave,
      admin,
      { name: uniq('x'), phone: '12345' },
      'en',
    );
    expect(phone.json()).toMatchObject({ resp_code: 400, resp_msg: en('rules.phone.format'), field: 'phone' });
    expect(await count('manufacturers')).toBe(before);
    // another tenant may use the same name
    expect((await call('POST', CATALOGUE_PATHS.manufacturerSave, otherAdmin, { name: m.name })).json().resp_code).toBe(
      0,
    );
  });

  it('exist answers whether another manufacturer holds the name or code', async () => {
    const m = await newManufacturer(admin, { code: uniq('C') });
    const url = (field: string, value: string, id?: number) =>
      `${CATALOGUE_PATHS.manufacturerExist}?field=${field}&value=${encodeURIComponent(value)}${id ? `&id=${id}` : ''}`;
    expect((await call('GET', url('name', m.name), admin)).json().datas).toBe(true);
    expect((await call('GET', url('name', m.name, m.id), admin)).json().datas).toBe(false);
    expect((await call('GET', url('code', m.code as string), admin)).json().datas).toBe(true);
    expect((await call('GET', url('name', m.name), otherAdmin)).json().datas).toBe(false);
  });

  it('deletes with POST {id}; refuses one still used by a meter model or a meter, saying how many', async () => {
    const free = await newManufacturer();
    expect((await call('POST', CATALOGUE_PATHS.manufacturerDelete, admin, { id: free.id })).json().resp_code).toBe(0);
    expect(await lastLog()).toMatchObject({ operation: 'manufacturerDelete' });
    const used = await newManufacturer();
    await newModel(used.id);
    await insertMeter({ manufacturer_id: used.id });
    const before = await count('manufacturers');
    const res = await call('POST', CATALOGUE_PATHS.manufacturerDelete, admin, { id: used.id });
    expect(res.json()).toMatchObject({ resp_code: 1, resp_msg: zh('resource.manufacturer.inUse', { count: 2 }) });
    const resEn = await call('POST', CATALOGUE_PATHS.manufacturerDelete, admin, { id: used.id }, 'en');
    expect(resEn.json().resp_msg).toBe(
      'This manufacturer is used by 2 meter models, collector types or devices and cannot be deleted',
    );
    expect(await count('manufacturers')).toBe(before);
  });

  it('findArea lists the distinct areas of its meters, by name; inside the data scope; 404 for another tenant', async () => {
    const m = await newManufacturer();
    const wangjing = await demoArea('望京小区');
    const dongsi = await demoArea('东四小区');
    await insertMeter({ manufacturer_id: m.id, area_id: wangjing });
    await insertMeter({ manufacturer_id: m.id, area_id: wangjing });
    await insertMeter({ manufacturer_id: m.id, area_id: dongsi });
    await insertMeter({ manufacturer_id: m.id });
    await insertMeter({ area_id: await demoArea('月坛小区') }); // another manufacturer's area
    const url = `${CATALOGUE_PATHS.manufacturerAreas}?id=${m.id}`;
    expect((await call('GET', url, admin)).json().datas).toEqual([
      { id: dongsi, areaName: '东四小区' },
      { id: wangjing, areaName: '望京小区' },
    ]);
    // an account limited to 望京小区 sees only it
    const scoped = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.dataManufacturerView]);
    const scope = await call('POST', PLACE_PATHS.userRegionAreaSave, admin, {
      userId: scoped.id,
      regionIds: [],
      areaIds: [wangjing],
    });
    expect(scope.json().resp_code, scope.body).toBe(0);
    expect((await call('GET', url, scoped.token)).json().datas).toEqual([{ id: wangjing, areaName: '望京小区' }]);
    expect((await call('GET', url, otherAdmin)).json()).toEqual(notFound);
    // without id: the areas holding any manufacturer's meters (not 月坛小区, whose meter has none)
    const any = (await call('GET', CATALOGUE_PATHS.manufacturerAreas, admin)).json().datas as { areaName: string }[];
    expect(any.map((a) => a.areaName)).toEqual(expect.arrayContaining(['东四小区', '望京小区']));
    expect(any.map((a) => a.areaName)).not.toContain('月坛小区');
    expect((await call('GET', `${CATALOGUE_PATHS.manufacturerAreas}?id=x`, admin)).statusCode).toBe(400);
    expect((await call('GET', url)).json()).toEqual(unauthorized);
    const logOnly = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.sysLogView]);
    expect((await call('GET', url, logOnly.token)).json()).toEqual(forbidden);
  });

  it('another tenant cannot update or delete it (404), and never lists it', async () => {
    const m = await newManufacturer();
    expect(
      (await call('POST', CATALOGUE_PATHS.manufacturerUpdate, otherAdmin, { id: m.id, name: 'x' })).json(),
    ).toEqual(notFound);
    expect((await call('POST', CATALOGUE_PATHS.manufacturerDelete, otherAdmin, { id: m.id })).json()).toEqual(notFound);
    const list = (await call('GET', `${CATALOGUE_PATHS.manufacturers}?limit=999`, otherAdmin)).json();
    expect((list.data as Manufacturer[]).some((r) => r.id === m.id)).toBe(false);
  });

  it('exports the filtered list as .xlsx with localized headers', async () => {
    const m = await newManufacturer(admin, { code: uniq('X'), contact: '李四' });
    const res = await call('GET', `${CATALOGUE_PATHS.manufacturers}/export?name=${encodeURIComponent(m.name)}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const rows = (await readXlsx(res.rawPayload))['厂家'] as string[][];
    expect(rows[0]).toEqual(['厂家名称', '编码', '联系人', '联系电话', '地址', '备注', '创建时间']);
    expect(rows.slice(1).map((r) => r.slice(0, 3))).toEqual([[m.name, m.code, '李四']]);
  });
});

describe('device/meterModel', () => {
  it('saves a model of a manufacturer and lists it with the manufacturer name', async () => {
    const m = await newManufacturer();
    const model = await saved<MeterModel>(CATALOGUE_PATHS.meterModelSave, {
      typeName: uniq('DN20'),
      manufacturerId: m.id,
      meterKind: 4,
      caliber: 20,
      maxReading: 99999.999,
      precision: 3,
      valveControl: true,
    });
    expect(model).toMatchObject({ manufacturerName: m.name, meterKind: 4, caliber: 20, maxReading: 99999.999 });
    expect(await lastLog()).toMatchObject({ operation: 'meterModelCreate' });
    const list = (await call('GET', `${CATALOGUE_PATHS.meterModels}?manufacturerId=${m.id}`, admin)).json();
    expect(list.data).toEqual([model]);
    // null clears and 0 is a value: the request coercion must turn neither into the other
    const upd = await call('POST', CATALOGUE_PATHS.meterModelUpdate, admin, {
      id: model.id,
      typeName: model.typeName,
      manufacturerId: null,
      caliber: null,
      maxReading: null,
      precision: 0,
    });
    expect(upd.json().datas).toMatchObject({
      manufacturerId: null,
      meterKind: 1,
      valveControl: false,
      caliber: null,
      maxReading: null,
      precision: 0,
    });
  });

  it('refuses a taken type name (spec §5 "type name must be unique"), another tenant’s manufacturer and bad numbers', async () => {
    const model = await newModel();
    const before = await count('meter_models');
    const taken = await call('POST', CATALOGUE_PATHS.meterModelSave, admin, { typeName: model.typeName });
    expect(taken.json()).toMatchObject({ resp_code: 1, resp_msg: '类型名称已存在' });
    const takenEn = await call('POST', CATALOGUE_PATHS.meterModelSave, admin, { typeName: model.typeName }, 'en');
    expect(takenEn.json().resp_msg).toBe('The type name already exists');
    const foreign = await newManufacturer(otherAdmin);
    const bad = await call('POST', CATALOGUE_PATHS.meterModelSave, admin, {
      typeName: uniq('x'),
      manufacturerId: foreign.id,
    });
    expect(bad.json()).toMatchObject({ resp_code: 400, field: 'manufacturerId' });
    const empty = await call('POST', CATALOGUE_PATHS.meterModelSave, admin, { typeName: '' }, 'en');
    expect(empty.json()).toMatchObject({ resp_code: 400, resp_msg: 'The type name cannot be empty' });
    for (const [field, value, message] of [
      ['maxReading', 0, 'rules.maxReading.positive'],
      ['maxReading', -5, 'rules.maxReading.positive'],
      ['caliber', 0, 'rules.caliber.range'],
      ['precision', 5, 'rules.precision.range'],
    ] as const) {
      const res = await call('POST', CATALOGUE_PATHS.meterModelSave, admin, { typeName: uniq('x'), [field]: value });
      expect(res.json(), `${field} ${value}`).toMatchObject({ resp_code: 400, resp_msg: zh(message), field });
    }
    expect(
      (await call('POST', CATALOGUE_PATHS.meterModelSave, admin, { typeName: uniq('x'), meterKind: 9 })).statusCode,
    ).toBe(400);
    expect(await count('meter_models')).toBe(before);
  });

  it('deletes a free model; refuses one a water meter uses', async () => {
    const free = await newModel();
    expect((await call('POST', CATALOGUE_PATHS.meterModelDelete, admin, { id: free.id })).json().resp_code).toBe(0);
    expect(await lastLog()).toMatchObject({ operation: 'meterModelDelete' });
    const used = await newModel();
    await insertMeter({ meter_model_id: used.id });
    const res = await call('POST', CATALOGUE_PATHS.meterModelDelete, admin, { id: used.id });
    expect(res.json()).toMatchObject({ resp_code: 1, resp_msg: '该表型已被 1 块水表使用,不能删除' });
    expect((await call('POST', CATALOGUE_PATHS.meterModelDelete, otherAdmin, { id: used.id })).json()).toEqual(
      notFound,
    );
  });

  it('exports kinds and valve control in words', async () => {
    const model = await saved<MeterModel>(CATALOGUE_PATHS.meterModelSave, {
      typeName: uniq('导出表型'),
      meterKind: 2,
      valveControl: true,
    });
    const res = await call(
      'GET',
      `${CATALOGUE_PATHS.meterModels}/export?typeName=${encodeURIComponent(model.typeName)}`,
      admin,
      undefined,
      'en',
    );
    const rows = (await readXlsx(res.rawPayload))['meter models'] as string[][];
    expect(rows[0]?.slice(0, 3)).toEqual(['Type name', 'Manufacturer', 'Kind']);
    expect(rows[1]?.[2]).toBe('Wired remote');
    expect(rows[1]?.[6]).toBe('Yes');
  });
});

describe('device/collectorType', () => {
  it('saves, lists by link kind, refuses a taken name and deletes unless a collector uses it', async () => {
    const m = await newManufacturer();
    const type = await saved<CollectorType>(CATALOGUE_PATHS.collectorTypeSave, {
      typeName: uniq('LoRa采集器'),
      linkKind: 2,
      manufacturerId: m.id,
    });
    expect(type).toMatchObject({ linkKind: 2, manufacturerName: m.name });
    expect(await lastLog()).toMatchObject({ operation: 'collectorTypeCreate' });
    const wireless = (await call('GET', `${CATALOGUE_PATHS.collectorTypes}?linkKind=2&limit=999`, admin)).json();
    expect((wireless.data as CollectorType[]).map((c) => c.id)).toContain(type.id);
    const before = await count('collector_types');
    const taken = await call('POST', CATALOGUE_PATHS.collectorTypeSave, admin, { typeName: type.typeName });
    expect(taken.json()).toMatchObject({ resp_code: 1, resp_msg: '类型名称已存在' });
    expect(await count('collector_types')).toBe(before);
    await t.app.db
      .insertInto('collectors')
      .values({ company_id: companyId, collector_code: uniq('C'), collector_type_id: type.id })
      .execute();
    const refused = await call('POST', CATALOGUE_PATHS.collectorTypeDelete, admin, { id: type.id }, 'en');
    expect(refused.json()).toMatchObject({
      resp_code: 1,
      resp_msg: 'This collector type is used by 1 collectors and cannot be deleted',
    });
    const free = await saved<CollectorType>(CATALOGUE_PATHS.collectorTypeSave, { typeName: uniq('有线') });
    expect((await call('POST', CATALOGUE_PATHS.collectorTypeDelete, admin, { id: free.id })).json().resp_code).toBe(0);
  });
});

describe('data/residentCategory', () => {
  it('saves, lists page 1 of 100 with resident counts, refuses a taken name and deletes unless residents use it', async () => {
    const cat = await saved<ResidentCategory>(CATALOGUE_PATHS.residentCategorySave, { typeName: uniq('居民') });
    expect(await lastLog()).toMatchObject({ operation: 'residentCategoryCreate' });
    await t.app.db
      .insertInto('residents')
      .values({ company_id: companyId, resident_code: uniq('R'), resident_name: '王五', category_id: cat.id })
      .execute();
    const list = (await call('GET', `${CATALOGUE_PATHS.residentCategories}?page=1&limit=100`, admin)).json();
    expect(list.code).toBe(0);
    expect((list.data as ResidentCategory[]).find((c) => c.id === cat.id)).toMatchObject({ residentCount: 1 });
    const taken = await call('POST', CATALOGUE_PATHS.residentCategorySave, admin, { typeName: cat.typeName }, 'en');
    expect(taken.json()).toMatchObject({ resp_code: 1, resp_msg: 'The type name already exists' });
    const refused = await call('POST', CATALOGUE_PATHS.residentCategoryDelete, admin, { id: cat.id });
    expect(refused.json()).toMatchObject({ resp_code: 1, resp_msg: '该用户类别已被 1 个用户使用,不能删除' });
    expect((await call('POST', CATALOGUE_PATHS.residentCategoryDelete, otherAdmin, { id: cat.id })).json()).toEqual(
      notFound,
    );
    const free = await saved<ResidentCategory>(CATALOGUE_PATHS.residentCategorySave, { typeName: uniq('商业') });
    const upd = await call('POST', CATALOGUE_PATHS.residentCategoryUpdate, admin, { id: free.id, typeName: '  ' });
    expect(upd.json()).toMatchObject({ resp_code: 400, resp_msg: '类型名称不能为空', field: 'typeName' });
    expect((await call('POST', CATALOGUE_PATHS.residentCategoryDelete, admin, { id: free.id })).json().resp_code).toBe(
      0,
    );
    expect(await lastLog()).toMatchObject({ operation: 'residentCategoryDelete' });
  });
});

describe('permissions and lookups', () => {
  const lists = [
    [CATALOGUE_PATHS.manufacturers, CATALOGUE_PATHS.manufacturerSave, { name: 'x' }],
    [CATALOGUE_PATHS.meterModels, CATALOGUE_PATHS.meterModelSave, { typeName: 'x' }],
    [CATALOGUE_PATHS.collectorTypes, CATALOGUE_PATHS.collectorTypeSave, { typeName: 'x' }],
    [CATALOGUE_PATHS.residentCategories, CATALOGUE_PATHS.residentCategorySave, { typeName: 'x' }],
  ] as const;

  it('answers 401 without a token and 403 to an account without the catalogue or a page selecting from it', async () => {
    const logOnly = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.sysLogView]);
    for (const [list, save, body] of lists) {
      expect((await call('GET', list)).json(), list).toEqual(unauthorized);
      expect((await call('GET', list, logOnly.token)).json(), list).toEqual(forbidden);
      expect((await call('POST', save, logOnly.token, body)).json(), save).toEqual(forbidden);
    }
  });

  it('view permission reads but does not write', async () => {
    const viewer = await createUserWithPermissions(t.app, companyId, [
      PERMISSIONS.dataManufacturerView,
      PERMISSIONS.deviceMeterModelView,
      PERMISSIONS.deviceCollectorTypeView,
      PERMISSIONS.dataResidentCategoryView,
    ]);
    for (const [list, save, body] of lists) {
      expect((await call('GET', list, viewer.token)).json().code, list).toBe(0);
      expect((await call('POST', save, viewer.token, body)).json(), save).toEqual(forbidden);
    }
  });

  it('the meter, collector and resident pages read the lists they select from, and nothing more', async () => {
    const cases = [
      [PERMISSIONS.deviceMeterView, [CATALOGUE_PATHS.manufacturers, CATALOGUE_PATHS.meterModels]],
      [PERMISSIONS.deviceCollectorView, [CATALOGUE_PATHS.manufacturers, CATALOGUE_PATHS.collectorTypes]],
      [PERMISSIONS.deviceConcentratorView, [CATALOGUE_PATHS.manufacturers]],
      [PERMISSIONS.dataResidentView, [CATALOGUE_PATHS.residentCategories]],
    ] as const;
    for (const [permission, readable] of cases) {
      const user = await createUserWithPermissions(t.app, companyId, [permission]);
      for (const [list, save, body] of lists) {
        const res = (await call('GET', list, user.token)).json();
        if ((readable as readonly string[]).includes(list)) expect(res.code, `${permission} ${list}`).toBe(0);
        else expect(res, `${permission} ${list}`).toEqual(forbidden);
        expect((await call('POST', save, user.token, body)).json()).toEqual(forbidden);
      }
    }
  });
});
