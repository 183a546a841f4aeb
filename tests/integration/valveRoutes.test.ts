// Valves (deviceValve) under /api-workbench: list, {id}, insertOrUpdate and delete, with the code unique, the rules'
// messages in both languages, tenant isolation, permissions, data scope and the export.
import { sheetPaths } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { DEVICE_PATHS, type Meter, type Valve } from '@waterops/shared/device';
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
let viewer: TestUser;
let areas: Record<string, Area>;
let meter: Meter;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  t.app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });
let n = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;
const valveCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('valves')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const newValve = async (fields: Record<string, unknown> = {}, token = admin) => {
  const res = await call('POST', DEVICE_PATHS.valveSave, token, {
    valveCode: uniq('FM'),
    valveKind: 1,
    valveState: 1,
    areaId: areas.东四小区?.id,
    ...fields,
  });
  expect(res.json().resp_code, res.body).toBe(0);
  return res.json().datas as Valve;
};

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  const other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.deviceValveView]);
  areas = Object.fromEntries(
    ((await call('GET', `${PLACE_PATHS.areas}?limit=999`, admin)).json().data as Area[]).map((a) => [a.areaName, a]),
  );
  const res = await call('POST', DEVICE_PATHS.meterSave, admin, { meterCode: uniq('VM'), areaId: areas.东四小区?.id });
  meter = res.json().datas as Meter;
});
afterAll(async () => {
  await t?.close();
});

describe('POST deviceValve/insertOrUpdate', () => {
  it('creates a valve at a meter with its names, then updates it; both are logged', async () => {
    const v = await newValve({ valveKind: 2, valveState: 0, caliber: 100, meterId: meter.id, lng: '116.4', lat: 39.9 });
    expect(v).toMatchObject({
      valveKind: 2,
      valveState: 0,
      caliber: 100,
      meterCode: meter.meterCode,
      areaName: '东四小区',
      lng: 116.4,
      lat: 39.9,
    });
    const res = await call('POST', DEVICE_PATHS.valveSave, admin, { ...v, valveState: 1, name: '主阀' });
    expect(res.json().datas).toMatchObject({ id: v.id, valveState: 1, name: '主阀' });
    const log = await t.app.db
      .selectFrom('operation_log')
      .select('operation')
      .where('company_id', '=', companyId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(log.operation).toBe('valveUpdate');
  });

  it('refuses a code another valve holds ("code must be unique"), in both languages, nothing written', async () => {
    const v = await newValve();
    const before = await valveCount();
    const body = { valveCode: v.valveCode, valveKind: 1, valveState: 1, areaId: v.areaId };
    expect((await call('POST', DEVICE_PATHS.valveSave, admin, body)).json()).toMatchObject({
      resp_code: 1,
      resp_msg: zh('resource.valveCode.exists'),
    });
    expect((await call('POST', DEVICE_PATHS.valveSave, admin, body, 'en')).json().resp_msg).toBe(
      'The valve code must be unique',
    );
    expect(await valveCount()).toBe(before);
  });

  it.each([
    [{ valveCode: '' }, 'valveCode', 'rules.valveCode.required'],
    [{ areaId: null }, 'areaId', 'rules.valveArea.required'],
    [{ lat: 91 }, 'lat', 'rules.latitude.format'],
  ] as const)('bad input %o → 400 on %s with its message, nothing written', async (fields, field, key) => {
    const before = await valveCount();
    const body = { valveCode: uniq('B'), valveKind: 1, valveState: 1, areaId: areas.东四小区?.id, ...fields };
    const res = await call('POST', DEVICE_PATHS.valveSave, admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ resp_msg: zh(key), field });
    expect((await call('POST', DEVICE_PATHS.valveSave, admin, body, 'en')).json().resp_msg).toBe(en(key));
    expect(await valveCount()).toBe(before);
  });

  it("refuses a kind out of range, and another tenant's meter (400 on the field)", async () => {
    const kind = await call('POST', DEVICE_PATHS.valveSave, admin, {
      valveCode: uniq('B'),
      valveKind: 9,
      valveState: 1,
      areaId: areas.东四小区?.id,
    });
    expect(kind.statusCode).toBe(400);
    const res = await call('POST', DEVICE_PATHS.valveSave, otherAdmin, {
      valveCode: uniq('B'),
      valveKind: 1,
      valveState: 1,
      meterId: meter.id,
    });
    expect(res.statusCode).toBe(400);
  });

  it("answers 404 when updating another tenant's valve, 403 to a viewer, 401 without a token", async () => {
    const v = await newValve();
    expect((await call('POST', DEVICE_PATHS.valveSave, otherAdmin, v)).json()).toEqual(notFound);
    expect((await call('POST', DEVICE_PATHS.valveSave, viewer.token, v)).json()).toEqual(forbidden);
    expect((await call('POST', DEVICE_PATHS.valveSave, undefined, v)).json()).toEqual(unauthorized);
  });
});

