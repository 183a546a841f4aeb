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
    const ran = await refreshPlannerStatistics(t.app.db, t.app.dbKind);
    if (t.app.dbKind === 'pglite') {
      expect(ran).toBe(true);
      expect(await estimate('job_runs')).toBeGreaterThanOrEqual(300);
    } else {
      expect(ran).toBe(false);
    }
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
