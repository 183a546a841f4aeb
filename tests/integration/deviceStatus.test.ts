// Device status: offline detection against the database (devices with set last-report times on both sides of their
// thresholds), and the status summary — online / offline / total per kind in the caller's data scope, one area at a
// time — with tenant isolation and permissions; the status page's permission reads the device lists.
import { markOfflineDevices } from '@waterops/gateway/src/services/deviceStatus/offlineDevices.ts';
import { PERMISSIONS } from '@waterops/shared/auth';
import { DEVICE_PATHS } from '@waterops/shared/device';
import { DEVICE_STATUS_PATHS, type DeviceStatusSummary } from '@waterops/shared/deviceStatus';
import { type Area, PLACE_PATHS } from '@waterops/shared/place';
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
import { forbidden, unauthorized } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let other: Tenant;
let otherAdmin: string;
let statusViewer: TestUser;
let areas: Record<string, Area>;

const call = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
let n = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;
const minutesAgo = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);
const areaId = (name: string) => (areas[name] as Area).id;

type Seen = { online: boolean; lastReportAt: Date | null };
const hub = async (company: number, area: number | null, reportRate: number | null, seen: Seen) =>
  Number(
    (
      await t.app.db
        .insertInto('concentrators')
        .values({
          company_id: company,
          concentrator_code: uniq('SC'),
          area_id: area,
          report_rate: reportRate,
          online: seen.online,
          last_report_at: seen.lastReportAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
const collector = async (company: number, area: number | null, uploadFrequency: number | null, seen: Seen) =>
  Number(
    (
      await t.app.db
        .insertInto('collectors')
        .values({
          company_id: company,
          collector_code: uniq('SK'),
          area_id: area,
          upload_frequency: uploadFrequency,
          online: seen.online,
          last_report_at: seen.lastReportAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
const meter = async (company: number, area: number | null, concentratorId: number | null, seen: Seen) =>
  Number(
    (
      await t.app.db
        .insertInto('water_meters')
        .values({
          company_id: company,
          meter_code: uniq('SM'),
          area_id: area,
          concentrator_id: concentratorId,
          online: seen.online,
          last_report_at: seen.lastReportAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
const onlineOf = async (table: 'concentrators' | 'collectors' | 'water_meters', ids: number[]) => {
  const rows = await t.app.db.selectFrom(table).select(['id', 'online']).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r.online]));
  return ids.map((id) => byId.get(id));
};
const summary = async (token: string, query = '') => {
  const res = await call(`${DEVICE_STATUS_PATHS.summary}${query}`, token);
  expect(res.json().resp_code, res.body).toBe(0);
  return res.json().datas as DeviceStatusSummary;
};

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  statusViewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.deviceStatusView]);
  areas = Object.fromEntries(
    ((await call(`${PLACE_PATHS.areas}?limit=999`, admin)).json().data as Area[]).map((a) => [a.areaName, a]),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('markOfflineDevices', () => {
  it('marks offline exactly the devices silent for longer than their threshold, and counts them', async () => {
    const now = new Date('2026-11-23T10:00:00Z');
    await markOfflineDevices(t.app.db, now); // settle anything else in the database first
    const on = (minutes: number | null): Seen => ({
      online: true,
      lastReportAt: minutes === null ? null : minutesAgo(now, minutes),
    });

    // concentrators: max(2 × report rate (default 60), 30) minutes
    const hubs = [
      await hub(companyId, null, 15, on(30)), // exactly at 30: still online
      await hub(companyId, null, 15, on(30.5)), // past 30: offline
      await hub(companyId, null, null, on(119)), // default 60 → 120
      await hub(companyId, null, null, on(121)),
      await hub(companyId, null, 60, on(null)), // never reported
      await hub(other.companyId, null, 5, on(31)), // every tenant
    ];
    // collectors: max(2 × upload frequency (default 60), 30)
    const collectors = [
      await collector(companyId, null, 60, on(119)),
      await collector(companyId, null, 60, on(121)),
      await collector(companyId, null, 10, on(29)),
      await collector(companyId, null, 10, on(31)),
    ];
    // meters: 2 × their concentrator's rate (default 60, at least 60) + 10, or 2 × 1440 + 10 without a concentrator
    const quick = await hub(companyId, null, 15, on(0));
    const unset = await hub(companyId, null, null, on(0));
    const slow = await hub(companyId, null, 120, on(0));
    const meters = [
      await meter(companyId, null, quick, on(129)), // a 15-minute heartbeat, hourly reads: 130
      await meter(companyId, null, quick, on(131)),
      await meter(companyId, null, unset, on(129)), // 130
      await meter(companyId, null, unset, on(131)),
      await meter(companyId, null, slow, on(249)), // 250
      await meter(companyId, null, slow, on(251)),
      await meter(companyId, null, null, on(2889)), // 2890
      await meter(companyId, null, null, on(2891)),
    ];
    // already offline rows are not counted again
    await meter(companyId, null, null, { online: false, lastReportAt: minutesAgo(now, 9999) });

    const counts = await markOfflineDevices(t.app.db, now);
    expect(counts).toEqual({ concentrators: 4, collectors: 2, meters: 4 });
    expect(await onlineOf('concentrators', hubs)).toEqual([true, false, true, false, false, false]);
    expect(await onlineOf('collectors', collectors)).toEqual([true, false, true, false]);
    expect(await onlineOf('water_meters', meters)).toEqual([true, false, true, false, true, false, true, false]);

    // a second run finds nothing new
    expect(await markOfflineDevices(t.app.db, now)).toEqual({ concentrators: 0, collectors: 0, meters: 0 });
  });

  it('leaves a device another transaction holds for its next run instead of waiting for it (no deadlock)', async () => {
    const now = new Date('2026-11-23T11:00:00Z');
    await markOfflineDevices(t.app.db, now);
    const silent: Seen = { online: true, lastReportAt: minutesAgo(now, 3000) };
    const held = await meter(companyId, null, null, silent);
    const free = await meter(companyId, null, null, silent);
    const hubHeld = await hub(companyId, null, null, { online: true, lastReportAt: minutesAgo(now, 300) });
    if (t.app.dbKind === 'postgres') {
      // a report being stored holds the rows (ingestion locks its meters); the job must not wait for it: a job that
      // waited here would never finish, the holder waiting for the job
      await t.app.db.transaction().execute(async (tx) => {
        await tx.selectFrom('water_meters').select('id').where('id', '=', held).forUpdate().execute();
        await tx.selectFrom('concentrators').select('id').where('id', '=', hubHeld).forUpdate().execute();
        expect(await markOfflineDevices(t.app.db, now)).toEqual({ concentrators: 0, collectors: 0, meters: 1 });
      });
      expect(await onlineOf('water_meters', [held, free])).toEqual([true, false]);
      expect(await onlineOf('concentrators', [hubHeld])).toEqual([true]);
    }
    // the next run (PGlite has a single connection: no other transaction can hold a row meanwhile) takes the rest
    await markOfflineDevices(t.app.db, now);
    expect(await onlineOf('water_meters', [held, free])).toEqual([false, false]);
    expect(await onlineOf('concentrators', [hubHeld])).toEqual([false]);
  });
});

describe('GET device/status/summary', () => {
  it('counts online / offline / total per kind in the tenant, per area and in the caller’s scope', async () => {
    const east = areaId('东四小区');
    const north = areaId('望京小区');
    const recent: Seen = { online: true, lastReportAt: new Date() };
    const silent: Seen = { online: false, lastReportAt: null };
    const before = await summary(admin);
    const beforeEast = await summary(admin, `?areaId=${east}`);

    const h = await hub(companyId, east, 60, recent);
    await hub(companyId, north, 60, silent);
    await collector(companyId, east, 60, silent);
    await meter(companyId, east, h, recent);
    await meter(companyId, east, h, silent);
    await meter(companyId, north, null, recent);
    await meter(other.companyId, null, null, recent); // another tenant's: never counted

    const after = await summary(admin);
    expect(after.concentrators.total - before.concentrators.total).toBe(2);
    expect(after.concentrators.online - before.concentrators.online).toBe(1);
    expect(after.collectors.offline - before.collectors.offline).toBe(1);
    expect(after.meters.total - before.meters.total).toBe(3);
    expect(after.meters.online - before.meters.online).toBe(2);

    const afterEast = await summary(admin, `?areaId=${east}`);
    expect(afterEast.meters.total - beforeEast.meters.total).toBe(2);
    expect(afterEast.meters.online - beforeEast.meters.online).toBe(1);
    expect(afterEast.concentrators.total - beforeEast.concentrators.total).toBe(1);

    // an account limited to 东四小区 sees the same as the area filter; asking for another area gives nothing
    const scoped = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.deviceStatusView]);
    const res = await t.app.inject({
      method: 'POST',
      url: PLACE_PATHS.userRegionAreaSave,
      headers: bearer(admin),
      payload: { userId: scoped.id, regionIds: [], areaIds: [east] },
    });
    expect(res.json().resp_code, res.body).toBe(0);
    expect(await summary(scoped.token)).toEqual(afterEast);
    const outside = await summary(scoped.token, `?areaId=${north}`);
    expect(outside.meters).toEqual({ online: 0, offline: 0, total: 0 });

    // another tenant's area counts nothing, and the other tenant does not see ours
    const theirs = await summary(otherAdmin, `?areaId=${east}`);
    expect(theirs.meters.total).toBe(0);
    expect((await summary(otherAdmin)).meters.total).toBeLessThan(after.meters.total);
  });

  it('401 without a token, 403 without device:status:view; the status page may read the device lists', async () => {
    expect((await call(DEVICE_STATUS_PATHS.summary)).json()).toMatchObject(unauthorized);
    const nobody = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.deviceBlacklistView]);
    expect((await call(DEVICE_STATUS_PATHS.summary, nobody.token)).json()).toMatchObject(forbidden);
    expect((await call(`${DEVICE_STATUS_PATHS.summary}?areaId=0`, admin)).statusCode).toBe(400);
    for (const url of [DEVICE_PATHS.concentrators, DEVICE_PATHS.collectors, DEVICE_PATHS.meters]) {
      expect((await call(`${url}?online=false`, statusViewer.token)).json().code, url).toBe(0);
      expect((await call(url, nobody.token)).json(), url).toMatchObject(forbidden);
    }
  });
});
