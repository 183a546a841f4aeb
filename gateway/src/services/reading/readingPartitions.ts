// Raw readings live in one partition per China month (meter_readings_pYYYYMM), created the first time a reading of
// that month arrives. Creating is rare (once a month, or for late history) and cheap, but two writers can race: the
// creation runs under a transaction-scoped advisory lock and re-checks the catalogue, so it happens once. The months
// known to exist are remembered per database handle, so the common path costs no query at all.
import { chinaMonth, monthStart } from '@waterops/shared/reading';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/tables.ts';

const PARTITION_LOCK = 72_013;
const known = new WeakMap<object, Set<string>>();

/** 'YYYY-MM' → the partition's table name. */
export const partitionName = (month: string): string => `meter_readings_p${month.replace('-', '')}`;

const nextMonth = (month: string): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

/** Makes sure a partition exists for the China month of every given instant (idempotent, safe across instances). */
export const ensureReadingPartitions = async (db: Kysely<DB>, instants: Iterable<Date>): Promise<void> => {
  let seen = known.get(db);
  if (!seen) {
    seen = new Set();
    known.set(db, seen);
  }
  const missing = new Set<string>();
  for (const at of instants) {
    const month = chinaMonth(at);
    if (!seen.has(month)) missing.add(month);
  }
  if (missing.size === 0) return;
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`.execute(tx);
    for (const month of [...missing].sort()) {
      const name = partitionName(month);
      const exists = await sql<{ n: number }>`select 1 as n from pg_class where relname = ${name}`.execute(tx);
      if (exists.rows.length === 0) {
        const from = monthStart(month).toISOString();
        const to = monthStart(nextMonth(month)).toISOString();
        await sql`create table ${sql.id(name)} partition of meter_readings for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(
          tx,
        );
      }
    }
  });
  for (const month of missing) seen.add(month);
};
