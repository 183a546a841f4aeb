// Home dashboards (issue 18): each widget's figures are the answer of its source page's route for the same caller
// (device status, reading rate, typeCount and trend, work-order statistics, production–sales difference, the reading
// records' daily totals), in the caller's data scope; a widget of a page the caller may not see is refused (route
// 403, live subscribe 403); the ETag hashes the figures, so an unchanged widget is a 304 even as time passes; today
// rolls over at 00:00 China time; a live subscriber to the alarm widget gets a patch right after ingestion raises an
// alarm. The layout has its own file (dashboardLayout.test.ts).
import { createIngestKey } from '@waterops/gateway/src/services/ingest/ingestKeyRepository.ts';
import { PERMISSIONS } from '@waterops/shared/auth';
import { CUSTOMER_PATHS } from '@waterops/shared/customer';
import {
  type AdvertFigures,
  type AlarmFigures,
  type CommunityRankingFigures,
  DASHBOARD_PATHS,
  type DataRadarFigures,
  type ReadingRateFigures,
  type WaterLossFigures,
  WIDGET_IDS,
  type WidgetId,
  type WidgetItem,
  type WorkOrderFigures,
} from '@waterops/shared/dashboard';
import { DEVICE_STATUS_PATHS, type DeviceStatusSummary } from '@waterops/shared/deviceStatus';
import { DMA_PATHS, type ZoneMeteringRow } from '@waterops/shared/dma';
import { MONITORING_PATHS, type Trend, type TypeCount } from '@waterops/shared/monitoring';
import { NOTICE_PATHS } from '@waterops/shared/notice';
import { PLACE_PATHS } from '@waterops/shared/place';
import {
  addDays,
  chinaDay,
  chinaMonth,
  dayStart,
  INGEST_PATHS,
  type MeterDays,
  READING_RECORD_PATHS,
  type ReadingRate,
} from '@waterops/shared/reading';
import { WORK_ORDER_PATHS, type WorkOrderStatistics } from '@waterops/shared/workorder';
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
import { connectLive, type LiveTestClient } from '../fixtures/liveClient.ts';
import { en, forbidden, unauthorized, zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';
import {
  insertAlarm,
  insertArea,
  insertConcentrator,
  insertMeter,
  insertQualityDays,
  insertRegion,
  insertTimedReads,
} from './dashboardFixtures.ts';
import { insertDistrict, insertReads } from './dmaAnalysisFixtures.ts';

let t: TestApp;
let url: string;
let companyId: number;
let admin: string;
let scoped: TestUser;
let reader: TestUser;
let other: Tenant;
let otherAdmin: string;
let key: string;
let today: string;
const clients: LiveTestClient[] = [];
const area: Record<'east' | 'north' | 'west', number> = { east: 0, north: 0, west: 0 };
const meter: Record<'e1' | 'e2' | 'n1' | 'w1', number> = { e1: 0, e2: 0, n1: 0, w1: 0 };
let districtId: number;
const SUFFIX = Date.now().toString(36).toUpperCase();
const HUB = `DASH-C-${SUFFIX}`;
const INGESTED = `DASH-M-${SUFFIX}`;

let n = 0;
const _uniq = (prefix: string) => `${prefix}${SUFFIX}${n++}`;
const get = (path: string, token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: path, headers: { ...(token ? bearer(token) : {}), ...headers } });
const post = (path: string, payload: object, token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: path, payload, headers: { ...(token ? bearer(token) : {}), ...headers } });
const datas = async <T>(path: string, token: string): Promise<T> => {
  const res = await get(path, token);
  expect(res.json().resp_code, res.body).toBe(0);
  return res.json().datas as T;
};
const widget = async <W extends WidgetId>(id: W, token: string): Promise<WidgetItem<W>> => {
  const items = await datas<WidgetItem<W>[]>(`${DASHBOARD_PATHS.homeStatistics}?widget=${id}`, token);
  expect(items).toHaveLength(1);
  expect(items[0]?.id).toBe(id);
  return items[0] as WidgetItem<W>;
};
const figures = async <W extends WidgetId>(id: W, token: string) => (await widget(id, token)).figures;
const _id = (row: { id: number | string }) => Number(row.id);

