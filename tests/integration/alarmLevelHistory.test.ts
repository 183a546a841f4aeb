// Issue 19.8: an open alarm's level changes are in its history. A source raises an alarm, raises it again at the same
// level with a new value (no event: the history is not flooded, the raise's value kept), then higher and lower: each
// move is a `levelChanged` event with the level it left and reached and the value and limit at that moment, read
// through the console's history call. The live layer sees each move (the change feed, the evaluation's result that
// the jobs turn into a change hint) and the dashboard's counts by level agree with it.
import { raiseSourceAlarm } from '@waterops/gateway/src/services/alarm/alarmEngine.ts';
import { type AlarmEvent, MONITORING_PATHS } from '@waterops/shared/monitoring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSecondTenant, demoCompanyId, signIn } from '../fixtures/factories.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let operator: string;
let otherToken: string;

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const eventsUrl = (id: number) => MONITORING_PATHS.alarmEvents.replace(':id', String(id));

/** The night-flow analysis's call: district 7's leak at `level`, nightline `value` against baseline `threshold`. */
const leak = (level: 'alarm' | 'severe' | 'general', value: number, threshold: number, at = t.clock.now()) =>
  raiseSourceAlarm(t.app.db, companyId, {
    alarmType: 'nightFlow',
    sourceKind: 'district',
    sourceId: 7,
    sourceCode: 'DMA-7',
    areaId: null,
    level,
    value,
    threshold,
    at,
  });

const alarmRow = () =>
  t.app.db
    .selectFrom('alarms')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('source_code', '=', 'DMA-7')
    .executeTakeFirstOrThrow();

const byLevel = async () => {
  const counts = (await get(MONITORING_PATHS.typeCount, operator)).json().datas;
  return Object.fromEntries(counts.byLevel.map((l: { level: string; count: number }) => [l.level, l.count]));
};

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  operator = await signIn(t.app, 'operator', 'operator123');
  const other = await createSecondTenant(t.app);
  otherToken = await signIn(t.app, other.adminUsername, other.password);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("an open alarm's level changes", () => {
  it('are events in its history with the levels, the value and the limit; a new value alone is not', async () => {
    expect(await leak('alarm', 10, 8)).toMatchObject({ raised: 1, levelChanged: 0 });
    const id = Number((await alarmRow()).id);
    const before = await byLevel();
    const cursor = (await get(MONITORING_PATHS.alarmFeed, operator)).json().datas.cursor;

    // the same level with a new value: nothing changes, nothing to push
    t.clock.advance(60_000);
    expect(await leak('alarm', 11, 8)).toEqual({ raised: 0, reraised: 0, cleared: 0, levelChanged: 0 });
    expect(Number((await alarmRow()).value)).toBe(10);
    expect((await get(`${MONITORING_PATHS.alarmFeed}?since=${cursor}`, operator)).json().datas.items).toEqual([]);

    t.clock.advance(60_000);
    const raisedAt = t.clock.now();
    expect(await leak('severe', 12.3, 8, raisedAt)).toMatchObject({ raised: 0, reraised: 0, levelChanged: 1 });
    // the live layer's feed carries the move, and the dashboard's counts moved with it
    const feed = (await get(`${MONITORING_PATHS.alarmFeed}?since=${cursor}`, operator)).json().datas;
    expect(feed.items).toHaveLength(1);
    expect(feed.items[0]).toMatchObject({ id, level: 'severe', value: 12.3, threshold: 8, active: true });
    const after = await byLevel();
    expect(after.severe).toBe(before.severe + 1);
    expect(after.alarm).toBe(before.alarm - 1);

    t.clock.advance(60_000);
    expect(await leak('general', 8.5, 8)).toMatchObject({ levelChanged: 1 });
    expect(await alarmRow()).toMatchObject({ level: 'general', active: true, acknowledged: false });

    const res = await get(eventsUrl(id), operator);
    expect(res.statusCode).toBe(200);
    const events: AlarmEvent[] = res.json().datas;
    expect(events.map((e) => e.action)).toEqual(['levelChanged', 'levelChanged', 'raised']);
    expect(events[0]).toMatchObject({
      username: null,
      levelChange: { from: 'severe', to: 'general', value: 8.5, threshold: 8 },
    });
    expect(events[1]).toMatchObject({
      at: raisedAt.toISOString(),
      levelChange: { from: 'alarm', to: 'severe', value: 12.3, threshold: 8 },
    });
    // other events carry no level change
    expect(events[2]).not.toHaveProperty('levelChange');
  });

  it("is not another tenant's to read", async () => {
    const id = Number((await alarmRow()).id);
    expect((await get(eventsUrl(id), otherToken)).statusCode).toBe(404);
  });
});
