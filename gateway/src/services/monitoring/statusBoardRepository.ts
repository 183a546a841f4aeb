// SQL of the status board: online and total devices per kind and residential area of one tenant, with the area's
// name and region, in one statement (three grouped scans of the device tables' tenant rows).
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/tables.ts';
import type { BoardKind, BoardRow } from './statusBoard.ts';

export const statusBoardRows = async (db: Kysely<DB>, companyId: number): Promise<BoardRow[]> => {
  const result = await sql<{
    kind: BoardKind;
    area_id: string | number | null;
    area_name: string | null;
    region_id: string | number | null;
    online: string | number;
    total: string | number;
  }>`
    with counts as (
      select 'concentrator' as kind, area_id, count(*) filter (where online) as online, count(*) as total
      from concentrators where company_id = ${companyId} group by area_id
      union all
      select 'collector', area_id, count(*) filter (where online), count(*)
      from collectors where company_id = ${companyId} group by area_id
      union all
      select 'meter', area_id, count(*) filter (where online), count(*)
      from water_meters where company_id = ${companyId} group by area_id
    )
    select c.kind, c.area_id, a.area_name, a.region_id, c.online, c.total
    from counts c
    left join areas a on a.company_id = ${companyId} and a.id = c.area_id`.execute(db);
  return result.rows.map((r) => ({
    kind: r.kind,
    areaId: r.area_id === null ? null : Number(r.area_id),
    areaName: r.area_name,
    regionId: r.region_id === null ? null : Number(r.region_id),
    online: Number(r.online),
    total: Number(r.total),
  }));
};
