// Concentrators (device/concentrator) under /api-workbench: list, save, udpateConcentrator, deleteConcentrator, exist,
// the stored settings (params, serverIpPort, concentratorReportTimeRate, concentratorTime), deviceCode, deviceCount,
// deviceNum, deviceOperatingCondition and findConcentratorByCodeAndCompanyId — with exact refusals in both languages,
// tenant isolation, permissions, data scope, and the spreadsheet export and import.
import { type ImportJob, XLSX_CONTENT_TYPE } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { type Concentrator, DEVICE_PATHS, nextDeviceCode } from '@waterops/shared/device';
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
let areaIds: number[];
let areaNames: string[];

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  t.app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });
let n = 0;
const uniq = (prefix = 'JZQ') => `${prefix}${Date.now().toString(36)}${n++}`;
const count = async (company = companyId) =>
  Number(
    (
      await t.app.db
        .selectFrom('concentrators')
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
const newConcentrator = async (extra: object = {}, token = admin) => {
  const res = await call('POST', DEVICE_PATHS.concentratorSave, token, {
    concentratorCode: uniq(),
    areaId: areaIds[0],
    ...extra,
  });
  expect(res.json().resp_code, res.body).toBe(0);
  return res.json().datas as Concentrator;
};

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.deviceConcentratorView]);
  const areas = await t.app.db
    .selectFrom('areas')
    .select(['id', 'area_name', 'region_id'])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
  areaIds = areas.map((a) => Number(a.id));
  areaNames = areas.map((a) => a.area_name);
});
afterAll(async () => {
  await t?.close();
});

