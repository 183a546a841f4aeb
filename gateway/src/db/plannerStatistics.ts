// Planner statistics of the embedded database. PostgreSQL's autovacuum daemon re-analyzes tables as they grow;
// PGlite runs no background workers, so without this its planner keeps the estimates of the empty tables it was
// created with (13 rows for 2,000 water meters) and picks nested loops that turned a month's water balance of three
// districts into 9 s. One ANALYZE (≈ 1 s on the demo's 250,000 reads) brought it to 50 ms.
// Only what changed is re-analyzed, table by table (see refreshPlannerStatistics).
import { type Kysely, sql } from 'kysely';
import type { DatabaseKind } from './openDatabase.ts';
import type { DB } from './tables.ts';

/** How often the embedded database's statistics are refreshed (the jobs plugin's tick). */
export const PLANNER_STATISTICS_EVERY_MS = 600_000;
/** The first refresh after start: after the seed and the simulator's first backfill batches. */
export const PLANNER_STATISTICS_FIRST_AFTER_MS = 60_000;

/**
 * Which tables the refresh analyzes: autovacuum's rule (50 rows + 10 % of the table changed since its last ANALYZE,
 * or never analyzed with rows in it), and the partitioned parents of such tables (their own statistics sample all
 * partitions; autovacuum never analyzes them, so one `analyze` of everything used to).
 */
const STALE_TABLES = sql<{ schema: string; name: string }>`
  with stale as (
    select s.relid, s.schemaname as schema, s.relname as name
    from pg_stat_user_tables s
    join pg_class c on c.oid = s.relid and c.relkind = 'r'
    where (s.last_analyze is null and (s.n_live_tup > 0 or s.n_mod_since_analyze > 0))
       or s.n_mod_since_analyze > 50 + 0.1 * greatest(s.n_live_tup, c.reltuples)
  )
  select schema, name from stale
  union
  select pn.nspname, pc.relname
  from stale join pg_inherits i on i.inhrelid = stale.relid
  join pg_class pc on pc.oid = i.inhparent and pc.relkind = 'p'
  join pg_namespace pn on pn.oid = pc.relnamespace`;

/**
 * Re-analyzes on PGlite the tables that changed enough since their last ANALYZE (PostgreSQL's autovacuum does it
 * there, so nothing is done), one statement per table: PGlite is one connection, and one `analyze` of the whole
 * database held every request for seconds (2–3 s with 50,000 work orders) every ten minutes; now requests run
 * between tables and unchanged tables cost nothing. Returns the tables analyzed (undefined on PostgreSQL).
 */
export const refreshPlannerStatistics = async (db: Kysely<DB>, kind: DatabaseKind): Promise<string[] | undefined> => {
  if (kind !== 'pglite') return undefined;
  // the activity counters reach pg_stat_user_tables when a backend flushes them; make this one flush now
  await sql`select pg_stat_force_next_flush()`.execute(db);
  await sql`select 1`.execute(db);
  const tables = (await STALE_TABLES.execute(db)).rows;
  for (const t of tables) await sql`analyze ${sql.id(t.schema, t.name)}`.execute(db);
  return tables.map((t) => `${t.schema}.${t.name}`);
};
