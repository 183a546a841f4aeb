// The demo's alarm history (issue 16.12): a fresh demo's city (the simulator's archives, a day of reads) gets the
// thirty days of alarms the engine would have made of the city's fault plan — checked for the rate of a well-run
// utility (a few a day at the top level, every day, not one spike), for the product's own shape (each alarm returned
// to normal and acknowledged by a demo user, its events in order, the concentrator outages as parents with their
// collectors and meters grouped beneath), for nothing after the demo's start, and for the statistics' 30-day trend.
// The clock is pinned so the fault plan's month is always the same one.
import { hasAlarmHistory, seedDemoAlarmHistory } from '@waterops/gateway/src/db/seed/demoAlarmHistory.ts';
import { DEMO_SIGN_IN } from '@waterops/gateway/src/db/seed/seedDatabase.ts';
import { evaluateOfflineAlarms } from '@waterops/gateway/src/services/alarm/alarmJobs.ts';
import { createIngestKey } from '@waterops/gateway/src/services/ingest/ingestKeyRepository.ts';
import { alarmHistory } from '@waterops/gateway/src/simulator/alarmHistory.ts';
import { startSimulator } from '@waterops/gateway/src/simulator/simulator.ts';
import {
  DEFAULT_DELAY_RULE,
  DEFAULT_OFFLINE_RULE,
  DEFAULT_THRESHOLD_RULES,
  DEFAULT_USAGE_RULE,
  MONITORING_PATHS,
} from '@waterops/shared/monitoring';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, demoCompanyId, signIn } from '../fixtures/factories.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

const DAY = 86_400_000;
const METERS = 1_000;
const DAYS = 30;
/** the demo's start, pinned (a Monday morning, China time) */
const START = Date.parse('2025-06-16T01:30:00Z');

let t: TestApp;
let companyId: number;
let now: Date;
let summary: Awaited<ReturnType<typeof seedDemoAlarmHistory>>;
let plan: ReturnType<typeof startSimulator>['plan'];

type AlarmRow = {
  id: string;
  alarm_type: string;
  level: string;
  source_kind: string;
  source_code: string;
  active: boolean;
  acknowledged: boolean;
  suppressed: boolean;
  parent_id: string | null;
  raised_at: Date;
  cleared_at: Date | null;
  ack_at: Date | null;
  ack_by: string | null;
};
type EventRow = { id: string; alarm_id: string; action: string; at: Date; username: string | null };

/** the alarms the running engine raised from the city's reads before the history was written (the present) */
let present: Set<string>;
const everyAlarm = async () =>
  (
    await sql<AlarmRow>`select id, alarm_type, level, source_kind, source_code, active, acknowledged, suppressed,
      parent_id, raised_at, cleared_at, ack_at, ack_by from alarms where company_id = ${companyId} order by id`.execute(
      t.app.db,
    )
  ).rows;
/** the history's alarms */
const alarms = async () => (await everyAlarm()).filter((a) => !present.has(String(a.id)));
const events = async () =>
  (
    await sql<EventRow>`select id, alarm_id, action, at, username from alarm_events
      where company_id = ${companyId} order by id`.execute(t.app.db)
  ).rows.filter((e) => !present.has(String(e.alarm_id)));
const ms = (d: Date | string | null) => (d === null ? Number.NaN : new Date(d).getTime());
const chinaDay = (d: Date | string) => new Date(ms(d) + 8 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp();
  t.clock.advance(START - Date.now());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  companyId = await demoCompanyId(t.app);
  const { key } = await createIngestKey(t.app.db, { companyId, name: 'city' });
  // the city's archives and a day of reads (the meters have reported, as the engine requires of a no-data alarm)
  const city = startSimulator({
    baseUrl,
    key,
    seed: 42,
    meters: METERS,
    historyDays: 1,
    now: t.clock.now,
    realtime: false,
  });
  await city.ready;
  await city.stop();
  plan = city.plan;
  now = t.clock.now();
  expect(await hasAlarmHistory(t.app.db, companyId, now)).toBe(false);
  present = new Set((await everyAlarm()).map((a) => String(a.id)));
  summary = await seedDemoAlarmHistory(t.app.db, companyId, plan, { now, days: DAYS });
}, 600_000);
afterAll(async () => {
  await t?.close();
});