describe('POST device/concentrator/save and udpateConcentrator', () => {
  it('creates a concentrator with its area name and counts, logs it, and updates it', async () => {
    const code = uniq();
    const res = await call('POST', DEVICE_PATHS.concentratorSave, admin, {
      concentratorCode: ` ${code} `,
      name: '一号集中器',
      areaId: areaIds[0],
      ip: '10.0.0.8',
      port: 9000,
      reportRate: 60,
      installDate: '2024-05-01',
      lng: 116.4,
      lat: 39.9,
    });
    expect(res.json()).toMatchObject({
      resp_code: 0,
      datas: {
        concentratorCode: code,
        name: '一号集中器',
        areaId: areaIds[0],
        areaName: areaNames[0],
        ip: '10.0.0.8',
        port: 9000,
        reportRate: 60,
        installDate: '2024-05-01',
        used: true,
        online: false,
        collectorCount: 0,
        meterCount: 0,
      },
    });
    expect(await lastLog()).toMatchObject({ operation: 'concentratorCreate', detail: expect.stringContaining(code) });
    const id = res.json().datas.id;
    const upd = await call('POST', DEVICE_PATHS.concentratorUpdate, admin, {
      id,
      concentratorCode: code,
      areaId: areaIds[1],
      used: false,
      // what the form sends for emptied fields: null clears them (never coerced into 0)
      port: null,
      reportRate: null,
      lng: null,
      lat: null,
      installDate: null,
    });
    expect(upd.json().datas).toMatchObject({
      id,
      areaId: areaIds[1],
      used: false,
      ip: null,
      port: null,
      reportRate: null,
      lng: null,
      lat: null,
      installDate: null,
    });
    expect(await lastLog()).toMatchObject({ operation: 'concentratorUpdate' });
  });

  it('refuses bad input with the exact message in zh and en, writing nothing', async () => {
    const before = await count();
    const cases: [object, string, Parameters<typeof zh>[0]][] = [
      [{ concentratorCode: '  ', areaId: areaIds[0] }, 'concentratorCode', 'rules.concentratorCode.required'],
      [{ concentratorCode: uniq(), areaId: areaIds[0], ip: '300.1.1.1' }, 'ip', 'rules.ip.format'],
      [{ concentratorCode: uniq(), areaId: areaIds[0], port: 70000 }, 'port', 'rules.port.format'],
      [{ concentratorCode: uniq(), areaId: areaIds[0], reportRate: 1441 }, 'reportRate', 'rules.deviceRate.range'],
      [{ concentratorCode: uniq(), areaId: areaIds[0], lng: 190 }, 'lng', 'rules.longitude.format'],
    ];
    for (const [body, field, key] of cases) {
      const zhRes = await call('POST', DEVICE_PATHS.concentratorSave, admin, body);
      expect(zhRes.statusCode, field).toBe(400);
      expect(zhRes.json()).toMatchObject({ resp_msg: zh(key), field });
      const enRes = await call('POST', DEVICE_PATHS.concentratorSave, admin, body, 'en');
      expect(enRes.json()).toMatchObject({ resp_msg: en(key), field });
    }
    const missingArea = await call('POST', DEVICE_PATHS.concentratorSave, admin, { concentratorCode: uniq() });
    expect(missingArea.statusCode).toBe(400);
    expect(missingArea.json().field).toBe('areaId');
    expect(await count()).toBe(before);
  });

  it('refuses a code another concentrator holds: "code must be unique"', async () => {
    const c = await newConcentrator();
    const res = await call('POST', DEVICE_PATHS.concentratorSave, admin, {
      concentratorCode: c.concentratorCode,
      areaId: areaIds[0],
    });
    expect(res.json()).toMatchObject({ resp_code: 1, resp_msg: zh('resource.concentratorCode.exists') });
    const enRes = await call(
      'POST',
      DEVICE_PATHS.concentratorSave,
      admin,
      { concentratorCode: c.concentratorCode, areaId: areaIds[0] },
      'en',
    );
    expect(enRes.json().resp_msg).toBe('The code must be unique');
    const exist = await call(
      'GET',
      `${DEVICE_PATHS.concentratorExist}?field=concentratorCode&value=${c.concentratorCode}`,
      viewer.token,
    );
    expect(exist.json().datas).toBe(true);
    const self = `${DEVICE_PATHS.concentratorExist}?field=concentratorCode&value=${c.concentratorCode}&id=${c.id}`;
    expect((await call('GET', self, admin)).json().datas).toBe(false);
    // another tenant may use the same code
    const theirArea = await call('POST', PLACE_PATHS.regionSave, otherAdmin, { regionName: uniq('片区') });
    const area = await call('POST', PLACE_PATHS.areaSave, otherAdmin, {
      areaName: uniq('小区'),
      regionId: theirArea.json().datas.id,
    });
    const theirs = await call('POST', DEVICE_PATHS.concentratorSave, otherAdmin, {
      concentratorCode: c.concentratorCode,
      areaId: area.json().datas.id,
    });
    expect(theirs.json().resp_code).toBe(0);
  });

  it("refuses another tenant's area, and updating another tenant's concentrator is 404", async () => {
    const theirArea = await t.app.db
      .selectFrom('areas')
      .select('id')
      .where('company_id', '=', other.companyId)
      .executeTakeFirst();
    if (theirArea) {
      const res = await call('POST', DEVICE_PATHS.concentratorSave, admin, {
        concentratorCode: uniq(),
        areaId: Number(theirArea.id),
      });
      expect(res.json()).toMatchObject({ resp_msg: zh('resource.device.unknownArea'), field: 'areaId' });
    }
    const mine = await newConcentrator();
    const res = await call('POST', DEVICE_PATHS.concentratorUpdate, otherAdmin, {
      id: mine.id,
      concentratorCode: 'X',
      areaId: 1,
    });
    expect(res.json()).toEqual(notFound);
  });

  it('answers 401 without a token and 403 to a viewer', async () => {
    const body = { concentratorCode: uniq(), areaId: areaIds[0] };
    expect((await call('POST', DEVICE_PATHS.concentratorSave, undefined, body)).json()).toEqual(unauthorized);
    expect((await call('POST', DEVICE_PATHS.concentratorSave, viewer.token, body)).json()).toEqual(forbidden);
  });
});

