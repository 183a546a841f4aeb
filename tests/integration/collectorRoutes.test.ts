// Collectors (device/collector) under /api-workbench: findWiredList / findWirelessList, save on the root path,
// udpateCollector, delete, batchDelete, exist, ipaddress/{id}, uploadfrequency/{id}, setDeviceArchives/{id} — with
// exact refusals in both languages, tenant isolation, permissions, data scope, and the spreadsheet import.
import { type ImportJob, XLSX_CONTENT_TYPE } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { type Collector, type Concentrator, DEVICE_PATHS } from '@waterops/shared/device';
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
let hub: Concentrator;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  t.app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });
let n = 0;
const uniq = (prefix = 'CJQ') => `${prefix}${Date.now().toString(36)}${n++}`;
const countCollectors = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('collectors')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', companyId)
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
const newCollector = async (extra: object = {}, token = admin) => {
  const res = await call('POST', DEVICE_PATHS.collectorSave, token, {
    collectorCode: uniq(),
    linkKind: 1,
    areaId: areaIds[0],
    ...extra,
  });
  expect(res.json().resp_code, res.body).toBe(0);
  return res.json().datas as Collector;
};
/** A meter of the demo tenant, written directly (the meter routes are another helper's). */
const newMeter = async (areaId: number | null = areaIds[0] ?? null, company = companyId) => {
  const code = uniq('SB');
  await t.app.db
    .insertInto('water_meters')
    .values({ company_id: company, meter_code: code, area_id: areaId })
    .execute();
  return code;
};
const meterRow = (code: string) =>
  t.app.db
    .selectFrom('water_meters')
    .select(['collector_id', 'concentrator_id'])
    .where('company_id', '=', companyId)
    .where('meter_code', '=', code)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.deviceCollectorView]);
  const areas = await t.app.db
    .selectFrom('areas')
    .select(['id', 'area_name'])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
  areaIds = areas.map((a) => Number(a.id));
  areaNames = areas.map((a) => a.area_name);
  const res = await call('POST', DEVICE_PATHS.concentratorSave, admin, {
    concentratorCode: uniq('JZQ'),
    areaId: areaIds[0],
  });
  hub = res.json().datas as Concentrator;
});
afterAll(async () => {
  await t?.close();
});

