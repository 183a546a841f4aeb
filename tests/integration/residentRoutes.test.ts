// Residents (data/resident) under /api-workbench: list with the spec's filters, save with a generated code, update,
// exist, find, batch delete, the next code, app accounts (password answered once, stored hashed), water/list,
// export and import; with the exact messages in both languages, tenant isolation, permissions and data scope.

import { verifyPassword } from '@waterops/gateway/src/services/uaa/passwordHash.ts';
import { type ImportJob, XLSX_CONTENT_TYPE } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { type AppAccount, CUSTOMER_PATHS, type Resident } from '@waterops/shared/customer';
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
  type TestUser,
} from '../fixtures/factories.ts';
import { en, forbidden, notFound, unauthorized, zh } from '../fixtures/messages.ts';
import { multipartBody } from '../fixtures/multipart.ts';
import { buildXlsx, readXlsx } from '../fixtures/sheets.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let other: Tenant;
let otherAdmin: string;
let viewer: TestUser;
let areaIds: Record<string, number>;
let categoryId: number;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  t.app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });
let n = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;
const residentCount = async (company = companyId) =>
  Number(
    (
      await t.app.db
        .selectFrom('residents')
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

const newResident = async (fields: Record<string, unknown> = {}, token = admin) => {
  const res = await call('POST', CUSTOMER_PATHS.residentSave, token, {
    residentName: '张三',
    areaId: areaIds['和平里小区'],
    chargeFee: true,
    ...fields,
  });
  expect(res.json().resp_code, res.body).toBe(0);
  return res.json().datas as Resident;
};
const newMeter = async (areaId = areaIds['和平里小区'] as number) =>
  Number(
    (
      await t.app.db
        .insertInto('water_meters')
        .values({ company_id: companyId, meter_code: uniq('RM'), area_id: areaId })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.dataResidentView]);
  const areas = await t.app.db
    .selectFrom('areas')
    .select(['id', 'area_name'])
    .where('company_id', '=', companyId)
    .execute();
  areaIds = Object.fromEntries(areas.map((a) => [a.area_name, Number(a.id)]));
  categoryId = Number(
    (
      await t.app.db
        .insertInto('resident_categories')
        .values({ company_id: companyId, type_name: uniq('居民') })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
});
afterAll(async () => {
  await t?.close();
});

describe('POST data/resident/save', () => {
  it('creates a resident with every field; an empty code comes from the code rules; logged', async () => {
    const r = await newResident({
      residentCode: '',
      residentName: ' 李四 ',
      address: '和平里北街 1 号',
      phone: '13800138000',
      idCard: '11010519491231002x',
      bankCard: '6222020200112233445',
      categoryId,
      chargeFee: false,
      taxNumber: '91110000MA01',
      invoiceName: '李四',
      floor: '3',
      residentsCount: 4,
      originalAccountNo: 'OLD-1',
      openDate: '2024-05-01',
    });
    expect(r).toMatchObject({
      residentName: '李四',
      idCard: '11010519491231002X',
      categoryId,
      chargeFee: false,
      areaName: '和平里小区',
      regionName: '东城片区',
      residentsCount: 4,
      openDate: '2024-05-01',
      status: 1,
      meterCodes: [],
      appUsername: null,
    });
    expect(r.residentCode).toMatch(/^YH\d{6}$/);
    expect(r.residentId).toBe(r.id);
    expect(await lastLog()).toMatchObject({ operation: 'residentCreate', result: 'success' });
    // the next generated code follows
    const next = await newResident();
    expect(Number(next.residentCode.slice(2))).toBe(Number(r.residentCode.slice(2)) + 1);
  });

  it('keeps an empty number of residents empty (null is not 0)', async () => {
    expect((await newResident({ residentsCount: null })).residentsCount).toBeNull();
    expect((await newResident({ residentsCount: 5 })).residentsCount).toBe(5);
    expect((await newResident({ residentsCount: 0 })).residentsCount).toBe(0);
  });

  it('refuses a taken user code with the spec message (resp_code 1), in both languages; nothing written', async () => {
    const code = uniq('U');
    await newResident({ residentCode: code });
    const before = await residentCount();
    const body = { residentCode: ` ${code} `, residentName: '重号', areaId: areaIds['东四小区'], chargeFee: true };
    expect((await call('POST', CUSTOMER_PATHS.residentSave, admin, body)).json()).toMatchObject({
      resp_code: 1,
      resp_msg: zh('resource.residentCode.exists'),
    });
    expect((await call('POST', CUSTOMER_PATHS.residentSave, admin, body, 'en')).json()).toMatchObject({
      resp_code: 1,
      resp_msg: 'The user code must be unique',
    });
    expect(await residentCount()).toBe(before);
  });

  it.each([
    ['name', { residentName: ' ' }, 'residentName', 'rules.residentName.required'],
    ['area', { areaId: null }, 'areaId', 'rules.residentArea.required'],
    // left out (JSON drops the undefined) or null: the choice is required
    ['fee-free/charged choice', { chargeFee: undefined }, 'chargeFee', 'rules.chargeFee.required'],
    ['fee-free/charged choice (null)', { chargeFee: null }, 'chargeFee', 'rules.chargeFee.required'],
    ['phone', { phone: '12345' }, 'phone', 'rules.phone.format'],
    ['ID card', { idCard: '110105194912310021' }, 'idCard', 'rules.idCard.format'],
    ['open date', { openDate: '2024-02-30' }, 'openDate', 'rules.openDate.format'],
  ] as const)('refuses a bad %s with its message (400, zh and en), nothing written', async (_, bad, field, key) => {
    const before = await residentCount();
    const body = { residentName: '王五', areaId: areaIds['东四小区'], chargeFee: true, ...bad };
    const zhRes = await call('POST', CUSTOMER_PATHS.residentSave, admin, body);
    expect(zhRes.statusCode).toBe(400);
    expect(zhRes.json()).toMatchObject({ resp_msg: zh(key), field });
    expect((await call('POST', CUSTOMER_PATHS.residentSave, admin, body, 'en')).json()).toMatchObject({
      resp_msg: en(key),
    });
    expect(await residentCount()).toBe(before);
  });

  it("refuses another tenant's area or category as a bad field", async () => {
    const theirArea = Number(
      (await t.app.db.selectFrom('areas').select('id').where('company_id', '=', other.companyId).executeTakeFirst())
        ?.id ?? 999_999,
    );
    const res = await call('POST', CUSTOMER_PATHS.residentSave, admin, {
      residentName: '外租户',
      areaId: theirArea,
      chargeFee: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('areaId');
    const cat = await call('POST', CUSTOMER_PATHS.residentSave, otherAdmin, {
      residentName: '外类别',
      chargeFee: true,
      categoryId,
      areaId: theirArea,
    });
    expect(cat.statusCode).toBe(400);
  });
});

describe('POST data/resident/udpateResident', () => {
  it('updates the fields; an empty code keeps the code; logged', async () => {
    const r = await newResident();
    const res = await call('POST', CUSTOMER_PATHS.residentUpdate, admin, {
      id: r.id,
      residentCode: '',
      residentName: '张三丰',
      areaId: areaIds['东四小区'],
      chargeFee: true,
      status: 2,
    });
    expect(res.json().datas).toMatchObject({ residentCode: r.residentCode, residentName: '张三丰', status: 2 });
    expect(await lastLog()).toMatchObject({ operation: 'residentUpdate' });
  });

  it("answers 404 for another tenant's resident and 403 without the edit permission", async () => {
    const r = await newResident();
    const body = { id: r.id, residentName: 'x', areaId: areaIds['东四小区'], chargeFee: true };
    expect((await call('POST', CUSTOMER_PATHS.residentUpdate, otherAdmin, body)).json()).toMatchObject(notFound);
    expect((await call('POST', CUSTOMER_PATHS.residentUpdate, viewer.token, body)).json()).toMatchObject(forbidden);
    expect((await call('POST', CUSTOMER_PATHS.residentUpdate, undefined, body)).json()).toMatchObject(unauthorized);
  });
});

describe('GET data/resident/list', () => {
  it('filters by area, region, category, code, name, address, phone, status and bound meter code', async () => {
    const tag = uniq('筛');
    const a = await newResident({
      residentName: `${tag}甲`,
      address: `${tag}路 1 号`,
      phone: '13900000001',
      categoryId,
    });
    const b = await newResident({ residentName: `${tag}乙`, areaId: areaIds['东四小区'], status: 2 });
    const meterId = await newMeter();
    const bind = await call('POST', CUSTOMER_PATHS.bind, admin, { residentId: a.id, meterIds: [meterId] });
    expect(bind.json().resp_code, bind.body).toBe(0);
    const meterCode = (
      await t.app.db.selectFrom('water_meters').select('meter_code').where('id', '=', meterId).executeTakeFirstOrThrow()
    ).meter_code;
    const names = async (q: string) =>
      (
        (
          await call('GET', `${CUSTOMER_PATHS.residents}?residentName=${encodeURIComponent(tag)}&${q}`, viewer.token)
        ).json().data as Resident[]
      )
        .map((r) => r.residentName)
        .sort();
    expect(await names('')).toEqual([`${tag}乙`, `${tag}甲`]);
    expect(await names(`areaId=${areaIds['东四小区']}`)).toEqual([`${tag}乙`]);
    const region = (await call('GET', `${PLACE_PATHS.regions}?limit=999`, admin)).json().data as {
      id: number;
      regionName: string;
    }[];
    const east = region.find((r) => r.regionName === '东城片区')?.id;
    expect(await names(`regionId=${east}`)).toEqual([`${tag}乙`, `${tag}甲`]);
    const west = region.find((r) => r.regionName !== '东城片区')?.id;
    expect(await names(`regionId=${west}`)).toEqual([]);
    expect(await names(`categoryId=${categoryId}`)).toEqual([`${tag}甲`]);
    expect(await names(`residentCode=${b.residentCode}`)).toEqual([`${tag}乙`]);
    expect(await names(`residentAddr=${encodeURIComponent(`${tag}路`)}`)).toEqual([`${tag}甲`]);
    expect(await names('phone=13900000001')).toEqual([`${tag}甲`]);
    expect(await names('status=2')).toEqual([`${tag}乙`]);
    expect(await names(`meterCode=${meterCode}`)).toEqual([`${tag}甲`]);
    const row = (
      (await call('GET', `${CUSTOMER_PATHS.residents}?residentCode=${a.residentCode}`, admin)).json().data as Resident[]
    )[0];
    expect(row?.meterCodes).toEqual([meterCode]);
  });

  it("never shows another tenant's residents; 401 without a token, 403 without the view permission", async () => {
    await newResident({ residentName: uniq('本租户') });
    const theirs = (await call('GET', `${CUSTOMER_PATHS.residents}?limit=999`, otherAdmin)).json();
    expect(theirs.code).toBe(0);
    expect(theirs.count).toBe(0);
    expect((await call('GET', CUSTOMER_PATHS.residents)).json()).toMatchObject(unauthorized);
    const nobody = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.dataAreaView]);
    expect((await call('GET', CUSTOMER_PATHS.residents, nobody.token)).json()).toMatchObject(forbidden);
  });

  it('an account scoped to one area sees and changes only residents of that area', async () => {
    const inside = await newResident({ residentName: uniq('域内') });
    const outside = await newResident({ residentName: uniq('域外'), areaId: areaIds['东四小区'] });
    const scoped = await createUserWithPermissions(t.app, companyId, [
      PERMISSIONS.dataResidentView,
      PERMISSIONS.dataResidentEdit,
    ]);
    const set = await call('POST', PLACE_PATHS.userRegionAreaSave, admin, {
      userId: scoped.id,
      regionIds: [],
      areaIds: [areaIds['和平里小区']],
    });
    expect(set.json().resp_code, set.body).toBe(0);
    const token = await signIn(t.app, scoped.username, scoped.password);
    const seen = (await call('GET', `${CUSTOMER_PATHS.residents}?limit=999`, token)).json().data as Resident[];
    expect(seen.some((r) => r.id === inside.id)).toBe(true);
    expect(seen.some((r) => r.id === outside.id)).toBe(false);
    expect((await call('GET', CUSTOMER_PATHS.resident(outside.id), token)).json()).toMatchObject(notFound);
    expect((await call('POST', CUSTOMER_PATHS.residentDeleteBatch, token, { ids: [outside.id] })).json()).toMatchObject(
      notFound,
    );
    const moveOut = await call('POST', CUSTOMER_PATHS.residentUpdate, token, {
      id: inside.id,
      residentName: inside.residentName,
      areaId: areaIds['东四小区'],
      chargeFee: true,
    });
    expect(moveOut.statusCode).toBe(400);
    expect(moveOut.json()).toMatchObject({ resp_msg: zh('resource.scope.outside'), field: 'areaId' });
  });
});

describe('GET data/resident/exist and /:id', () => {
  it('says whether another resident holds a code; finds one by id, 404 for another tenant', async () => {
    const r = await newResident();
    const exist = (q: string, token = viewer.token) => call('GET', `${CUSTOMER_PATHS.residentExist}?${q}`, token);
    expect((await exist(`field=residentCode&value=${r.residentCode}`)).json().datas).toBe(true);
    expect((await exist(`field=residentCode&value=${r.residentCode}&id=${r.id}`)).json().datas).toBe(false);
    expect((await exist(`field=residentCode&value=${r.residentCode}`, otherAdmin)).json().datas).toBe(false);
    expect((await call('GET', CUSTOMER_PATHS.resident(r.id), viewer.token)).json().datas).toMatchObject({
      id: r.id,
      residentCode: r.residentCode,
    });
    expect((await call('GET', CUSTOMER_PATHS.resident(r.id), otherAdmin)).json()).toMatchObject(notFound);
  });
});

describe('POST data/resident/deleteBatchById', () => {
  it('deletes several at once and logs each', async () => {
    const a = await newResident();
    const b = await newResident();
    const res = await call('POST', CUSTOMER_PATHS.residentDeleteBatch, admin, { ids: [a.id, b.id] });
    expect(res.json().resp_code, res.body).toBe(0);
    expect((await call('GET', CUSTOMER_PATHS.resident(a.id), admin)).json()).toMatchObject(notFound);
    expect(await lastLog()).toMatchObject({ operation: 'residentDelete' });
  });

  it('refuses the whole batch while one has a bound meter, naming it; nothing deleted', async () => {
    const free = await newResident();
    const bound = await newResident();
    const meterId = await newMeter();
    await call('POST', CUSTOMER_PATHS.bind, admin, { residentId: bound.id, meterIds: [meterId] });
    const before = await residentCount();
    const res = await call('POST', CUSTOMER_PATHS.residentDeleteBatch, admin, { ids: [free.id, bound.id] });
    expect(res.json()).toMatchObject({
      resp_code: 1,
      resp_msg: zh('resource.resident.hasMeters', { code: bound.residentCode, count: 1 }),
    });
    expect(await residentCount()).toBe(before);
    // once relieved, the history still keeps it: a billed household is closed, not deleted
    await call('GET', `${CUSTOMER_PATHS.relieve}?meterId=${meterId}`, admin);
    const again = await call('POST', CUSTOMER_PATHS.residentDeleteBatch, admin, { ids: [bound.id] }, 'en');
    expect(again.json()).toMatchObject({
      resp_code: 1,
      resp_msg: en('resource.resident.hasHistory', { code: bound.residentCode }),
    });
  });

  it("answers 404 when one id is another tenant's, 403 for a viewer, 400 for no ids", async () => {
    const mine = await newResident();
    expect(
      (await call('POST', CUSTOMER_PATHS.residentDeleteBatch, otherAdmin, { ids: [mine.id] })).json(),
    ).toMatchObject(notFound);
    expect(
      (await call('POST', CUSTOMER_PATHS.residentDeleteBatch, viewer.token, { ids: [mine.id] })).json(),
    ).toMatchObject(forbidden);
    expect((await call('POST', CUSTOMER_PATHS.residentDeleteBatch, admin, { ids: [] })).statusCode).toBe(400);
  });
});

describe('POST data/resident/getResidentCodeByAuto', () => {
  it("answers the next code of the company's rule, skipping one typed by hand", async () => {
    const first = (await call('POST', CUSTOMER_PATHS.residentNextCode, admin)).json().datas as string;
    const seq = Number(first.slice(2));
    const typed = `YH${String(seq + 1).padStart(6, '0')}`;
    await newResident({ residentCode: typed });
    const next = (await call('POST', CUSTOMER_PATHS.residentNextCode, admin)).json().datas as string;
    expect(next).toBe(`YH${String(seq + 2).padStart(6, '0')}`);
    expect((await call('POST', CUSTOMER_PATHS.residentNextCode, viewer.token)).json()).toMatchObject(forbidden);
  });
});

describe('app accounts', () => {
  it('generateAppAccount answers the password once; it is stored only hashed and never logged', async () => {
    const r = await newResident();
    const res = await call('POST', CUSTOMER_PATHS.appAccount, admin, { id: r.id });
    const account = res.json().datas as AppAccount;
    expect(account).toMatchObject({ residentId: r.id, username: r.residentCode });
    expect(account.password).toMatch(/^[A-Za-z0-9]{10}$/);
    const row = await t.app.db
      .selectFrom('residents')
      .select(['app_username', 'app_password_hash'])
      .where('id', '=', r.id)
      .executeTakeFirstOrThrow();
    expect(row.app_username).toBe(r.residentCode);
    expect(row.app_password_hash).not.toContain(account.password);
    expect(await verifyPassword(account.password, row.app_password_hash as string)).toBe(true);
    const log = await lastLog();
    expect(log.operation).toBe('residentAppAccount');
    expect(log.detail).not.toContain(account.password);
    // the list shows the user name, never a password or its hash
    const listed = (await call('GET', CUSTOMER_PATHS.resident(r.id), admin)).body;
    expect(listed).toContain(r.residentCode);
    expect(listed).not.toContain(account.password);
    expect(listed).not.toContain('scrypt');
  });

  it('batchGenerateAppAccount gives each its own password; all or nothing for a foreign id', async () => {
    const a = await newResident();
    const b = await newResident();
    const res = await call('POST', CUSTOMER_PATHS.appAccountBatch, admin, { ids: [a.id, b.id] });
    const accounts = res.json().datas as AppAccount[];
    expect(accounts.map((x) => x.username)).toEqual([a.residentCode, b.residentCode]);
    expect(accounts[0]?.password).not.toBe(accounts[1]?.password);
    const c = await newResident();
    const foreign = await call('POST', CUSTOMER_PATHS.appAccountBatch, otherAdmin, { ids: [c.id] });
    expect(foreign.json()).toMatchObject(notFound);
    const untouched = await t.app.db
      .selectFrom('residents')
      .select('app_username')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(untouched.app_username).toBeNull();
    expect((await call('POST', CUSTOMER_PATHS.appAccount, viewer.token, { id: c.id })).json()).toMatchObject(forbidden);
  });
});

describe('GET data/resident/water/list', () => {
  it("lists the resident's bound meters with an empty last reading until readings arrive", async () => {
    const r = await newResident();
    const meterId = await newMeter();
    await call('POST', CUSTOMER_PATHS.bind, admin, { residentId: r.id, meterIds: [meterId] });
    const res = await call('GET', `${CUSTOMER_PATHS.residentWater}?residentId=${r.id}`, viewer.token);
    expect(res.json().datas).toEqual([expect.objectContaining({ meterId, lastReading: null, lastReadTime: null })]);
    expect((await call('GET', `${CUSTOMER_PATHS.residentWater}?residentId=${r.id}`, otherAdmin)).json()).toMatchObject(
      notFound,
    );
  });
});

describe('export and import', () => {
  const upload = (content: Buffer, token = admin) => {
    const { payload, headers } = multipartBody({ filename: 'residents.xlsx', contentType: XLSX_CONTENT_TYPE, content });
    return t.app.inject({
      method: 'POST',
      url: `${CUSTOMER_PATHS.residents}/import`,
      payload,
      headers: { ...headers, ...bearer(token), ...lang('zh-CN') },
    });
  };
  const finished = async (id: number): Promise<ImportJob> => {
    for (let i = 0; i < 300; i++) {
      const job = (await call('GET', `${CUSTOMER_PATHS.residents}/import/jobs/${id}`, admin)).json().datas as ImportJob;
      if (job.status === 'success' || job.status === 'failed') return job;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`job ${id} did not finish`);
  };

  it('imports good rows (area and type by name, code generated when empty) and returns the bad ones with reasons', async () => {
    const template = await readXlsx(
      (await call('GET', `${CUSTOMER_PATHS.residents}/import/template`, admin)).rawPayload,
    );
    const headers = template['用户档案']?.[0] as string[];
    expect(headers.slice(0, 3)).toEqual(['用户编号', '用户名称', '小区']);
    const typeName = (
      await t.app.db
        .selectFrom('resident_categories')
        .select('type_name')
        .where('id', '=', categoryId)
        .executeTakeFirstOrThrow()
    ).type_name;
    const code = uniq('IM');
    const taken = (await newResident()).residentCode;
    const row = (over: Record<string, string>) =>
      headers.map(
        (h) =>
          over[h] ?? ({ 用户名称: '导入户', 小区: '东四小区', 是否收费: '收费' } as Record<string, string>)[h] ?? '',
      );
    const content = await buildXlsx(headers, [
      row({ 用户编号: code, 用户类别: typeName, 开户日期: '2023-01-02', 状态: '暂停' }),
      row({ 用户编号: '', 是否收费: 'Fee-free' }),
      row({ 用户编号: taken }),
      row({ 小区: '不存在的小区' }),
      row({ 是否收费: '也许' }),
      row({ 电话: '123' }),
      row({ 是否收费: '' }),
    ]);
    const started = await upload(content);
    expect(started.json().resp_code, started.body).toBe(0);
    const job = await finished((started.json().datas as ImportJob).id);
    // a job with failed rows ends 'failed' (the framework's rule); the good rows are in
    expect(job).toMatchObject({ status: 'failed', total: 7, succeeded: 2, failed: 5 });
    const imported = (await call('GET', `${CUSTOMER_PATHS.residents}?residentCode=${code}`, admin)).json()
      .data as Resident[];
    expect(imported[0]).toMatchObject({
      areaName: '东四小区',
      categoryName: typeName,
      openDate: '2023-01-02',
      status: 2,
    });
    const failures = await readXlsx(
      (await call('GET', `${CUSTOMER_PATHS.residents}/import/jobs/${job.id}/failures`, admin)).rawPayload,
    );
    const reasons = (failures['导入失败数据'] as string[][]).slice(1).map((r) => r[r.length - 1]);
    expect(reasons).toEqual([
      zh('resource.residentCode.exists'),
      zh('import.resident.unknownArea', { name: '不存在的小区' }),
      zh('import.resident.badChargeFee', { value: '也许' }),
      zh('rules.phone.format'),
      zh('rules.chargeFee.required'),
    ]);
  });

  it('exports what the filters show, with names and words, not ids', async () => {
    const r = await newResident({ residentName: uniq('导出'), categoryId, chargeFee: false });
    const res = await call('GET', `${CUSTOMER_PATHS.residents}/export?residentCode=${r.residentCode}`, admin);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const rows = (await readXlsx(res.rawPayload))['用户档案'] as string[][];
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(0, 3)).toEqual([r.residentCode, r.residentName, '和平里小区']);
    expect(rows[1]).toContain('免费');
    expect((await call('GET', `${CUSTOMER_PATHS.residents}/export`, undefined)).json()).toMatchObject(unauthorized);
  });
});