describe('GET device/concentrator/list', () => {
  it('filters by contained code and area, pages, and hides other tenants', async () => {
    const prefix = uniq('LST');
    for (const i of [1, 2, 3]) await newConcentrator({ concentratorCode: `${prefix}-${i}`, areaId: areaIds[i % 2] });
    const res = await call('GET', `${DEVICE_PATHS.concentrators}?concentratorCode=${prefix}&limit=2`, viewer.token);
    expect(res.json()).toMatchObject({ code: 0, count: 3 });
    expect((res.json().data as Concentrator[]).map((c) => c.concentratorCode)).toEqual([`${prefix}-1`, `${prefix}-2`]);
    const byArea = await call(
      'GET',
      `${DEVICE_PATHS.concentrators}?concentratorCode=${prefix}&areaId=${areaIds[1]}`,
      admin,
    );
    expect((byArea.json().data as Concentrator[]).map((c) => c.concentratorCode)).toEqual([
      `${prefix}-1`,
      `${prefix}-3`,
    ]);
    expect(
      (await call('GET', `${DEVICE_PATHS.concentrators}?concentratorCode=${prefix}`, otherAdmin)).json().count,
    ).toBe(0);
    const condition = await call(
      'GET',
      `${DEVICE_PATHS.concentratorOperatingCondition}?concentratorCode=${prefix}`,
      admin,
    );
    expect(condition.json().data[0]).toMatchObject({ online: false, lastReportTime: null });
  });

  it('is read by the collector and meter pages (their selector), who cannot write', async () => {
    const collectorViewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.deviceCollectorView]);
    expect((await call('GET', DEVICE_PATHS.concentrators, collectorViewer.token)).json().code).toBe(0);
    expect((await call('GET', DEVICE_PATHS.concentratorDeviceCount, collectorViewer.token)).json()).toEqual(forbidden);
    const logOnly = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.sysLogView]);
    expect((await call('GET', DEVICE_PATHS.concentrators, logOnly.token)).json()).toEqual(forbidden);
    expect((await call('GET', DEVICE_PATHS.concentrators)).json()).toEqual(unauthorized);
  });
});

describe('POST device/concentrator/deleteConcentrator', () => {
  it('deletes a free concentrator and logs it; refuses one with collectors or meters; 404 for another tenant', async () => {
    const free = await newConcentrator();
    expect((await call('POST', DEVICE_PATHS.concentratorDelete, otherAdmin, { id: free.id })).json()).toEqual(notFound);
    expect((await call('POST', DEVICE_PATHS.concentratorDelete, viewer.token, { id: free.id })).json()).toEqual(
      forbidden,
    );
    expect((await call('POST', DEVICE_PATHS.concentratorDelete, admin, { id: free.id })).json().resp_code).toBe(0);
    expect(await lastLog()).toMatchObject({ operation: 'concentratorDelete' });
    const busy = await newConcentrator();
    await t.app.db
      .insertInto('collectors')
      .values({ company_id: companyId, collector_code: uniq('CJQ'), concentrator_id: busy.id, area_id: areaIds[0] })
      .execute();
    const res = await call('POST', DEVICE_PATHS.concentratorDelete, admin, { id: busy.id });
    expect(res.json()).toMatchObject({
      resp_code: 1,
      resp_msg: zh('resource.concentrator.hasDevices', { collectors: 1, meters: 0 }),
    });
    const enRes = await call('POST', DEVICE_PATHS.concentratorDelete, admin, { id: busy.id }, 'en');
    expect(enRes.json().resp_msg).toBe(en('resource.concentrator.hasDevices', { collectors: 1, meters: 0 }));
    const num = await call('GET', `${DEVICE_PATHS.concentratorDeviceNum}?id=${busy.id}`, viewer.token);
    expect(num.json().datas).toEqual({ id: busy.id, collectorCount: 1, meterCount: 0 });
    expect((await call('GET', `${DEVICE_PATHS.concentratorDeviceNum}?id=${busy.id}`, otherAdmin)).json()).toEqual(
      notFound,
    );
  });
});

