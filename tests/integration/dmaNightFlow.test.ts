// Night flow through the database: hand-made 15-minute inlet and outlet registers of a flat district, then a leak
// of known size from a known day and its repair → the nightlines, one event with its start (±1 day) and volume
// (within 20 %), the nightFlow alarm raised in the console's table and cleared after the repair; the nightFlow and
// curves reads; the inlet-flow CSV import (good file, bad lines, wrong interval, other tenant); 400/401/403/404.
import { runNightFlowAnalysis } from '@waterops/gateway/src/services/dma/nightFlowAnalysis.ts';
import { PERMISSIONS } from '@waterops/shared/auth';
import { DMA_PATHS, type InletFlowImport, type NightFlowCurves, type NightFlowSeries } from '@waterops/shared/dma';
import { addDays, chinaDay, dayStart } from '@waterops/shared/reading';
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
import { forbidden, notFound, unauthorized, zh } from '../fixtures/messages.ts';
import { multipartBody } from '../fixtures/multipart.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';
import { insertDistrict, insertProfile, noise, type SeededDistrict } from './dmaAnalysisFixtures.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let viewer: TestUser;
let nobody: TestUser;
let other: Tenant;
let otherAdmin: string;
let district: SeededDistrict;

const DAYS = 75;
const LEAK = 45;
const REPAIR = 60;
const STEP = 5;
let FROM: string;
const day = (k: number) => addDays(FROM, k);
const text = (d: Date | string | null) => (d instanceof Date ? d.toISOString() : String(d)).slice(0, 10);
/** Move the test clock to 02:00 China time of day k. */
const clockAt = (k: number) => {
  t.clock.offsetMs = 0;
  t.clock.offsetMs = dayStart(day(k)).getTime() + 2 * 3_600_000 - Date.now();
};

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, token?: string) =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {} });
const upload = (url: string, csv: string, token: string) => {
  const { payload, headers } = multipartBody({
    filename: 'flow.csv',
    contentType: 'text/csv',
    content: Buffer.from(csv),
  });
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(token) } });
};

/** The inlet: 10 m³/h at night (±2 %), 30 by day, + STEP from day LEAK to REPAIR. The outlet: 2 m³/h. */
const inletFlow = (d: number, minute: number) =>
  (minute <= 360 ? 10 * (1 + 0.02 * noise(d)) : 30) + (d >= LEAK && d < REPAIR ? STEP : 0);

