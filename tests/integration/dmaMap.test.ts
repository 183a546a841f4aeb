// The operations map's meter layer (GET dma/map/meters): every meter of the tenant with a position, as columns, with
// its status (2 a live alarm on it, else 1 offline, else 0), within the account's data scope; never another tenant's.
import { PERMISSIONS } from '@waterops/shared/auth';
import { DEVICE_PATHS, type Meter } from '@waterops/shared/device';
import { DMA_PATHS, MAP_METER_STATUS, type MapMeters } from '@waterops/shared/dma';
import { type Area, PLACE_PATHS } from '@waterops/shared/place';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSecondTenant,
  createUserWithPermissions,
  demoCompanyId,
  signIn,
  type TestUser,
} from '../fixtures/factories.ts';
import { forbidden, unauthorized } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let otherCompanyId: number;
let admin: string;
let otherAdmin: string;
let viewer: TestUser;
let areas: Record<string, Area>;

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
let n = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;
const newMeter = async (fields: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: 'POST',
    url: DEVICE_PATHS.meterSave,
    headers: bearer(admin),
    payload: { meterCode: uniq('MM'), areaId: areas.东四小区?.id, ...fields },
  });
  expect(res.json().resp_code, res.body).toBe(0);
  return res.json().datas as Meter;
};
const raise = (meterId: number, fields: { active?: boolean; acknowledged?: boolean; suppressed?: boolean } = {}) =>
  t.app.db
    .insertInto('alarms')
    .values({
      company_id: companyId,
      alarm_type: 'voltage',
      level: 'alarm',
      source_kind: 'meter',
      source_id: meterId,
      source_code: `M${meterId}`,
      area_id: null,
      value: null,
      threshold: null,
      active: fields.active ?? true,
      acknowledged: fields.acknowledged ?? false,
      suppressed: fields.suppressed ?? false,
      raised_at: new Date(),
    })
    .execute();
/** The layer as a map from meter id to [code, lng, lat, status]. */
const layer = async (token: string) => {
  const res = await get(DMA_PATHS.mapMeters, token);
  expect(res.statusCode, res.body).toBe(200);
  const cols = res.json().datas as MapMeters;
  expect(new Set([cols.code.length, cols.lng.length, cols.lat.length, cols.status.length])).toEqual(
    new Set([cols.id.length]),
  );
  return new Map(cols.id.map((id, i) => [id, [cols.code[i], cols.lng[i], cols.lat[i], cols.status[i]] as const]));
};

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  const other = await createSecondTenant(t.app);
  otherCompanyId = other.companyId;
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.dmaDistrictView]);
  areas = Object.fromEntries(
    ((await get(`${PLACE_PATHS.areas}?limit=999`, admin)).json().data as Area[]).map((a) => [a.areaName, a]),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('GET dma/map/meters', () => {
  it('gives every placed meter with its status: alarm over offline over online; unplaced meters are left out', async () => {
    const online = await newMeter({ lng: 116.41, lat: 39.91 });
    const offline = await newMeter({ lng: 116.42, lat: 39.92 });
    const alarmed = await newMeter({ lng: 116.43, lat: 39.93 });
    const acknowledgedButActive = await newMeter({ lng: 116.44, lat: 39.94 });
    const clearedUnacknowledged = await newMeter({ lng: 116.45, lat: 39.95 });
    const over = await newMeter({ lng: 116.46, lat: 39.96 });
    const suppressed = await newMeter({ lng: 116.47, lat: 39.97 });
    const unplaced = await newMeter({});
    const ids = [online, offline, alarmed, acknowledgedButActive, clearedUnacknowledged, over, suppressed].map(
      (x) => x.id,
    );
    await t.app.db
      .updateTable('water_meters')
      .set({ online: true })
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .execute();
    await t.app.db
      .updateTable('water_meters')
      .set({ online: false })
      .where('company_id', '=', companyId)
      .where('id', 'in', [offline.id, alarmed.id])
      .execute();
    await raise(alarmed.id);
    await raise(acknowledgedButActive.id, { acknowledged: true });
    await raise(clearedUnacknowledged.id, { active: false });
    await raise(over.id, { active: false, acknowledged: true });
    await raise(suppressed.id, { suppressed: true });

    const meters = await layer(viewer.token);
    expect(meters.get(online.id)).toEqual([online.meterCode, 116.41, 39.91, MAP_METER_STATUS.online]);
    expect(meters.get(offline.id)?.[3]).toBe(MAP_METER_STATUS.offline);
    expect(meters.get(alarmed.id)?.[3]).toBe(MAP_METER_STATUS.alarm);
    expect(meters.get(acknowledgedButActive.id)?.[3]).toBe(MAP_METER_STATUS.alarm);
    expect(meters.get(clearedUnacknowledged.id)?.[3]).toBe(MAP_METER_STATUS.alarm);
    expect(meters.get(over.id)?.[3]).toBe(MAP_METER_STATUS.online);
    expect(meters.get(suppressed.id)?.[3]).toBe(MAP_METER_STATUS.online);
    expect(meters.has(unplaced.id)).toBe(false);
  });

  it("never shows another tenant's meters, even with a live alarm of the same id", async () => {
    const mine = await newMeter({ lng: 116.4, lat: 39.9 });
    const theirs = await t.app.db
      .insertInto('water_meters')
      .values({ company_id: otherCompanyId, meter_code: uniq('OM'), lng: 116.5, lat: 40 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ours = await layer(admin);
    expect(ours.has(Number(theirs.id))).toBe(false);
    const their = await layer(otherAdmin);
    expect(their.has(mine.id)).toBe(false);
    expect(their.get(Number(theirs.id))?.[3]).not.toBe(MAP_METER_STATUS.alarm);
  });

  it('keeps to the data scope of the account (by the meter’s residential area)', async () => {
    const inside = await newMeter({ lng: 116.4, lat: 39.9, areaId: areas.东四小区?.id });
    const outside = await newMeter({ lng: 116.4, lat: 39.9, areaId: areas.和平里小区?.id });
    const user = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.dmaDistrictView]);
    const scope = await t.app.inject({
      method: 'POST',
      url: PLACE_PATHS.userRegionAreaSave,
      headers: bearer(admin),
      payload: { userId: user.id, regionIds: [], areaIds: [areas.东四小区?.id] },
    });
    expect(scope.json().resp_code).toBe(0);
    const meters = await layer(await signIn(t.app, user.username, user.password));
    expect(meters.has(inside.id)).toBe(true);
    expect(meters.has(outside.id)).toBe(false);
  });

  it('answers 401 without a token and 403 without the districts view', async () => {
    expect((await get(DMA_PATHS.mapMeters)).json()).toEqual(unauthorized);
    const nobody = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.deviceValveView]);
    expect((await get(DMA_PATHS.mapMeters, nobody.token)).json()).toEqual(forbidden);
  });
});