describe('POST device/collector (save) and udpateCollector', () => {
  it('creates a wired collector under a concentrator with the names shown, logs it, and updates it', async () => {
    const code = uniq();
    const res = await call('POST', DEVICE_PATHS.collectorSave, admin, {
      collectorCode: code,
      linkKind: 1,
      concentratorId: hub.id,
      areaId: areaIds[0],
      ip: '10.0.0.9',
      port: 502,
      uploadFrequency: 60,
      channel: 2,
    });
    expect(res.json()).toMatchObject({
      resp_code: 0,
      datas: {
        collectorCode: code,
        linkKind: 1,
        concentratorId: hub.id,
        concentratorCode: hub.concentratorCode,
        areaName: areaNames[0],
        uploadFrequency: 60,
        channel: 2,
        meterCount: 0,
      },
    });
    expect(await lastLog()).toMatchObject({ operation: 'collectorCreate', detail: expect.stringContaining(code) });
    const id = res.json().datas.id;
    const upd = await call('POST', DEVICE_PATHS.collectorUpdate, admin, {
      id,
      collectorCode: code,
      linkKind: 2,
      areaId: areaIds[1],
      concentratorId: null,
      port: null,
      uploadFrequency: null,
      channel: null,
    });
    expect(upd.json().datas).toMatchObject({
      id,
      linkKind: 2,
      concentratorId: null,
      areaId: areaIds[1],
      port: null,
      uploadFrequency: null,
      channel: null,
    });
    expect(await lastLog()).toMatchObject({ operation: 'collectorUpdate' });
  });

  it('refuses bad input with the exact message in zh and en, writing nothing', async () => {
    const before = await countCollectors();
    const base = { collectorCode: uniq(), linkKind: 1, areaId: areaIds[0] };
    const cases: [object, string, Parameters<typeof zh>[0]][] = [
      [{ ...base, collectorCode: ' ' }, 'collectorCode', 'rules.collectorCode.required'],
      [{ ...base, ip: 'abc' }, 'ip', 'rules.ip.format'],
      [{ ...base, port: 65536 }, 'port', 'rules.port.format'],
      [{ ...base, uploadFrequency: -1 }, 'uploadFrequency', 'rules.deviceRate.range'],
      [{ ...base, concentratorId: 999999 }, 'concentratorId', 'resource.device.unknownConcentrator'],
    ];
    for (const [body, field, key] of cases) {
      const zhRes = await call('POST', DEVICE_PATHS.collectorSave, admin, body);
      expect(zhRes.json(), field).toMatchObject({ resp_code: 400, resp_msg: zh(key), field });
      const enRes = await call('POST', DEVICE_PATHS.collectorSave, admin, body, 'en');
      expect(enRes.json(), field).toMatchObject({ resp_msg: en(key), field });
    }
    const badKind = await call('POST', DEVICE_PATHS.collectorSave, admin, { ...base, linkKind: 3 });
    expect(badKind.statusCode).toBe(400);
    expect(await countCollectors()).toBe(before);
  });

  it("refuses another tenant's concentrator; its collector is 404 to update; codes unique per tenant", async () => {
    const theirRegion = await call('POST', PLACE_PATHS.regionSave, otherAdmin, { regionName: uniq('片区') });
    const theirArea = await call('POST', PLACE_PATHS.areaSave, otherAdmin, {
      areaName: uniq('小区'),
      regionId: theirRegion.json().datas.id,
    });
    const theirAreaId = theirArea.json().datas.id;
    const res = await call('POST', DEVICE_PATHS.collectorSave, otherAdmin, {
      collectorCode: uniq(),
      linkKind: 1,
      areaId: theirAreaId,
      concentratorId: hub.id,
    });
    expect(res.json()).toMatchObject({ resp_msg: zh('resource.device.unknownConcentrator'), field: 'concentratorId' });
    const mine = await newCollector();
    const update = { id: mine.id, collectorCode: 'x', linkKind: 1, areaId: theirAreaId };
    expect((await call('POST', DEVICE_PATHS.collectorUpdate, otherAdmin, update)).json()).toEqual(notFound);
    const dup = await call('POST', DEVICE_PATHS.collectorSave, admin, {
      collectorCode: mine.collectorCode,
      linkKind: 2,
      areaId: areaIds[0],
    });
    expect(dup.json()).toMatchObject({ resp_code: 1, resp_msg: zh('resource.collectorCode.exists') });
    const dupEn = await call(
      'POST',
      DEVICE_PATHS.collectorSave,
      admin,
      { collectorCode: mine.collectorCode, linkKind: 2, areaId: areaIds[0] },
      'en',
    );
    expect(dupEn.json().resp_msg).toBe('The code must be unique');
    const exist = `${DEVICE_PATHS.collectorExist}?field=collectorCode&value=${mine.collectorCode}`;
    expect((await call('GET', exist, viewer.token)).json().datas).toBe(true);
    expect((await call('GET', exist, otherAdmin)).json().datas).toBe(false);
    const theirs = await call('POST', DEVICE_PATHS.collectorSave, otherAdmin, {
      collectorCode: mine.collectorCode,
      linkKind: 1,
      areaId: theirAreaId,
    });
    expect(theirs.json().resp_code).toBe(0);
  });

  it('answers 401 without a token and 403 to a viewer', async () => {
    const body = { collectorCode: uniq(), linkKind: 1, areaId: areaIds[0] };
    expect((await call('POST', DEVICE_PATHS.collectorSave, undefined, body)).json()).toEqual(unauthorized);
    expect((await call('POST', DEVICE_PATHS.collectorSave, viewer.token, body)).json()).toEqual(forbidden);
  });
});