const alarmOf = (districtId: number) =>
  t.app.db
    .selectFrom('alarms')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('alarm_type', '=', 'nightFlow')
    .where('source_kind', '=', 'district')
    .where('source_id', '=', districtId)
    .execute();

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.dmaAnalysisView]);
  nobody = await createUserWithPermissions(t.app, companyId, []);
  other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  FROM = addDays(chinaDay(new Date()), -DAYS);
  district = await insertDistrict(t.app, companyId, { inlets: 1, outlets: 1, members: 3 });
  await insertProfile(t.app, companyId, district.inlets[0] as number, FROM, DAYS, inletFlow);
  await insertProfile(t.app, companyId, district.outlets[0] as number, FROM, DAYS, () => 2);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the night-flow job on a district with a leak', () => {
  it('finds the leak near its start with its size and volume, and raises the nightFlow alarm', async () => {
    clockAt(52);
    const changed: number[] = [];
    const report = await runNightFlowAnalysis(t.app.db, t.clock.now(), (c) => changed.push(c));
    expect(report.districts).toBeGreaterThanOrEqual(1);
    expect(report.eventsOpened).toBeGreaterThanOrEqual(1);
    expect(changed).toContain(companyId);

    const nightlines = await t.app.db
      .selectFrom('district_nightlines')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('district_id', '=', district.id)
      .execute();
    // the first run analyses the whole history: from the meters' first data (the read at 00:00 of FROM closes the
    // day before) to today; the 53 days from FROM have a nightline
    expect(nightlines.length).toBe(54);
    expect(nightlines.filter((r) => r.nightline !== null)).toHaveLength(53);
    const first = nightlines.find((r) => text(r.day) === day(10));
    expect(Number(first?.nightline)).toBeCloseTo(10 * (1 + 0.02 * noise(10)) - 2, 2);
    expect(Number(first?.legitimate)).toBeCloseTo((3 * 1.7) / 1000, 9);

    const events = await t.app.db
      .selectFrom('district_leak_events')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('district_id', '=', district.id)
      .execute();
    expect(events).toHaveLength(1);
    const e = events[0] as (typeof events)[number];
    expect(e.status).toBe('open');
    const start = text(e.start_day);
    expect(Math.abs((Date.parse(start) - Date.parse(day(LEAK))) / 86_400_000)).toBeLessThanOrEqual(1);
    expect(Number(e.magnitude)).toBeGreaterThan(STEP * 0.8);
    expect(Number(e.magnitude)).toBeLessThan(STEP * 1.2);
    // days LEAK..52 at STEP m³/h over the tenant's night-day factor (20 h)
    const volume = (52 - LEAK + 1) * STEP * 20;
    expect(Number(e.volume)).toBeGreaterThan(volume * 0.8);
    expect(Number(e.volume)).toBeLessThan(volume * 1.2);

    const alarms = await alarmOf(district.id);
    expect(alarms).toHaveLength(1);
    const a = alarms[0] as (typeof alarms)[number];
    expect(a.active).toBe(true);
    expect(a.source_code).toBe(district.name);
    // the nightline with the leak against the baseline before it
    expect(Number(a.value) - Number(a.threshold)).toBeCloseTo(Number(e.magnitude), 2);
    expect(Number(a.threshold)).toBeGreaterThan(7);
    expect(Number(a.threshold)).toBeLessThan(9);
    expect(Number(e.alarm_id)).toBe(Number(a.id));

    // a second run changes nothing
    const again = await runNightFlowAnalysis(t.app.db, t.clock.now());
    expect(again.eventsOpened).toBe(0);
    expect(await alarmOf(district.id)).toHaveLength(1);
  });

  it('shows the nightlines with the baseline and CUSUM, the event, and the day curves', async () => {
    const res = await get(
      `${DMA_PATHS.nightFlow}?districtId=${district.id}&from=${day(0)}&to=${day(52)}`,
      viewer.token,
    );
    expect(res.statusCode).toBe(200);
    const series = res.json().datas as NightFlowSeries;
    expect(series.districtName).toBe(district.name);
    expect(series.intervalMinutes).toBe(15);
    expect(series.days).toHaveLength(53);
    expect(series.days[30]?.baseline).not.toBeNull();
    expect(series.days[30]?.nightline).toBeCloseTo(10 * (1 + 0.02 * noise(30)) - 2, 2);
    expect(series.days[0]?.baseline).toBeNull();
    expect(series.events).toHaveLength(1);
    expect(series.events[0]?.status).toBe('open');

    const curves = await get(
      `${DMA_PATHS.nightFlowCurves}?districtId=${district.id}&days=${day(10)},${day(50)}`,
      viewer.token,
    );
    expect(curves.statusCode).toBe(200);
    const c = curves.json().datas as NightFlowCurves;
    expect(c.curves.map((x) => x.day)).toEqual([day(10), day(50)]);
    expect(c.curves[0]?.points).toHaveLength(96);
    expect(c.curves[0]?.points[0]).toEqual([15, expect.closeTo(10 * (1 + 0.02 * noise(10)) - 2, 2)]);
    expect(c.curves[0]?.points[40]?.[1]).toBeCloseTo(28, 2);
    expect(c.curves[1]?.nightline).toBeCloseTo(10 * (1 + 0.02 * noise(50)) - 2 + STEP, 2);
    expect(c.curves[0]?.minMinute).toBeGreaterThanOrEqual(30);
  });

  it('marks the event repaired and clears the alarm once the flow is back (analyse on demand)', async () => {
    clockAt(DAYS - 1);
    const res = await post(`${DMA_PATHS.nightFlowAnalyse}?districtId=${district.id}`, admin);
    expect(res.statusCode).toBe(200);
    // analysed again in full: from the first data (the day before FROM) to today
    expect(res.json().datas).toMatchObject({ districts: 1, days: DAYS + 1 });
    const events = await t.app.db
      .selectFrom('district_leak_events')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('district_id', '=', district.id)
      .execute();
    expect(events).toHaveLength(1);
    const e = events[0] as (typeof events)[number];
    expect(e.status).toBe('repaired');
    const repaired = text(e.repaired_day);
    expect(Math.abs((Date.parse(repaired) - Date.parse(day(REPAIR))) / 86_400_000)).toBeLessThanOrEqual(1);
    const alarms = await alarmOf(district.id);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]?.cleared_at ?? alarms[0]?.normal_since).not.toBeNull();
    const log = await t.app.db
      .selectFrom('operation_log')
      .select('operation')
      .where('company_id', '=', companyId)
      .where('operation', '=', 'dmaNightFlowAnalyse')
      .execute();
    expect(log.length).toBeGreaterThanOrEqual(1);
  });

  it('answers 400 for bad ranges, 401 without a token, 403 without the permission, 404 for another tenant', async () => {
    const q = `districtId=${district.id}&from=${day(0)}&to=${day(5)}`;
    expect(
      (await get(`${DMA_PATHS.nightFlow}?districtId=${district.id}&from=${day(5)}&to=${day(0)}`, admin)).statusCode,
    ).toBe(400);
    expect(
      (await get(`${DMA_PATHS.nightFlow}?districtId=${district.id}&from=2024-02-30&to=${day(0)}`, admin)).statusCode,
    ).toBe(400);
    const long = await get(`${DMA_PATHS.nightFlow}?districtId=${district.id}&from=2020-01-01&to=${day(0)}`, admin);
    expect(long.statusCode).toBe(400);
    expect(long.json().resp_msg).toBe(zh('dmaAnalysis.rangeTooLong', { days: 366 }));
    const many = Array.from({ length: 15 }, (_, i) => day(i)).join(',');
    expect((await get(`${DMA_PATHS.nightFlowCurves}?districtId=${district.id}&days=${many}`, admin)).statusCode).toBe(
      400,
    );
    expect((await get(`${DMA_PATHS.nightFlow}?${q}`)).json()).toMatchObject(unauthorized);
    expect((await get(`${DMA_PATHS.nightFlow}?${q}`, nobody.token)).json()).toMatchObject(forbidden);
    expect((await post(`${DMA_PATHS.nightFlowAnalyse}?districtId=${district.id}`, viewer.token)).json()).toMatchObject(
      forbidden,
    );
    expect((await get(`${DMA_PATHS.nightFlow}?${q}`, otherAdmin)).json()).toMatchObject(notFound);
    expect(
      (await get(`${DMA_PATHS.nightFlowCurves}?districtId=${district.id}&days=${day(1)}`, otherAdmin)).json(),
    ).toMatchObject(notFound);
    expect((await post(`${DMA_PATHS.nightFlowAnalyse}?districtId=${district.id}`, otherAdmin)).json()).toMatchObject(
      notFound,
    );
    // the other tenant's run over all its districts touches none of ours
    const theirs = await post(DMA_PATHS.nightFlowAnalyse, otherAdmin);
    expect(theirs.json().datas).toMatchObject({ districts: 0 });
  });
});

