// Writes register reads: append-only, each (meter, time) once. The whole batch goes in as one
// `insert … select from unnest(arrays) on conflict do nothing` (a handful of parameters whatever the batch size,
// where a multi-row VALUES would need 9 per row), then one set-based update gives each meter its latest status and
// marks the first day whose validated values must be recomputed (late and out-of-order reads included).
// A resent read is a duplicate when its value matches what is stored and a conflict when it does not: the stored
// value is never changed (corrections are new rows with a quality code, in the daily series).
import { closingDay } from '@waterops/shared/reading';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { ensureReadingPartitions } from '../reading/readingPartitions.ts';
import { readTimeProblem } from './readingRows.ts';

/** 1 device, 2 manual read (read now), 3 import */
export type ReadingSource = 1 | 2 | 3;

export type StoredRead = {
  meterId: number;
  readAt: Date;
  reading: number;
  voltage: number | null;
  csq: number | null;
  rsrp: number | null;
  valveState: number | null;
};

/**
 * Per input row: stored now, already there with the same value, already there with another value, or refused
 * (a time outside the bounds of readingRows.ts: callers check their rows first, this is the last guard).
 */
export type StoreOutcome = 'stored' | 'duplicate' | 'conflict' | 'refused';

/** A day: the guard is for every caller (read-now answers too), the ingestion API allows only minutes. */
const STORE_MAX_FUTURE_MS = 86_400_000;

const keyOf = (meterId: number, at: Date) => `${meterId}@${at.getTime()}`;
const sameValue = (a: number, b: number) => Math.abs(a - b) < 0.0005;

export const storeReadings = async (
  db: Kysely<DB>,
  companyId: number,
  rows: readonly StoredRead[],
  source: ReadingSource = 1,
  receivedAt: Date = new Date(),
): Promise<StoreOutcome[]> => {
  const outcomes: StoreOutcome[] = new Array(rows.length);
  if (rows.length === 0) return outcomes;
  // The same meter and time twice in one batch: the first one counts.
  const firstOf = new Map<string, number>();
  const unique: number[] = [];
  rows.forEach((r, i) => {
    // no partition is ever created for a typo's month (1880, 2099)
    if (readTimeProblem(r.readAt.getTime(), receivedAt, STORE_MAX_FUTURE_MS)) {
      outcomes[i] = 'refused';
      return;
    }
    const k = keyOf(r.meterId, r.readAt);
    const first = firstOf.get(k);
    if (first === undefined) {
      firstOf.set(k, i);
      unique.push(i);
    } else outcomes[i] = sameValue((rows[first] as StoredRead).reading, r.reading) ? 'duplicate' : 'conflict';
  });
  if (unique.length === 0) return outcomes;
  await ensureReadingPartitions(
    db,
    unique.map((i) => (rows[i] as StoredRead).readAt),
  );

  const pick = <T>(f: (r: StoredRead) => T) => unique.map((i) => f(rows[i] as StoredRead));
  // Counting what went in, not returning it: the common batch stores every row, and 10,000 returned keys cost more
  // than the one query that finds the few that were already there when some were.
  await db.transaction().execute(async (tx) => {
    const inserted = await sql<{ n: string | number }>`
    with ins as (
      insert into meter_readings (company_id, meter_id, read_at, reading, voltage, csq, rsrp, valve_state, source)
      select ${companyId}, m, t, r, v, c, p, s, ${source}
      from unnest(
        ${pick((r) => r.meterId)}::bigint[], ${pick((r) => r.readAt.toISOString())}::timestamptz[],
        ${pick((r) => r.reading.toFixed(3))}::numeric[], ${pick((r) => (r.voltage === null ? null : r.voltage.toFixed(2)))}::numeric[],
        ${pick((r) => r.csq)}::smallint[], ${pick((r) => r.rsrp)}::smallint[], ${pick((r) => r.valveState)}::smallint[]
      ) as x(m, t, r, v, c, p, s)
      on conflict do nothing
      returning 1)
    select count(*) as n from ins`.execute(tx);
    const storedCount = Number(inserted.rows[0]?.n ?? 0);

    if (storedCount < unique.length) {
      // Some were there already: which, and with the same value? (received_at = now(), the transaction's start, tells
      // this call's rows apart.)
      const existing = await sql<{ meter_id: string | number; read_at: Date; reading: string; mine: boolean }>`
      select meter_id, read_at, reading, received_at = now() as mine from meter_readings
      where company_id = ${companyId}
        and (meter_id, read_at) in (
          select * from unnest(${pick((r) => r.meterId)}::bigint[], ${pick((r) => r.readAt.toISOString())}::timestamptz[]))`.execute(
        tx,
      );
      const found = new Map(
        existing.rows.map((r) => [
          keyOf(Number(r.meter_id), new Date(r.read_at)),
          { value: Number(r.reading), mine: r.mine },
        ]),
      );
      for (const i of unique) {
        const r = rows[i] as StoredRead;
        const was = found.get(keyOf(r.meterId, r.readAt));
        if (was?.mine) continue;
        outcomes[i] = was !== undefined && sameValue(was.value, r.reading) ? 'duplicate' : 'conflict';
      }
    }
  });
  for (const i of unique) if (outcomes[i] === undefined) outcomes[i] = 'stored';

  await updateMeterStatus(
    db,
    companyId,
    unique.filter((i) => outcomes[i] === 'stored').map((i) => rows[i] as StoredRead),
    receivedAt,
  );
  return outcomes;
};

