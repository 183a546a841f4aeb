// SQL of the reading records: the meter a caller may see (tenant and data scope), its raw reads in a time window
// (newest first, one page; without a meter, those of every meter in the scope), its validated days and the swaps in
// the window. Raw reads are bounded by read_at so the
// planner touches only the monthly partitions of the window.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { type ScopePredicate, scopeExpression } from '../resource/resourceScope.ts';

/** A China day 'YYYY-MM-DD' as a date parameter (a JS Date would be an instant, cast in the session's zone). */
const asDate = (day: string) => sql<Date>`cast(${day} as date)`;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export type ScopedMeter = { id: number; meterCode: string; maxReading: number | null };

/** The meter of the tenant inside the caller's data scope (its area), or undefined. */
export const scopedMeter = async (
  db: Kysely<DB>,
  companyId: number,
  meterId: number,
  predicates: readonly ScopePredicate[] | null,
): Promise<ScopedMeter | undefined> => {
  let q = db
    .selectFrom('water_meters as t')
    .select(['t.id', 't.meter_code', 't.max_reading'])
    .where('t.company_id', '=', companyId)
    .where('t.id', '=', meterId);
  if (predicates !== null) q = q.where(scopeExpression(predicates));
  const row = await q.executeTakeFirst();
  return row && { id: Number(row.id), meterCode: row.meter_code, maxReading: num(row.max_reading) };
};

/** A time window [from, to) of raw reads. */
export type Window = { from: Date; to: Date };

/** Whose reads: one meter (already checked against the scope), or every meter inside the scope (null: all). */
export type ReadsOf = { meterId: number } | { scope: readonly ScopePredicate[] | null };

/** One page of raw reads in the window, newest first (reads of the same instant by meter id), and their count. */
export const readingsPage = async (
  db: Kysely<DB>,
  companyId: number,
  of: ReadsOf,
  window: Window,
  page: { page: number; limit: number },
) => {
  let base = db
    .selectFrom('meter_readings as r')
    .innerJoin('water_meters as t', (j) =>
      j.onRef('t.company_id', '=', 'r.company_id').onRef('t.id', '=', 'r.meter_id'),
    )
    .where('r.company_id', '=', companyId)
    .where('r.read_at', '>=', window.from)
    .where('r.read_at', '<', window.to);
  if ('meterId' in of) base = base.where('r.meter_id', '=', of.meterId);
  else if (of.scope !== null) base = base.where(scopeExpression(of.scope));
  const [rows, total] = await Promise.all([
    base
      .select([
        'r.meter_id',
        't.meter_code',
        'r.read_at',
        'r.reading',
        'r.voltage',
        'r.csq',
        'r.rsrp',
        'r.valve_state',
        'r.source',
        'r.received_at',
      ])
      .orderBy('r.read_at', 'desc')
      .orderBy('r.meter_id')
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    count: Number(total.n),
    rows: rows.map((r) => ({
      meterId: Number(r.meter_id),
      meterCode: r.meter_code,
      time: r.read_at.toISOString(),
      reading: Number(r.reading),
      voltage: num(r.voltage),
      csq: r.csq,
      rsrp: r.rsrp,
      valveState: r.valve_state,
      source: r.source,
      receivedTime: r.received_at.toISOString(),
    })),
  };
};

export type DayRow = {
  day: string;
  rawReading: number | null;
  reading: number;
  consumption: number | null;
  rawConsumption: number | null;
  quality: string;
  rule: string | null;
  reads: number;
};

/** The validated days of a meter from `from` to `to` (China days, both included), oldest first. */
export const readingDays = async (
  db: Kysely<DB>,
  companyId: number,
  meterId: number,
  from: string,
  to: string,
): Promise<DayRow[]> => {
  const rows = await db
    .selectFrom('reading_days')
    .select([
      sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
      'raw_reading',
      'reading',
      'consumption',
      'raw_consumption',
      'quality',
      'rule',
      'reads',
    ])
    .where('company_id', '=', companyId)
    .where('meter_id', '=', meterId)
    .where('day', '>=', asDate(from))
    .where('day', '<=', asDate(to))
    .orderBy('day')
    .execute();
  return rows.map((r) => ({
    day: r.day,
    rawReading: num(r.raw_reading),
    reading: Number(r.reading),
    consumption: num(r.consumption),
    rawConsumption: num(r.raw_consumption),
    quality: r.quality.trim(),
    rule: r.rule,
    reads: Number(r.reads),
  }));
};

/**
 * The meter's swaps whose day (closingDay: one at exactly 00:00 belongs to the day before, as a read does) lies in
 * the window: replaced_at in (from, to].
 */
export const meterSwaps = async (db: Kysely<DB>, companyId: number, meterId: number, window: Window) =>
  db
    .selectFrom('meter_replacements')
    .select([
      'id',
      'replaced_at',
      'old_meter_code',
      'old_final_reading',
      'new_meter_code',
      'new_base_reading',
      'remark',
    ])
    .where('company_id', '=', companyId)
    .where('meter_id', '=', meterId)
    .where('replaced_at', '>', window.from)
    .where('replaced_at', '<=', window.to)
    .orderBy('replaced_at')
    .execute();
