// SQL of the night-flow analysis's leak events (district_leak_events): read for the chart and the lists, upserted by
// (district, detected day) as the detector sees them — the day it confirmed the event, which the causal detector
// never moves — and linked to the district's nightFlow alarm. Bounded by company_id throughout.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { asDate, dayText } from './nightFlowRepository.ts';

type Db = Kysely<DB> | Transaction<DB>;

export type LeakEventRow = {
  id: number;
  districtId: number;
  kind: 'step' | 'trend';
  status: LeakEventStatus;
  startDay: string;
  detectedDay: string;
  repairedDay: string | null;
  magnitude: number;
  volume: number;
  level: string;
  alarmId: number | null;
  /** when WaterOps first saw it (wall clock) */
  firstDetectedAt: Date;
  /** the work order that reported its repair */
  repairOrderId: number | null;
};

export type LeakEventStatus = 'open' | 'repaired' | 'notConfirmed';
const STATUSES: readonly string[] = ['open', 'repaired', 'notConfirmed'] satisfies LeakEventStatus[];

const toEvent = (r: {
  id: number;
  district_id: number;
  kind: string;
  status: string;
  start_day: Date;
  detected_day: Date;
  repaired_day: Date | null;
  magnitude: string;
  volume: string;
  level: string;
  alarm_id: number | null;
  first_detected_at: Date;
  repair_order_id: number | null;
}): LeakEventRow => ({
  id: Number(r.id),
  districtId: Number(r.district_id),
  kind: r.kind === 'trend' ? 'trend' : 'step',
  status: (STATUSES.includes(r.status) ? r.status : 'open') as LeakEventStatus,
  startDay: dayText(r.start_day),
  detectedDay: dayText(r.detected_day),
  repairedDay: r.repaired_day ? dayText(r.repaired_day) : null,
  magnitude: Number(r.magnitude),
  volume: Number(r.volume),
  level: r.level,
  alarmId: r.alarm_id === null ? null : Number(r.alarm_id),
  firstDetectedAt: new Date(r.first_detected_at),
  repairOrderId: r.repair_order_id === null ? null : Number(r.repair_order_id),
});

/** The district's events that touch [from, to] (to null: all of them from `from`). */
export const readLeakEvents = async (
  db: Db,
  companyId: number,
  districtId: number,
  from: string,
  to: string | null,
): Promise<LeakEventRow[]> => {
  let q = db
    .selectFrom('district_leak_events')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('district_id', '=', districtId)
    .where((eb) => eb.or([eb('repaired_day', 'is', null), eb('repaired_day', '>=', asDate(from))]));
  if (to !== null) q = q.where('start_day', '<=', asDate(to));
  return (await q.orderBy('start_day').orderBy('id').execute()).map(toEvent);
};

/** Open events per district of the tenant. */
export const openEventCounts = async (db: Db, companyId: number): Promise<Map<number, number>> => {
  const rows = await db
    .selectFrom('district_leak_events')
    .select(['district_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('company_id', '=', companyId)
    .where('status', '=', 'open')
    .groupBy('district_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.district_id), Number(r.n)]));
};

export type LeakEventWrite = Omit<LeakEventRow, 'id' | 'districtId' | 'alarmId' | 'firstDetectedAt' | 'repairOrderId'>;

/** Inserts or updates an event by (district, detected day); returns its id. `at` is its first detection if new. */
export const upsertLeakEvent = async (
  db: Db,
  companyId: number,
  districtId: number,
  e: LeakEventWrite,
  at: Date,
): Promise<number> => {
  const row = await db
    .insertInto('district_leak_events')
    .values({
      company_id: companyId,
      district_id: districtId,
      kind: e.kind,
      status: e.status,
      start_day: e.startDay,
      detected_day: e.detectedDay,
      repaired_day: e.repairedDay,
      magnitude: e.magnitude,
      volume: e.volume,
      level: e.level,
      updated_at: at,
      first_detected_at: at,
    })
    .onConflict((oc) =>
      oc.columns(['company_id', 'district_id', 'detected_day']).doUpdateSet((eb) => ({
        kind: eb.ref('excluded.kind'),
        status: eb.ref('excluded.status'),
        start_day: eb.ref('excluded.start_day'),
        repaired_day: eb.ref('excluded.repaired_day'),
        magnitude: eb.ref('excluded.magnitude'),
        volume: eb.ref('excluded.volume'),
        level: eb.ref('excluded.level'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
};

export const deleteLeakEvents = async (db: Db, companyId: number, ids: number[]): Promise<void> => {
  if (ids.length === 0) return;
  await db.deleteFrom('district_leak_events').where('company_id', '=', companyId).where('id', 'in', ids).execute();
};

export const setEventAlarm = async (db: Db, companyId: number, ids: number[], alarmId: number | null) => {
  if (ids.length === 0) return;
  await db
    .updateTable('district_leak_events')
    .set({ alarm_id: alarmId })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
};

/** The id of the district's newest nightFlow alarm. */
export const districtAlarmId = async (db: Db, companyId: number, districtId: number): Promise<number | null> => {
  const row = await db
    .selectFrom('alarms')
    .select('id')
    .where('company_id', '=', companyId)
    .where('alarm_type', '=', 'nightFlow')
    .where('source_kind', '=', 'district')
    .where('source_id', '=', districtId)
    .orderBy('raised_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.id) : null;
};