describe('findWiredList and findWirelessList', () => {
  it('list one link kind each, which the query cannot widen, with filters by code and concentrator', async () => {
    const prefix = uniq('KND');
    await newCollector({ collectorCode: `${prefix}-w1`, linkKind: 1, concentratorId: hub.id });
    await newCollector({ collectorCode: `${prefix}-w2`, linkKind: 1 });
    await newCollector({ collectorCode: `${prefix}-r1`, linkKind: 2 });
    const codes = async (url: string, token = viewer.token) =>
      ((await call('GET', url, token)).json().data as Collector[]).map((c) => c.collectorCode);
    expect(await codes(`${DEVICE_PATHS.collectorsWired}?collectorCode=${prefix}`)).toEqual([
      `${prefix}-w1`,
      `${prefix}-w2`,
    ]);
    expect(await codes(`${DEVICE_PATHS.collectorsWired}?collectorCode=${prefix}&linkKind=2`)).toEqual([
      `${prefix}-w1`,
      `${prefix}-w2`,
    ]);
    expect(await codes(`${DEVICE_PATHS.collectorsWireless}?collectorCode=${prefix}`)).toEqual([`${prefix}-r1`]);
    expect(await codes(`${DEVICE_PATHS.collectorsWired}?collectorCode=${prefix}&concentratorId=${hub.id}`)).toEqual([
      `${prefix}-w1`,
    ]);
    expect(await codes(`${DEVICE_PATHS.collectors}?collectorCode=${prefix}`)).toHaveLength(3);
    expect(await codes(`${DEVICE_PATHS.collectorsWired}?collectorCode=${prefix}`, otherAdmin)).toEqual([]);
    const exported = await call(
      'GET',
      `${DEVICE_PATHS.collectorsWireless}/export?collectorCode=${prefix}`,
      viewer.token,
    );
    expect(exported.headers['content-type'], exported.body).toBe(XLSX_CONTENT_TYPE);
    const rows = (await readXlsx(exported.rawPayload)).采集器 as string[][];
    expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual([[`${prefix}-r1`, '无线']]);
  });

  it('is read by the meter page (its selector); others are refused', async () => {
    const meterViewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.deviceMeterView]);
    expect((await call('GET', DEVICE_PATHS.collectors, meterViewer.token)).json().code).toBe(0);
    expect((await call('GET', DEVICE_PATHS.collectorsWired, meterViewer.token)).json().code).toBe(0);
    const logOnly = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.sysLogView]);
    expect((await call('GET', DEVICE_PATHS.collectorsWired, logOnly.token)).json()).toEqual(forbidden);
    expect((await call('GET', DEVICE_PATHS.collectorsWireless)).json()).toEqual(unauthorized);
  });
});

describe('delete and batchDelete', () => {
  it('deletes one, refuses one with meters (message names it), 404 for another tenant', async () => {
    const free = await newCollector();
    expect((await call('POST', DEVICE_PATHS.collectorDelete, otherAdmin, { id: free.id })).json()).toEqual(notFound);
    expect((await call('POST', DEVICE_PATHS.collectorDelete, admin, { id: free.id })).json().resp_code).toBe(0);
    expect(await lastLog()).toMatchObject({ operation: 'collectorDelete' });
    const busy = await newCollector();
    const meter = await newMeter();
    await call('POST', DEVICE_PATHS.collectorDeviceArchives(busy.id), admin, { meterCodes: meter });
    const res = await call('POST', DEVICE_PATHS.collectorDelete, admin, { id: busy.id }, 'en');
    expect(res.json()).toMatchObject({
      resp_code: 1,
      resp_msg: en('resource.collector.hasMeters', { code: busy.collectorCode, count: 1 }),
    });
  });

  it('deletes a batch all or nothing', async () => {
    const a = await newCollector();
    const b = await newCollector();
    const busy = await newCollector();
    await call('POST', DEVICE_PATHS.collectorDeviceArchives(busy.id), admin, { meterCodes: await newMeter() });
    const before = await countCollectors();
    const refused = await call('POST', DEVICE_PATHS.collectorBatchDelete, admin, { ids: [a.id, busy.id, b.id] });
    expect(refused.json()).toMatchObject({
      resp_code: 1,
      resp_msg: zh('resource.collector.hasMeters', { code: busy.collectorCode, count: 1 }),
    });
    expect(await countCollectors()).toBe(before);
    const foreign = await call('POST', DEVICE_PATHS.collectorBatchDelete, otherAdmin, { ids: [a.id] });
    expect(foreign.json()).toEqual(notFound);
    const missing = await call('POST', DEVICE_PATHS.collectorBatchDelete, admin, { ids: [a.id, 99999999] });
    expect(missing.json()).toEqual(notFound);
    expect((await call('POST', DEVICE_PATHS.collectorBatchDelete, viewer.token, { ids: [a.id] })).json()).toEqual(
      forbidden,
    );
    expect((await call('POST', DEVICE_PATHS.collectorBatchDelete, admin, { ids: [] })).statusCode).toBe(400);
    const ok = await call('POST', DEVICE_PATHS.collectorBatchDelete, admin, { ids: [a.id, b.id] });
    expect(ok.json().resp_code).toBe(0);
    expect(await countCollectors()).toBe(before - 2);
    const logged = await t.app.db
      .selectFrom('operation_log')
      .select('detail')
      .where('company_id', '=', companyId)
      .where('operation', '=', 'collectorDelete')
      .where('detail', 'like', '%batch of 2%')
      .execute();
    expect(logged).toHaveLength(2);
  });
});

