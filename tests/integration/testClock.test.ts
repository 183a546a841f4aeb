// The test clock (WATEROPS_TEST_CLOCK, tests only): off, its routes do not exist (404) and the app keeps real time;
// it cannot be turned on with NODE_ENV=production; on, it warns in the log, only an administrator may move it or run
// the jobs, bad input changes nothing, and moving it ages a concentrator: 31 clock-minutes after its last report
// the jobs mark it offline and raise one parent alarm with its meters' no-data alarms grouped beneath it.
import { ConfigError, loadConfig } from '@waterops/gateway/src/config.ts';
import type {} from '@waterops/gateway/src/jobs/jobScheduler.ts';
import { TEST_CLOCK_PATHS } from '@waterops/gateway/src/plugins/testClock.ts';
import { createIngestKey } from '@waterops/gateway/src/services/ingest/ingestKeyRepository.ts';
import { MONITORING_PATHS } from '@waterops/shared/monitoring';
import { INGEST_PATHS } from '@waterops/shared/reading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSignedInUser, demoCompanyId, signIn } from '../fixtures/factories.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

const MINUTE = 60_000;

describe('configuration', () => {
  it('is off by default, parsed like the other switches, and refused in production', () => {
    expect(loadConfig({}).WATEROPS_TEST_CLOCK).toBe(false);
    expect(loadConfig({ WATEROPS_TEST_CLOCK: '1' }).WATEROPS_TEST_CLOCK).toBe(true);
    expect(loadConfig({ WATEROPS_TEST_CLOCK: 'false', NODE_ENV: 'production' }).WATEROPS_TEST_CLOCK).toBe(false);
    expect(() => loadConfig({ WATEROPS_TEST_CLOCK: 'yes' })).toThrow(/WATEROPS_TEST_CLOCK must be 0, 1/);
    expect(() => loadConfig({ WATEROPS_TEST_CLOCK: '1', NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ WATEROPS_TEST_CLOCK: 'true', NODE_ENV: 'production' })).toThrow(/NODE_ENV=production/);
  });
});

describe('off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { WATEROPS_JOBS: '1' } });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('has no test routes: 404 even for an administrator', async () => {
    const token = await signIn(t.app, 'admin', 'admin123');
    for (const [url, payload] of [
      [TEST_CLOCK_PATHS.clock, { advanceMs: 60_000 }],
      [TEST_CLOCK_PATHS.runJobs, {}],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
      expect(res.statusCode, url).toBe(404);
    }
    expect(t.app.registeredRoutes.filter((r) => r.url.startsWith('/__test__'))).toEqual([]);
  });
});

