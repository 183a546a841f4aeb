// Scheduled jobs: a tick is skipped while another tick of the same job runs, a failing job reports instead of
// throwing, a period job runs once however many instances try (and a crashed run is taken over after an hour), and
// the month-end freeze catches up every missed month, oldest first, on the tenant's freeze day.
import { INSTANCE_ID, runOncePerPeriod, runTick, STALE_RUN_MS } from '@waterops/gateway/src/jobs/jobScheduler.ts';
import {
  dueFreezePeriods,
  FILL_IN_DAYS,
  freezeDueMonths,
  freezeJobName,
} from '@waterops/gateway/src/jobs/monthEndFreeze.ts';
import { dayStart, daysBetween } from '@waterops/shared/reading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCompanyId } from '../fixtures/factories.ts';
import { createTestDatabase, startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
});
afterAll(async () => {
  await t?.close();
});

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('ticks', () => {
  it('skips a tick of a job while one is running, runs other jobs, and reports a failure without throwing', async () => {
    const gate = deferred();
    const first = runTick(t.app.db, t.app.dbKind, 'slow', () => gate.promise);
    expect(await runTick(t.app.db, t.app.dbKind, 'slow', async () => undefined)).toBe('skipped');
    expect(await runTick(t.app.db, t.app.dbKind, 'other', async () => undefined)).toBe('ran');
    gate.resolve();
    expect(await first).toBe('ran');
    // once the first tick is over, the next one runs
    expect(await runTick(t.app.db, t.app.dbKind, 'slow', async () => undefined)).toBe('ran');

    const seen: unknown[] = [];
    const outcome = await runTick(
      t.app.db,
      t.app.dbKind,
      'broken',
      async () => {
        throw new Error('boom');
      },
      (e) => seen.push(e),
    );
    expect(outcome).toBe('failed');
    expect(String(seen[0])).toContain('boom');
  });

  it('skips a tick another instance on the same database is running, and runs a period once across them', async () => {
    const database = await createTestDatabase({ migrated: true });
    const a = await startTestApp({ database });
    // PGlite lives inside one process, so there the second instance is the same app; on PostgreSQL (CI runs the
    // suite there too) it is a second app with its own pool, which only the advisory lock keeps out
    const b = database.url ? await startTestApp({ database }) : a;
    try {
      const gate = deferred();
      const started = deferred();
      const first = runTick(a.app.db, a.app.dbKind, 'shared', async () => {
        started.resolve();
        await gate.promise;
      });
      // the first tick holds the lock once its work has begun
      await started.promise;
      expect(await runTick(b.app.db, b.app.dbKind, 'shared', async () => undefined)).toBe('skipped');
      gate.resolve();
      expect(await first).toBe('ran');
      expect(await runTick(b.app.db, b.app.dbKind, 'shared', async () => undefined)).toBe('ran');

      let runs = 0;
      const work = async () => ++runs;
      await Promise.all([
        runOncePerPeriod(a.app.db, 'test:shared', '2026-05', 'a', work),
        runOncePerPeriod(b.app.db, 'test:shared', '2026-05', 'b', work),
      ]);
      expect(runs).toBe(1);
    } finally {
      if (b !== a) await b.close();
      await a.close();
      await database.drop();
    }
  });

  it('starts and stops an app with its jobs on', async () => {
    const withJobs = await startTestApp({ env: { WATEROPS_JOBS: '1' } });
    await withJobs.close();
  });
});

