// SQL of the validated daily series (reading_days): which meters wait for validation, what a validation reads (the
// last raw read of each China day with the day's count, the validated days before as history, the last raw read
// before when there is no history, swaps) and writes (an upsert of days, then clearing dirty_from). Every query is
// bounded by company_id.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import type { DailyValue, RawRead, Replacement } from './vee/dailySeries.ts';
import { REVERSE_STEP_MAX_M3 } from './vee/validationRules.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** A meter waiting for validation, as locked for it. */
export type DirtyMeter = { id: number; dirtyFrom: string; maxReading: number | null };

/** The companies with meters waiting for validation. */
export const dirtyCompanies = async (db: Db): Promise<number[]> => {
  const rows = await db
    .selectFrom('water_meters')
    .select('company_id')
    .distinct()
    .where('dirty_from', 'is not', null)
    .orderBy('company_id')
    .execute();
  return rows.map((r) => Number(r.company_id));
};

/**
 * Locks up to `limit` dirty meters of a company for this transaction. Rows another instance holds are skipped, and
 * ingestion marking one of these meters dirty again waits for the commit, so its reads are validated next time.
 */
export const lockDirtyMeters = async (tx: Transaction<DB>, companyId: number, limit: number): Promise<DirtyMeter[]> => {
  const rows = await sql<{ id: number; dirty_from: string; max_reading: string | null }>`
    select id, dirty_from::text as dirty_from, max_reading
    from water_meters
    where company_id = ${companyId} and dirty_from is not null
    order by id
    limit ${limit}
    for update skip locked`.execute(tx);
  return rows.rows.map((r) => ({
    id: Number(r.id),
    dirtyFrom: r.dirty_from,
    maxReading: r.max_reading == null ? null : Number(r.max_reading),
  }));
};

// the China day a read closes (a read at 00:00 closes the day before): chinaTime.ts's closingDay in SQL
const closingDaySql = sql`((read_at - interval '1 microsecond' + interval '8 hours') at time zone 'UTC')::date`;

/**
 * The last raw read of each China day for each meter, from its own instant (excluded) to `to` (included), with the
 * number of reads that day and whether the register stepped back by a little between two reads (reverse flow inside
 * the day): daily validation works on day-end registers, and 15-minute data need not cross the wire. Each meter is read from its own start, so one meter recomputed from weeks back does not make the whole
 * chunk read weeks of data.
 */
export const dailyLastReads = async (
  db: Db,
  companyId: number,
  meters: { id: number; from: Date }[],
  to: Date,
): Promise<Map<number, RawRead[]>> => {
  const out = new Map<number, RawRead[]>();
  if (meters.length === 0) return out;
  const earliest = new Date(Math.min(...meters.map((m) => m.from.getTime())));
  const rows = await sql<{ meter_id: number; read_at: Date; reading: string; reads: number; stepped_back: boolean }>`
    select distinct on (meter_id, d) meter_id, read_at, reading,
      count(*) over (partition by meter_id, d) as reads,
      bool_or(coalesce(prev > reading and prev - reading <= ${REVERSE_STEP_MAX_M3}, false))
        over (partition by meter_id, d) as stepped_back
    from (
      select r.meter_id, r.read_at, r.reading, ${closingDaySql} as d,
        lag(r.reading) over (partition by r.meter_id order by r.read_at) as prev
      from unnest(${meters.map((m) => m.id)}::bigint[], ${meters.map((m) => m.from.toISOString())}::timestamptz[])
        as m(id, since)
      join meter_readings r on r.company_id = ${companyId} and r.meter_id = m.id and r.read_at > m.since
      -- the earliest start as a constant too, so the planner leaves out the older monthly partitions
      where r.read_at > ${earliest} and r.read_at <= ${to}
    ) r
    order by meter_id, d, read_at desc`.execute(db);
  for (const r of rows.rows) {
    const list = out.get(Number(r.meter_id)) ?? [];
    list.push({ at: new Date(r.read_at), reading: Number(r.reading), count: Number(r.reads), reverse: r.stepped_back });
    out.set(Number(r.meter_id), list);
  }
  return out;
};

/** Each meter's last raw read at or before its instant (the origin of a meter without validated history). */
export const lastReadsBefore = async (
  db: Db,
  companyId: number,
  meters: { id: number; before: Date }[],
): Promise<Map<number, RawRead>> => {
  if (meters.length === 0) return new Map();
  const rows = await sql<{ meter_id: number; read_at: Date; reading: string }>`
    select m.id as meter_id, r.read_at, r.reading
    from unnest(${meters.map((m) => m.id)}::bigint[], ${meters.map((m) => m.before.toISOString())}::timestamptz[])
      as m(id, before)
    cross join lateral (
      select read_at, reading from meter_readings
      where company_id = ${companyId} and meter_id = m.id and read_at <= m.before
      order by read_at desc limit 1
    ) r`.execute(db);
  return new Map(
    rows.rows.map((r) => [Number(r.meter_id), { at: new Date(r.read_at), reading: Number(r.reading) }] as const),
  );
};

