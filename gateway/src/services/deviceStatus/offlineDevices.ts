// Offline detection: a device that has not reported for a while is marked offline. The thresholds are pure
// functions (table-tested); the job's SQL applies the same rule set-based, one statement per device kind, because it
// runs every minute over up to a million meters. Devices come back online when they report (ingestion sets it).
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/tables.ts';

/** A concentrator's or collector's report interval when none is configured, minutes. */
export const DEFAULT_REPORT_MINUTES = 60;
/** A meter that reports by itself (no concentrator) is expected once a day. */
export const STANDALONE_METER_MINUTES = 1440;
/** Concentrators and collectors are never called offline sooner than this after their last report. */
export const MIN_OFFLINE_MINUTES = 30;
/** A meter's grace beyond two missed intervals (its reads travel through the concentrator's upload). */
export const METER_GRACE_MINUTES = 10;
/**
 * A meter's read interval is never taken as shorter than an hour: a concentrator's report rate is how often it
 * uploads and says it is there, not how often it reads its meters (hourly reads behind a 5-minute heartbeat made every
 * meter of such a concentrator "no data" 20 minutes into each hour — 111 false alarms in the demo).
 */
export const METER_MIN_INTERVAL_MINUTES = 60;

/** Minutes of silence after which a concentrator (report rate) or collector (upload frequency) is offline. */
export const gatewayOfflineMinutes = (intervalMinutes: number | null | undefined): number =>
  Math.max(2 * (intervalMinutes ?? DEFAULT_REPORT_MINUTES), MIN_OFFLINE_MINUTES);

/**
 * Minutes of silence after which a meter is offline: two of its intervals plus a grace. Its interval is its
 * concentrator's report rate (the default when the concentrator has none) but at least an hour, or a day when it has
 * no concentrator.
 */
export const meterOfflineMinutes = (concentrator: { reportRate: number | null } | null): number =>
  2 *
    (concentrator
      ? Math.max(concentrator.reportRate ?? DEFAULT_REPORT_MINUTES, METER_MIN_INTERVAL_MINUTES)
      : STANDALONE_METER_MINUTES) +
  METER_GRACE_MINUTES;

/**
 * The instant before which a concentrator's or collector's last report makes it offline at `now` (SQL; the rule of
 * gatewayOfflineMinutes over its interval column). Shared by the offline job and by ingestion, which judges a
 * relayed report (sentAt) by the same rule.
 */
export const gatewayOfflineCutoff = (now: Date, interval: 'report_rate' | 'upload_frequency') =>
  sql<Date>`${now.toISOString()}::timestamptz - make_interval(mins =>
    greatest(2 * coalesce(${sql.ref(interval)}, ${DEFAULT_REPORT_MINUTES}), ${MIN_OFFLINE_MINUTES}))`;

/**
 * A meter's read interval in minutes (SQL) from its concentrator's report rate column: the rate, or the default
 * when unset, but at least an hour (meterOfflineMinutes' rule). Shared with the no-data alarm's data-path check.
 */
export const meterIntervalSql = (reportRate: string) =>
  sql<number>`greatest(coalesce(${sql.ref(reportRate)}, ${DEFAULT_REPORT_MINUTES}), ${METER_MIN_INTERVAL_MINUTES})`;

export type OfflineCounts = { concentrators: number; collectors: number; meters: number };

const count = (r: { numAffectedRows?: bigint }) => Number(r.numAffectedRows ?? 0n);

/**
 * Marks offline every online device whose last report is older than its threshold at `now`, across tenants;
 * returns how many of each kind went offline. The SQL mirrors gatewayOfflineMinutes / meterOfflineMinutes.
 *
 * Each statement first locks the rows it will change with SKIP LOCKED: a row another transaction holds (a report
 * being stored, the validation sweep marking days) is left for the next minute instead of waited for. The job then
 * never waits on a row lock, so it cannot take part in a deadlock (it deadlocked with the daily validation sweep on
 * PostgreSQL, issue 17); the cut-off is re-checked on the locked row, so a report that just arrived keeps it online.
 */
export const markOfflineDevices = async (db: Kysely<DB>, now: Date): Promise<OfflineCounts> => {
  const at = now.toISOString();
  // concentrators and collectors: by their own interval column
  const gateways = (table: 'concentrators' | 'collectors', interval: 'report_rate' | 'upload_frequency') =>
    sql`
    update ${sql.table(table)} d set online = false
    from (
      select company_id, id from ${sql.table(table)}
      where online and (last_report_at is null or last_report_at < ${gatewayOfflineCutoff(now, interval)})
      for update skip locked
    ) due
    where d.company_id = due.company_id and d.id = due.id`.execute(db);
  const concentrators = await gateways('concentrators', 'report_rate');
  const collectors = await gateways('collectors', 'upload_frequency');
  // meters: one cut-off per concentrator, plus one per tenant (id 0) for meters without a concentrator, so a
  // single scan of the meters hash-joins a table the size of the concentrators (no per-row sub-select, no self-join)
  const meters = await sql`
    update water_meters m set online = false
    from (
      select w.company_id, w.id
      from water_meters w
      join (
        select company_id, id, ${at}::timestamptz - make_interval(mins =>
          2 * ${meterIntervalSql('report_rate')}
            + ${METER_GRACE_MINUTES}) as cutoff
        from concentrators
        union all
        select id, 0, ${at}::timestamptz - make_interval(mins => ${2 * STANDALONE_METER_MINUTES + METER_GRACE_MINUTES})
        from companies
      ) c on c.company_id = w.company_id and c.id = coalesce(w.concentrator_id, 0)
      where w.online and (w.last_report_at is null or w.last_report_at < c.cutoff)
      for update of w skip locked
    ) due
    where m.company_id = due.company_id and m.id = due.id`.execute(db);
  return { concentrators: count(concentrators), collectors: count(collectors), meters: count(meters) };
};
