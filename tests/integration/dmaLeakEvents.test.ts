// Leak events through the database, run after run (issue 19): a district with two overlapping leaks, the hourly job
// run once a day over five months on the test clock, then the whole history analysed again at once — each leak its
// own event, the same rows (ids, first detection) whatever way the days came, the repaired one closed on its day;
// the baseline period: set, shown, refused when bad, another tenant's district 404, cleared.
import { runNightFlowAnalysis } from '@waterops/gateway/src/services/dma/nightFlowAnalysis.ts';
import { DMA_PATHS, type NightFlowSeries } from '@waterops/shared/dma';
import { addDays, chinaDay, dayStart } from '@waterops/shared/reading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSecondTenant, demoCompanyId, signIn, type Tenant } from '../fixtures/factories.ts';
import { zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';
import { insertDistrict, insertProfile, noise, type SeededDistrict } from './dmaAnalysisFixtures.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let other: Tenant;
let otherAdmin: string;
let district: SeededDistrict;

const DAYS = 150;
/** Leak A: +3 m³/h from day 40, repaired on day 100; leak B: +4 m³/h from day 70, still running. */
const A = { from: 40, until: 100, size: 3 };
const B = { from: 70, size: 4 };
let FROM: string;
const day = (k: number) => addDays(FROM, k);
const clockAt = (k: number) => {
  t.clock.offsetMs = 0;
  t.clock.offsetMs = dayStart(day(k)).getTime() + 2 * 3_600_000 - Date.now();
};
const nightFlow = (d: number, minute: number) =>
  (minute <= 360 ? 10 * (1 + 0.01 * noise(d)) : 30) +
  (d >= A.from && d < A.until ? A.size : 0) +
  (d >= B.from ? B.size : 0);

type EventRow = { id: number; start: string; detected: string; status: string; repaired: string | null; first: Date };
const events = async (): Promise<EventRow[]> =>
  (
    await t.app.db
      .selectFrom('district_leak_events')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('district_id', '=', district.id)
      .orderBy('detected_day')
      .execute()
  ).map((r) => ({
    id: Number(r.id),
    start: chinaDay(new Date(r.start_day)),
    detected: chinaDay(new Date(r.detected_day)),
    status: r.status,
    repaired: r.repaired_day ? chinaDay(new Date(r.repaired_day)) : null,
    first: new Date(r.first_detected_at),
  }));
const within = (actual: string, expected: string, days: number) =>
  Math.abs(Date.parse(actual) - Date.parse(expected)) <= days * 86_400_000;
const post = (url: string, body: unknown, token: string) =>
  t.app.inject({ method: 'POST', url, payload: body as object, headers: bearer(token) });

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  FROM = addDays(chinaDay(new Date()), -DAYS);
  district = await insertDistrict(t.app, companyId, { inlets: 1, members: 2 });
  await insertProfile(t.app, companyId, district.inlets[0] as number, FROM, DAYS, nightFlow);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('leak events run after run', () => {
  it('keeps each leak its own event, found day by day and again at once, with the same rows', async () => {
    // the hourly job, once a day from the end of the warm-up: rows only ever appear, none re-dated or recreated
    const seen = new Map<number, EventRow>();
    for (let k = 22; k < DAYS; k++) {
      clockAt(k);
      await runNightFlowAnalysis(t.app.db, t.clock.now());
      const now = await events();
      for (const [id, before] of seen) {
        const row = now.find((e) => e.id === id);
        expect(row, `event ${id} (confirmed ${before.detected}) still there on day ${k}`).toBeDefined();
        expect([row?.start, row?.detected, row?.first.getTime()]).toEqual([
          before.start,
          before.detected,
          before.first.getTime(),
        ]);
      }
      for (const e of now) if (!seen.has(e.id)) seen.set(e.id, e);
    }
    const live = await events();
    expect(live).toHaveLength(2);
    const [a, b] = live as [EventRow, EventRow];
    expect(within(a.start, day(A.from), 1)).toBe(true);
    expect(within(b.start, day(B.from), 1)).toBe(true);
    // B came while A was open, and is its own event; the repair closed A, not B
    expect([a.status, b.status]).toEqual(['repaired', 'open']);
    expect(within(a.repaired as string, day(A.until), 1)).toBe(true);
    // first seen on the morning after the night that confirmed it (the job ran at 02:00 of each day; the test clock is
    // an offset from the real one, so a millisecond or two may pass between setting it and the run reading it)
    const run = dayStart(a.detected).getTime() + 2 * 3_600_000;
    expect(a.first.getTime() - run).toBeGreaterThanOrEqual(0);
    expect(a.first.getTime() - run).toBeLessThan(60_000);

    // the whole history again at once: the same rows
    const res = await post(`${DMA_PATHS.nightFlowAnalyse}?districtId=${district.id}`, undefined, admin);
    expect(res.statusCode).toBe(200);
    expect(await events()).toEqual(live);

    // the page shows both: the estimated start and when WaterOps first saw it
    const page = await t.app.inject({
      method: 'GET',
      url: `${DMA_PATHS.nightFlow}?districtId=${district.id}&from=${day(30)}&to=${day(DAYS - 1)}`,
      headers: bearer(admin),
    });
    const series = page.json().datas as NightFlowSeries;
    expect(series.events.map((e) => [e.startDay, e.firstDetectedAt])).toEqual(
      live.map((e) => [e.start, e.first.toISOString()]),
    );
    expect(series.warmup).toMatchObject({ required: 21, have: 21, baselineFrom: null, baselineTo: null });
  });

  it('learns the baseline from a chosen period, refuses a bad one with its reason, and goes back to the default', async () => {
    const url = DMA_PATHS.nightFlowBaseline;
    const bad = [
      [{ districtId: district.id, from: day(5), to: null }, 400],
      [{ districtId: district.id, from: day(20), to: day(10) }, 400],
      [{ districtId: district.id, from: day(5), to: day(8) }, 400],
      [{ districtId: district.id, from: '2026-02-30', to: day(8) }, 400],
    ] as const;
    for (const [body, status] of bad) {
      const res = await post(url, body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
    }
    expect((await post(url, { districtId: district.id, from: day(5), to: day(8) }, admin)).json().resp_msg).toBe(
      zh('dmaAnalysis.baselineTooShort', { days: '7' }),
    );
    const before = await events();
    expect((await post(url, { districtId: district.id, from: day(5), to: day(30) }, otherAdmin)).statusCode).toBe(404);
    expect(await events()).toEqual(before);

    const set = await post(url, { districtId: district.id, from: day(5), to: day(30) }, admin);
    expect(set.statusCode).toBe(200);
    const read = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `${DMA_PATHS.nightFlow}?districtId=${district.id}&from=${day(0)}&to=${day(DAYS - 1)}`,
          headers: bearer(admin),
        })
      ).json().datas as NightFlowSeries;
    const seeded = await read();
    expect(seeded.warmup).toMatchObject({ baselineFrom: day(5), baselineTo: day(30), readyDay: day(31) });
    // the days before the period are not analysed; the leaks after it are the same events
    expect(seeded.days.filter((d) => d.day < day(31)).every((d) => d.baseline === null)).toBe(true);
    expect((await events()).map((e) => e.id)).toEqual(before.map((e) => e.id));

    const cleared = await post(url, { districtId: district.id, from: null, to: null }, admin);
    expect(cleared.statusCode).toBe(200);
    expect((await read()).warmup).toMatchObject({ baselineFrom: null, baselineTo: null, required: 21 });
  });
});
