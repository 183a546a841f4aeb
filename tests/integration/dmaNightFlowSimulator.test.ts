// The night-flow story on the real simulator: a small city backfills 90 days through the ingestion API (district
// meters every 15 minutes), its districts are registered with their inlet and outlet meters, the job runs, and the
// sudden leak the simulator planned (faults.ts; the seed is picked by tests/fixtures/leakStory.ts) comes out as an
// event starting within ±2 days of the leak, with the nightFlow alarm in the console's list.

import { runNightFlowAnalysis } from '@waterops/gateway/src/services/dma/nightFlowAnalysis.ts';
import { createIngestKey } from '@waterops/gateway/src/services/ingest/ingestKeyRepository.ts';
import type { CityPlan } from '@waterops/gateway/src/simulator/cityPlan.ts';
import { type Simulator, startSimulator } from '@waterops/gateway/src/simulator/simulator.ts';
import { MONITORING_PATHS } from '@waterops/shared/monitoring';
import { chinaDay } from '@waterops/shared/reading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, demoCompanyId, signIn } from '../fixtures/factories.ts';
import { pickLeakStory } from '../fixtures/leakStory.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

const DAY = 86_400_000;
const METERS = 300;
const HISTORY_DAYS = 90;
// one fixed instant for the whole story
const at = new Date();

let t: TestApp;
let companyId: number;
let admin: string;
let sim: Simulator | undefined;
const story = pickLeakStory({ at, meters: METERS, historyDays: HISTORY_DAYS });

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  const key = (await createIngestKey(t.app.db, { companyId, name: 'simulator' })).key;
  sim = startSimulator({
    baseUrl,
    key,
    seed: story.seed,
    meters: METERS,
    historyDays: HISTORY_DAYS,
    now: () => at,
    realtime: false,
  });
  await sim.ready;
}, 600_000);

afterAll(async () => {
  await sim?.stop();
  await t?.close();
});

/** The simulator's districts in the tables (registered here unless the simulator's archives already did). */
const registerDistricts = async (plan: CityPlan): Promise<Map<number, number>> => {
  const ids = new Map<number, number>();
  for (const [k, d] of plan.districts.entries()) {
    const codes = (role: number[]) => role.map((m) => plan.meters.code[m] as string);
    const meters = await t.app.db
      .selectFrom('water_meters')
      .select(['id', 'meter_code'])
      .where('company_id', '=', companyId)
      .where('meter_code', 'in', [...codes(d.inlets), ...codes(d.outlets)])
      .execute();
    const idOf = new Map(meters.map((m) => [m.meter_code, Number(m.id)]));
    const inlet = idOf.get(codes(d.inlets)[0] as string) as number;
    const known = await t.app.db
      .selectFrom('district_meters')
      .select('district_id')
      .where('company_id', '=', companyId)
      .where('meter_id', '=', inlet)
      .where('role', '=', 1)
      .executeTakeFirst();
    if (known) {
      ids.set(k, Number(known.district_id));
      continue;
    }
    const { id } = await t.app.db
      .insertInto('districts')
      .values({ company_id: companyId, district_name: `${d.name}-${d.code}`, polygon: JSON.stringify(d.polygon) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = [
      ...codes(d.inlets).map((c) => ({ meter_id: idOf.get(c) as number, role: 1 })),
      ...codes(d.outlets).map((c) => ({ meter_id: idOf.get(c) as number, role: 2 })),
    ];
    await t.app.db
      .insertInto('district_meters')
      .values(rows.map((r) => ({ company_id: companyId, district_id: Number(id), ...r })))
      .execute();
    ids.set(k, Number(id));
  }
  return ids;
};

describe('night flow on the simulated city', () => {
  it('finds the planned sudden leak within two days of its start and lists its alarm in the console', async () => {
    const plan = sim?.plan as CityPlan;
    const ids = await registerDistricts(plan);
    const districtId = ids.get(story.district) as number;
    const report = await runNightFlowAnalysis(t.app.db, at);
    expect(report.districts).toBe(plan.districts.length);

    const nightlines = await t.app.db
      .selectFrom('district_nightlines')
      .select(['day', 'nightline'])
      .where('company_id', '=', companyId)
      .where('district_id', '=', districtId)
      .where('nightline', 'is not', null)
      .execute();
    // 90 days of district meters every 15 minutes: every past night has its nightline
    expect(nightlines.length).toBeGreaterThanOrEqual(HISTORY_DAYS - 3);

    const events = await t.app.db
      .selectFrom('district_leak_events')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('district_id', '=', districtId)
      .execute();
    const leakDay = Date.parse(chinaDay(new Date(story.leak.start)));
    const near = events.find((e) => {
      const start = Date.parse(
        (e.start_day instanceof Date ? e.start_day.toISOString() : String(e.start_day)).slice(0, 10),
      );
      return Math.abs(start - leakDay) <= 2 * DAY;
    });
    expect(near, `events ${JSON.stringify(events)} vs leak on ${chinaDay(new Date(story.leak.start))}`).toBeDefined();

    expect(near?.status).toBe('open');
    const list = await t.app.inject({
      method: 'GET',
      url: `${MONITORING_PATHS.alarms}?alarmType=nightFlow&limit=200`,
      headers: bearer(admin),
    });
    expect(list.statusCode).toBe(200);
    const items = list.json().data as { sourceKind: string; sourceId: number; alarmType: string }[];
    expect(items.some((a) => a.sourceKind === 'district' && Number(a.sourceId) === districtId)).toBe(true);
  });
});
