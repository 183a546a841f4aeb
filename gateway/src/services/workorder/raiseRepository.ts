// SQL of raising work orders from their sources (issue 15, Deliver 3): each source read in the tenant and the caller's
// data scope (an alarm or a meter by its residential area, a leak event by its district, a month-end base by its
// meter), an open order already standing for the same thing under another key, and what an order's events write
// back: a note in the alarm's history (with a new change_seq, so the console sees it) and the repair on a leak event.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { alarmLock } from '../alarm/alarmEvaluationRepository.ts';
import { type ScopePredicate, scopeExpression } from '../resource/resourceScope.ts';
import type { AlarmSource, LeakSource, MeterSource } from './raiseOrders.ts';
import { ringCentre } from './raiseOrders.ts';
import type { Db } from './workOrderRepository.ts';

/** A data scope's predicates on alias `t` (null: unrestricted). */
export type Scope = readonly ScopePredicate[] | null;

const num = (v: string | number | null | undefined): number | null =>
  v === null || v === undefined ? null : Number(v);

type Ring = [number, number][] | string | null;
const ringOf = (polygon: Ring): [number, number][] | null =>
  typeof polygon === 'string' ? (JSON.parse(polygon) as [number, number][]) : polygon;

/** An alarm of the tenant in the scope (by its area), with where its device stands; undefined otherwise. */
export const alarmSource = async (
  db: Db,
  companyId: number,
  scope: Scope,
  id: number,
): Promise<AlarmSource | undefined> => {
  let q = db
    .selectFrom('alarms as t')
    .leftJoin('areas as ar', (j) => j.onRef('ar.company_id', '=', 't.company_id').onRef('ar.id', '=', 't.area_id'))
    .leftJoin('concentrators as c', (j) =>
      j
        .onRef('c.company_id', '=', 't.company_id')
        .onRef('c.id', '=', 't.source_id')
        .on('t.source_kind', '=', 'concentrator'),
    )
    .leftJoin('collectors as k', (j) =>
      j
        .onRef('k.company_id', '=', 't.company_id')
        .onRef('k.id', '=', 't.source_id')
        .on('t.source_kind', '=', 'collector'),
    )
    .leftJoin('water_meters as wm', (j) =>
      j
        .onRef('wm.company_id', '=', 't.company_id')
        .onRef('wm.id', '=', 't.source_id')
        .on('t.source_kind', '=', 'meter'),
    )
    .leftJoin('districts as d', (j) =>
      j
        .onRef('d.company_id', '=', 't.company_id')
        .onRef('d.id', '=', 't.source_id')
        .on('t.source_kind', '=', 'district'),
    )
    .where('t.company_id', '=', companyId)
    .where('t.id', '=', id);
  if (scope !== null) q = q.where(scopeExpression(scope));
  const r = await q
    .select([
      't.id',
      't.alarm_type',
      't.level',
      't.source_kind',
      't.source_id',
      't.source_code',
      'wm.id as meter_id',
      't.area_id',
      'ar.area_name',
      't.value',
      't.threshold',
      't.raised_at',
      't.active',
      sql<string | null>`coalesce(c.address, k.address)`.as('address'),
      'c.lng',
      'c.lat',
      'd.polygon',
      // a night-flow alarm stands for its district's newest open leak event
      sql<number | null>`(select e.id from district_leak_events e
        where e.company_id = t.company_id and e.alarm_id = t.id and e.status = 'open'
        order by e.start_day desc, e.id desc limit 1)`.as('leak_event_id'),
    ])
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    id: Number(r.id),
    alarmType: r.alarm_type as AlarmSource['alarmType'],
    level: r.level as AlarmSource['level'],
    sourceKind: r.source_kind as AlarmSource['sourceKind'],
    sourceId: Number(r.source_id),
    sourceCode: r.source_code,
    meterId: num(r.meter_id),
    areaId: num(r.area_id),
    areaName: r.area_name ?? null,
    value: num(r.value),
    threshold: num(r.threshold),
    raisedAt: new Date(r.raised_at),
    active: Boolean(r.active),
    address: r.address,
    lng: num(r.lng),
    lat: num(r.lat),
    centre: ringCentre(ringOf(r.polygon as Ring)),
    leakEventId: num(r.leak_event_id),
  };
};