describe('stored settings: params, serverIpPort, concentratorReportTimeRate, concentratorTime', () => {
  it('stores and reads the parameters, logging the change', async () => {
    const c = await newConcentrator();
    const save = await call('POST', DEVICE_PATHS.concentratorParamsSave, admin, {
      id: c.id,
      ip: '192.168.1.10',
      port: 8080,
      reportRate: 30,
      simCard: '89860012345678901234',
    });
    expect(save.json().resp_code, save.body).toBe(0);
    expect(await lastLog()).toMatchObject({ operation: 'concentratorSettings' });
    const read = await call('GET', DEVICE_PATHS.concentratorParams(c.id), viewer.token);
    expect(read.json().datas).toEqual({
      id: c.id,
      ip: '192.168.1.10',
      port: 8080,
      reportRate: 30,
      simCard: '89860012345678901234',
    });
    const bad = await call('POST', DEVICE_PATHS.concentratorParamsSave, admin, {
      id: c.id,
      ip: '1.2.3',
      port: 8080,
      reportRate: 30,
      simCard: null,
    });
    expect(bad.json()).toMatchObject({ resp_code: 400, resp_msg: zh('rules.ip.format'), field: 'ip' });
    expect((await call('GET', DEVICE_PATHS.concentratorParams(c.id), admin)).json().datas.ip).toBe('192.168.1.10');
    expect((await call('GET', DEVICE_PATHS.concentratorParams(c.id), otherAdmin)).json()).toEqual(notFound);
    const params = { id: c.id, ip: null, port: null, reportRate: null, simCard: null };
    expect((await call('POST', DEVICE_PATHS.concentratorParamsSave, viewer.token, params)).json()).toEqual(forbidden);
  });

  it('sets the server address (both required and valid) and the report rate (1–1440)', async () => {
    const c = await newConcentrator();
    const ok = await call('POST', DEVICE_PATHS.concentratorServerIpPort, admin, {
      id: c.id,
      ip: '10.1.2.3',
      port: 5000,
    });
    expect(ok.json().resp_code).toBe(0);
    const read = await call('GET', `${DEVICE_PATHS.concentratorServerIpPort}?id=${c.id}`, viewer.token);
    expect(read.json().datas).toEqual({ id: c.id, ip: '10.1.2.3', port: 5000 });
    const empty = await call(
      'POST',
      DEVICE_PATHS.concentratorServerIpPort,
      admin,
      { id: c.id, ip: ' ', port: 5000 },
      'en',
    );
    expect(empty.json()).toMatchObject({ resp_msg: en('rules.ip.required'), field: 'ip' });
    const badPort = await call('POST', DEVICE_PATHS.concentratorServerIpPort, admin, {
      id: c.id,
      ip: '10.1.2.3',
      port: 0,
    });
    expect(badPort.json()).toMatchObject({ resp_msg: zh('rules.port.format'), field: 'port' });

    expect(
      (await call('POST', DEVICE_PATHS.concentratorReportTimeRate, admin, { id: c.id, reportRate: 15 })).json()
        .resp_code,
    ).toBe(0);
    const rate = await call('GET', `${DEVICE_PATHS.concentratorReportTimeRate}?id=${c.id}`, viewer.token);
    expect(rate.json().datas).toEqual({ id: c.id, reportRate: 15 });
    const tooSlow = await call('POST', DEVICE_PATHS.concentratorReportTimeRate, admin, { id: c.id, reportRate: 1441 });
    expect(tooSlow.json()).toMatchObject({ resp_msg: zh('rules.deviceRate.range'), field: 'reportRate' });
    const otherRate = { id: c.id, reportRate: 10 };
    expect((await call('POST', DEVICE_PATHS.concentratorReportTimeRate, otherAdmin, otherRate)).json()).toEqual(
      notFound,
    );
    expect(
      (await call('GET', `${DEVICE_PATHS.concentratorReportTimeRate}?id=${c.id}`, viewer.token)).json().datas
        .reportRate,
    ).toBe(15);

    const time = await call('GET', `${DEVICE_PATHS.concentratorTime}?id=${c.id}`, viewer.token);
    expect(time.json().datas).toMatchObject({
      id: c.id,
      lastReportTime: null,
      clockOffsetSeconds: null,
      deviceTime: null,
    });
    expect(Date.parse(time.json().datas.serverTime)).not.toBeNaN();
    // a concentrator whose clock ran 90 s fast at its last report (ingestion records the offset)
    await t.app.db.updateTable('concentrators').set({ clock_offset_s: 90 }).where('id', '=', c.id).execute();
    const drift = (await call('GET', `${DEVICE_PATHS.concentratorTime}?id=${c.id}`, viewer.token)).json().datas;
    expect(drift.clockOffsetSeconds).toBe(90);
    expect(Date.parse(drift.deviceTime) - Date.parse(drift.serverTime)).toBe(90_000);
    expect((await call('GET', `${DEVICE_PATHS.concentratorTime}?id=${c.id}`, otherAdmin)).json()).toEqual(notFound);
  });
});

