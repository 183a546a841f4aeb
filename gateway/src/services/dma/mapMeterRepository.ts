// SQL of the operations map's meter layer: every meter of the tenant with a position and its status, in one query
// turned into columns with plain loops (100,000 meters as response objects would cost the heap and the wire).
import { MAP_METER_STATUS, type MapMeters } from '@waterops/shared/dma';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { type ScopePredicate, scopeExpression } from '../resource/resourceScope.ts';

/**
 * Status 2 when a live alarm (active or not yet acknowledged, neither suppressed by design nor shelved now) is on
 * the meter, else 1 when the meter is offline, else 0. The live alarms are read once (the partial index
 * alarms_live_idx holds exactly them) and joined, not looked up per meter.
 */
export const mapMeters = async (
  db: Kysely<DB>,
  companyId: number,
  scope: readonly ScopePredicate[] | null,
  at: Date,
): Promise<MapMeters> => {
  let q = db
    .selectFrom('water_meters as t')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('alarms as a')
          .select('a.source_id')
          .distinct()
          .where('a.company_id', '=', companyId)
          .where('a.source_kind', '=', 'meter')
          .where((w) => w.or([w('a.active', '=', true), w('a.acknowledged', '=', false)]))
          .where('a.suppressed', '=', false)
          .where((w) => w.or([w('a.shelved_until', 'is', null), w('a.shelved_until', '<=', at)]))
          .as('la'),
      (j) => j.onRef('la.source_id', '=', 't.id'),
    )
    .select([
      't.id',
      't.meter_code',
      't.lng',
      't.lat',
      sql<number>`case when la.source_id is not null then ${sql.lit(MAP_METER_STATUS.alarm)}
                       when not t.online then ${sql.lit(MAP_METER_STATUS.offline)}
                       else ${sql.lit(MAP_METER_STATUS.online)} end`.as('status'),
    ])
    .where('t.company_id', '=', companyId)
    .where('t.lng', 'is not', null)
    .where('t.lat', 'is not', null);
  if (scope) q = q.where(scopeExpression(scope));
  const rows = await q.orderBy('t.id').execute();
  const n = rows.length;
  const out: MapMeters = {
    id: new Array(n),
    code: new Array(n),
    lng: new Array(n),
    lat: new Array(n),
    status: new Array(n),
  };
  for (let i = 0; i < n; i++) {
    const r = rows[i] as (typeof rows)[number];
    out.id[i] = Number(r.id);
    out.code[i] = r.meter_code;
    out.lng[i] = r.lng as number;
    out.lat[i] = r.lat as number;
    out.status[i] = Number(r.status);
  }
  return out;
};