/** A meter of the tenant in the scope (by its area), with the resident bound to it now; undefined otherwise. */
export const meterSource = async (
  db: Db,
  companyId: number,
  scope: Scope,
  id: number,
): Promise<(MeterSource & { areaId: number | null }) | undefined> => {
  let q = db
    .selectFrom('water_meters as t')
    .leftJoin('areas as ar', (j) => j.onRef('ar.company_id', '=', 't.company_id').onRef('ar.id', '=', 't.area_id'))
    .leftJoin('resident_meters as rm', (j) =>
      j.onRef('rm.company_id', '=', 't.company_id').onRef('rm.meter_id', '=', 't.id').on('rm.unbound_at', 'is', null),
    )
    .leftJoin('residents as r', (j) =>
      j.onRef('r.company_id', '=', 'rm.company_id').onRef('r.id', '=', 'rm.resident_id'),
    )
    .where('t.company_id', '=', companyId)
    .where('t.id', '=', id);
  if (scope !== null) q = q.where(scopeExpression(scope));
  const r = await q
    .select(['t.id', 't.meter_code', 't.area_id', 'ar.area_name', 'r.resident_code', 'r.resident_name'])
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    id: Number(r.id),
    meterCode: r.meter_code,
    areaId: num(r.area_id),
    areaName: r.area_name ?? null,
    residentCode: r.resident_code ?? null,
    residentName: r.resident_name ?? null,
  };
};

/** The meter's newest alarm of a usage type (the exception an order is raised for), or undefined. */
export const usageAlarmOf = async (db: Db, companyId: number, meterId: number, alarmType: string, alarmId?: number) => {
  let q = db
    .selectFrom('alarms')
    .select(['id', 'alarm_type', 'level', 'value', 'threshold', 'raised_at', 'active', 'area_id'])
    .where('company_id', '=', companyId)
    .where('source_kind', '=', 'meter')
    .where('source_id', '=', meterId)
    .where('alarm_type', '=', alarmType);
  if (alarmId !== undefined) q = q.where('id', '=', alarmId);
  const r = await q.orderBy('raised_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!r) return undefined;
  return {
    id: Number(r.id),
    alarmType: r.alarm_type as AlarmSource['alarmType'],
    level: r.level as AlarmSource['level'],
    value: num(r.value),
    threshold: num(r.threshold),
    raisedAt: new Date(r.raised_at),
    active: Boolean(r.active),
    areaId: num(r.area_id),
  };
};

/** A month-end base of the tenant in the scope (by its meter's area): its meter, period, readings and findings. */
export const baseSource = async (db: Db, companyId: number, scope: Scope, id: number) => {
  let q = db
    .selectFrom('meter_bases as b')
    .innerJoin('water_meters as t', (j) =>
      j.onRef('t.company_id', '=', 'b.company_id').onRef('t.id', '=', 'b.meter_id'),
    )
    .where('b.company_id', '=', companyId)
    .where('b.id', '=', id);
  if (scope !== null) q = q.where(scopeExpression(scope));
  const r = await q
    .select(['b.id', 'b.meter_id', 'b.period', 'b.start_reading', 'b.end_reading', 'b.consumption', 'b.check_message'])
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    id: Number(r.id),
    meterId: Number(r.meter_id),
    period: r.period,
    startReading: num(r.start_reading),
    endReading: num(r.end_reading),
    consumption: num(r.consumption),
    codes: (r.check_message ?? '').split(',').filter(Boolean),
  };
};

/** The meter's newest base the check flagged with `code` (what a reading-exception order describes), or undefined. */
export const flaggedBaseOf = async (db: Db, companyId: number, meterId: number, code: string) => {
  const r = await db
    .selectFrom('meter_bases')
    .select(['period', 'start_reading', 'end_reading', 'consumption', 'check_message'])
    .where('company_id', '=', companyId)
    .where('meter_id', '=', meterId)
    .where(sql<boolean>`${code} = any(string_to_array(coalesce(check_message, ''), ','))`)
    .orderBy('period', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    period: r.period,
    startReading: num(r.start_reading),
    endReading: num(r.end_reading),
    consumption: num(r.consumption),
    codes: (r.check_message ?? '').split(',').filter(Boolean),
  };
};