/** Each meter's last validated day before its day that rests on reads (quality A or S, not an estimate). */
export const lastActualDays = async (
  db: Db,
  companyId: number,
  meters: { id: number; before: string }[],
): Promise<Map<number, HistoryDay>> => {
  if (meters.length === 0) return new Map();
  const rows = await sql<{ meter_id: number; day: string; reading: string; quality: string }>`
    select m.id as meter_id, d.day::text as day, d.reading, d.quality
    from unnest(${meters.map((m) => m.id)}::bigint[], ${meters.map((m) => m.before)}::date[]) as m(id, before)
    cross join lateral (
      select day, reading, quality from reading_days
      where company_id = ${companyId} and meter_id = m.id and day < m.before and quality <> 'E'
      order by day desc limit 1
    ) d`.execute(db);
  return new Map(
    rows.rows.map((r) => [Number(r.meter_id), { day: r.day, reading: Number(r.reading), quality: r.quality.trim() }]),
  );
};

/** A validated day kept as history: its validated register and quality. */
export type HistoryDay = { day: string; reading: number; quality: string };

/** The validated days of the meters in [from, to] (China days, both included) that rest on reads, oldest first. */
export const validatedDays = async (
  db: Db,
  companyId: number,
  meterIds: number[],
  from: string,
  to: string,
): Promise<Map<number, HistoryDay[]>> => {
  const out = new Map<number, HistoryDay[]>();
  if (meterIds.length === 0) return out;
  const rows = await sql<{ meter_id: number; day: string; reading: string; quality: string }>`
    select meter_id, day::text as day, reading, quality from reading_days
    where company_id = ${companyId} and meter_id = any(${meterIds}::bigint[])
      and day >= ${from}::date and day <= ${to}::date and quality <> 'E'
    order by meter_id, day`.execute(db);
  for (const r of rows.rows) {
    const list = out.get(Number(r.meter_id)) ?? [];
    list.push({ day: r.day, reading: Number(r.reading), quality: r.quality.trim() });
    out.set(Number(r.meter_id), list);
  }
  return out;
};

/** The meters' swaps, oldest first. */
export const replacementsOf = async (
  db: Db,
  companyId: number,
  meterIds: number[],
): Promise<Map<number, Replacement[]>> => {
  const out = new Map<number, Replacement[]>();
  if (meterIds.length === 0) return out;
  const rows = await db
    .selectFrom('meter_replacements')
    .select(['meter_id', 'replaced_at', 'old_final_reading', 'new_base_reading'])
    .where('company_id', '=', companyId)
    .where('meter_id', 'in', meterIds)
    .orderBy('replaced_at')
    .execute();
  for (const r of rows) {
    const list = out.get(Number(r.meter_id)) ?? [];
    list.push({
      at: new Date(r.replaced_at),
      oldFinalReading: Number(r.old_final_reading),
      newBaseReading: Number(r.new_base_reading),
    });
    out.set(Number(r.meter_id), list);
  }
  return out;
};

/** A computed day of one meter, ready to store. */
export type MeterDay = DailyValue & { meterId: number };

const UPSERT_CHUNK = 1000;

/** Stores computed days, replacing what was there for the same meter and day. */
export const upsertReadingDays = async (db: Db, companyId: number, days: MeterDay[], at: Date): Promise<void> => {
  for (let i = 0; i < days.length; i += UPSERT_CHUNK) {
    const chunk = days.slice(i, i + UPSERT_CHUNK);
    await db
      .insertInto('reading_days')
      .values(
        chunk.map((d) => ({
          company_id: companyId,
          meter_id: d.meterId,
          day: d.day,
          raw_reading: d.rawReading,
          reading: d.reading,
          consumption: d.consumption,
          raw_consumption: d.rawConsumption,
          quality: d.quality,
          rule: d.rule,
          reads: Math.min(d.reads, 32_767),
          computed_at: at,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['company_id', 'meter_id', 'day']).doUpdateSet((eb) => ({
          raw_reading: eb.ref('excluded.raw_reading'),
          reading: eb.ref('excluded.reading'),
          consumption: eb.ref('excluded.consumption'),
          raw_consumption: eb.ref('excluded.raw_consumption'),
          quality: eb.ref('excluded.quality'),
          rule: eb.ref('excluded.rule'),
          reads: eb.ref('excluded.reads'),
          computed_at: eb.ref('excluded.computed_at'),
        })),
      )
      .execute();
  }
};

/** Clears dirty_from of meters whose mark is still the one the validation started from (compare-and-clear). */
export const clearDirty = async (db: Db, companyId: number, meters: DirtyMeter[]): Promise<void> => {
  if (meters.length === 0) return;
  await sql`
    update water_meters w set dirty_from = null
    from unnest(${meters.map((m) => m.id)}::bigint[], ${meters.map((m) => m.dirtyFrom)}::date[]) as v(id, d)
    where w.company_id = ${companyId} and w.id = v.id and w.dirty_from = v.d`.execute(db);
};

/**
 * Marks every meter of every company dirty from `day` (kept if already earlier): run once a day after midnight, so
 * the day of a meter that sent nothing gets its estimated value and gap flag.
 */
export const markAllDirtyFrom = async (db: Kysely<DB>, day: string): Promise<number> =>
  db.transaction().execute(async (tx) => {
    // locked first in (company, id) order, the order ingestion locks its meters in, so the two cannot deadlock
    // (an UPDATE alone locks in the order its scan meets the rows); the offline job skips locked rows
    await sql`
      select company_id, id from water_meters
      where last_reading is not null and (dirty_from is null or dirty_from > ${day}::date)
      order by company_id, id for update`.execute(tx);
    const r = await sql`
      update water_meters set dirty_from = ${day}::date
      where last_reading is not null and (dirty_from is null or dirty_from > ${day}::date)`.execute(tx);
    return Number(r.numAffectedRows ?? 0);
  });
