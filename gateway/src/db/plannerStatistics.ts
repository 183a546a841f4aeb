// Planner statistics of the embedded database. PostgreSQL's autovacuum daemon re-analyzes tables as they grow;
// PGlite runs no background workers, so without this its planner keeps the estimates of the empty tables it was
// created with (13 rows for 2,000 water meters) and picks nested loops that turned a month's water balance of three
// districts into 9 s. One ANALYZE (≈ 1 s on the demo's 250,000 reads) brought it to 50 ms.
import { type Kysely, sql } from 'kysely';
import type { DatabaseKind } from './openDatabase.ts';
import type { DB } from './tables.ts';

/** How often the embedded database's statistics are refreshed (the jobs plugin's tick). */
export const PLANNER_STATISTICS_EVERY_MS = 600_000;
/** The first refresh after start: after the seed and the simulator's first backfill batches. */
export const PLANNER_STATISTICS_FIRST_AFTER_MS = 60_000;

/** Re-analyzes every table on PGlite; PostgreSQL's autovacuum does it there, so nothing is done. */
export const refreshPlannerStatistics = async (db: Kysely<DB>, kind: DatabaseKind): Promise<boolean> => {
  if (kind !== 'pglite') return false;
  await sql`analyze`.execute(db);
  return true;
};