/**
 * A read older than this does not make a meter online: it is history a head-end is catching up on (the longest
 * offline threshold, a meter without a concentrator, is two days and ten minutes).
 */
const ONLINE_WITHIN_MS = (2 * 1440 + 10) * 60_000;

/** The latest stored read of each meter becomes its status; the earliest day touched becomes dirty. */
const updateMeterStatus = async (
  db: Kysely<DB>,
  companyId: number,
  stored: StoredRead[],
  receivedAt: Date,
): Promise<void> => {
  if (stored.length === 0) return;
  const latest = new Map<number, StoredRead>();
  const firstDay = new Map<number, string>();
  for (const r of stored) {
    const l = latest.get(r.meterId);
    if (!l || r.readAt > l.readAt) latest.set(r.meterId, r);
    const day = closingDay(r.readAt);
    const d = firstDay.get(r.meterId);
    if (!d || day < d) firstDay.set(r.meterId, day);
  }
  const ls = [...latest.values()];
  // the rows are locked first, in id order, as every multi-meter write does (the daily sweep's markAllDirtyFrom):
  // two writers that lock in one order cannot deadlock; an UPDATE … FROM alone locks in whatever order its plan scans
  await db.transaction().execute(async (tx) => {
    await sql`
      select id from water_meters where company_id = ${companyId} and id = any(${ls.map((r) => r.meterId)}::bigint[])
      order by id for update`.execute(tx);
    await sql`
    update water_meters w set
      last_report_at = case when w.last_report_at is null or s.t >= w.last_report_at then s.t else w.last_report_at end,
      last_reading = case when w.last_report_at is null or s.t >= w.last_report_at then s.r else w.last_reading end,
      voltage = case when (w.last_report_at is null or s.t >= w.last_report_at) and s.v is not null then s.v else w.voltage end,
      csq = case when (w.last_report_at is null or s.t >= w.last_report_at) and s.c is not null then s.c else w.csq end,
      rsrp = case when (w.last_report_at is null or s.t >= w.last_report_at) and s.p is not null then s.p else w.rsrp end,
      valve_state = case when (w.last_report_at is null or s.t >= w.last_report_at) and s.s is not null then s.s else w.valve_state end,
      online = w.online or s.t > ${new Date(receivedAt.getTime() - ONLINE_WITHIN_MS).toISOString()}::timestamptz,
      dirty_from = least(coalesce(w.dirty_from, s.d), s.d)
    from unnest(
      ${ls.map((r) => r.meterId)}::bigint[], ${ls.map((r) => r.readAt.toISOString())}::timestamptz[],
      ${ls.map((r) => r.reading.toFixed(3))}::numeric[], ${ls.map((r) => (r.voltage === null ? null : r.voltage.toFixed(2)))}::numeric[],
      ${ls.map((r) => r.csq)}::smallint[], ${ls.map((r) => r.rsrp)}::smallint[], ${ls.map((r) => r.valveState)}::smallint[],
      ${ls.map((r) => firstDay.get(r.meterId) as string)}::date[]
    ) as s(m, t, r, v, c, p, s, d)
    where w.company_id = ${companyId} and w.id = s.m`.execute(tx);
  });
};
