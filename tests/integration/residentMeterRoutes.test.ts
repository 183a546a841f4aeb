// The resident–meter binding (data/residentMeter) under /api-workbench: bind, relieve, batchRelieve, takeOff,
// batchClearance, unBoundWaterMeter and the history per resident and per meter. The story of issue 4: bind a meter,
// take it off, rebind it → three history rows in order; a double bind is refused naming the meter; every change is
// in the operation log with who and when; another tenant gets 404, a viewer 403; data scope applies to meters too.
import { PERMISSIONS } from '@waterops/shared/auth';
import { type Binding, CUSTOMER_PATHS, type Resident, type UnboundMeter } from '@waterops/shared/customer';
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
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let other: Tenant;
let otherAdmin: string;
let viewer: TestUser;
let areaIds: Record<string, number>;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  t.app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });
let n = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;

const newResident = async (areaId = areaIds['和平里小区']) => {
  const res = await call('POST', CUSTOMER_PATHS.residentSave, admin, {
    residentName: '绑定户',
    areaId,
    chargeFee: true,
  });
  expect(res.json().resp_code, res.body).toBe(0);
  return res.json().datas as Resident;
};
const newMeter = async (areaId = areaIds['和平里小区'] as number, company = companyId) => {
  const code = uniq('BM');
  const row = await t.app.db
    .insertInto('water_meters')
    .values({ company_id: company, meter_code: code, area_id: company === companyId ? areaId : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), code };
};
const history = async (q: string, token = admin) =>
  (await call('GET', `${CUSTOMER_PATHS.history}?${q}`, token)).json().datas as Binding[];
const bind = (residentId: number, meterIds: number[], token = admin, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  call('POST', CUSTOMER_PATHS.bind, token, { residentId, meterIds }, locale);
const bindingRows = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('resident_meters')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const logsSince = async (id: number) =>
  t.app.db
    .selectFrom('operation_log')
    .select(['operation', 'detail', 'username', 'result', 'created_at'])
    .where('company_id', '=', companyId)
    .where('id', '>', id)
    .orderBy('id')
    .execute();
const lastLogId = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('operation_log')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id ?? 0,
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
});
afterAll(async () => {
  await t?.close();
});

describe('the binding story', () => {
  it('bind, take off, rebind: three history rows in order, each change logged with who; double bind refused', async () => {
    const r = await newResident();
    const meter = await newMeter();
    const since = await lastLogId();

    expect((await bind(r.id, [meter.id])).json().resp_code).toBe(0);
    expect((await call('GET', `${CUSTOMER_PATHS.takeOff}?meterId=${meter.id}`, admin)).json().resp_code).toBe(0);
    expect((await bind(r.id, [meter.id])).json().resp_code).toBe(0);

    const rows = await history(`meterId=${meter.id}`);
    expect(rows.map((b) => [b.residentId, b.unbindKind, b.unboundAt === null])).toEqual([
      [r.id, 'takeOff', false],
      [r.id, null, true],
    ]);
    expect(rows[0]).toMatchObject({ boundBy: 'admin', unboundBy: 'admin', meterCode: meter.code });
    const logs = await logsSince(since);
    expect(logs.map((l) => l.operation)).toEqual(['meterBind', 'meterTakeOff', 'meterBind']);
    expect(logs.every((l) => l.username === 'admin' && l.result === 'success')).toBe(true);
    expect(logs[0]?.detail).toContain(meter.code);
    expect(logs[0]?.detail).toContain(r.residentCode);

    // a second resident may not take a bound meter: the message names the meter and its resident
    const second = await newResident();
    const before = await bindingRows();
    expect((await bind(second.id, [meter.id])).json()).toMatchObject({
      resp_code: 1,
      resp_msg: zh('resource.residentMeter.bound', { code: meter.code, resident: r.residentCode }),
    });
    expect((await bind(second.id, [meter.id], admin, 'en')).json().resp_msg).toBe(
      en('resource.residentMeter.bound', { code: meter.code, resident: r.residentCode }),
    );
    expect(await bindingRows()).toBe(before);

    // relieve: a third row's end; the resident's history lists both bindings, oldest first
    expect((await call('GET', `${CUSTOMER_PATHS.relieve}?meterId=${meter.id}`, admin)).json().resp_code).toBe(0);
    const mine = await history(`residentId=${r.id}`, viewer.token);
    expect(mine.map((b) => b.unbindKind)).toEqual(['takeOff', 'relieve']);
    // the meter page's drawer reads a meter's history with the meter view permission alone
    const meterViewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.deviceMeterView]);
    expect(await history(`meterId=${meter.id}`, meterViewer.token)).toHaveLength(2);
  });

  it('binding is all or nothing: one bound meter in the batch binds none', async () => {
    const r = await newResident();
    const free = await newMeter();
    const taken = await newMeter();
    await bind((await newResident()).id, [taken.id]);
    const res = await bind(r.id, [free.id, taken.id]);
    expect(res.json().resp_code).toBe(1);
    expect(await history(`meterId=${free.id}`)).toEqual([]);
  });

  it('relieving or taking off a meter bound to nobody is refused naming it', async () => {
    const meter = await newMeter();
    for (const url of [CUSTOMER_PATHS.relieve, CUSTOMER_PATHS.takeOff])
      expect((await call('GET', `${url}?meterId=${meter.id}`, admin)).json()).toMatchObject({
        resp_code: 1,
        resp_msg: zh('resource.residentMeter.notBound', { code: meter.code }),
      });
  });

  it('batchRelieve ends several bindings; batchClearance closes residents and ends all theirs', async () => {
    const a = await newResident();
    const b = await newResident();
    const [m1, m2, m3] = [await newMeter(), await newMeter(), await newMeter()];
    await bind(a.id, [m1.id, m2.id]);
    await bind(b.id, [m3.id]);
    expect(
      (await call('GET', `${CUSTOMER_PATHS.batchRelieve}?meterIds=${m1.id},${m2.id}`, admin)).json().resp_code,
    ).toBe(0);
    expect((await history(`residentId=${a.id}`)).map((x) => x.unbindKind)).toEqual(['relieve', 'relieve']);

    await bind(a.id, [m1.id]);
    const res = await call('GET', `${CUSTOMER_PATHS.batchClearance}?residentIds=${a.id},${b.id}`, admin);
    expect(res.json().resp_code).toBe(0);
    expect((await history(`meterId=${m3.id}`))[0]?.unbindKind).toBe('clearance');
    const closed = (await call('GET', CUSTOMER_PATHS.resident(a.id), admin)).json().datas as Resident;
    expect(closed).toMatchObject({ status: 3, meterCodes: [] });
    // a closed resident takes no meter
    expect((await bind(a.id, [m2.id])).json()).toMatchObject({
      resp_code: 1,
      resp_msg: zh('resource.resident.closed', { code: a.residentCode }),
    });
    // bad id lists are 400s
    expect((await call('GET', `${CUSTOMER_PATHS.batchRelieve}?meterIds=1,x`, admin)).statusCode).toBe(400);
  });
});