describe('ipaddress, uploadfrequency', () => {
  it('store and read the collector settings, validated, logged, tenant-bound', async () => {
    const c = await newCollector();
    const set = await call('POST', DEVICE_PATHS.collectorIpAddress(c.id), admin, { ip: '172.16.0.5', port: 6000 });
    expect(set.json().resp_code, set.body).toBe(0);
    expect(await lastLog()).toMatchObject({ operation: 'collectorSettings' });
    expect((await call('GET', DEVICE_PATHS.collectorIpAddress(c.id), viewer.token)).json().datas).toEqual({
      ip: '172.16.0.5',
      port: 6000,
    });
    const bad = await call('POST', DEVICE_PATHS.collectorIpAddress(c.id), admin, { ip: '172.16.0', port: 6000 }, 'en');
    expect(bad.json()).toMatchObject({ resp_msg: en('rules.ip.format'), field: 'ip' });
    expect((await call('GET', DEVICE_PATHS.collectorIpAddress(c.id), otherAdmin)).json()).toEqual(notFound);
    const ip = { ip: '1.1.1.1', port: 1 };
    expect((await call('POST', DEVICE_PATHS.collectorIpAddress(c.id), viewer.token, ip)).json()).toEqual(forbidden);

    const freq = await call('POST', DEVICE_PATHS.collectorUploadFrequency(c.id), admin, { uploadFrequency: 120 });
    expect(freq.json().resp_code).toBe(0);
    expect((await call('GET', DEVICE_PATHS.collectorUploadFrequency(c.id), viewer.token)).json().datas).toEqual({
      uploadFrequency: 120,
    });
    const zero = await call('POST', DEVICE_PATHS.collectorUploadFrequency(c.id), admin, { uploadFrequency: 0 });
    expect(zero.json()).toMatchObject({ resp_msg: zh('rules.deviceRate.range'), field: 'uploadFrequency' });
    const theirs = await call('POST', DEVICE_PATHS.collectorUploadFrequency(c.id), otherAdmin, { uploadFrequency: 5 });
    expect(theirs.json()).toEqual(notFound);
  });
});

describe('setDeviceArchives', () => {
  it('replaces the meters a collector reads from codes separated by spaces; they follow its concentrator', async () => {
    const c = await newCollector({ concentratorId: hub.id });
    const [m1, m2, m3] = [await newMeter(), await newMeter(), await newMeter()];
    const set = await call('POST', DEVICE_PATHS.collectorDeviceArchives(c.id), admin, {
      meterCodes: ` ${m2}\n${m1}\u3000${m3} `,
    });
    expect(set.json().datas).toEqual({ id: c.id, meterCodes: [m1, m2, m3].sort() });
    expect(await meterRow(m1)).toEqual({ collector_id: c.id, concentrator_id: hub.id });
    expect(await lastLog()).toMatchObject({ operation: 'collectorArchives' });
    // a shorter list releases the others
    await call('POST', DEVICE_PATHS.collectorDeviceArchives(c.id), admin, { meterCodes: m3 });
    expect(await meterRow(m1)).toEqual({ collector_id: null, concentrator_id: null });
    expect(
      (await call('GET', DEVICE_PATHS.collectorDeviceArchives(c.id), viewer.token)).json().datas.meterCodes,
    ).toEqual([m3]);
    // the collector moves to no concentrator: its meters follow
    await call('POST', DEVICE_PATHS.collectorUpdate, admin, {
      id: c.id,
      collectorCode: c.collectorCode,
      linkKind: 1,
      areaId: areaIds[0],
    });
    expect(await meterRow(m3)).toEqual({ collector_id: c.id, concentrator_id: null });
  });

  it('refuses unknown or repeated codes with the exact message, changing nothing', async () => {
    const c = await newCollector();
    const m = await newMeter();
    await call('POST', DEVICE_PATHS.collectorDeviceArchives(c.id), admin, { meterCodes: m });
    const theirMeter = await newMeter(null, other.companyId);
    const unknown = await call('POST', DEVICE_PATHS.collectorDeviceArchives(c.id), admin, {
      meterCodes: `NOPE1 ${theirMeter}`,
    });
    expect(unknown.json()).toMatchObject({
      resp_code: 400,
      resp_msg: zh('resource.collector.unknownMeters', { codes: `NOPE1 ${theirMeter}` }),
      field: 'meterCodes',
    });
    const twice = await call(
      'POST',
      DEVICE_PATHS.collectorDeviceArchives(c.id),
      admin,
      { meterCodes: `${m} ${m}` },
      'en',
    );
    expect(twice.json()).toMatchObject({ resp_msg: en('rules.codes.duplicate', { code: m }), field: 'meterCodes' });
    expect((await meterRow(m)).collector_id).toBe(c.id);
    expect((await call('GET', DEVICE_PATHS.collectorDeviceArchives(c.id), otherAdmin)).json()).toEqual(notFound);
    const meters = { meterCodes: m };
    expect((await call('POST', DEVICE_PATHS.collectorDeviceArchives(c.id), viewer.token, meters)).json()).toEqual(
      forbidden,
    );
  });
});