describe('on', () => {
  let t: TestApp;
  let companyId: number;
  let admin: string;
  const logged: string[] = [];

  /** as the administrator unless told otherwise (null: no token) */
  const post = (url: string, payload: object, token: string | null = admin) =>
    t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
  const advance = (advanceMs: number) => post(TEST_CLOCK_PATHS.clock, { advanceMs });
  const runJobs = (names?: string[]) => post(TEST_CLOCK_PATHS.runJobs, names ? { names } : {});
  const offsetOf = async () => (await advance(0)).json().datas.offsetMs as number;
  const concentratorAlarms = () =>
    t.app.db
      .selectFrom('alarms')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('source_code', 'like', 'TC-%')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await startTestApp({
      // the jobs are scheduled (their timers run too, harmlessly); the warning is read from the log
      env: { WATEROPS_TEST_CLOCK: '1', WATEROPS_JOBS: '1', LOG_LEVEL: 'warn' },
      build: { logger: undefined, logStream: { write: (line) => logged.push(line) } },
    });
    companyId = await demoCompanyId(t.app);
    admin = await signIn(t.app, 'admin', 'admin123');
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('says loudly in the log that the clock can be moved', () => {
    expect(logged.some((l) => /"level":40/.test(l) && l.includes('WATEROPS_TEST_CLOCK is ON'))).toBe(true);
  });

  it('lets administrators only move the clock or run the jobs; bad input changes nothing', async () => {
    expect((await post(TEST_CLOCK_PATHS.clock, { advanceMs: MINUTE }, null)).statusCode).toBe(401);
    expect((await post(TEST_CLOCK_PATHS.runJobs, {}, null)).statusCode).toBe(401);
    const operator = await createSignedInUser(t.app, companyId, { codes: ['OPERATOR'] });
    expect((await post(TEST_CLOCK_PATHS.clock, { advanceMs: MINUTE }, operator.token)).statusCode).toBe(403);
    expect((await post(TEST_CLOCK_PATHS.runJobs, {}, operator.token)).statusCode).toBe(403);
    for (const bad of [{}, { advanceMs: -1 }, { advanceMs: 'soon' }, { advanceMs: 1.5 }])
      expect((await post(TEST_CLOCK_PATHS.clock, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    // an unknown job name runs nothing, not even the known names before it
    const unknown = await runJobs(['offlineDevices', 'noSuchJob']);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().resp_code).toBe(400);
    expect(await offsetOf()).toBe(0);
  });

  it('moves every clock of the app: 31 minutes of silence make a concentrator offline with its meters beneath', async () => {
    const { key } = await createIngestKey(t.app.db, { companyId, name: 'test clock' });
    const device = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: { authorization: `Device ${key}` } });
    const archives = await device(INGEST_PATHS.archives, {
      concentrators: [{ code: 'TC-HUB', areaName: '东四小区', reportRate: 15 }],
      meters: ['TC-M1', 'TC-M2', 'TC-M3'].map((meterCode) => ({ meterCode, concentratorCode: 'TC-HUB' })),
    });
    expect(archives.json().datas.rejected).toEqual([]);
    const before = t.clock.now().getTime();
    const reads = await device(INGEST_PATHS.readings, {
      concentratorCode: 'TC-HUB',
      readings: ['TC-M1', 'TC-M2', 'TC-M3'].map((meterCode, i) => ({
        meterCode,
        time: new Date(before - MINUTE).toISOString(),
        reading: 10 + i,
      })),
    });
    expect(reads.json().datas.accepted).toBe(3);
    const hub = () =>
      t.app.db
        .selectFrom('concentrators')
        .select(['online', 'last_report_at'])
        .where('company_id', '=', companyId)
        .where('concentrator_code', '=', 'TC-HUB')
        .executeTakeFirstOrThrow();
    // ingestion stamps the report with the app's clock (still real time here)
    expect(new Date((await hub()).last_report_at as Date).getTime()).toBeGreaterThanOrEqual(before);

    // at once: nothing is offline
    const names = ['offlineDevices', 'offlineAlarms'];
    const first = await runJobs(names);
    expect(first.json().datas.ran).toEqual(names.map((name) => ({ name, outcome: 'ran' })));
    expect((await hub()).online).toBe(true);
    expect(await concentratorAlarms()).toEqual([]);

    // 31 minutes later (the concentrator's threshold: max(2 × 15, 30) minutes)
    const moved = await advance(31 * MINUTE);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().datas.offsetMs).toBe(31 * MINUTE);
    expect(Date.parse(moved.json().datas.now)).toBeGreaterThanOrEqual(before + 31 * MINUTE);
    const second = (await runJobs(names)).json().datas;
    expect(Date.parse(second.now)).toBeGreaterThanOrEqual(before + 31 * MINUTE);
    expect(second.ran.map((r: { outcome: string }) => r.outcome)).toEqual(['ran', 'ran']);
    expect((await hub()).online).toBe(false);

    const alarms = await concentratorAlarms();
    const parent = alarms.find((a) => a.source_code === 'TC-HUB');
    expect(parent).toMatchObject({ alarm_type: 'offline', source_kind: 'concentrator', active: true, parent_id: null });
    const children = alarms.filter((a) => a.source_code !== 'TC-HUB');
    expect(children.map((c) => [c.source_code, c.alarm_type, c.suppressed, Number(c.parent_id)])).toEqual(
      ['TC-M1', 'TC-M2', 'TC-M3'].map((code) => [code, 'noData', true, Number(parent?.id)]),
    );
    // raised at the moved time
    expect(new Date(parent?.raised_at as Date).getTime()).toBeGreaterThanOrEqual(before + 31 * MINUTE);

    // the console's list: one row for the concentrator, its three meters behind it
    const list = (await t.app.inject({ method: 'GET', url: MONITORING_PATHS.alarms, headers: bearer(admin) })).json();
    const rows = (list.data as { sourceCode: string; childCount: number }[]).filter((a) =>
      a.sourceCode.startsWith('TC-'),
    );
    expect(rows).toEqual([expect.objectContaining({ sourceCode: 'TC-HUB', childCount: 3 })]);
  });

  it('runs every scheduled job when none are named, in the order they were scheduled', async () => {
    const ran = (await runJobs()).json().datas.ran as { name: string; outcome: string }[];
    expect(ran.map((r) => r.name)).toEqual([...(t.app.scheduledJobs?.keys() ?? [])]);
    expect(ran.map((r) => r.name)).toEqual(expect.arrayContaining(['offlineDevices', 'offlineAlarms']));
    expect(ran.every((r) => r.outcome === 'ran')).toBe(true);
  });
});
