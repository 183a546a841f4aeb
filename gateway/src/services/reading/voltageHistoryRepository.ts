// SQL of a meter's voltage and signal history: raw reads of a window averaged per fixed time bucket in the database,
// so a year of 15-minute reads (35,000 rows) comes back as at most ~1,000 points. CSQ 99 means "unknown" and is left
// out of the average rather than dragging it up.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/tables.ts';
import type { Window } from './readingRecordRepository.ts';

export type StatusBucket = {
  time: string;
  voltage: number | null;
  csq: number | null;
  rsrp: number | null;
  reads: number;
};

const rounded = (v: unknown, decimals: number): number | null => {
  if (v === null || v === undefined) return null;
  const f = 10 ** decimals;
  return Math.round(Number(v) * f) / f;
};

/** The smallest bucket (whole seconds, at least a minute) that cuts the window into at most `maxPoints` buckets. */
export const bucketSecondsFor = (window: Window, maxPoints: number): number => {
  const seconds = Math.ceil((window.to.getTime() - window.from.getTime()) / 1000);
  // buckets are aligned on the epoch, so the window may touch one more than it spans: divide by maxPoints - 1
  return Math.max(60, Math.ceil(seconds / Math.max(1, maxPoints - 1)));
};

export const statusBuckets = async (
  db: Kysely<DB>,
  companyId: number,
  meterId: number,
  window: Window,
  bucketSeconds: number,
): Promise<StatusBucket[]> => {
  const bucket = sql`floor(extract(epoch from read_at) / ${bucketSeconds})`;
  const result = await sql<{
    bucket: string;
    voltage: string | null;
    csq: string | null;
    rsrp: string | null;
    reads: string;
  }>`
    select ${bucket} as bucket,
      avg(voltage) as voltage,
      avg(csq) filter (where csq between 0 and 31) as csq,
      avg(rsrp) as rsrp,
      count(*) as reads
    from meter_readings
    where company_id = ${companyId} and meter_id = ${meterId}
      and read_at >= ${window.from} and read_at < ${window.to}
    group by 1
    order by 1`.execute(db);
  return result.rows.map((r) => ({
    time: new Date(Number(r.bucket) * bucketSeconds * 1000).toISOString(),
    voltage: rounded(r.voltage, 2),
    csq: rounded(r.csq, 1),
    rsrp: rounded(r.rsrp, 1),
    reads: Number(r.reads),
  }));
};
