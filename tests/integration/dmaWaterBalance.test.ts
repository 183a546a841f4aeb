// The water balance through the routes: known inlet and outlet registers and member-meter days → exact supplied,
// billed, NRW and 产销差率 for the month and per day (dmaWaterStatistics), the same row on the zone-metering page,
// the map's district layer (last full month's rate, night-flow status); 400/401/403/404 and tenant isolation.
import { PERMISSIONS } from '@waterops/shared/auth';
import { type DistrictWaterStatistics, DMA_PATHS, type MapDistrict, type ZoneMeteringRow } from '@waterops/shared/dma';
import { addDays, addMonths, chinaMonth, dayStart } from '@waterops/shared/reading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSecondTenant,
  createUserWithPermissions,
  demoCompanyId,
  signIn,
  type Tenant,
  type TestUser,
} from '../fixtures/factories.ts';
import { forbidden, notFound, unauthorized } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';
import { insertDays, insertDistrict, insertReads, type SeededDistrict } from './dmaAnalysisFixtures.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let viewer: TestUser;
let nobody: TestUser;
let other: Tenant;
let otherAdmin: string;
let district: SeededDistrict;
let month: string;
let days: string[];

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.dmaAnalysisView]);
  nobody = await createUserWithPermissions(t.app, companyId, []);
  other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  // the last full month, so the map's layer shows the same figures
  month = addMonths(chinaMonth(new Date()), -1);
  days = [];
  for (let d = `${month}-01`; d.startsWith(month); d = addDays(d)) days.push(d);
  district = await insertDistrict(t.app, companyId, {
    inlets: 1,
    outlets: 1,
    members: 2,
    mainsLengthKm: 12,
    meanPressureM: 40,
    polygon: [
      [116.4, 39.9],
      [116.41, 39.9],
      [116.41, 39.91],
      [116.4, 39.9],
    ],
  });
  // inlet: +100 m³ a day, with a read at noon too (the day-end read counts) and a reset-free register;
  // outlet: +10 m³ a day. Reads from the end of the day before the month to the end of its last day.
  const before = addDays(days[0] as string, -1);
  const dayEnds = [before, ...days];
  await insertReads(
    t.app,
    companyId,
    district.inlets[0] as number,
    dayEnds.flatMap((d, i) => [
      [new Date(dayStart(d).getTime() + 12 * 3_600_000), 5000 + i * 100 - 50] as [Date, number],
      [dayStart(addDays(d)), 5000 + i * 100] as [Date, number],
    ]),
  );
  await insertReads(
    t.app,
    companyId,
    district.outlets[0] as number,
    dayEnds.map((d, i) => [dayStart(addDays(d)), 200 + i * 10] as [Date, number]),
  );
  // members: 30 m³ a day; 40 m³ a day but missing the 3rd day
  await insertDays(
    t.app,
    companyId,
    district.members[0] as number,
    days.map((d) => [d, 30]),
  );
  await insertDays(
    t.app,
    companyId,
    district.members[1] as number,
    days.filter((_, i) => i !== 2).map((d) => [d, 40]),
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('dmaWaterStatistics', () => {
  it('computes supplied, billed, NRW and the 产销差率 of the month, and each day', async () => {
    const res = await get(`${DMA_PATHS.waterStatistics}?districtId=${district.id}&month=${month}`, viewer.token);
    expect(res.statusCode).toBe(200);
    const s = res.json().datas as DistrictWaterStatistics;
    const n = days.length;
    const supplied = 90 * n;
    const billed = 30 * n + 40 * (n - 1);
    expect(s.districtName).toBe(district.name);
    expect(s.input).toMatchObject({ days: n, inletM3: 100 * n, outletM3: 10 * n, billedMeteredM3: billed });
    expect(s.input.serviceConnections).toBe(2);
    expect(s.balance.suppliedM3).toBe(supplied);
    expect(s.balance.billedM3).toBe(billed);
    expect(s.balance.nrwM3).toBe(supplied - billed);
    expect(s.balance.productionSalesDifferenceRate).toBe(
      Math.round(((supplied - billed) / supplied) * 10_000) / 10_000,
    );
    expect(s.billedCoverage).toBe(0.5);
    // apparent losses by the AWWA defaults (0.25 % of supplied + 0.25 % of billed), so with mains length, connections
    // and pressure known there are real losses, a UARL and an ILI
    expect(s.input.apparentLossesM3).toBeCloseTo(0.0025 * supplied + 0.0025 * billed, 6);
    expect(s.balance.realLossesM3).not.toBeNull();
    expect(s.balance.uarlLitresPerDay).toBeGreaterThan(0);
    expect(s.balance.ili).toBeGreaterThan(0);
    expect(s.days).toHaveLength(n);
    expect(s.days[0]).toEqual({ day: days[0], suppliedM3: 90, billedM3: 70 });
    expect(s.days[2]).toEqual({ day: days[2], suppliedM3: 90, billedM3: 30 });
  });

  it('assesses the CJJ 92 loss rate and its grade once the utility has stated its supply pressure and frost depth', async () => {
    const url = `${DMA_PATHS.waterStatistics}?districtId=${district.id}&month=${month}`;
    const setCondition = async (code: string, value: string | null) =>
      await t.app.db
        .updateTable('param_configs')
        .set({ value })
        .where('company_id', '=', companyId)
        .where('key_type', '=', 'dma.lossRate')
        .where('code', '=', code)
        .executeTakeFirstOrThrow();
    // the demo tenant states Beijing's: 0.38 MPa (R3 0.5 %) and a frost depth of 0.8 m (R4 0)
    const known = (await get(url, viewer.token)).json().datas as DistrictWaterStatistics;
    expect(known.input).toMatchObject({ supplyPressureMpa: 0.38, maxFrostDepthM: 0.8 });
    const { corrections: c, comprehensiveLossRate, assessedLossRate, grade } = known.balance;
    expect(c.r3).toBe(0.005);
    expect(c.r4).toBe(0);
    expect(c.r1).not.toBeNull();
    expect(c.r2).not.toBeNull();
    expect(assessedLossRate).toBeCloseTo((comprehensiveLossRate as number) - (c.total as number), 3);
    const rate = assessedLossRate as number;
    expect(grade).toBe(rate <= 0.1 ? 'first' : rate <= 0.12 ? 'second' : 'exceeded');
    // deeper frost (1.6 m, R4 1 %): the assessment follows; a condition cleared: no assessment, not one assuming 0
    await setCondition('maxFrostDepthM', '1.6');
    const frost = (await get(url, viewer.token)).json().datas as DistrictWaterStatistics;
    expect(frost.balance.corrections.r4).toBe(0.01);
    expect(frost.balance.assessedLossRate).toBeCloseTo(rate - 0.01, 4);
    await setCondition('supplyPressureMpa', null);
    const unknown = (await get(url, viewer.token)).json().datas as DistrictWaterStatistics;
    expect(unknown.balance.corrections.r3).toBeNull();
    expect(unknown.balance.assessedLossRate).toBeNull();
    expect(unknown.balance.grade).toBeNull();
    expect(unknown.balance.comprehensiveLossRate).toBe(comprehensiveLossRate);
    await setCondition('supplyPressureMpa', '0.38');
    await setCondition('maxFrostDepthM', '0.8');
    // a tenant created later has the two conditions on its parameter page, empty until it enters them
    const theirs = await t.app.db
      .selectFrom('param_configs')
      .select(['code', 'value'])
      .where('company_id', '=', other.companyId)
      .where('key_type', '=', 'dma.lossRate')
      .orderBy('sort')
      .execute();
    expect(theirs).toEqual([
      { code: 'supplyPressureMpa', value: null },
      { code: 'maxFrostDepthM', value: null },
    ]);
  });

  it('answers 400 for a bad month, 401, 403 and 404 for another tenant’s district', async () => {
    expect((await get(`${DMA_PATHS.waterStatistics}?districtId=${district.id}&month=2026-13`, admin)).statusCode).toBe(
      400,
    );
    expect((await get(`${DMA_PATHS.waterStatistics}?districtId=0&month=${month}`, admin)).statusCode).toBe(400);
    const url = `${DMA_PATHS.waterStatistics}?districtId=${district.id}&month=${month}`;
    expect((await get(url)).json()).toMatchObject(unauthorized);
    expect((await get(url, nobody.token)).json()).toMatchObject(forbidden);
    expect((await get(url, otherAdmin)).json()).toMatchObject(notFound);
  });
});

describe('dmaZoneMetering and the map layer', () => {
  it('lists the district with the same figures; the other tenant sees none of it', async () => {
    const res = await get(`${DMA_PATHS.zoneMetering}?month=${month}`, viewer.token);
    expect(res.statusCode).toBe(200);
    const rows = res.json().datas as ZoneMeteringRow[];
    const row = rows.find((r) => r.districtId === district.id);
    const n = days.length;
    expect(row).toMatchObject({
      districtName: district.name,
      inletCount: 1,
      suppliedM3: 90 * n,
      billedM3: 30 * n + 40 * (n - 1),
      openLeakEvents: 0,
      nightline: null,
    });
    const theirs = await get(`${DMA_PATHS.zoneMetering}?month=${month}`, otherAdmin);
    expect(theirs.json().datas).toEqual([]);
    expect((await get(`${DMA_PATHS.zoneMetering}?month=${month}`, nobody.token)).json()).toMatchObject(forbidden);
    expect((await get(`${DMA_PATHS.zoneMetering}?month=${month}`)).json()).toMatchObject(unauthorized);
    expect((await get(`${DMA_PATHS.zoneMetering}?month=bad`, admin)).statusCode).toBe(400);
  });

  it('draws the district on the map with last month’s rate and an unknown night-flow status', async () => {
    const res = await get(DMA_PATHS.mapDistricts, viewer.token);
    expect(res.statusCode).toBe(200);
    const d = (res.json().datas as MapDistrict[]).find((x) => x.id === district.id);
    const n = days.length;
    expect(d).toMatchObject({
      districtName: district.name,
      month,
      nightFlowStatus: 'unknown',
      openLeakEvents: 0,
      inletCount: 1,
      memberMeterCount: 2,
    });
    expect(d?.polygon).toHaveLength(4);
    expect(d?.lossRate).toBe(Math.round(((90 * n - (70 * n - 40)) / (90 * n)) * 10_000) / 10_000);
    expect((await get(DMA_PATHS.mapDistricts, otherAdmin)).json().datas).toEqual([]);
    expect((await get(DMA_PATHS.mapDistricts, nobody.token)).json()).toMatchObject(forbidden);
    expect((await get(DMA_PATHS.mapDistricts)).json()).toMatchObject(unauthorized);
  });
});