describe('deviceCode, deviceCount, findConcentratorByCodeAndCompanyId', () => {
  it('proposes the next code after the latest one, skipping a taken one', async () => {
    const base = uniq('DC');
    await newConcentrator({ concentratorCode: `${base}0008` });
    await newConcentrator({ concentratorCode: `${base}0010` });
    await newConcentrator({ concentratorCode: `${base}0009` });
    const res = await call('GET', DEVICE_PATHS.concentratorDeviceCode, admin);
    expect(res.json().datas).toBe(`${base}0011`);
    expect(nextDeviceCode(`${base}0009`)).toBe(`${base}0010`);
    expect((await call('GET', DEVICE_PATHS.concentratorDeviceCode, viewer.token)).json()).toEqual(forbidden);
  });

  it('counts online, offline and total devices of the tenant', async () => {
    const c = await newConcentrator();
    await t.app.db.updateTable('concentrators').set({ online: true }).where('id', '=', c.id).execute();
    const res = (await call('GET', DEVICE_PATHS.concentratorDeviceCount, viewer.token)).json().datas;
    const [row] = await t.app.db
      .selectFrom('concentrators')
      .select((eb) => [eb.fn.countAll().as('total')])
      .where('company_id', '=', companyId)
      .execute();
    expect(res.concentrators.total).toBe(Number(row?.total));
    expect(res.concentrators.online).toBeGreaterThanOrEqual(1);
    expect(res.concentrators.online + res.concentrators.offline).toBe(res.concentrators.total);
    const theirs = (await call('GET', DEVICE_PATHS.concentratorDeviceCount, otherAdmin)).json().datas;
    expect(theirs.concentrators.total).toBeLessThan(res.concentrators.total);
  });

  it('finds a concentrator by exact code in the caller’s tenant only', async () => {
    const c = await newConcentrator();
    const url = `${DEVICE_PATHS.concentratorByCode}?concentratorCode=${c.concentratorCode}&companyId=999`;
    expect((await call('GET', url, viewer.token)).json().datas).toMatchObject({ id: c.id, areaName: areaNames[0] });
    expect((await call('GET', url, otherAdmin)).json().datas).toBeNull();
  });
});

describe('data scope', () => {
  it('an account limited to one area sees, finds and changes only concentrators there', async () => {
    const inside = await newConcentrator({ areaId: areaIds[0] });
    const outside = await newConcentrator({ areaId: areaIds[1] });
    const scoped = await createUserWithPermissions(t.app, companyId, [
      PERMISSIONS.deviceConcentratorView,
      PERMISSIONS.deviceConcentratorEdit,
    ]);
    const set = await call('POST', PLACE_PATHS.userRegionAreaSave, admin, {
      userId: scoped.id,
      regionIds: [],
      areaIds: [areaIds[0]],
    });
    expect(set.json().resp_code, set.body).toBe(0);
    const codes = (
      (await call('GET', `${DEVICE_PATHS.concentrators}?limit=999`, scoped.token)).json().data as Concentrator[]
    ).map((c) => c.concentratorCode);
    expect(codes).toContain(inside.concentratorCode);
    expect(codes).not.toContain(outside.concentratorCode);
    expect((await call('GET', DEVICE_PATHS.concentrator(outside.id), scoped.token)).json()).toEqual(notFound);
    expect((await call('GET', DEVICE_PATHS.concentratorParams(outside.id), scoped.token)).json()).toEqual(notFound);
    expect((await call('POST', DEVICE_PATHS.concentratorDelete, scoped.token, { id: outside.id })).json()).toEqual(
      notFound,
    );
    const move = await call('POST', DEVICE_PATHS.concentratorUpdate, scoped.token, {
      id: inside.id,
      concentratorCode: inside.concentratorCode,
      areaId: areaIds[1],
    });
    expect(move.json()).toMatchObject({ resp_msg: zh('resource.scope.outside'), field: 'areaId' });
    // the overview counts only what the account may see
    const all = (await call('GET', DEVICE_PATHS.concentratorDeviceCount, admin)).json().datas;
    const mine = (await call('GET', DEVICE_PATHS.concentratorDeviceCount, scoped.token)).json().datas;
    const inArea = await t.app.db
      .selectFrom('concentrators')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('company_id', '=', companyId)
      .where('area_id', '=', areaIds[0] as number)
      .executeTakeFirstOrThrow();
    expect(mine.concentrators.total).toBe(Number(inArea.n));
    expect(mine.concentrators.total).toBeLessThan(all.concentrators.total);
  });
});