/** A leak event of the tenant with its district (the scope is checked by the caller on the district). */
export const leakSource = async (
  db: Db,
  companyId: number,
  id: number,
): Promise<(LeakSource & { status: string }) | undefined> => {
  const r = await db
    .selectFrom('district_leak_events as e')
    .innerJoin('districts as d', (j) =>
      j.onRef('d.company_id', '=', 'e.company_id').onRef('d.id', '=', 'e.district_id'),
    )
    .select([
      'e.id',
      'e.district_id',
      'd.district_name',
      'd.polygon',
      'e.kind',
      'e.status',
      sql<string>`to_char(e.start_day, 'YYYY-MM-DD')`.as('start_day'),
      sql<string>`to_char(e.detected_day, 'YYYY-MM-DD')`.as('detected_day'),
      'e.magnitude',
      'e.volume',
      'e.level',
      'e.alarm_id',
    ])
    .where('e.company_id', '=', companyId)
    .where('e.id', '=', id)
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    id: Number(r.id),
    districtId: Number(r.district_id),
    districtName: r.district_name,
    kind: r.kind === 'trend' ? 'trend' : 'step',
    status: r.status,
    startDay: r.start_day,
    detectedDay: r.detected_day,
    magnitude: Number(r.magnitude),
    volume: Number(r.volume),
    level: r.level,
    alarmId: num(r.alarm_id),
    centre: ringCentre(ringOf(r.polygon as Ring)),
  };
};

/**
 * An open order standing for the same thing under another source key: one of `keys`, or one raised for the same
 * alarm or leak event (an alarm raised on the console and again as a usage exception, a night-flow alarm and its
 * leak event).
 */
export const relatedOpenOrder = async (
  db: Db,
  companyId: number,
  related: { keys: readonly string[]; alarmId?: number | null; leakEventId?: number | null },
): Promise<{ id: number; code: string } | undefined> => {
  const r = await db
    .selectFrom('work_orders')
    .select(['id', 'code'])
    .where('company_id', '=', companyId)
    .where('status', 'in', ['pending', 'processing', 'deferred', 'completed'])
    .where((eb) =>
      eb.or([
        ...(related.keys.length ? [eb('source_key', 'in', [...related.keys])] : []),
        ...(related.alarmId ? [eb('alarm_id', '=', related.alarmId)] : []),
        ...(related.leakEventId ? [eb('leak_event_id', '=', related.leakEventId)] : []),
      ]),
    )
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return r ? { id: Number(r.id), code: r.code } : undefined;
};

/**
 * A note in an alarm's history (action 'noted'): the alarm takes a new change_seq under the tenant's alarm lock, so
 * the console's live set brings it and an open history drawer reads it again.
 */
export const addAlarmNote = async (
  tx: Transaction<DB>,
  companyId: number,
  alarmId: number,
  by: { userId: number | null; username: string | null },
  comment: string,
  at: Date,
): Promise<boolean> => {
  await alarmLock(tx, companyId);
  const changed = await tx
    .updateTable('alarms')
    .set({ change_seq: sql`nextval('alarm_change_seq')`, updated_at: at })
    .where('company_id', '=', companyId)
    .where('id', '=', alarmId)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) === 0) return false;
  await tx
    .insertInto('alarm_events')
    .values({
      company_id: companyId,
      alarm_id: alarmId,
      action: 'noted',
      user_id: by.userId,
      username: by.username,
      at,
      comment,
    })
    .execute();
  return true;
};

/** Records (or, with `at` null, withdraws) the repair an order reported on a leak event. */
export const recordLeakRepair = async (
  tx: Transaction<DB>,
  companyId: number,
  eventId: number,
  orderId: number,
  at: Date | null,
): Promise<void> => {
  await tx
    .updateTable('district_leak_events')
    .set({ repair_order_id: orderId, repair_reported_at: at })
    .where('company_id', '=', companyId)
    .where('id', '=', eventId)
    .execute();
};
