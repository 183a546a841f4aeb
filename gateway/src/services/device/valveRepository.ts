// SQL of valves beyond the generic resource: the linked meter's code and the area's name for a page of valves.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.ts';
import type { DbRow } from '../resource/resourceRepository.ts';

export const enrichValves = async (db: Kysely<DB>, companyId: number, rows: DbRow[]): Promise<DbRow[]> => {
  const ids = rows.map((r) => Number(r.id));
  if (ids.length === 0) return rows;
  const extra = await db
    .selectFrom('valves as v')
    .leftJoin('water_meters as m', (j) => j.onRef('m.company_id', '=', 'v.company_id').onRef('m.id', '=', 'v.meter_id'))
    .leftJoin('areas as a', (j) => j.onRef('a.company_id', '=', 'v.company_id').onRef('a.id', '=', 'v.area_id'))
    .select(['v.id', 'm.meter_code', 'a.area_name'])
    .where('v.company_id', '=', companyId)
    .where('v.id', 'in', ids)
    .execute();
  const byId = new Map(extra.map((e) => [Number(e.id), e]));
  return rows.map((r) => ({ ...r, ...byId.get(Number(r.id)), id: r.id }));
};
