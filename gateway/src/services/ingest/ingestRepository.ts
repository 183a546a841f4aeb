// The ingestion API's lookups: meters by the codes a batch names (body or remote code, within the key's reach),
// the devices a status list names, and what a head-end may ask to resume (how much WaterOps already holds).
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { gatewayOfflineCutoff } from '../deviceStatus/offlineDevices.ts';
import type { IngestKeyOwner } from './ingestKeyRepository.ts';

export type IngestMeter = {
  id: number;
  meterCode: string;
  remoteCode: string | null;
  /** the register's capacity, m³ (null: no limit) */
  maxReading: number | null;
  concentratorId: number | null;
  collectorId: number | null;
};

const reach = (owner: IngestKeyOwner) =>
  owner.concentratorId === null ? sql`true` : sql`concentrator_id = ${owner.concentratorId}`;

/** The key's meters named by these body and remote codes, keyed by 'm:<code>' and 'r:<code>'. */
export const findIngestMeters = async (
  db: Kysely<DB>,
  owner: IngestKeyOwner,
  meterCodes: readonly string[],
  remoteCodes: readonly string[],
): Promise<Map<string, IngestMeter>> => {
  const found = new Map<string, IngestMeter>();
  if (meterCodes.length + remoteCodes.length === 0) return found;
  // Two index scans (body code, remote code) rather than one OR that would read the whole table.
  const { rows } = await sql<{
    id: string | number;
    meter_code: string;
    remote_code: string | null;
    max_reading: string | null;
    concentrator_id: string | number | null;
    collector_id: string | number | null;
    by: 'm' | 'r';
  }>`
    select id, meter_code, remote_code, max_reading, concentrator_id, collector_id, 'm' as by from water_meters
     where company_id = ${owner.companyId} and meter_code = any(${[...new Set(meterCodes)]}::text[]) and used and ${reach(owner)}
    union all
    select id, meter_code, remote_code, max_reading, concentrator_id, collector_id, 'r' as by from water_meters
     where company_id = ${owner.companyId} and remote_code = any(${[...new Set(remoteCodes)]}::text[]) and used and ${reach(owner)}`.execute(
    db,
  );
  for (const r of rows) {
    const meter: IngestMeter = {
      id: Number(r.id),
      meterCode: r.meter_code,
      remoteCode: r.remote_code,
      maxReading: r.max_reading === null ? null : Number(r.max_reading),
      concentratorId: r.concentrator_id === null ? null : Number(r.concentrator_id),
      collectorId: r.collector_id === null ? null : Number(r.collector_id),
    };
    found.set(r.by === 'm' ? `m:${r.meter_code}` : `r:${r.remote_code}`, meter);
  }
  return found;
};

/** A concentrator of the key's reach by code (a concentrator key reaches only itself). */
export const findIngestConcentrator = async (
  db: Kysely<DB>,
  owner: IngestKeyOwner,
  code: string,
): Promise<{ id: number } | undefined> => {
  let q = db
    .selectFrom('concentrators')
    .select('id')
    .where('company_id', '=', owner.companyId)
    .where('concentrator_code', '=', code);
  if (owner.concentratorId !== null) q = q.where('id', '=', owner.concentratorId);
  const row = await q.executeTakeFirst();
  return row ? { id: Number(row.id) } : undefined;
};

/**
 * A concentrator reported at `at` (now, or earlier for a relayed batch): its last report moves forward, never back,
 * and it is online only if that report is within its offline threshold (offlineDevices.ts) of `now`.
 */
export const markConcentratorReported = (
  db: Kysely<DB>,
  companyId: number,
  id: number,
  at: Date,
  clockOffsetS: number | null,
  now: Date = at,
) =>
  db
    .updateTable('concentrators')
    .set({
      ...reportedSet(at, now, 'report_rate'),
      ...(clockOffsetS === null ? {} : { clock_offset_s: clockOffsetS }),
    })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

/** last_report_at forward to `at`, and online as the offline job would judge that report at `now`. */
const reportedSet = (at: Date, now: Date, interval: 'report_rate' | 'upload_frequency') => {
  const when = at.toISOString();
  const last = sql<Date>`greatest(coalesce(last_report_at, ${when}::timestamptz), ${when}::timestamptz)`;
  return {
    last_report_at: last,
    online: sql<boolean>`${last} >= ${gatewayOfflineCutoff(now, interval)}`,
  };
};

/** Collectors named in a status list: online now; returns the codes that are not the key's. */
export const markCollectorsReported = async (
  db: Kysely<DB>,
  owner: IngestKeyOwner,
  codes: readonly string[],
  at: Date,
  now: Date = at,
): Promise<Set<string>> => {
  if (codes.length === 0) return new Set();
  let q = db
    .updateTable('collectors')
    .set(reportedSet(at, now, 'upload_frequency'))
    .where('company_id', '=', owner.companyId)
    .where(sql<boolean>`collector_code = any(${[...new Set(codes)]}::text[])`);
  if (owner.concentratorId !== null) q = q.where('concentrator_id', '=', owner.concentratorId);
  const updated = await q.returning('collector_code').execute();
  const known = new Set(updated.map((r) => r.collector_code));
  return new Set(codes.filter((c) => !known.has(c)));
};

/** How many meters the key reaches and the latest read stored for them (a head-end resumes from there). */
export const ingestStatus = async (
  db: Kysely<DB>,
  owner: IngestKeyOwner,
): Promise<{ meters: number; lastReadingAt: Date | null }> => {
  const { rows } = await sql<{ meters: string | number; last: Date | null }>`
    select count(*) as meters, max(last_report_at) as last from water_meters
     where company_id = ${owner.companyId} and ${reach(owner)}`.execute(db);
  const row = rows[0];
  return { meters: Number(row?.meters ?? 0), lastReadingAt: row?.last ? new Date(row.last) : null };
};
