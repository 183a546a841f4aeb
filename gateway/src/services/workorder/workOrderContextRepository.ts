// SQL of an order's surroundings in its district (workOrderContextRoutes.ts): the district's open leak events with the
// open order repairing each, its live alarms (by member area, district meter or the district itself; suppressed ones
// stand under their parent), and the other open orders there.

import type { DataScope } from '@waterops/shared/place';
import { OPEN_STATUSES } from '@waterops/shared/workorder';
import { type SqlBool, sql } from 'kysely';
import { scopeExpression, scopeFilter } from '../resource/resourceScope.ts';
import { type Db, type Visibility, visibleOrders } from './workOrderRepository.ts';

const dayText = (d: Date | string) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

export const districtLeakEvents = async (db: Db, companyId: number, districtId: number) =>
  (
    await db
      .selectFrom('district_leak_events as e')
      .leftJoin('work_orders as w', (j) =>
        j
          .onRef('w.company_id', '=', 'e.company_id')
          .onRef('w.leak_event_id', '=', 'e.id')
          .on('w.status', 'in', [...OPEN_STATUSES]),
      )
      .select(['e.id', 'e.kind', sql<string>`e.start_day::text`.as('start_day'), 'e.magnitude', 'e.volume', 'w.code'])
      .where('e.company_id', '=', companyId)
      .where('e.district_id', '=', districtId)
      .where('e.status', '=', 'open')
      .orderBy('e.start_day', 'desc')
      .limit(20)
      .execute()
  ).map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    startDay: dayText(r.start_day),
    magnitude: Number(r.magnitude),
    volume: Number(r.volume),
    orderCode: r.code ?? null,
  }));

/** Live alarms of a district in the caller's scope: up to 20, most urgent and newest first, and how many in all. */
export const districtAlarms = async (db: Db, companyId: number, districtId: number, scope: DataScope | null) => {
  let base = db
    .selectFrom('alarms as t')
    .where('t.company_id', '=', companyId)
    .where('t.suppressed', '=', false)
    .where(sql<SqlBool>`(t.active or not t.acknowledged)`)
    .where((eb) =>
      eb.or([
        eb(
          't.area_id',
          'in',
          eb
            .selectFrom('district_areas as da')
            .select('da.area_id')
            .where('da.company_id', '=', companyId)
            .where('da.district_id', '=', districtId),
        ),
        eb.and([
          eb('t.source_kind', '=', 'meter'),
          eb(
            't.source_id',
            'in',
            eb
              .selectFrom('district_meters as dm')
              .select('dm.meter_id')
              .where('dm.company_id', '=', companyId)
              .where('dm.district_id', '=', districtId),
          ),
        ]),
        eb.and([eb('t.source_kind', '=', 'district'), eb('t.source_id', '=', districtId)]),
      ]),
    );
  const predicates = scopeFilter({ areaColumn: 'area_id' }, scope);
  if (predicates !== null) base = base.where(scopeExpression(predicates));
  const [rows, total] = await Promise.all([
    base
      .select(['t.id', 't.alarm_type', 't.level', 't.source_code', 't.raised_at'])
      .orderBy(sql`case t.level when 'urgent' then 0 when 'severe' then 1 when 'alarm' then 2 else 3 end`)
      .orderBy('t.raised_at', 'desc')
      .limit(20)
      .execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
  ]);
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      alarmType: r.alarm_type,
      level: r.level,
      sourceCode: r.source_code,
      raisedAt: new Date(r.raised_at).toISOString(),
    })),
    count: Number(total?.n ?? 0),
  };
};

/** The other open orders of a district the caller sees. */
export const otherOpenOrders = async (db: Db, companyId: number, v: Visibility, districtId: number, exceptId: number) =>
  Number(
    (
      await visibleOrders(db, companyId, v)
        .select(sql<number>`count(*)`.as('n'))
        .where('t.district_id', '=', districtId)
        .where('t.id', '<>', exceptId)
        .where('t.status', 'in', [...OPEN_STATUSES])
        .executeTakeFirst()
    )?.n ?? 0,
  );