describe('GET deviceValve/list and {id}', () => {
  it('filters by code, area, kind and state; never shows another tenant', async () => {
    const tag = uniq('L');
    await newValve({ valveCode: `${tag}A`, valveKind: 3 });
    await newValve({ valveCode: `${tag}B`, valveState: 0, areaId: areas.和平里小区?.id });
    const codes = async (q: string, token = viewer.token) =>
      ((await call('GET', `${DEVICE_PATHS.valves}?limit=999&valveCode=${tag}&${q}`, token)).json().data as Valve[]).map(
        (v) => v.valveCode,
      );
    expect(await codes('')).toEqual([`${tag}A`, `${tag}B`]);
    expect(await codes('valveKind=3')).toEqual([`${tag}A`]);
    expect(await codes('valveState=0')).toEqual([`${tag}B`]);
    expect(await codes(`areaId=${areas.和平里小区?.id}`)).toEqual([`${tag}B`]);
    expect(await codes('', otherAdmin)).toEqual([]);
  });

  it("finds one valve; another tenant's is 404", async () => {
    const v = await newValve();
    expect((await call('GET', DEVICE_PATHS.valve(v.id), viewer.token)).json().datas.valveCode).toBe(v.valveCode);
    expect((await call('GET', DEVICE_PATHS.valve(v.id), otherAdmin)).json()).toEqual(notFound);
  });

  it('exports the filtered valves with their kind and state in words', async () => {
    const v = await newValve({ valveKind: 4, valveState: 0 });
    const res = await call('GET', `${sheetPaths(DEVICE_PATHS.valves).export}?valveCode=${v.valveCode}`, admin);
    const rows = (await readXlsx(res.rawPayload)).阀门 as string[][];
    expect(rows[1]?.slice(0, 5)).toEqual([v.valveCode, '', '减压阀', '', '关']);
  });
});

describe('POST deviceValve/delete', () => {
  it("deletes a valve; another tenant's answers 404 and a viewer 403", async () => {
    const v = await newValve();
    expect((await call('POST', DEVICE_PATHS.valveDelete, otherAdmin, { id: v.id })).json()).toEqual(notFound);
    expect((await call('POST', DEVICE_PATHS.valveDelete, viewer.token, { id: v.id })).json()).toEqual(forbidden);
    expect((await call('POST', DEVICE_PATHS.valveDelete, admin, { id: v.id })).json().resp_code).toBe(0);
    expect((await call('GET', DEVICE_PATHS.valve(v.id), admin)).json()).toEqual(notFound);
  });

  it('a meter with a valve on it cannot be deleted', async () => {
    const res = await call('POST', DEVICE_PATHS.meterSave, admin, {
      meterCode: uniq('VM'),
      areaId: areas.东四小区?.id,
    });
    const m = res.json().datas as Meter;
    await newValve({ meterId: m.id });
    expect((await call('POST', DEVICE_PATHS.meterDelete, admin, { id: m.id })).json()).toMatchObject({
      resp_code: 1,
      resp_msg: zh('resource.meter.inUse', { code: m.meterCode }),
    });
  });
});

describe('data scope', () => {
  it('an account limited to one area sees and changes only the valves there', async () => {
    const inside = await newValve({ areaId: areas.东四小区?.id });
    const outside = await newValve({ areaId: areas.和平里小区?.id });
    const user = await createUserWithPermissions(t.app, companyId, [
      PERMISSIONS.deviceValveView,
      PERMISSIONS.deviceValveEdit,
    ]);
    const scope = await call('POST', PLACE_PATHS.userRegionAreaSave, admin, {
      userId: user.id,
      regionIds: [],
      areaIds: [areas.东四小区?.id],
    });
    expect(scope.json().resp_code).toBe(0);
    const token = await signIn(t.app, user.username, user.password);
    const ids = ((await call('GET', `${DEVICE_PATHS.valves}?limit=999`, token)).json().data as Valve[]).map(
      (v) => v.id,
    );
    expect(ids).toContain(inside.id);
    expect(ids).not.toContain(outside.id);
    expect((await call('POST', DEVICE_PATHS.valveDelete, token, { id: outside.id })).json()).toEqual(notFound);
  });
});
