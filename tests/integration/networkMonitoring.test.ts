// GET pipeNetWorkMonitoring: pipes by material and diameter class, wells by type, valves by state, and the metered
// pipes with their meters' latest read and flow — for a district (exact figures) and the tenant; another tenant's
// district is 404; 401 and 403 as everywhere.

import { ensureReadingPartitions } from '@waterops/gateway/src/services/reading/readingPartitions.ts';
import { PERMISSIONS } from '@waterops/shared/auth';
import { DEVICE_PATHS, type Meter } from '@waterops/shared/device';
import { NETWORK_PATHS, type NetworkMonitoring } from '@waterops/shared/network';
import { type Area, PLACE_PATHS } from '@waterops/shared/place';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSecondTenant,
  createUserWithPermissions,
  demoCompanyId,
  lang,
  signIn,
} from '../fixtures/factories.ts';
import { forbidden, notFound, unauthorized } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let otherAdmin: string;
let districtId: number;
let otherDistrictId: number;
let meterA: Meter;
let meterB: Meter;

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...lang('zh-CN') } });
const post = async (url: string, payload: object) => {
  const res = await t.app.inject({ method: 'POST', url, payload, headers: bearer(admin) });
  expect(res.json().resp_code, res.body).toBe(0);
  return res.json().datas;
};
let n = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  const other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  const insertDistrict = async (company: number) =>
    Number(
      (
        await t.app.db
          .insertInto('districts')
          .values({ company_id: company, district_name: uniq('监测分区') })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  districtId = await insertDistrict(companyId);
  otherDistrictId = await insertDistrict(other.companyId);
  const area = ((await get(`${PLACE_PATHS.areas}?limit=999`, admin)).json().data as Area[])[0] as Area;
  await t.app.db
    .insertInto('district_areas')
    .values({ company_id: companyId, district_id: districtId, area_id: area.id })
    .execute();
  meterA = await post(DEVICE_PATHS.meterSave, { meterCode: uniq('MA'), areaId: area.id });
  meterB = await post(DEVICE_PATHS.meterSave, { meterCode: uniq('MB'), areaId: area.id });
  await t.app.db.updateTable('water_meters').set({ online: true }).where('id', '=', meterA.id).execute();

  const pipe = (code: string, fields: object) =>
    post(NETWORK_PATHS.pipelineSave, { pipeCode: uniq(code), pipeType: 2, status: 1, districtId, ...fields });
  await pipe('P', { material: 'PE', diameterMm: 110, lengthM: 100, startMeterId: meterA.id, endMeterId: meterB.id });
  await pipe('P', { material: 'PE', diameterMm: 90, lengthM: 50.25 });
  await pipe('P', { material: 'DI', diameterMm: 600, lengthM: 1000 });
  await pipe('P', { diameterMm: null });
  for (const wellType of [1, 1, 3]) await post(NETWORK_PATHS.wellSave, { wellCode: uniq('W'), wellType, districtId });
  await post(DEVICE_PATHS.valveSave, { valveCode: uniq('V'), valveKind: 1, valveState: 1, areaId: area.id });
  await post(DEVICE_PATHS.valveSave, { valveCode: uniq('V'), valveKind: 1, valveState: 0, areaId: area.id });

  // meter A: 2.5 m³ in the last quarter hour = 10 m³/h; meter B: one read only
  const at = new Date(Date.UTC(2026, 10, 26, 1, 0));
  const before = new Date(at.getTime() - 15 * 60_000);
  const older = new Date(at.getTime() - 30 * 60_000);
  await ensureReadingPartitions(t.app.db, [at, before, older]);
  await t.app.db
    .insertInto('meter_readings')
    .values([
      { company_id: companyId, meter_id: meterA.id, read_at: older, reading: 90 },
      { company_id: companyId, meter_id: meterA.id, read_at: before, reading: 100 },
      { company_id: companyId, meter_id: meterA.id, read_at: at, reading: 102.5 },
      { company_id: companyId, meter_id: meterB.id, read_at: at, reading: 7 },
    ])
    .execute();
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('GET pipeNetWorkMonitoring', () => {
  it("a district's network: lengths by material and diameter class, wells, valves and the metered pipe", async () => {
    const res = await get(`${NETWORK_PATHS.monitoring}?districtId=${districtId}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json().datas as NetworkMonitoring;
    expect(m).toMatchObject({ districtId, pipelineCount: 4, totalLengthM: 1150.3, wellCount: 3 });
    expect(m.byMaterial).toEqual([
      { material: 'DI', count: 1, lengthM: 1000 },
      { material: 'PE', count: 2, lengthM: 150.3 },
      { material: null, count: 1, lengthM: 0 },
    ]);
    expect(m.byDiameter).toEqual([
      { diameterClass: 'lt100', count: 1, lengthM: 50.3 },
      { diameterClass: 'dn100to300', count: 1, lengthM: 100 },
      { diameterClass: 'dn300to600', count: 0, lengthM: 0 },
      { diameterClass: 'ge600', count: 1, lengthM: 1000 },
      { diameterClass: 'unknown', count: 1, lengthM: 0 },
    ]);
    expect(m.wellsByType).toEqual([
      { wellType: 1, count: 2 },
      { wellType: 3, count: 1 },
    ]);
    expect(m.valves).toEqual({ open: 1, closed: 1 });
    expect(m.meteredPipes).toEqual([
      expect.objectContaining({
        end: 'start',
        meterId: meterA.id,
        meterCode: meterA.meterCode,
        online: true,
        lastReadTime: '2026-11-26T01:00:00.000Z',
        lastReading: 102.5,
        flowM3h: 10,
      }),
      expect.objectContaining({ end: 'end', meterId: meterB.id, online: false, lastReading: 7, flowM3h: null }),
    ]);
  });

  it('the tenant as a whole includes the district; another tenant sees none of it', async () => {
    const all = (await get(NETWORK_PATHS.monitoring, admin)).json().datas as NetworkMonitoring;
    expect(all.districtId).toBeNull();
    expect(all.pipelineCount).toBeGreaterThanOrEqual(4);
    const other = (await get(NETWORK_PATHS.monitoring, otherAdmin)).json().datas as NetworkMonitoring;
    expect(other.pipelineCount).toBe(0);
    expect(other.meteredPipes).toEqual([]);
  });

  it("another tenant's district is 404, a bad id 400, no token 401, no permission 403", async () => {
    expect((await get(`${NETWORK_PATHS.monitoring}?districtId=${otherDistrictId}`, admin)).json()).toEqual(notFound);
    expect((await get(`${NETWORK_PATHS.monitoring}?districtId=${districtId}`, otherAdmin)).json()).toEqual(notFound);
    expect((await get(`${NETWORK_PATHS.monitoring}?districtId=abc`, admin)).statusCode).toBe(400);
    expect((await get(NETWORK_PATHS.monitoring)).json()).toEqual(unauthorized);
    const wellsOnly = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.networkWellView]);
    expect((await get(NETWORK_PATHS.monitoring, wellsOnly.token)).json()).toEqual(forbidden);
  });
});
