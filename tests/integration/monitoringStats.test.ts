// Monitoring statistics over the alarms table: live alarms per type and level (typeCount), alarms raised per China day
// (trend, ≤ 90 days), the ten areas with most alarms (topTenArea), the usage-exception list and its handling
// (updateLeakageWaterState: all or nothing, pending only, logged) — each in the caller's tenant and data scope, with
// bad input, no token and no permission.
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  MONITORING_PATHS,
  type TopArea,
  type Trend,
  type TypeCount,
  type UseWaterException,
} from '@waterops/shared/monitoring';
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
import { en, forbidden, notFound, unauthorized } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let other: Tenant;
let otherAdmin: string;
let viewer: TestUser;
let scoped: TestUser;
let east: number;
let north: number;
let otherArea: number;
let meterId: number;
let meterCode: string;
let residentName: string;

let n = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;
const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...headers } });
const post = (url: string, payload: unknown, token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { ...(token ? bearer(token) : {}), ...headers },
  });
const datas = async <T>(url: string, token: string): Promise<T> => {
  const res = await get(url, token);
  expect(res.json().resp_code, res.body).toBe(0);
  return res.json().datas as T;
};

type AlarmSeed = {
  company?: number;
  type: string;
  level: string;
  area: number | null;
  raisedAt?: Date;
  active?: boolean;
  acknowledged?: boolean;
  suppressed?: boolean;
  sourceKind?: string;
  sourceId?: number;
  sourceCode?: string;
  value?: number;
};
const alarm = async (a: AlarmSeed): Promise<number> =>
  Number(
    (
      await t.app.db
        .insertInto('alarms')
        .values({
          company_id: a.company ?? companyId,
          alarm_type: a.type,
          level: a.level,
          source_kind: a.sourceKind ?? 'meter',
          // a fresh source per alarm: one live alarm per (type, source)
          source_id: a.sourceId ?? 900_000 + n++,
          source_code: a.sourceCode ?? uniq('SRC'),
          area_id: a.area,
          value: a.value ?? null,
          threshold: null,
          active: a.active ?? true,
          acknowledged: a.acknowledged ?? false,
          suppressed: a.suppressed ?? false,
          raised_at: a.raisedAt ?? new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );

const newArea = async (company: number, regionId: number) =>
  Number(
    (
      await t.app.db
        .insertInto('areas')
        .values({ company_id: company, region_id: regionId, area_name: uniq('区') })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
const newRegion = async (company: number) =>
  Number(
    (
      await t.app.db
        .insertInto('regions')
        .values({ company_id: company, region_name: uniq('片区') })
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
  viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.monitoringStatsView]);
  const region = await newRegion(companyId);
  east = await newArea(companyId, region);
  north = await newArea(companyId, region);
  otherArea = await newArea(other.companyId, await newRegion(other.companyId));
  scoped = await createUserWithPermissions(t.app, companyId, [
    PERMISSIONS.monitoringStatsView,
    PERMISSIONS.monitoringStatsEdit,
  ]);
  const res = await post(PLACE_PATHS.userRegionAreaSave, { userId: scoped.id, regionIds: [], areaIds: [east] }, admin);
  expect(res.json().resp_code, res.body).toBe(0);
  // a meter in 东 bound to a resident: the usage exceptions name both
  meterCode = uniq('UM');
  meterId = Number(
    (
      await t.app.db
        .insertInto('water_meters')
        .values({ company_id: companyId, meter_code: meterCode, area_id: east })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  residentName = uniq('张');
  const resident = await t.app.db
    .insertInto('residents')
    .values({ company_id: companyId, resident_code: uniq('R'), resident_name: residentName, area_id: east })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.app.db
    .insertInto('resident_meters')
    .values({ company_id: companyId, resident_id: resident.id, meter_id: meterId, start_reading: 0 })
    .execute();
});
afterAll(async () => {
  await t?.close();
});

const countOf = (c: TypeCount, type: string) => c.byType.find((x) => x.alarmType === type)?.count;
const levelOf = (c: TypeCount, level: string) => c.byLevel.find((x) => x.level === level)?.count;

describe('GET monitoring/typeCount', () => {
  it('counts live, unsuppressed alarms per type and level, per area and in the caller’s scope', async () => {
    const before = await datas<TypeCount>(MONITORING_PATHS.typeCount, admin);
    await alarm({ type: 'voltage', level: 'alarm', area: east });
    await alarm({ type: 'voltage', level: 'severe', area: north });
    await alarm({ type: 'offline', level: 'urgent', area: east, sourceKind: 'concentrator' });
    // returned to normal but not acknowledged: still live
    await alarm({ type: 'csq', level: 'general', area: east, active: false });
    // not live (normal and acknowledged), suppressed under a parent, another tenant's: not counted
    await alarm({ type: 'csq', level: 'general', area: east, active: false, acknowledged: true });
    await alarm({ type: 'noData', level: 'alarm', area: east, suppressed: true });
    await alarm({ company: other.companyId, type: 'voltage', level: 'alarm', area: otherArea });

    const after = await datas<TypeCount>(MONITORING_PATHS.typeCount, admin);
    expect(after.total - before.total).toBe(4);
    expect((countOf(after, 'voltage') ?? 0) - (countOf(before, 'voltage') ?? 0)).toBe(2);
    expect((countOf(after, 'csq') ?? 0) - (countOf(before, 'csq') ?? 0)).toBe(1);
    expect((countOf(after, 'noData') ?? 0) - (countOf(before, 'noData') ?? 0)).toBe(0);
    expect(after.byType).toHaveLength(11); // every type, zeros included
    expect(after.byLevel.map((l) => l.level)).toEqual(['urgent', 'severe', 'alarm', 'general']);
    expect((levelOf(after, 'urgent') ?? 0) - (levelOf(before, 'urgent') ?? 0)).toBe(1);

    const eastOnly = await datas<TypeCount>(`${MONITORING_PATHS.typeCount}?areaId=${east}`, admin);
    expect(eastOnly.total).toBe(3);
    expect(countOf(eastOnly, 'offline')).toBe(1);
    // limited to 东: the same as the area filter; asking for 北 gives nothing
    expect(await datas<TypeCount>(MONITORING_PATHS.typeCount, scoped.token)).toEqual(eastOnly);
    expect((await datas<TypeCount>(`${MONITORING_PATHS.typeCount}?areaId=${north}`, scoped.token)).total).toBe(0);
    // the other tenant sees its own one only, and nothing of our area
    expect((await datas<TypeCount>(`${MONITORING_PATHS.typeCount}?areaId=${east}`, otherAdmin)).total).toBe(0);
    expect((await datas<TypeCount>(MONITORING_PATHS.typeCount, otherAdmin)).total).toBe(1);
  });
});

describe('GET monitoring/trend and monitoring/topTenArea', () => {
  // a closed past month, so nothing else the suite raises falls into it
  const range = 'from=2025-01-01&to=2025-01-31';
  it('counts alarms raised per China day and level, every day present; the areas with most alarms first', async () => {
    // 2025-01-10 16:30 UTC is 2025-01-11 00:30 in China: counted on the 11th
    await alarm({ type: 'voltage', level: 'alarm', area: east, raisedAt: new Date('2025-01-10T16:30:00Z') });
    await alarm({
      type: 'csq',
      level: 'severe',
      area: east,
      raisedAt: new Date('2025-01-11T10:00:00Z'),
      active: false,
      acknowledged: true,
    });
    await alarm({ type: 'zeroUse', level: 'general', area: east, raisedAt: new Date('2025-01-20T02:00:00Z') });
    await alarm({ type: 'offline', level: 'urgent', area: north, raisedAt: new Date('2025-01-20T03:00:00Z') });
    await alarm({
      type: 'offline',
      level: 'urgent',
      area: null,
      raisedAt: new Date('2025-01-20T03:00:00Z'),
      sourceKind: 'district',
    });
    await alarm({ type: 'voltage', level: 'alarm', area: east, raisedAt: new Date('2024-12-31T15:59:00Z') }); // Dec 31 in China
    await alarm({
      company: other.companyId,
      type: 'voltage',
      level: 'alarm',
      area: otherArea,
      raisedAt: new Date('2025-01-15T00:00:00Z'),
    });

    const trend = await datas<Trend>(`${MONITORING_PATHS.trend}?${range}`, admin);
    expect(trend.days).toHaveLength(31);
    expect(trend.days[0]?.day).toBe('2025-01-01');
    const day = (d: string) => trend.days.find((x) => x.day === d);
    expect(day('2025-01-10')?.total).toBe(0);
    expect(day('2025-01-11')).toMatchObject({ total: 2, alarm: 1, severe: 1 });
    expect(day('2025-01-20')).toMatchObject({ total: 3, urgent: 2, general: 1 });
    expect(day('2025-01-15')?.total).toBe(0); // the other tenant's
    expect(trend.days.reduce((s, d) => s + d.total, 0)).toBe(5);
    // limited to 东: 北's and the district's are not counted
    const mine = await datas<Trend>(`${MONITORING_PATHS.trend}?${range}`, scoped.token);
    expect(mine.days.reduce((s, d) => s + d.total, 0)).toBe(3);

    const top = await datas<TopArea[]>(`${MONITORING_PATHS.topTenArea}?${range}`, admin);
    expect(top.map((a) => [a.areaId, a.count])).toEqual([
      [east, 3],
      [north, 1],
    ]);
    expect(top[0]).toMatchObject({ alarm: 1, severe: 1, general: 1, urgent: 0 });
    expect(
      (await datas<TopArea[]>(`${MONITORING_PATHS.topTenArea}?${range}`, scoped.token)).map((a) => a.areaId),
    ).toEqual([east]);
    expect(await datas<TopArea[]>(`${MONITORING_PATHS.topTenArea}?${range}`, otherAdmin)).toEqual([
      expect.objectContaining({ areaId: otherArea, count: 1 }),
    ]);
  });

  it('refuses a range over 90 days, a reversed one and a day that does not exist (400 naming the field)', async () => {
    for (const url of [MONITORING_PATHS.trend, MONITORING_PATHS.topTenArea]) {
      const long = await get(`${url}?from=2025-01-01&to=2025-04-01`, admin, lang('en'));
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ field: 'to', resp_msg: en('readingRecord.rangeTooLong', { max: 90 }) });
      const reversed = await get(`${url}?from=2025-02-01&to=2025-01-01`, admin);
      expect(reversed.json()).toMatchObject({ resp_code: 400, field: 'from' });
      expect((await get(`${url}?from=2025-02-30`, admin)).json()).toMatchObject({ resp_code: 400, field: 'from' });
      expect((await get(`${url}?from=yesterday`, admin)).statusCode).toBe(400);
    }
    expect((await get(`${MONITORING_PATHS.typeCount}?areaId=0`, admin)).statusCode).toBe(400);
  });
});

describe('usage exceptions', () => {
  const list = async (token: string, query: string) => {
    const res = await get(`${MONITORING_PATHS.useWaterException}?${query}`, token);
    expect(res.json().code, res.body).toBe(0);
    return res.json() as { count: number; data: UseWaterException[] };
  };
  const handleStates = async (ids: number[]) =>
    (
      await t.app.db
        .selectFrom('alarms')
        .select(['id', 'handle_state', 'change_seq'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute()
    ).map((r) => ({ id: Number(r.id), state: Number(r.handle_state), seq: Number(r.change_seq) }));

  it('lists the usage exceptions with meter, resident and area; filters by type, state, area, code and days', async () => {
    const zero = await alarm({
      type: 'zeroUse',
      level: 'general',
      area: east,
      sourceId: meterId,
      sourceCode: meterCode,
      value: 0,
    });
    const reverse = await alarm({
      type: 'reverseFlow',
      level: 'alarm',
      area: east,
      sourceId: meterId,
      sourceCode: meterCode,
      value: -0.25,
    });
    await alarm({ type: 'voltage', level: 'alarm', area: east, sourceId: meterId, sourceCode: meterCode }); // not a usage type
    await alarm({ type: 'suddenIncrease', level: 'severe', area: north });
    await alarm({ company: other.companyId, type: 'zeroUse', level: 'general', area: otherArea });

    const mine = await list(admin, `meterCode=${meterCode}`);
    expect(mine.count).toBe(2);
    expect(mine.data.map((e) => e.id)).toEqual([reverse, zero].sort((a, b) => b - a));
    expect(mine.data.find((e) => e.id === reverse)).toMatchObject({
      alarmType: 'reverseFlow',
      meterId,
      meterCode,
      residentName,
      areaId: east,
      value: -0.25,
      handleState: 0,
      active: true,
    });
    expect((await list(admin, `meterCode=${meterCode}&alarmType=zeroUse`)).data.map((e) => e.id)).toEqual([zero]);
    expect((await list(admin, `areaId=${north}`)).data.map((e) => e.alarmType)).toEqual(['suddenIncrease']);
    expect((await list(admin, `meterCode=${meterCode}&handleState=1`)).count).toBe(0);
    expect((await list(admin, `meterCode=${meterCode}&from=2025-01-01&to=2025-01-31`)).count).toBe(0);
    // limited to 东: not 北's; the other tenant: only its own
    expect((await list(scoped.token, `areaId=${north}`)).count).toBe(0);
    const theirs = await list(otherAdmin, '');
    expect(theirs.data.every((e) => e.areaId === otherArea)).toBe(true);
    expect(theirs.count).toBe(1);
    expect((await get(`${MONITORING_PATHS.useWaterException}?alarmType=voltage`, admin)).statusCode).toBe(400);
    expect((await get(`${MONITORING_PATHS.useWaterException}?handleState=3`, admin)).statusCode).toBe(400);
  });

  it('marks pending exceptions confirmed or dismissed, all or nothing, and logs it with the remark', async () => {
    const a = await alarm({
      type: 'continuousFlow',
      level: 'alarm',
      area: east,
      sourceId: meterId,
      sourceCode: meterCode,
    });
    const b = await alarm({ type: 'stuckMeter', level: 'general', area: east });
    const [beforeA] = await handleStates([a]);
    const res = await post(
      MONITORING_PATHS.updateLeakageWaterState,
      { ids: [a, b], state: 1, remark: '  现场确认漏水 ' },
      scoped.token,
    );
    expect(res.json(), res.body).toMatchObject({ resp_code: 0, datas: { changed: 2 } });
    const after = await handleStates([a, b]);
    expect(after.map((x) => x.state)).toEqual([1, 1]);
    expect(after[0]?.seq).toBeGreaterThan(beforeA?.seq ?? 0); // the change feed sees it
    const log = await t.app.db
      .selectFrom('operation_log')
      .select(['operation', 'detail', 'username'])
      .where('company_id', '=', companyId)
      .where('operation', '=', 'usageExceptionHandle')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.username).toBe(scoped.username);
    expect(log.detail).toContain(`#${a}`);
    expect(log.detail).toContain('现场确认漏水');

    // already handled: refused with the message, nothing written (the pending one beside it stays pending)
    const c = await alarm({ type: 'zeroUse', level: 'general', area: east });
    const again = await post(MONITORING_PATHS.updateLeakageWaterState, { ids: [a, c], state: 2 }, admin, lang('en'));
    expect(again.json()).toMatchObject({
      resp_code: 1,
      resp_msg: en('monitoring.exception.alreadyHandled', { count: 1 }),
    });
    expect((await handleStates([a, c])).map((x) => x.state)).toEqual([1, 0]);
  });

  it('404 for an id that is not a usage exception the caller may see, 400 for bad input: nothing written', async () => {
    const mine = await alarm({ type: 'zeroUse', level: 'general', area: east });
    const northern = await alarm({ type: 'zeroUse', level: 'general', area: north });
    const voltage = await alarm({ type: 'voltage', level: 'alarm', area: east });
    const theirs = await alarm({ company: other.companyId, type: 'zeroUse', level: 'general', area: otherArea });
    const refused = async (token: string, ids: number[]) => {
      const res = await post(MONITORING_PATHS.updateLeakageWaterState, { ids, state: 2 }, token);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject(notFound);
    };
    await refused(admin, [mine, theirs]); // another tenant's
    await refused(otherAdmin, [theirs, mine]);
    await refused(admin, [mine, voltage]); // not a usage exception
    await refused(admin, [mine, 987_654_321]); // missing
    await refused(scoped.token, [mine, northern]); // outside the scope
    for (const body of [{ ids: [], state: 1 }, { ids: [mine], state: 3 }, { ids: [mine] }, { ids: ['x'], state: 1 }]) {
      const res = await post(MONITORING_PATHS.updateLeakageWaterState, body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await handleStates([mine, northern, theirs])).map((x) => x.state)).toEqual([0, 0, 0]);
    // the other tenant handles its own
    const own = await post(MONITORING_PATHS.updateLeakageWaterState, { ids: [theirs], state: 2 }, otherAdmin);
    expect(own.json()).toMatchObject({ resp_code: 0, datas: { changed: 1 } });
  });
});

describe('permissions', () => {
  const reads = [
    MONITORING_PATHS.typeCount,
    MONITORING_PATHS.trend,
    MONITORING_PATHS.topTenArea,
    MONITORING_PATHS.useWaterException,
  ];
  it('401 without a token, 403 without monitoring:stats:view; handling needs monitoring:stats:edit', async () => {
    const nobody = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.deviceStatusView]);
    for (const url of reads) {
      expect((await get(url)).json(), url).toMatchObject(unauthorized);
      expect((await get(url, nobody.token)).json(), url).toMatchObject(forbidden);
      expect((await get(url, viewer.token)).statusCode, url).toBe(200);
    }
    const id = await alarm({ type: 'zeroUse', level: 'general', area: east });
    const body = { ids: [id], state: 1 };
    expect((await post(MONITORING_PATHS.updateLeakageWaterState, body)).json()).toMatchObject(unauthorized);
    expect((await post(MONITORING_PATHS.updateLeakageWaterState, body, viewer.token)).json()).toMatchObject(forbidden);
    const row = await t.app.db
      .selectFrom('alarms')
      .select('handle_state')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(row.handle_state)).toBe(0);
  });
});
