// A fresh demo's past, delivered on time. The city simulator backfills its history at start through the ingestion
// API, so every read of those past weeks is stamped as received at start — as if the whole city had been cut off
// for two months and had just caught up. That is not the utility the demo stands for: the data radar's timeliness
// read 3 % on a first start. Those reads are the simulated past, so they get the arrival a head-end on time would
// have given them: a few minutes after they were taken (spread by meter, within the hour, as uploads are). Reads
// taken after the start, and reads that arrived late while WaterOps was running (a concentrator's outage), keep
// their real arrival.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../tables.ts';

/** Reads taken within this long before the start were not backfilled (the live upload of the current hour). */
const LIVE_EDGE_MS = 15 * 60_000;

/** Stamps the reads the backfill of this start delivered with an on-time arrival; the number of reads changed. */
export const settleDemoArrivals = async (db: Kysely<DB>, companyId: number, startedAt: Date): Promise<number> => {
  const r = await sql`
    update meter_readings
       set received_at = read_at + make_interval(mins => (meter_id % 45)::int + 1)
     where company_id = ${companyId}
       and received_at >= ${startedAt}
       and read_at < ${new Date(startedAt.getTime() - LIVE_EDGE_MS)}`.execute(db);
  return Number(r.numAffectedRows ?? 0);
};