describe('export and import', () => {
  const upload = (content: Buffer, token = admin) => {
    const { payload, headers } = multipartBody({ filename: 'c.xlsx', contentType: XLSX_CONTENT_TYPE, content });
    return t.app.inject({
      method: 'POST',
      url: `${DEVICE_PATHS.concentrators}/import`,
      payload,
      headers: { ...headers, ...bearer(token), ...lang('zh-CN') },
    });
  };
  const finished = async (id: number): Promise<ImportJob> => {
    for (let i = 0; i < 300; i++) {
      const job = (await call('GET', `${DEVICE_PATHS.concentrators}/import/jobs/${id}`, admin)).json()
        .datas as ImportJob;
      if (job.status === 'success' || job.status === 'failed') return job;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`job ${id} did not finish`);
  };

  it('exports the filtered list with the area names', async () => {
    const prefix = uniq('EXP');
    await newConcentrator({ concentratorCode: `${prefix}-a`, ip: '10.0.0.1', port: 1 });
    const res = await call('GET', `${DEVICE_PATHS.concentrators}/export?concentratorCode=${prefix}`, viewer.token);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const rows = (await readXlsx(res.rawPayload)).集中器 as string[][];
    expect(rows[0]?.slice(0, 5)).toEqual(['集中器编号', '名称', '小区', '安装地址', 'IP地址']);
    expect(rows.slice(1).map((r) => [r[0], r[2], r[4], r[9]])).toEqual([
      [`${prefix}-a`, areaNames[0], '10.0.0.1', '离线'],
    ]);
  });

  it('imports good rows and gives back the bad ones with their reasons', async () => {
    const tpl = await readXlsx((await call('GET', `${DEVICE_PATHS.concentrators}/import/template`, admin)).rawPayload);
    const headers = (tpl.集中器 as string[][])[0] as string[];
    expect(headers).toEqual([
      '集中器编号',
      '名称',
      '小区',
      '安装地址',
      'IP地址',
      '端口',
      'SIM卡号',
      '上报频率(分钟)',
      '安装日期',
      '备注',
    ]);
    const prefix = uniq('IMP');
    const taken = await newConcentrator();
    const row = (code: string, area: string, ip = '', date = '') => [code, '', area, '', ip, '', '', '', date, ''];
    const sheet = await buildXlsx(headers, [
      row(`${prefix}-1`, areaNames[0] as string, '10.0.0.2', '2024/5/1'),
      row(`${prefix}-2`, '没有这个小区'),
      row(taken.concentratorCode, areaNames[0] as string),
      row(`${prefix}-3`, areaNames[1] as string, '999.0.0.1'),
      row(`${prefix}-4`, areaNames[1] as string),
    ]);
    const res = await upload(sheet);
    expect(res.json().resp_code, res.body).toBe(0);
    const job = await finished(res.json().datas.id);
    expect(job).toMatchObject({ status: 'failed', total: 5, succeeded: 2, failed: 3, error: null });
    const imported = await call('GET', `${DEVICE_PATHS.concentrators}?concentratorCode=${prefix}`, admin);
    expect((imported.json().data as Concentrator[]).map((c) => [c.concentratorCode, c.installDate])).toEqual([
      [`${prefix}-1`, '2024-05-01'],
      [`${prefix}-4`, null],
    ]);
    const failures = await readXlsx(
      (await call('GET', `${DEVICE_PATHS.concentrators}/import/jobs/${job.id}/failures`, admin)).rawPayload,
    );
    const reasons = (failures.导入失败数据 as string[][]).slice(1).map((r) => [r[0], r.at(-1)]);
    expect(reasons).toEqual([
      [`${prefix}-2`, zh('import.device.unknownArea', { name: '没有这个小区' })],
      [taken.concentratorCode, zh('resource.concentratorCode.exists')],
      [`${prefix}-3`, zh('rules.ip.format')],
    ]);
  });
});
