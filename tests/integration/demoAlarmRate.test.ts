// The demo's first hour as a control room sees it (issue 16.1): the city simulator as `npm start` runs it (the demo's
// seed and staged outage, a smaller city), WaterOps' alarm jobs run as their schedule would, the test clock moved
// five minutes at a time. The alarm-load figures must read like a well-run, rationalized system: a few standing
// alarms, a few new ones an hour beside the staged concentrator's one offline group, nothing chattering.
import { evaluateOfflineAlarms, evaluateUsageAlarms } from '@waterops/gateway/src/services/alarm/alarmJobs.ts';
import { markOfflineDevices } from '@waterops/gateway/src/services/deviceStatus/offlineDevices.ts';
import { runNightFlowAnalysis } from '@waterops/gateway/src/services/dma/nightFlowAnalysis.ts';
import { createIngestKey } from '@waterops/gateway/src/services/ingest/ingestKeyRepository.ts';
import { revalidateDirtyMeters } from '@waterops/gateway/src/services/reading/revalidate.ts';
import { DEFAULT_DEMO_OUTAGE } from '@waterops/gateway/src/simulator/demoOutage.ts';
import { type Simulator, startSimulator } from '@waterops/gateway/src/simulator/simulator.ts';
import { type AlarmLoad, FLOOD_THRESHOLD, MONITORING_PATHS } from '@waterops/shared/monitoring';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, demoCompanyId, signIn } from '../fixtures/factories.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

const MINUTE = 60_000;
const METERS = 1_000;

let t: TestApp;
let sim: Simulator;
let companyId: number;
let admin: string;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Raises and re-raises so far, grouped children included (what the engine did, not what the console shows). */
const annunciations = async () => {
  const { rows } = await sql<{ n: string }>`select count(*) as n from alarm_events
    where company_id = ${companyId} and action in ('raised', 'reraised')`.execute(t.app.db);
  return Number(rows[0]?.n);
};
/** The ingestion route evaluates reading alarms after it answers: wait until they have settled. */
const settled = async () => {
  let last = -1;
  for (let n = await annunciations(); n !== last; n = await annunciations()) {
    last = n;
    await sleep(300);
  }
};
/** What the schedule in jobs.ts would have run by now (the jobs are idempotent: running one early changes nothing). */
const runJobs = async (minute: number) => {
  const at = t.clock.now();
  await revalidateDirtyMeters(t.app.db, { now: at });
  await markOfflineDevices(t.app.db, at);
  await evaluateOfflineAlarms(t.app.db, at);
  if (minute % 10 === 0) await evaluateUsageAlarms(t.app.db, at);
  if (minute % 15 === 0) await runNightFlowAnalysis(t.app.db, at);
};
/** Active alarms a console lists at the top level (children stand under their parent). */
const standing = async () => {
  const { rows } = await sql<{ alarm_type: string; n: string }>`select alarm_type, count(*) as n from alarms
    where company_id = ${companyId} and active and not suppressed and parent_id is null
    group by alarm_type order by alarm_type`.execute(t.app.db);
  return Object.fromEntries(rows.map((r) => [r.alarm_type, Number(r.n)]));
};
const load = async (): Promise<AlarmLoad> =>
  (await t.app.inject({ method: 'GET', url: MONITORING_PATHS.alarmLoad, headers: bearer(admin) })).json().datas;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  const { key } = await createIngestKey(t.app.db, { companyId, name: 'simulator' });
  sim = startSimulator({
    baseUrl,
    key,
    seed: 42,
    meters: METERS,
    // enough days for the usage rules' 7-day means; the demo's 60 would only lengthen the backfill
    historyDays: 8,
    demoOutage: DEFAULT_DEMO_OUTAGE,
    now: t.clock.now,
    realtime: false,
  });
  await sim.ready;
  await settled();
}, 240_000);
afterAll(async () => {
  await sim?.stop();
  await t?.close();
});

const visible = (l: AlarmLoad) => l.buckets.reduce((sum, b) => sum + b.count, 0);

describe("the demo's first hour", () => {
  it('opens on a few standing alarms, then a few new ones an hour and the staged outage as the one group', async () => {
    await runJobs(0);
    await settled();
    const first = await standing();
    const before = await load();
    const log: string[] = [`start: ${JSON.stringify(first)}`];
    for (let minute = 5; minute <= 60; minute += 5) {
      t.clock.advance(5 * MINUTE);
      await sim.step();
      await settled();
      await runJobs(minute);
      await settled();
      log.push(`+${minute} min: ${JSON.stringify(await standing())}`);
    }
    const after = await load();
    const detail = `${log.join('\n')}\nmost frequent: ${JSON.stringify(after.mostFrequent)}`;
    // a few standing alarms at first sight (a group counts once: its children stand under it)
    expect(
      Object.values(first).reduce((sum, n) => sum + n, 0),
      detail,
    ).toBeLessThanOrEqual(METERS * 0.015);
    // then about one new alarm per ten minutes at most, the staged concentrator's group among them
    const raisedInTheHour = visible(after) - visible(before);
    expect(raisedInTheHour, detail).toBeGreaterThanOrEqual(1);
    expect(raisedInTheHour, detail).toBeLessThanOrEqual(6);
    expect(after.lastTenMinutes, detail).toBeLessThan(FLOOD_THRESHOLD);
    expect(after.chattering, detail).toEqual([]);
    // the staged outage: one offline alarm with the concentrator's meters grouped beneath it
    const staged = sim.plan.concentrators[0]?.code ?? '';
    const group = await sql<{ children: string }>`select count(c.id) as children from alarms p
      join alarms c on c.company_id = p.company_id and c.parent_id = p.id
      where p.company_id = ${companyId} and p.source_code = ${staged} and p.alarm_type = 'offline'`.execute(t.app.db);
    expect(Number(group.rows[0]?.children), detail).toBeGreaterThan(10);
  }, 300_000);
});
