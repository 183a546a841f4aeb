// The city simulator against a real listening WaterOps, through the public ingestion API only: it registers its
// city, backfills its history, answers a valve command a user gives, and a second run stores nothing twice.

import { createIngestKey } from '@waterops/gateway/src/services/ingest/ingestKeyRepository.ts';
import { planCity } from '@waterops/gateway/src/simulator/cityPlan.ts';
import { clockDrift, outageAt } from '@waterops/gateway/src/simulator/faults.ts';
import { type Simulator, startSimulator } from '@waterops/gateway/src/simulator/simulator.ts';
import { COMMAND_PATHS } from '@waterops/shared/command';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, demoCompanyId, signIn } from '../fixtures/factories.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let baseUrl: string;
let key: string;
let companyId: number;
let admin: string;
const running: Simulator[] = [];
// one fixed instant for every run, so a second run sees exactly the same due reads as the first
const at = new Date();
const SIZE = { seed: 42, meters: 200, historyDays: 3 };

const count = async (table: 'meter_readings' | 'water_meters' | 'resident_meters' | 'concentrators') => {
  const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}
    where company_id = ${companyId}`.execute(t.app.db);
  return Number(rows[0]?.n);
};

/** The tenant's districts as the simulator registers them, with when each was last written. */
const districtSnapshot = async () => ({
  districts: await t.app.db
    .selectFrom('districts')
    .select(['district_name', 'polygon', 'updated_at'])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute(),
  meters: await t.app.db
    .selectFrom('district_meters')
    .select(['district_id', 'meter_id', 'role'])
    .where('company_id', '=', companyId)
    .orderBy('meter_id')
    .execute(),
  areas: await t.app.db
    .selectFrom('district_areas')
    .select(['district_id', 'area_id'])
    .where('company_id', '=', companyId)
    .orderBy('area_id')
    .execute(),
});

const simulate = (extra: Partial<Parameters<typeof startSimulator>[0]> = {}) => {
  const sim = startSimulator({ baseUrl, key, ...SIZE, now: () => at, realtime: false, ...extra });
  running.push(sim);
  return sim;
};

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  companyId = await demoCompanyId(t.app);
  key = (await createIngestKey(t.app.db, { companyId, name: 'simulator' })).key;
  admin = await signIn(t.app, 'admin', 'admin123');
});

afterAll(async () => {
  for (const sim of running) await sim.stop();
  await t?.close();
});

describe('city simulator', () => {
  it('builds its city and backfills readings through the ingestion API, and a second run stores nothing twice', async () => {
    const plan = planCity(SIZE);
    await simulate().ready;

    const codes = await t.app.db
      .selectFrom('water_meters')
      .select('meter_code')
      .where('company_id', '=', companyId)
      .where('meter_code', 'in', plan.meters.code)
      .execute();
    expect(codes).toHaveLength(plan.meters.count);
    expect(await count('resident_meters')).toBe(plan.households);
    expect(await count('concentrators')).toBe(plan.concentrators.length);
    const inlet = await t.app.db
      .selectFrom('water_meters as w')
      .innerJoin('water_meters as p', (j) =>
        j.onRef('p.company_id', '=', 'w.company_id').onRef('p.id', '=', 'w.parent_meter_id'),
      )
      .select('p.meter_code')
      .where('w.company_id', '=', companyId)
      .where('w.meter_code', '=', plan.meters.code[0] as string)
      .executeTakeFirstOrThrow();
    expect(inlet.meter_code).toBe(plan.meters.code[plan.districts[0]?.inlets[0] as number]);
    // its districts through the same archives call: outline, inlets and outlets, member areas
    const districts = await districtSnapshot();
    expect(districts.districts.map((d) => d.district_name)).toEqual(plan.districts.map((d) => d.name));
    expect(districts.districts[0]?.polygon).toEqual(plan.districts[0]?.polygon);
    expect(districts.meters).toHaveLength(plan.districts.reduce((s, d) => s + d.inlets.length + d.outlets.length, 0));
    expect(districts.areas).toHaveLength(plan.areas.length);
    // the inlets and outlets are district meters with no housing estate of their own (issue 19)
    const measuring = await t.app.db
      .selectFrom('water_meters')
      .select(['meter_kind', 'area_id'])
      .where('company_id', '=', companyId)
      .where(
        'meter_code',
        'in',
        plan.districts.flatMap((d) => [...d.inlets, ...d.outlets].map((i) => plan.meters.code[i] as string)),
      )
      .execute();
    expect(measuring.length).toBeGreaterThan(0);
    expect(new Set(measuring.map((m) => `${m.meter_kind} ${m.area_id}`))).toEqual(new Set(['district null']));

    // three days of daily reads and two of hourly ones per household, the district meters every 15 minutes
    const stored = await count('meter_readings');
    // (the city's own faults silence some concentrators for hours on some days: not every household has every read)
    expect(stored).toBeGreaterThan(plan.households * 24);
    // the history goes back to 00:00 (China) three days ago: the base read of the first day
    const DAY = 86_400_000;
    const historyStart = Math.floor((at.getTime() - 3 * DAY + 8 * 3_600_000) / DAY) * DAY - 8 * 3_600_000;
    const first = await t.app.db
      .selectFrom('meter_readings')
      .select((e) => e.fn.min('read_at').as('at'))
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    // (a drifting concentrator stamps its reads a few minutes off)
    expect(Math.abs(new Date(first.at as Date).getTime() - historyStart)).toBeLessThan(15 * 60_000);
    const online = await t.app.db
      .selectFrom('concentrators')
      .select((e) => e.fn.countAll<string>().as('n'))
      .where('company_id', '=', companyId)
      .where('online', '=', true)
      .executeTakeFirstOrThrow();
    expect(Number(online.n)).toBeGreaterThan(0);

    // the drifting concentrator's clock, as it sent it, gives WaterOps its drift
    const k = plan.faults.drift.findIndex((x) => x !== 0);
    const drifting = await t.app.db
      .selectFrom('concentrators')
      .select('clock_offset_s')
      .where('company_id', '=', companyId)
      .where('concentrator_code', '=', plan.concentrators[k]?.code as string)
      .executeTakeFirstOrThrow();
    expect(Math.abs((drifting.clock_offset_s ?? Number.NaN) - clockDrift(plan, k, at.getTime()))).toBeLessThan(60);

    await simulate().ready;
    expect(await count('meter_readings')).toBe(stored);
    expect(await count('water_meters')).toBe(codes.length);
    expect(await count('resident_meters')).toBe(plan.households);
    // a restart changes no district
    expect(await districtSnapshot()).toEqual(districts);
  });

  it('answers a valve command: created → executing → success, and the meter shows its valve closed', async () => {
    const sim = simulate({
      realtime: true,
      now: () => new Date(),
      answerDelayMs: [300, 300],
      commandPollMs: 100,
      failureRate: 0,
    });
    await sim.ready;
    const m = sim.plan.meters;
    // an NB-IoT meter: it reports by itself, so no concentrator outage can keep the command from it
    const index = m.valveControl.findIndex((v, i) => v === 1 && m.concentrator[i] === -1 && i < sim.plan.households);
    const meter = await t.app.db
      .selectFrom('water_meters')
      .select('id')
      .where('company_id', '=', companyId)
      .where('meter_code', '=', m.code[index] as string)
      .executeTakeFirstOrThrow();

    // a meter of the company that is not in the simulated city: the company key sees its command, nobody answers
    const foreign = await t.app.db
      .insertInto('water_meters')
      .values({ company_id: companyId, meter_code: 'NOT-IN-CITY-1', valve_control: true, online: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: COMMAND_PATHS.valve,
      headers: bearer(admin),
      payload: { meterIds: [Number(meter.id), Number(foreign.id)], action: 'close' },
    });
    expect(res.statusCode).toBe(200);
    const [created, other] = res.json().datas.commands;
    expect(created.state).toBe('created');
    expect(other.state).toBe('created');

    const states: string[] = [];
    for (let k = 0; k < 200 && states.at(-1) !== 'success' && states.at(-1) !== 'failed'; k++) {
      const one = await t.app.inject({ method: 'GET', url: COMMAND_PATHS.one(created.id), headers: bearer(admin) });
      const state = one.json().datas.state as string;
      if (states.at(-1) !== state) states.push(state);
      await new Promise((r) => setTimeout(r, 50));
    }
    // seen in order, never backwards; the device answered, so it was sent (executing) before it finished
    expect(['created', 'executing', 'success'].filter((s) => states.includes(s))).toEqual(states);
    expect(states.at(-1)).toBe('success');
    const row = await t.app.db
      .selectFrom('device_commands')
      .select(['sent_at', 'finished_at'])
      .where('company_id', '=', companyId)
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
    expect(row.finished_at).not.toBeNull();
    const valve = await t.app.db
      .selectFrom('water_meters')
      .select('valve_state')
      .where('company_id', '=', companyId)
      .where('id', '=', meter.id)
      .executeTakeFirstOrThrow();
    expect(valve.valve_state).toBe(0);
    const unanswered = await t.app.inject({ method: 'GET', url: COMMAND_PATHS.one(other.id), headers: bearer(admin) });
    expect(unanswered.json().datas.state).toBe('executing');
    await sim.stop();
  });

  it('streams on: an hour later every concentrator has uploaded its meters’ next hourly read', async () => {
    const sim = simulate({ realtime: true, now: t.clock.now, tickMs: 100, commandPollMs: 60_000 });
    await sim.ready;
    const before = await count('meter_readings');
    const latest = async () =>
      (
        await t.app.db
          .selectFrom('meter_readings')
          .select((e) => e.fn.max('read_at').as('at'))
          .where('company_id', '=', companyId)
          .executeTakeFirstOrThrow()
      ).at;
    const until = await latest();
    const collectorsSeen = async () =>
      (
        await t.app.db
          .selectFrom('collectors')
          .select((e) => e.fn.max('last_report_at').as('at'))
          .where('company_id', '=', companyId)
          .executeTakeFirstOrThrow()
      ).at;
    const collectorsBefore = await collectorsSeen();
    t.clock.advance(3_600_000);
    const plan = sim.plan;
    // one hourly read per household, four per district meter
    const m = plan.meters;
    const now = t.clock.now().getTime();
    // (a concentrator in an outage now or at the hour sends nothing: its meters are not counted)
    const behindOutage = (i: number) => {
      const c = m.concentrator[i] as number;
      return c >= 0 && (outageAt(plan, c, now) || outageAt(plan, c, Math.floor(now / 3_600_000) * 3_600_000));
    };
    let reachable = 0;
    for (let i = 0; i < plan.households; i++) if (!behindOutage(i)) reachable++;
    const expected = Math.floor(reachable * 0.9) + (m.count - plan.households) * 4;
    // wait for both: a concentrator back from an outage may upload its backlog (older reads) first, which can make
    // up the count before the new hour's reads have arrived
    const arrived = async () =>
      (await count('meter_readings')) - before >= expected &&
      new Date((await latest()) as Date).getTime() > new Date(until as Date).getTime();
    for (let k = 0; k < 600 && !(await arrived()); k++) await new Promise((r) => setTimeout(r, 100));
    expect((await count('meter_readings')) - before).toBeGreaterThanOrEqual(expected);
    expect(new Date((await latest()) as Date).getTime()).toBeGreaterThan(new Date(until as Date).getTime());
    // collectors report in with their concentrator's upload
    expect(new Date((await collectorsSeen()) as Date).getTime()).toBeGreaterThan(
      new Date(collectorsBefore as Date).getTime(),
    );
    await sim.stop();
  });

  it('takes a new report rate from a concentrator command and answers with it', async () => {
    const sim = simulate({
      realtime: true,
      now: t.clock.now,
      answerDelayMs: [50, 50],
      commandPollMs: 100,
      failureRate: 0,
    });
    await sim.ready;
    const plan = sim.plan;
    const k = plan.concentrators.findIndex((_, j) => !outageAt(plan, j, t.clock.now().getTime()));
    const row = await t.app.db
      .updateTable('concentrators')
      .set({ report_rate: 15 })
      .where('company_id', '=', companyId)
      .where('concentrator_code', '=', plan.concentrators[k]?.code as string)
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: COMMAND_PATHS.concentratorCommand(Number(row.id)),
      headers: bearer(admin),
      payload: { command: 'reportRate' },
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().datas.commands[0].id;
    let answered: { state: string; result: unknown } | undefined;
    for (let n = 0; n < 200 && answered?.state !== 'success'; n++) {
      await new Promise((r) => setTimeout(r, 50));
      answered = (await t.app.inject({ method: 'GET', url: COMMAND_PATHS.one(id), headers: bearer(admin) })).json()
        .datas;
    }
    expect(answered).toMatchObject({ state: 'success', result: { reportRate: 15 } });
    await sim.stop();
  });
});