beforeAll(async () => {
  t = await startTestApp({
    env: {
      // only change hints can bring the alarm widget's patch within the test's wait
      LIVE_POLL_MS: '60000',
      LIVE_DASHBOARD_POLL_MS: '60000',
      LIVE_LINGER_MS: '200',
      // the rollover test moves the clock up to a day
      TOKEN_TTL_SECONDS: '604800',
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  today = chinaDay(t.clock.now());
  const yesterday = addDays(today, -1);

  // region 1 (east, north) is the scoped user's; west lies outside it
  const region1 = await insertRegion(t.app, companyId);
  area.east = await insertArea(t.app, companyId, region1);
  area.north = await insertArea(t.app, companyId, region1);
  area.west = await insertArea(t.app, companyId, await insertRegion(t.app, companyId));
  const hub = await insertConcentrator(t.app, companyId, area.east, 15);
  meter.e1 = await insertMeter(t.app, companyId, area.east, hub, true);
  meter.e2 = await insertMeter(t.app, companyId, area.east, null, false);
  meter.n1 = await insertMeter(t.app, companyId, area.north, hub, false);
  meter.w1 = await insertMeter(t.app, companyId, area.west, null, true);
  await insertQualityDays(t.app, companyId, meter.e1, [
    [addDays(today, -2), 'E', 0, 2],
    [yesterday, 'A', 24, 5],
    [today, 'A', 3, 1],
  ]);
  await insertQualityDays(t.app, companyId, meter.e2, [[yesterday, 'S', 5, 4]]);
  await insertQualityDays(t.app, companyId, meter.n1, [[yesterday, 'A', 24, 30]]);
  await insertQualityDays(t.app, companyId, meter.w1, [[yesterday, 'A', 24, 100]]);
  // e1 (hourly, behind the concentrator): one read 10 min late, one 3 h late; e2 (on its own: a day) 5 h late, in
  // time; n1 61 min late, too late
  await insertTimedReads(t.app, companyId, meter.e1, [
    [yesterday, 1, 10],
    [yesterday, 2, 180],
  ]);
  await insertTimedReads(t.app, companyId, meter.e2, [[yesterday, 3, 300]]);
  await insertTimedReads(t.app, companyId, meter.n1, [[yesterday, 4, 61]]);
  await insertAlarm(t.app, companyId, area.east, 'urgent', t.clock.now());
  await insertAlarm(t.app, companyId, area.north, 'general', t.clock.now());
  await insertAlarm(t.app, companyId, area.west, 'severe', t.clock.now());

  scoped = await createUserWithPermissions(t.app, companyId, [
    PERMISSIONS.profileView,
    PERMISSIONS.deviceStatusView,
    PERMISSIONS.readingRateView,
    PERMISSIONS.readingRecordView,
    PERMISSIONS.readingDataCheckView,
    PERMISSIONS.monitoringAlarmView,
    PERMISSIONS.monitoringStatsView,
    PERMISSIONS.dmaAnalysisView,
    PERMISSIONS.workOrderView,
  ]);
  const saved = await post(
    PLACE_PATHS.userRegionAreaSave,
    { userId: scoped.id, regionIds: [region1], areaIds: [] },
    admin,
  );
  expect(saved.json().resp_code, saved.body).toBe(0);
  reader = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.profileView]);

  // a district with an inlet read across the month and a member's validated day
  const district = await insertDistrict(t.app, companyId, { inlets: 1, members: 1 });
  districtId = district.id;
  const monthStart = dayStart(`${chinaMonth(t.clock.now())}-01`);
  await insertReads(t.app, companyId, district.inlets[0] as number, [
    [monthStart, 1000],
    // a minute ago, but today (a run in the first minute of a China day reads at its first millisecond)
    [new Date(Math.max(t.clock.now().getTime() - 60_000, dayStart(today).getTime() + 1)), 1042.5],
  ]);
  await t.app.db
    .insertInto('reading_days')
    .values({
      company_id: companyId,
      meter_id: district.members[0] as number,
      day: today,
      reading: 10,
      consumption: 3.5,
      quality: 'A',
      reads: 4,
    })
    .execute();

  for (const title of ['停水通知', '维修通知']) {
    const res = await post(
      WORK_ORDER_PATHS.save,
      { title, type: 'noWater', description: '用户来电反映停水', address: '幸福路 1 号' },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
  }
  for (const [title, target] of [
    [`全公司公告${SUFFIX}`, { target: 'company' }],
    [`个人通知${SUFFIX}`, { target: 'users', userIds: [reader.id] }],
  ] as const) {
    const res = await post(NOTICE_PATHS.save, { title, content: '今晚 22:00 起检修', ...target }, admin);
    expect(res.json().resp_code, res.body).toBe(0);
  }

  key = (await createIngestKey(t.app.db, { companyId, name: 'dashboard test' })).key;
  const archives = await t.app.inject({
    method: 'POST',
    url: INGEST_PATHS.archives,
    headers: { authorization: `Device ${key}` },
    payload: {
      regions: [{ name: `看板片区${SUFFIX}`, areas: [{ name: `看板小区${SUFFIX}`, lng: 116.4, lat: 39.9 }] }],
      categories: ['居民'],
      concentrators: [{ code: HUB, areaName: `看板小区${SUFFIX}`, reportRate: 15 }],
      collectors: [],
      meters: [{ meterCode: INGESTED, concentratorCode: HUB, areaName: `看板小区${SUFFIX}` }],
      residents: [],
    },
  });
  expect(archives.json().datas.rejected).toEqual([]);
}, 180_000);
afterAll(async () => {
  for (const c of clients) c.close();
  await t?.close();
});

describe('each widget equals its source page', () => {
  it('overview: the device status summary and the resident and district lists’ counts', async () => {
    for (const token of [admin, scoped.token]) {
      const o = await figures('overview', token);
      const summary = await datas<DeviceStatusSummary>(DEVICE_STATUS_PATHS.summary, token);
      expect(o).toMatchObject({
        meters: summary.meters.total,
        metersOnline: summary.meters.online,
        concentrators: summary.concentrators.total,
        concentratorsOnline: summary.concentrators.online,
        collectors: summary.collectors.total,
      });
    }
    const o = await figures('overview', admin);
    const residents = (await get(`${CUSTOMER_PATHS.residents}?page=1&limit=1`, admin)).json();
    const districts = (await get(`${DMA_PATHS.districts}?page=1&limit=1`, admin)).json();
    expect(o.residents).toBe(residents.count);
    expect(o.districts).toBe(districts.count);
    expect(o.districts).toBeGreaterThan(0);
    // the scoped user's: e1 online, e2 and n1 not; west's meter outside the scope
    expect(await figures('overview', scoped.token)).toMatchObject({
      meters: 3,
      metersOnline: 1,
      onlineRate: 33.33,
      concentrators: 1,
    });
  });

  it('readingRate: the reading-rate page by day, today and the last 7 days', async () => {
    for (const token of [admin, scoped.token]) {
      const r: ReadingRateFigures = await figures('readingRate', token);
      const page = await datas<ReadingRate>(`${READING_RECORD_PATHS.readingRate}?groupBy=day`, token);
      expect(r.day).toBe(today);
      expect(r.days).toEqual(page.groups.map((g) => ({ day: g.name, rate: g.rate })));
      const { id: _, name: __, ...todayCounts } = page.groups.at(-1) as ReadingRate['groups'][number];
      expect(r.today).toEqual(todayCounts);
    }
    // e1 read today out of the scope's 3 meters in use
    expect((await figures('readingRate', scoped.token)).today).toEqual({
      meters: 3,
      expected: 3,
      read: 1,
      rate: 33.33,
    });
  });

  it('alarms: the alarm console’s typeCount and today’s trend, in the caller’s scope', async () => {
    const of = async (token: string) => {
      const a: AlarmFigures = await figures('alarms', token);
      const count = await datas<TypeCount>(MONITORING_PATHS.typeCount, token);
      const trend = await datas<Trend>(`${MONITORING_PATHS.trend}?from=${today}&to=${today}`, token);
      expect(a).toEqual({ total: count.total, byLevel: count.byLevel, raisedToday: trend.days[0]?.total });
      return a;
    };
    const all = await of(admin);
    const mine = await of(scoped.token);
    // east's urgent and north's general; west's severe is outside the scope
    expect(mine.total).toBe(2);
    expect(mine.byLevel.find((l) => l.level === 'severe')?.count).toBe(0);
    expect(all.total).toBeGreaterThan(mine.total);
  });

  it('workOrders: the work-order statistics (open by status and deadline class, completed today)', async () => {
    const w: WorkOrderFigures = await figures('workOrders', admin);
    const stats = await datas<WorkOrderStatistics>(WORK_ORDER_PATHS.statistics, admin);
    expect(w).toEqual({
      open: stats.open,
      byStatus: stats.openByStatus,
      deadline: stats.deadline,
      completedToday: stats.trend.find((d) => d.day === today)?.completed,
    });
    expect(w.open).toBeGreaterThanOrEqual(2);
  });

  it('waterLoss: the production–sales difference page for this month', async () => {
    const w: WaterLossFigures = await figures('waterLoss', admin);
    const month = chinaMonth(t.clock.now());
    const rows = await datas<ZoneMeteringRow[]>(`${DMA_PATHS.zoneMetering}?month=${month}`, admin);
    expect(w.month).toBe(month);
    expect(w.districts).toEqual(
      rows.map((r) => ({
        districtId: r.districtId,
        districtName: r.districtName,
        suppliedM3: r.suppliedM3,
        billedM3: r.billedM3,
        lossRate: r.productionSalesDifferenceRate,
        assessedLossRate: r.assessedLossRate,
        grade: r.grade,
        nightline: r.nightline,
        nightLeakage: r.nightLeakage,
        openLeakEvents: r.openLeakEvents,
      })),
    );
    expect(w.districts.find((d) => d.districtId === districtId)).toMatchObject({ suppliedM3: 42.5, billedM3: 3.5 });
  });

  it('dataRadar: completeness, timeliness and validity of the scope’s data; online and reading rate of their pages', async () => {
    const r: DataRadarFigures = await figures('dataRadar', scoped.token);
    const rate = await datas<ReadingRate>(`${READING_RECORD_PATHS.readingRate}?groupBy=day`, scoped.token);
    const overview = await figures('overview', scoped.token);
    expect({ from: r.from, to: r.to }).toEqual({ from: rate.from, to: rate.to });
    expect(r.axes).toEqual({
      // 5 validated days of 3 meters × 7 days
      completeness: 23.81,
      // 2 of 4 reads in time
      timeliness: 50,
      // 3 of the 5 days actual
      validity: 60,
      onlineRate: overview.onlineRate,
      readingRate: rate.overall.rate,
    });
    expect(r.axes.readingRate).toBe(19.05);
  });

  it('communityRanking: the areas’ validated daily use this month, as the reading records total it', async () => {
    const ranking: CommunityRankingFigures = await figures('communityRanking', scoped.token);
    const from = [`${chinaMonth(t.clock.now())}-01`, addDays(today, -6)].sort().at(-1) as string;
    const used = async (meterId: number) =>
      (await datas<MeterDays>(`${READING_RECORD_PATHS.days}?meterId=${meterId}&from=${from}&to=${today}`, admin)).totals
        .consumption;
    const east = (await used(meter.e1)) + (await used(meter.e2));
    const north = await used(meter.n1);
    const expected = [
      { areaId: area.east, volumeM3: east },
      { areaId: area.north, volumeM3: north },
    ]
      .filter((a) => a.volumeM3 > 0)
      .sort((a, b) => b.volumeM3 - a.volumeM3);
    expect(ranking.month).toBe(chinaMonth(t.clock.now()));
    expect(ranking.areas.map(({ areaId, volumeM3 }) => ({ areaId, volumeM3 }))).toEqual(expected);
    // west used most, outside the scope; the administrator sees it first
    const all = await figures('communityRanking', admin);
    if (from <= addDays(today, -1)) expect(all.areas[0]?.areaId).toBe(area.west);
    expect(all.areas.length).toBeLessThanOrEqual(10);
  });

  it('adverts: the notices published to the whole company, newest first, each with its text to open', async () => {
    const a: AdvertFigures = await figures('adverts', reader.token);
    const titles = a.items.map((i) => i.title);
    expect(titles).toContain(`全公司公告${SUFFIX}`);
    expect(titles).not.toContain(`个人通知${SUFFIX}`);
    const item = a.items.find((i) => i.title === `全公司公告${SUFFIX}`);
    expect(item?.url).toBe('');
    expect(item?.content).toBe('今晚 22:00 起检修');
    // another tenant's strip holds none of them
    expect((await figures('adverts', otherAdmin)).items.map((i) => i.title)).not.toContain(`全公司公告${SUFFIX}`);
  });
});

describe('who may see a widget', () => {
  it('refuses a widget of a page the caller may not see, in their language; the advert strip is everyone’s', async () => {
    for (const w of WIDGET_IDS.filter((w) => w !== 'adverts')) {
      const res = await get(`${DASHBOARD_PATHS.homeStatistics}?widget=${w}`, reader.token);
      expect(res.statusCode, w).toBe(403);
      expect(res.json()).toEqual(forbidden);
    }
    const inEnglish = await get(`${DASHBOARD_PATHS.homeStatistics}?widget=alarms`, reader.token, lang('en'));
    expect(inEnglish.json().resp_msg).toBe(en('errors.forbidden'));
    expect((await get(`${DASHBOARD_PATHS.homeStatistics}?widget=adverts`, reader.token)).statusCode).toBe(200);
    for (const w of WIDGET_IDS)
      expect((await get(`${DASHBOARD_PATHS.homeStatistics}?widget=${w}`, admin)).statusCode).toBe(200);
  });

  it('answers 400 for an unknown or missing widget and 401 without a token', async () => {
    for (const query of ['?widget=nope', '']) {
      const res = await get(`${DASHBOARD_PATHS.homeStatistics}${query}`, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().resp_msg).toBe(zh('errors.badRequest', { field: 'widget' }));
    }
    expect((await get(`${DASHBOARD_PATHS.homeStatistics}?widget=alarms`)).json()).toEqual(unauthorized);
  });
});

describe('conditional GET', () => {
  it('tags the figures, not the time: an unchanged widget is a 304 later on, with its first "as of"', async () => {
    const path = `${DASHBOARD_PATHS.homeStatistics}?widget=overview`;
    const first = await get(path, scoped.token);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    t.clock.advance(5_000);
    expect((await get(path, scoped.token, { 'if-none-match': etag })).statusCode).toBe(304);
    const again = await get(path, scoped.token);
    expect(again.headers.etag).toBe(etag);
    expect(again.json().datas[0].asOf).toBe(first.json().datas[0].asOf);
    // a meter goes online: new figures, a new tag and "as of"
    await t.app.db.updateTable('water_meters').set({ online: true }).where('id', '=', meter.n1).execute();
    const changed = await get(path, scoped.token, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().datas[0].figures.metersOnline).toBe(2);
    expect(changed.json().datas[0].asOf).not.toBe(first.json().datas[0].asOf);
  });
});

describe('the live topic', () => {
  const connect = async (token: string) => {
    const client = await connectLive(url, token);
    clients.push(client);
    return client;
  };
  const alarmWidget = (c: LiveTestClient) =>
    c.itemsOf('dashboard?widget=alarms')[0] as unknown as WidgetItem<'alarms'> | undefined;

  it('patches the alarm widget right after ingestion raises an alarm (a change hint, not the minute’s poll)', async () => {
    const screen = await connect(admin);
    expect(await screen.subscribe('dashboard', { widget: 'alarms' })).toEqual({
      ok: true,
      key: 'dashboard?widget=alarms',
    });
    await screen.waitFor('the snapshot', () => alarmWidget(screen) !== undefined);
    const before = alarmWidget(screen)?.figures.total as number;
    const read = { meterCode: INGESTED, time: t.clock.now().toISOString(), reading: 10, voltage: 3.0, csq: 25 };
    const ingested = await t.app.inject({
      method: 'POST',
      url: INGEST_PATHS.readings,
      headers: { authorization: `Device ${key}` },
      payload: { concentratorCode: HUB, readings: [read] },
    });
    expect(ingested.json().datas.accepted).toBe(1);
    await screen.waitFor('the patched widget', () => alarmWidget(screen)?.figures.total === before + 1, 10_000);
  });

  it('refuses a widget the subscriber may not see, and an unknown widget', async () => {
    const socket = await connect(reader.token);
    expect(await socket.subscribe('dashboard', { widget: 'alarms' })).toMatchObject({ ok: false, code: 403 });
    expect(await socket.subscribe('dashboard', { widget: 'nope' })).toMatchObject({ ok: false, code: 400 });
    expect(await socket.subscribe('dashboard', { widget: 'adverts' })).toMatchObject({ ok: true });
  });
});

describe('today', () => {
  it('rolls over at 00:00 China time', async () => {
    const before = await figures('readingRate', scoped.token);
    expect(before.day).toBe(today);
    const now = t.clock.now();
    t.clock.advance(dayStart(addDays(chinaDay(now))).getTime() - now.getTime() - 1_000);
    expect((await figures('readingRate', scoped.token)).day).toBe(today);
    t.clock.advance(2_000);
    const after = await figures('readingRate', scoped.token);
    expect(after.day).toBe(addDays(today));
    expect(after.days.at(-1)?.day).toBe(addDays(today));
    expect(after.today.read).toBe(0);
    expect((await figures('alarms', scoped.token)).raisedToday).toBe(0);
  });
});