describe('data scope', () => {
  it('an account limited to one area sees and changes only collectors there, and attaches only its meters', async () => {
    const inside = await newCollector({ areaId: areaIds[0] });
    const outside = await newCollector({ areaId: areaIds[1] });
    const farMeter = await newMeter(areaIds[1]);
    const scoped = await createUserWithPermissions(t.app, companyId, [
      PERMISSIONS.deviceCollectorView,
      PERMISSIONS.deviceCollectorEdit,
    ]);
    const set = await call('POST', PLACE_PATHS.userRegionAreaSave, admin, {
      userId: scoped.id,
      regionIds: [],
      areaIds: [areaIds[0]],
    });
    expect(set.json().resp_code, set.body).toBe(0);
    const codes = (
      (await call('GET', `${DEVICE_PATHS.collectorsWired}?limit=999`, scoped.token)).json().data as Collector[]
    ).map((c) => c.collectorCode);
    expect(codes).toContain(inside.collectorCode);
    expect(codes).not.toContain(outside.collectorCode);
    expect((await call('GET', DEVICE_PATHS.collector(outside.id), scoped.token)).json()).toEqual(notFound);
    expect((await call('GET', DEVICE_PATHS.collectorIpAddress(outside.id), scoped.token)).json()).toEqual(notFound);
    expect((await call('POST', DEVICE_PATHS.collectorBatchDelete, scoped.token, { ids: [outside.id] })).json()).toEqual(
      notFound,
    );
    const far = await call('POST', DEVICE_PATHS.collectorDeviceArchives(inside.id), scoped.token, {
      meterCodes: farMeter,
    });
    expect(far.json()).toMatchObject({ resp_msg: zh('resource.collector.unknownMeters', { codes: farMeter }) });
  });
});

describe('import', () => {
  it('imports good rows (link kind as a word, concentrator by code, area by name) and returns the bad ones', async () => {
    const tpl = await readXlsx((await call('GET', `${DEVICE_PATHS.collectors}/import/template`, admin)).rawPayload);
    const headers = (tpl.采集器 as string[][])[0] as string[];
    expect(headers.slice(0, 4)).toEqual(['采集器编号', '类型', '集中器编号', '小区']);
    const prefix = uniq('IMP');
    const row = (code: string, kind: string, hubCode: string, area: string) => [
      code,
      kind,
      hubCode,
      area,
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ];
    const sheet = await buildXlsx(headers, [
      row(`${prefix}-1`, '有线', hub.concentratorCode, areaNames[0] as string),
      row(`${prefix}-2`, 'Wireless', '', areaNames[1] as string),
      row(`${prefix}-3`, '蓝牙', '', areaNames[0] as string),
      row(`${prefix}-4`, '无线', 'NO-SUCH-HUB', areaNames[0] as string),
      row(`${prefix}-5`, '无线', '', ''),
    ]);
    const { payload, headers: mp } = multipartBody({
      filename: 'c.xlsx',
      contentType: XLSX_CONTENT_TYPE,
      content: sheet,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `${DEVICE_PATHS.collectors}/import`,
      payload,
      headers: { ...mp, ...bearer(admin), ...lang('zh-CN') },
    });
    expect(res.json().resp_code, res.body).toBe(0);
    let job: ImportJob | undefined;
    for (let i = 0; i < 300; i++) {
      job = (await call('GET', `${DEVICE_PATHS.collectors}/import/jobs/${res.json().datas.id}`, admin)).json().datas;
      if (job?.status === 'success' || job?.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(job).toMatchObject({ total: 5, succeeded: 2, failed: 3 });
    const imported = (await call('GET', `${DEVICE_PATHS.collectors}?collectorCode=${prefix}`, admin)).json()
      .data as Collector[];
    expect(imported.map((c) => [c.collectorCode, c.linkKind, c.concentratorId])).toEqual([
      [`${prefix}-1`, 1, hub.id],
      [`${prefix}-2`, 2, null],
    ]);
    const failures = await readXlsx(
      (await call('GET', `${DEVICE_PATHS.collectors}/import/jobs/${job?.id}/failures`, admin)).rawPayload,
    );
    expect((failures.导入失败数据 as string[][]).slice(1).map((r) => [r[0], r.at(-1)])).toEqual([
      [`${prefix}-3`, zh('import.device.badLinkKind', { value: '蓝牙' })],
      [`${prefix}-4`, zh('import.device.unknownConcentrator', { code: 'NO-SUCH-HUB' })],
      [`${prefix}-5`, zh('rules.deviceArea.required')],
    ]);
  });
});