describe('period jobs', () => {
  it('runs a period once across instances; a failed run can be retried; a crashed run is taken over after an hour', async () => {
    let runs = 0;
    const work = async () => {
      runs++;
      return { runs };
    };
    const [a, b] = await Promise.all([
      runOncePerPeriod(t.app.db, 'test:once', '2026-01', 'instance-a', work),
      runOncePerPeriod(t.app.db, 'test:once', '2026-01', 'instance-b', work),
    ]);
    expect(runs).toBe(1);
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
    expect((await runOncePerPeriod(t.app.db, 'test:once', '2026-01', 'instance-c', work)).ran).toBe(false);
    const row = await t.app.db
      .selectFrom('job_runs')
      .selectAll()
      .where('job', '=', 'test:once')
      .executeTakeFirstOrThrow();
    expect(row.finished_at).not.toBeNull();
    expect(row.detail).toEqual({ runs: 1 });

    await expect(
      runOncePerPeriod(t.app.db, 'test:once', '2026-02', 'instance-a', async () => {
        throw new Error('db down');
      }),
    ).rejects.toThrow('db down');
    expect((await runOncePerPeriod(t.app.db, 'test:once', '2026-02', 'instance-b', work)).ran).toBe(true);

    const now = new Date();
    for (const [period, startedAgo] of [
      ['2026-03', STALE_RUN_MS + 60_000],
      ['2026-04', 60_000],
    ] as const)
      await t.app.db
        .insertInto('job_runs')
        .values({ job: 'test:once', period, instance: 'crashed', started_at: new Date(now.getTime() - startedAgo) })
        .execute();
    expect((await runOncePerPeriod(t.app.db, 'test:once', '2026-03', INSTANCE_ID, work, now)).ran).toBe(true);
    expect((await runOncePerPeriod(t.app.db, 'test:once', '2026-04', INSTANCE_ID, work, now)).ran).toBe(false);
  });
});

