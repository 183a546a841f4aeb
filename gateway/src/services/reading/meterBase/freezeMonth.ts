// The month-end freeze (抄表底数): each used meter's validated register at the end of a China month becomes its base
// for that month, with the month's consumption summed from the validated daily series, so rollovers and swaps
// inside the month are already taken out. Bases already there (a rerun, an import) are kept. Meters on the
// reading-sync blacklist, directly or through their collector or concentrator, are skipped, and so are meters whose
// daily series for the month is not validated yet (dirty_from within it): a later run adds their base (fill-in).
import { addDays, addMonths } from '@waterops/shared/reading';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../db/tables.ts';

/** The last China day of a 'YYYY-MM' month. */
export const lastDayOf = (period: string): string => addDays(`${addMonths(period)}-01`, -1);

/**
 * Inserts the bases of `period` for one tenant; returns how many were added. The caller brings reading_days up to
 * date first (revalidateDirtyMeters). Start = the previous month's base, else the validated register at the end of
 * the previous month, else the meter's installation base; end = the register at the end of the month's last day;
 * quality 'E' when that end is not an actual read.
 */
export const freezeMonth = async (db: Kysely<DB>, companyId: number, period: string, at: Date): Promise<number> => {
  const first = `${period}-01`;
  const last = lastDayOf(period);
  const before = addDays(first, -1);
  const previous = addMonths(period, -1);
  const result = await sql`
    insert into meter_bases
      (company_id, meter_id, period, start_reading, end_reading, consumption, quality, source, frozen_at, updated_at)
    select m.company_id, m.id, ${period},
           coalesce(pb.end_reading, pd.reading, m.base_reading),
           ld.reading,
           coalesce(used.total, 0),
           case when ld.quality = 'A' then 'A' else 'E' end,
           1, ${at}, ${at}
      from water_meters m
      join reading_days ld on ld.company_id = m.company_id and ld.meter_id = m.id and ld.day = ${last}::date
      left join meter_bases pb on pb.company_id = m.company_id and pb.meter_id = m.id and pb.period = ${previous}
      left join reading_days pd on pd.company_id = m.company_id and pd.meter_id = m.id and pd.day = ${before}::date
      left join lateral (
        select sum(d.consumption) as total
          from reading_days d
         where d.company_id = m.company_id and d.meter_id = m.id and d.day between ${first}::date and ${last}::date
      ) used on true
     where m.company_id = ${companyId}
       and m.used
       and (m.dirty_from is null or m.dirty_from > ${last}::date)
       and not exists (
         select 1 from device_blacklists b
          where b.company_id = m.company_id and b.list_kind = 2
            and ((b.device_kind = 3 and b.device_id = m.id)
              or (b.device_kind = 2 and b.device_id = m.collector_id)
              or (b.device_kind = 1 and b.device_id = m.concentrator_id)))
    on conflict (company_id, meter_id, period) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
};

/** The first China day of the tenant's validated data ('YYYY-MM-DD'), or null when it has none. */
export const firstDataDay = async (db: Kysely<DB>, companyId: number): Promise<string | null> => {
  const row = await sql<{ day: string | null }>`
    select to_char(min(day), 'YYYY-MM-DD') as day from reading_days where company_id = ${companyId}`.execute(db);
  return row.rows[0]?.day ?? null;
};
