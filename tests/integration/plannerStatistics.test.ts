// The embedded database's planner statistics: PGlite has no autovacuum, so a job re-analyzes it; without that the
// planner keeps the empty tables' estimates (the month's water balance took 9 s on the demo instead of 50 ms).
// PostgreSQL's autovacuum does it there, so the job is neither registered nor does anything.
import { refreshPlannerStatistics } from '@waterops/gateway/src/db/plannerStatistics.ts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The planner's row estimate of a table (-1: never analyzed). */
const estimate = async (table: string) =>
  Number(
    (await sql<{ n: number }>`select reltuples::int as n from pg_class where relname = ${table}`.execute(t.app.db))
      .rows[0]?.n,
  );

describe('planner statistics', () => {
  it('on PGlite, a refresh brings a grown table’s row estimate to its count; on PostgreSQL it leaves it to autovacuum', async () => {
    const at = new Date('2026-01-01T00:00:00Z');
    await t.app.db
      .insertInto('job_runs')
      .values(
        Array.from({ length: 300 }, (_, i) => ({ job: 'statsTest', period: `p${i}`, instance: 'x', started_at: at })),
      )
      .execute();
    const analyzed = await refreshPlannerStatistics(t.app.db, t.app.dbKind);
    if (t.app.dbKind === 'pglite') {
      expect(analyzed).toContain('public.job_runs');
      expect(await estimate('job_runs')).toBeGreaterThanOrEqual(300);
      // nothing changed since: the next refresh leaves the table alone (one table at a time, only what changed)
      expect(await refreshPlannerStatistics(t.app.db, t.app.dbKind)).not.toContain('public.job_runs');
    } else {
      expect(analyzed).toBeUndefined();
    }
  });

  it('on PGlite, analyzes a partitioned table when one of its partitions changed', async () => {
    await sql`create table stats_probe (at date not null, v int) partition by range (at)`.execute(t.app.db);
    await sql`create table stats_probe_2026 partition of stats_probe for values from ('2026-01-01') to ('2027-01-01')`.execute(
      t.app.db,
    );
    await sql`insert into stats_probe select date '2026-01-01' + (g % 300), g from generate_series(1, 500) g`.execute(
      t.app.db,
    );
    const analyzed = await refreshPlannerStatistics(t.app.db, t.app.dbKind);
    if (t.app.dbKind === 'pglite') {
      expect(analyzed).toEqual(expect.arrayContaining(['public.stats_probe_2026', 'public.stats_probe']));
      expect(await estimate('stats_probe_2026')).toBeGreaterThanOrEqual(500);
    } else expect(analyzed).toBeUndefined();
  });

  it('is a scheduled job of the gateway on PGlite only', async () => {
    const withJobs = await startTestApp({ env: { WATEROPS_JOBS: '1' } });
    try {
      const names = [...(withJobs.app.scheduledJobs?.keys() ?? [])];
      expect(names.includes('plannerStatistics')).toBe(withJobs.app.dbKind === 'pglite');
      if (withJobs.app.dbKind === 'pglite')
        expect(await withJobs.app.scheduledJobs?.get('plannerStatistics')?.()).toBe('ran');
    } finally {
      await withJobs.close();
    }
  });
});