describe('the inlet-flow import', () => {
  /** Three days of 15-minute samples: 4 m³/h at night, 12 by day. */
  const csv = (first: string, days: number, step = 15) => {
    const lines = ['time,flow'];
    const t0 = dayStart(first).getTime();
    for (let m = step; m <= days * 1440; m += step) {
      const at = new Date(t0 + m * 60_000 + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
      lines.push(`${at},${m % 1440 <= 360 && m % 1440 > 0 ? 4 : 12}`);
    }
    return `${lines.join('\n')}\n`;
  };

  it('imports a good file, reports bad lines by number, and analyses the covered days', async () => {
    const d = await insertDistrict(t.app, companyId, { inlets: 1 });
    const first = addDays(chinaDay(new Date()), -5);
    const lines = csv(first, 3).split('\n');
    lines.splice(3, 0, 'yesterday,5', '2026-01-01 00:15,abc');
    const res = await upload(`${DMA_PATHS.inletFlowImport}?districtId=${d.id}`, lines.join('\n'), admin);
    expect(res.statusCode).toBe(200);
    const r = res.json().datas as InletFlowImport;
    expect(r.imported).toBe(3 * 96);
    expect(r.intervalMinutes).toBe(15);
    expect(r.failed).toEqual([
      { line: 4, message: zh('dmaAnalysis.import.badTime', { value: 'yesterday' }) },
      { line: 5, message: zh('dmaAnalysis.import.badFlow', { value: 'abc' }) },
    ]);
    const stored = await t.app.db
      .selectFrom('inlet_flows')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', companyId)
      .where('meter_id', '=', d.inlets[0] as number)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(288);
    const series = await get(`${DMA_PATHS.nightFlow}?districtId=${d.id}&from=${first}&to=${addDays(first, 2)}`, admin);
    const days = (series.json().datas as NightFlowSeries).days;
    expect(days.map((x) => x.nightline)).toEqual([4, 4, 4]);
    // the template downloads
    const template = await get(DMA_PATHS.inletFlowTemplate, admin);
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('text/csv');
  });

  it('refuses a file whose interval is outside 1–60 minutes, writing nothing', async () => {
    const d = await insertDistrict(t.app, companyId, { inlets: 1 });
    const res = await upload(
      `${DMA_PATHS.inletFlowImport}?districtId=${d.id}`,
      csv(addDays(chinaDay(new Date()), -5), 2, 90),
      admin,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().resp_msg).toBe(zh('dmaAnalysis.import.badInterval', { minutes: '90' }));
    const stored = await t.app.db
      .selectFrom('inlet_flows')
      .select('at')
      .where('company_id', '=', companyId)
      .where('meter_id', '=', d.inlets[0] as number)
      .execute();
    expect(stored).toHaveLength(0);
  });

  it('needs a meter when the district has several inlets, and refuses others’ districts and callers', async () => {
    const d = await insertDistrict(t.app, companyId, { inlets: 2 });
    const file = csv(addDays(chinaDay(new Date()), -5), 1);
    const res = await upload(`${DMA_PATHS.inletFlowImport}?districtId=${d.id}`, file, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().resp_msg).toBe(zh('dmaAnalysis.chooseInlet'));
    const chosen = await upload(`${DMA_PATHS.inletFlowImport}?districtId=${d.id}&meterId=${d.inlets[1]}`, file, admin);
    expect(chosen.json().datas.imported).toBe(96);
    expect(
      (await upload(`${DMA_PATHS.inletFlowImport}?districtId=${d.id}&meterId=999999`, file, admin)).statusCode,
    ).toBe(400);
    expect((await upload(`${DMA_PATHS.inletFlowImport}?districtId=${d.id}`, file, otherAdmin)).json()).toMatchObject(
      notFound,
    );
    expect((await upload(`${DMA_PATHS.inletFlowImport}?districtId=${d.id}`, file, viewer.token)).json()).toMatchObject(
      forbidden,
    );
    const anon = await t.app.inject({ method: 'POST', url: `${DMA_PATHS.inletFlowImport}?districtId=${d.id}` });
    expect(anon.json()).toMatchObject(unauthorized);
  });
});