describe('the alarm history of a fresh demo', () => {
  it('reads like a well-run utility: a few alarms every day, the outages as the only floods', async () => {
    const all = await alarms();
    const top = all.filter((a) => a.parent_id === null);
    expect(all.length).toBe(summary.alarms);
    expect(top.length).toBe(summary.topLevel);
    const perDay = new Map<string, number>();
    for (const a of top) perDay.set(chinaDay(a.raised_at), (perDay.get(chinaDay(a.raised_at)) ?? 0) + 1);
    const detail = JSON.stringify(Object.fromEntries(perDay));
    // alarms on most days of the month (a quiet day happens in a city of a thousand meters), not a spike on the last
    expect(perDay.size, detail).toBeGreaterThanOrEqual(DAYS - 10);
    const counts = [...perDay.values()];
    // a few a day for a city of a thousand meters: ISA-18.2 asks for under ~150 a day per operator
    expect(Math.max(...counts), detail).toBeLessThanOrEqual(20);
    expect(top.length / DAYS, detail).toBeGreaterThanOrEqual(1);
    // what the fault plan holds: outages, misreads and backflow, and the usage rules' findings
    const types = new Set(top.map((a) => a.alarm_type));
    expect([...types]).toEqual(expect.arrayContaining(['offline', 'reverseFlow']));
    expect(types.has('noData')).toBe(false);
  });

  it('leaves every alarm returned to normal and acknowledged by a demo user, with its events in order', async () => {
    const all = await alarms();
    const byAlarm = new Map<string, EventRow[]>();
    for (const e of await events()) byAlarm.set(e.alarm_id, [...(byAlarm.get(e.alarm_id) ?? []), e]);
    const people = [DEMO_SIGN_IN.operator.username, DEMO_SIGN_IN.username];
    for (const a of all) {
      expect(a.active, a.id).toBe(false);
      expect(a.acknowledged, a.id).toBe(true);
      expect(people).toContain(a.ack_by);
      const list = byAlarm.get(a.id) ?? [];
      // ids follow time, and the first is the raise
      for (let i = 1; i < list.length; i++)
        expect(ms(list[i]?.at as Date)).toBeGreaterThanOrEqual(ms(list[i - 1]?.at as Date));
      expect(list[0]?.action, a.id).toBe('raised');
      const actions = list.map((e) => e.action);
      expect(
        actions.filter((x) => x === 'acknowledged'),
        a.id,
      ).toHaveLength(1);
      expect(list.find((e) => e.action === 'acknowledged')?.username).toBe(a.ack_by);
      // raised and cleared alternate: a re-raise only after a return to normal, and the last word is a clear
      const sounding = actions.filter((x) => x === 'raised' || x === 'reraised' || x === 'cleared');
      expect(
        sounding.map((x) => x === 'cleared'),
        `${a.id}: ${actions}`,
      ).toEqual(sounding.map((_, i) => i % 2 === 1));
      expect(sounding.at(-1), a.id).toBe('cleared');
      expect(ms(list.filter((e) => e.action === 'cleared').at(-1)?.at ?? null)).toBe(ms(a.cleared_at));
      expect(ms(a.ack_at)).toBeGreaterThanOrEqual(ms(list[0]?.at as Date));
    }
  });

  it('records where the fault plan worsens: each level change of an open alarm, chained from the level before', async () => {
    const all = new Map((await alarms()).map((a) => [String(a.id), a]));
    const changes = (
      await sql<{ alarm_id: string; action: string; from_level: string | null; to_level: string | null }>`
        select alarm_id, action, from_level, to_level from alarm_events
        where company_id = ${companyId} and action in ('raised', 'reraised', 'levelChanged') order by id`.execute(
        t.app.db,
      )
    ).rows.filter((e) => all.has(String(e.alarm_id)));
    // an outage that lasts escalates (offline: alarm, severe, urgent hours)
    expect(changes.some((e) => e.action === 'levelChanged')).toBe(true);
    const levelOf = new Map<string, string | null>();
    for (const e of changes) {
      const id = String(e.alarm_id);
      if (e.action !== 'levelChanged') {
        levelOf.set(id, null);
        continue;
      }
      expect(e.from_level, id).not.toBe(e.to_level);
      const before = levelOf.get(id);
      if (before) expect(e.from_level, id).toBe(before);
      levelOf.set(id, e.to_level);
    }
    // the alarm's level is the last change's, where no re-raise came after it
    for (const [id, level] of levelOf) if (level) expect(all.get(id)?.level, id).toBe(level);
  });

  it('groups each outage: the concentrator the parent, its collectors and meters raised, cleared and acked with it', async () => {
    const all = await alarms();
    const parents = all.filter((a) => a.alarm_type === 'offline' && a.source_kind === 'concentrator');
    expect(parents.length).toBeGreaterThan(0);
    for (const p of parents) {
      const children = all.filter((c) => c.parent_id === p.id);
      const k = plan.concentrators.findIndex((c) => c.code === p.source_code);
      const c = plan.concentrators[k];
      expect(c, p.source_code).toBeDefined();
      const meters = children.filter((x) => x.alarm_type === 'noData');
      expect(meters.length).toBe((c?.meterEnd ?? 0) - (c?.meterStart ?? 0));
      expect(children.filter((x) => x.source_kind === 'collector').length).toBe(
        plan.collectors.filter((x) => x.concentrator === k).length,
      );
      for (const x of children) {
        expect(x.suppressed).toBe(true);
        expect(ms(x.raised_at)).toBe(ms(p.raised_at));
        expect(ms(x.cleared_at)).toBe(ms(p.cleared_at));
        expect(ms(x.ack_at)).toBe(ms(p.ack_at));
      }
      // an outage is seen two report intervals after the last upload, not before
      expect(ms(p.cleared_at) - ms(p.raised_at)).toBeGreaterThan(5 * 60_000);
    }
    // every no-data alarm stands under a parent
    expect(all.filter((a) => a.alarm_type === 'noData' && a.parent_id === null)).toEqual([]);
  });

  it('holds nothing after the demo started, and leaves the running engine free to raise the present', async () => {
    const instants = [
      ...(await events()).map((e) => ms(e.at)),
      ...(await alarms()).flatMap((a) => [ms(a.raised_at), ms(a.cleared_at), ms(a.ack_at)]),
    ];
    expect(Math.max(...instants)).toBeLessThanOrEqual(now.getTime());
    const history = await alarms();
    expect(Math.min(...history.map((a) => ms(a.raised_at)))).toBeGreaterThanOrEqual(now.getTime() - DAYS * DAY);
    // and it ends before the running engine's first alarm: the product's own record takes over from there
    const first = Math.min(
      ...(await everyAlarm()).filter((a) => present.has(String(a.id))).map((a) => ms(a.raised_at)),
    );
    expect(Math.max(...history.map((a) => ms(a.cleared_at)))).toBeLessThan(first);
    // the engine's next run raises what holds now beside the history (no live alarm is in its way)
    await evaluateOfflineAlarms(t.app.db, now);
    // and the history is written once
    expect(await hasAlarmHistory(t.app.db, companyId, now)).toBe(true);
  });

  it('is the same history for the same plan and window', () => {
    const rules = {
      voltage: DEFAULT_THRESHOLD_RULES.voltage,
      usage: DEFAULT_USAGE_RULE,
      offline: DEFAULT_OFFLINE_RULE,
      delay: DEFAULT_DELAY_RULE,
    };
    const from = now.getTime() - DAYS * DAY;
    expect(alarmHistory(plan, rules, from, now.getTime())).toEqual(alarmHistory(plan, rules, from, now.getTime()));
  });

  it("fills the statistics' 30-day trend: alarms on the days before the demo started", async () => {
    const admin = await signIn(t.app, 'admin', 'admin123');
    const res = await t.app.inject({ method: 'GET', url: MONITORING_PATHS.trend, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const days = res.json().datas.days as { day: string; total: number }[];
    const before = days.filter((d) => d.day < chinaDay(now) && d.total > 0);
    expect(before.length).toBeGreaterThanOrEqual(DAYS - 10);
  });
});