describe('month-end freeze catch-up', () => {
  it('lists the due months from the first data to the freeze day', () => {
    const at = (day: string, hours = 0) => new Date(dayStart(day).getTime() + hours * 3_600_000);
    expect(dueFreezePeriods(null, 1, at('2026-09-01'))).toEqual([]);
    expect(dueFreezePeriods('2026-05-20', 1, at('2026-09-01'))).toEqual(['2026-05', '2026-06', '2026-07', '2026-08']);
    // one millisecond before 00:00 China time of the freeze day, August is not due yet
    expect(dueFreezePeriods('2026-05-20', 1, new Date(at('2026-09-01').getTime() - 1))).toEqual([
      '2026-05',
      '2026-06',
      '2026-07',
    ]);
    expect(dueFreezePeriods('2026-05-20', 5, at('2026-09-04', 23))).toEqual(['2026-05', '2026-06', '2026-07']);
    expect(dueFreezePeriods('2026-12-31', 1, at('2027-01-01'))).toEqual(['2026-12']);
  });

  it('freezes every missed month once, oldest first, and honours the tenant freeze day', async () => {
    const meter = Number(
      (
        await t.app.db
          .insertInto('water_meters')
          .values({ company_id: companyId, meter_code: 'JOBFREEZE1', max_reading: 9999, base_reading: 100 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    // a validated series from 10 May to 3 September: 100 m³ then 1 m³ a day
    const days = daysBetween('2026-05-10', '2026-09-03');
    await t.app.db
      .insertInto('reading_days')
      .values(
        days.map((day, i) => ({
          company_id: companyId,
          meter_id: meter,
          day,
          raw_reading: 100 + i,
          reading: 100 + i,
          consumption: i === 0 ? null : 1,
          raw_consumption: i === 0 ? null : 1,
          quality: 'A',
          reads: 1,
          computed_at: new Date(),
        })),
      )
      .execute();
    await t.app.db
      .insertInto('param_configs')
      .values({ company_id: companyId, key_type: 'meterFreeze', code: 'day', name: '冻结日', value: '3' })
      .execute();

    // down since spring; back on 2 September: May, June and July are due, August only from 3 September
    const back = new Date(dayStart('2026-09-02').getTime() + 3_600_000);
    const [a, b] = await Promise.all([
      freezeDueMonths(t.app.db, back, 'instance-a'),
      freezeDueMonths(t.app.db, back, 'instance-b'),
    ]);
    const frozen = [...a, ...b].filter((r) => r.companyId === companyId);
    expect(frozen.map((r) => r.period).sort()).toEqual(['2026-05', '2026-06', '2026-07']);

    const bases = await t.app.db
      .selectFrom('meter_bases')
      .select(['id', 'period', 'start_reading', 'end_reading', 'consumption', 'quality'])
      .where('company_id', '=', companyId)
      .where('meter_id', '=', meter)
      .orderBy('period')
      .execute();
    // each instance walks the months oldest first (together they may interleave); one base per month, each
    // starting where the month before ended
    for (const report of [a, b]) {
      const periods = report.filter((r) => r.companyId === companyId).map((r) => r.period);
      expect(periods).toEqual([...periods].sort());
    }
    expect(bases.map((r) => r.period)).toEqual(['2026-05', '2026-06', '2026-07']);
    const idx = (day: string) => days.indexOf(day);
    expect(bases.map((r) => [Number(r.start_reading), Number(r.end_reading), Number(r.consumption)])).toEqual([
      [100, 100 + idx('2026-05-31'), 21],
      [100 + idx('2026-05-31'), 100 + idx('2026-06-30'), 30],
      [100 + idx('2026-06-30'), 100 + idx('2026-07-31'), 31],
    ]);

    // a second tick the same day changes nothing; on the 3rd, August follows
    expect((await freezeDueMonths(t.app.db, back, INSTANCE_ID)).filter((r) => r.companyId === companyId)).toEqual([]);
    const third = dayStart('2026-09-03');
    expect((await freezeDueMonths(t.app.db, third, INSTANCE_ID)).filter((r) => r.companyId === companyId)).toEqual([
      { companyId, period: '2026-08', frozen: 1 },
    ]);
    const runs = await t.app.db
      .selectFrom('job_runs')
      .select('period')
      .where('job', '=', freezeJobName(companyId))
      .orderBy('period')
      .execute();
    expect(runs.map((r) => r.period)).toEqual(['2026-05', '2026-06', '2026-07', '2026-08']);

    // a meter whose history arrives after the freeze (a head-end's backfill) gets its bases at the next ticks,
    // for the months frozen within the fill-in window only; nobody's existing base changes
    const late = Number(
      (
        await t.app.db
          .insertInto('water_meters')
          .values({ company_id: companyId, meter_code: 'JOBFREEZE2', max_reading: 9999, base_reading: 0 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    await t.app.db
      .insertInto('reading_days')
      .values(
        daysBetween('2026-06-01', '2026-09-03').map((day, i) => ({
          company_id: companyId,
          meter_id: late,
          day,
          reading: 2 * i,
          consumption: i === 0 ? null : 2,
          quality: 'A',
        })),
      )
      .execute();
    const later = new Date(third.getTime() + 3_600_000);
    expect((await freezeDueMonths(t.app.db, later, INSTANCE_ID)).filter((r) => r.companyId === companyId)).toEqual([
      { companyId, period: '2026-06', frozen: 1, fillIn: true },
      { companyId, period: '2026-07', frozen: 1, fillIn: true },
      { companyId, period: '2026-08', frozen: 1, fillIn: true },
    ]);
    // an hour before August's window closes, May-July (frozen a day earlier) are closed to late meters
    const beyond = new Date(third.getTime() + FILL_IN_DAYS * 86_400_000 - 3_600_000);
    await t.app.db.deleteFrom('meter_bases').where('meter_id', '=', late).execute();
    expect((await freezeDueMonths(t.app.db, beyond, INSTANCE_ID)).filter((r) => r.companyId === companyId)).toEqual([
      { companyId, period: '2026-08', frozen: 1, fillIn: true },
    ]);
    const firstMeter = await t.app.db
      .selectFrom('meter_bases')
      .select('period')
      .where('meter_id', '=', meter)
      .orderBy('period')
      .execute();
    expect(firstMeter.map((r) => r.period)).toEqual(['2026-05', '2026-06', '2026-07', '2026-08']);
  });
});