describe('GET unBoundWaterMeter', () => {
  it('lists only meters bound to nobody, by code; 50 a page', async () => {
    const prefix = uniq('UB');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        Number(
          (
            await t.app.db
              .insertInto('water_meters')
              .values({ company_id: companyId, meter_code: `${prefix}-${i}`, area_id: areaIds['和平里小区'] })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        ),
      );
    await bind((await newResident()).id, [ids[1] as number]);
    const res = (
      await call('GET', `${CUSTOMER_PATHS.unbound}?meterCode=${prefix}&page=1&limit=50`, viewer.token)
    ).json();
    expect((res.data as UnboundMeter[]).map((m) => m.meterCode)).toEqual([`${prefix}-0`, `${prefix}-2`]);
    expect(res.count).toBe(2);
    const theirs = (await call('GET', `${CUSTOMER_PATHS.unbound}?meterCode=${prefix}`, otherAdmin)).json();
    expect(theirs.count).toBe(0);
  });
});

describe('tenants, permissions and data scope', () => {
  it("another tenant's resident or meter is a 404; nothing bound", async () => {
    const r = await newResident();
    const mine = await newMeter();
    const theirs = await newMeter(0, other.companyId);
    const before = await bindingRows();
    expect((await bind(r.id, [theirs.id])).json()).toMatchObject(notFound);
    expect((await bind(r.id, [mine.id], otherAdmin)).json()).toMatchObject(notFound);
    expect((await call('GET', `${CUSTOMER_PATHS.relieve}?meterId=${mine.id}`, otherAdmin)).json()).toMatchObject(
      notFound,
    );
    expect((await call('GET', `${CUSTOMER_PATHS.history}?residentId=${r.id}`, otherAdmin)).json()).toMatchObject(
      notFound,
    );
    expect(await bindingRows()).toBe(before);
  });

  it('a viewer may read but not change (403); no token is 401; a history takes at most one of the ids', async () => {
    const r = await newResident();
    const meter = await newMeter();
    expect((await bind(r.id, [meter.id], viewer.token)).json()).toMatchObject(forbidden);
    expect((await call('GET', `${CUSTOMER_PATHS.takeOff}?meterId=${meter.id}`, viewer.token)).json()).toMatchObject(
      forbidden,
    );
    expect((await call('GET', `${CUSTOMER_PATHS.batchClearance}?residentIds=${r.id}`)).json()).toMatchObject(
      unauthorized,
    );
    expect(
      (await call('GET', `${CUSTOMER_PATHS.history}?residentId=${r.id}&meterId=${meter.id}`, admin)).statusCode,
    ).toBe(400);
  });

  it('an account scoped to one area binds only meters and residents inside it', async () => {
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
    const inside = await newResident();
    const outsideMeter = await newMeter(areaIds['东四小区']);
    const insideMeter = await newMeter();
    expect((await bind(inside.id, [outsideMeter.id], token)).json()).toMatchObject(notFound);
    const unbound = (await call('GET', `${CUSTOMER_PATHS.unbound}?meterCode=BM&limit=999`, token)).json()
      .data as UnboundMeter[];
    expect(unbound.some((m) => m.id === outsideMeter.id)).toBe(false);
    expect(unbound.some((m) => m.id === insideMeter.id)).toBe(true);
    expect((await bind(inside.id, [insideMeter.id], token)).json().resp_code).toBe(0);
  });
});
