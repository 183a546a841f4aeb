// Monitoring device status: the concentrator, collector and meter lists (online state, last report, what hangs on a
// concentrator, meters' voltage and signal), one concentrator's collectors and meters, the valve status list, and the
// status board with its ETag / 304 — in the caller's tenant and data scope, with bad input, no token, no permission.
import { PERMISSIONS } from '@waterops/shared/auth';
import type { ValveMeter } from '@waterops/shared/command';
import {
  type DeviceStatusCell,
  MONITORING_PATHS,
  type MonitorCollector,
  type MonitorConcentrator,
  type MonitorMeter,
} from '@waterops/shared/monitoring';
import { PLACE_PATHS } from '@waterops/shared/place';
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

let t: TestApp;
let companyId: number;
let admin: string;
let other: Tenant;
let otherAdmin: string;
let scoped: TestUser;
let east: number;
let north: number;
let otherArea: number;
let hub: number;
let hubCode: string;
let otherHub: number;
let prefix: string;

let n = 0;
const uniq = (p: string) => `${p}${Date.now().toString(36)}${n++}`;
const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...headers } });
const list = async <T>(url: string, token: string) => {
  const res = await get(url, token);
  expect(res.json().code, res.body).toBe(0);
  return res.json() as { count: number; data: T[] };
};
const insertId = async (row: Promise<{ id: unknown }>) => Number((await row).id);
const area = async (company: number) => {
  const region = await insertId(
    t.app.db
      .insertInto('regions')
      .values({ company_id: company, region_name: uniq('片区') })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return insertId(
    t.app.db
      .insertInto('areas')
      .values({ company_id: company, region_id: region, area_name: uniq('区') })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
};
const concentrator = (company: number, areaId: number | null, code: string, online: boolean) =>
  insertId(
    t.app.db
      .insertInto('concentrators')
      .values({
        company_id: company,
        concentrator_code: code,
        area_id: areaId,
        online,
        last_report_at: new Date('2026-11-20T08:00:00Z'),
        report_rate: 15,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
const collector = (company: number, areaId: number | null, code: string, hubId: number | null, online: boolean) =>
  insertId(
    t.app.db
      .insertInto('collectors')
      .values({
        company_id: company,
        collector_code: code,
        area_id: areaId,
        concentrator_id: hubId,
        online,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
const meter = (
  company: number,
  areaId: number | null,
  code: string,
  links: { hub?: number; collector?: number },
  online: boolean,
  extra: Record<string, unknown> = {},
) =>
  insertId(
    t.app.db
      .insertInto('water_meters')
      .values({
        company_id: company,
        meter_code: code,
        area_id: areaId,
        concentrator_id: links.hub ?? null,
        collector_id: links.collector ?? null,
        online,
        ...extra,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  east = await area(companyId);
  north = await area(companyId);
  otherArea = await area(other.companyId);
  scoped = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.monitoringStatsView]);
  const res = await t.app.inject({
    method: 'POST',
    url: PLACE_PATHS.userRegionAreaSave,
    headers: bearer(admin),
    payload: { userId: scoped.id, regionIds: [], areaIds: [east] },
  });
  expect(res.json().resp_code, res.body).toBe(0);

  // a code prefix of this file's devices, so lists filtered by it hold only them
  prefix = uniq('MD');
  hubCode = `${prefix}C1`;
  hub = await concentrator(companyId, east, hubCode, true);
  await concentrator(companyId, north, `${prefix}C2`, false);
  otherHub = await concentrator(other.companyId, otherArea, `${prefix}C9`, true);
  const k1 = await collector(companyId, east, `${prefix}K1`, hub, true);
  await collector(companyId, east, `${prefix}K2`, hub, false);
  await collector(companyId, north, `${prefix}K3`, null, false);
  await meter(companyId, east, `${prefix}M1`, { hub, collector: k1 }, true, {
    voltage: 3.61,
    csq: 21,
    rsrp: -87,
    last_reading: 123.456,
    valve_control: true,
    valve_state: 1,
  });
  await meter(companyId, east, `${prefix}M2`, { hub, collector: k1 }, false);
  await meter(companyId, east, `${prefix}M3`, { hub }, false, { valve_control: true, valve_state: 0 });
  await meter(companyId, north, `${prefix}M4`, {}, true);
  await meter(other.companyId, otherArea, `${prefix}M9`, { hub: otherHub }, true);
});
afterAll(async () => {
  await t?.close();
});

describe('GET monitoring/concentrators, collectors, meters', () => {
  it('lists devices with online state, last report and what hangs on them; filters by code, area and online', async () => {
    const hubs = await list<MonitorConcentrator>(`${MONITORING_PATHS.concentrators}?code=${prefix}`, admin);
    expect(hubs.data.map((h) => h.concentratorCode)).toEqual([`${prefix}C1`, `${prefix}C2`]);
    expect(hubs.data[0]).toMatchObject({
      id: hub,
      areaId: east,
      online: true,
      lastReportTime: '2026-11-20T08:00:00.000Z',
      reportRate: 15,
      collectorCount: 2,
      meterCount: 3,
      offlineMeterCount: 2,
    });
    const offline = await list<MonitorConcentrator>(
      `${MONITORING_PATHS.concentrators}?code=${prefix}&online=false`,
      admin,
    );
    expect(offline.data.map((h) => h.concentratorCode)).toEqual([`${prefix}C2`]);

    const collectors = await list<MonitorCollector>(
      `${MONITORING_PATHS.collectors}?code=${prefix}&areaId=${east}`,
      admin,
    );
    expect(collectors.count).toBe(2);
    expect(collectors.data[0]).toMatchObject({
      collectorCode: `${prefix}K1`,
      concentratorCode: hubCode,
      meterCount: 2,
    });

    const meters = await list<MonitorMeter>(`${MONITORING_PATHS.meters}?code=${prefix}`, admin);
    expect(meters.data.map((m) => m.meterCode)).toEqual([`${prefix}M1`, `${prefix}M2`, `${prefix}M3`, `${prefix}M4`]);
    expect(meters.data[0]).toMatchObject({
      online: true,
      voltage: 3.61,
      csq: 21,
      rsrp: -87,
      lastReading: 123.456,
      valveControl: true,
      valveState: 1,
      concentratorCode: hubCode,
      collectorCode: `${prefix}K1`,
    });
    const paged = await list<MonitorMeter>(`${MONITORING_PATHS.meters}?code=${prefix}&page=2&limit=3`, admin);
    expect(paged).toMatchObject({ count: 4, data: [expect.objectContaining({ meterCode: `${prefix}M4` })] });
  });

  it('a limited scope sees its areas only; another tenant sees its own devices only', async () => {
    const meters = await list<MonitorMeter>(`${MONITORING_PATHS.meters}?code=${prefix}`, scoped.token);
    expect(meters.data.map((m) => m.meterCode)).toEqual([`${prefix}M1`, `${prefix}M2`, `${prefix}M3`]);
    const hubs = await list<MonitorConcentrator>(`${MONITORING_PATHS.concentrators}?code=${prefix}`, scoped.token);
    expect(hubs.data.map((h) => h.id)).toEqual([hub]);
    const theirs = await list<MonitorMeter>(`${MONITORING_PATHS.meters}?code=${prefix}`, otherAdmin);
    expect(theirs.data.map((m) => m.meterCode)).toEqual([`${prefix}M9`]);
  });

  it('one concentrator’s collectors and meters; 404 for another tenant’s or an out-of-scope one', async () => {
    const path = (p: string, id: number, q = '') => `${p.replace(':id', String(id))}${q}`;
    const meters = await list<MonitorMeter>(path(MONITORING_PATHS.concentratorMeters, hub), admin);
    expect(meters.data.map((m) => m.meterCode)).toEqual([`${prefix}M1`, `${prefix}M2`, `${prefix}M3`]);
    const online = await list<MonitorMeter>(path(MONITORING_PATHS.concentratorMeters, hub, '?online=false'), admin);
    expect(online.count).toBe(2);
    const collectors = await list<MonitorCollector>(path(MONITORING_PATHS.concentratorCollectors, hub), scoped.token);
    expect(collectors.data.map((c) => c.collectorCode)).toEqual([`${prefix}K1`, `${prefix}K2`]);

    for (const p of [MONITORING_PATHS.concentratorMeters, MONITORING_PATHS.concentratorCollectors]) {
      expect((await get(path(p, otherHub), admin)).json(), p).toMatchObject(notFound);
      expect((await get(path(p, hub), otherAdmin)).json(), p).toMatchObject(notFound);
      const northHub = (await list<MonitorConcentrator>(`${MONITORING_PATHS.concentrators}?code=${prefix}C2`, admin))
        .data[0];
      expect((await get(path(p, northHub?.id ?? 0), scoped.token)).json(), p).toMatchObject(notFound);
      expect((await get(path(p, 0), admin)).statusCode, p).toBe(400);
    }
  });

  it('refuses bad input with 400', async () => {
    for (const q of ['online=maybe', 'areaId=0', 'limit=5000', 'page=0', `code=${'x'.repeat(65)}`]) {
      expect((await get(`${MONITORING_PATHS.meters}?${q}`, admin)).statusCode, q).toBe(400);
    }
  });
});

describe('GET monitoring/valves1', () => {
  it('lists the meters with valve control, their valve state and whether they are online', async () => {
    const valves = await list<ValveMeter>(`${MONITORING_PATHS.valves1}?meterCode=${prefix}`, admin);
    expect(valves.data.map((v) => [v.meterCode, v.valveState, v.online])).toEqual([
      [`${prefix}M1`, 1, true],
      // its own state, as on every other page: silent itself, though its concentrator is online
      [`${prefix}M3`, 0, false],
    ]);
    expect((await list<ValveMeter>(`${MONITORING_PATHS.valves1}?meterCode=${prefix}`, otherAdmin)).count).toBe(0);
    expect((await get(`${MONITORING_PATHS.valves1}?valveState=2`, admin)).statusCode).toBe(400);
  });
});

describe('GET monitoring/statusBoard', () => {
  const board = async (token: string, headers: Record<string, string> = {}) =>
    get(MONITORING_PATHS.statusBoard, token, headers);
  const cell = (cells: DeviceStatusCell[], kind: string, areaId: number) =>
    cells.find((c) => c.id === `${kind}:${areaId}`);

  it('counts online / offline / total per kind and area; answers 304 while nothing changed', async () => {
    t.clock.advance(60_000); // past the shared read of anything earlier
    const first = await board(admin);
    expect(first.statusCode).toBe(200);
    const cells = first.json().datas as DeviceStatusCell[];
    expect(cell(cells, 'meter', east)).toMatchObject({ kind: 'meter', areaId: east, online: 1, offline: 2, total: 3 });
    expect(cell(cells, 'concentrator', north)).toMatchObject({ online: 0, offline: 1, total: 1 });
    expect(cell(cells, 'collector', east)).toMatchObject({ online: 1, offline: 1, total: 2 });
    expect(cells.find((c) => c.areaId === otherArea)).toBeUndefined();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);

    const same = await board(admin, { 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');

    // a meter goes offline: once the shared read has aged, the board and its tag change
    await t.app.db.updateTable('water_meters').set({ online: false }).where('meter_code', '=', `${prefix}M1`).execute();
    t.clock.advance(60_000); // past the shared read however long it took (BOARD_READ_SHARE)
    const changed = await board(admin, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(cell(changed.json().datas, 'meter', east)).toMatchObject({ online: 0, offline: 3, total: 3 });
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('a limited scope sees its areas’ cells only, with its own tag; another tenant its own', async () => {
    t.clock.advance(60_000);
    const mine = await board(scoped.token);
    const cells = mine.json().datas as DeviceStatusCell[];
    expect(new Set(cells.map((c) => c.areaId))).toEqual(new Set([east]));
    expect(cells.map((c) => c.kind)).toEqual(['concentrator', 'collector', 'meter']);
    const adminTag = (await board(admin)).headers.etag as string;
    expect((await board(scoped.token, { 'if-none-match': adminTag })).statusCode).toBe(200);
    const theirs = (await board(otherAdmin)).json().datas as DeviceStatusCell[];
    expect(cell(theirs, 'meter', otherArea)).toMatchObject({ online: 1, total: 1 });
    expect(theirs.some((c) => c.areaId === east)).toBe(false);
  });
});

describe('permissions', () => {
  it('401 without a token, 403 without monitoring:stats:view', async () => {
    const nobody = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.deviceStatusView]);
    const urls = [
      MONITORING_PATHS.concentrators,
      MONITORING_PATHS.collectors,
      MONITORING_PATHS.meters,
      MONITORING_PATHS.concentratorMeters.replace(':id', String(hub)),
      MONITORING_PATHS.concentratorCollectors.replace(':id', String(hub)),
      MONITORING_PATHS.valves1,
      MONITORING_PATHS.statusBoard,
    ];
    for (const url of urls) {
      expect((await get(url)).json(), url).toMatchObject(unauthorized);
      expect((await get(url, nobody.token)).json(), url).toMatchObject(forbidden);
    }
  });
});
