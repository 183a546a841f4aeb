// SQL of the water balance: the day-end registers of inlet and outlet meters (supplied) and the validated daily
// consumption of member meters (billed), for one district or every district of a tenant in one query each.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { memberMetersSql } from './nightFlowRepository.ts';

type Db = Kysely<DB> | Transaction<DB>;

const dayText = (d: Date | string): string => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

// the China day a read closes (a read at 00:00 closes the day before), as readingDaysRepository has it
const closingDaySql = sql`((read_at - interval '1 microsecond' + interval '8 hours') at time zone 'UTC')::date`;

/**
 * The last register read of each China day from `from` to `to` (both included) per meter: the day-end registers
 * whose differences are the days' volumes. `from` is usually the day before the period, so its first day has a start.
 */
export const dayEndRegisters = async (
  db: Db,
  companyId: number,
  meterIds: number[],
  from: string,
  to: string,
): Promise<Map<number, { day: string; reading: number }[]>> => {
  const out = new Map<number, { day: string; reading: number }[]>(meterIds.map((id) => [id, []]));
  if (meterIds.length === 0) return out;
  const rows = await sql<{ meter_id: string; d: Date | string; reading: string }>`
    select distinct on (meter_id, d) meter_id, d, reading
      from (select meter_id, read_at, reading, ${closingDaySql} as d
              from meter_readings
             where company_id = ${companyId} and meter_id in (${sql.join(meterIds)})
               and read_at > ${new Date(Date.parse(`${from}T00:00:00+08:00`))}
               and read_at <= ${new Date(Date.parse(`${to}T00:00:00+08:00`) + 86_400_000)}) r
     order by meter_id, d, read_at desc`.execute(db);
  for (const r of rows.rows) out.get(Number(r.meter_id))?.push({ day: dayText(r.d), reading: Number(r.reading) });
  return out;
};

/** The member-meter set of districts as a CTE named `members` (nightFlowRepository.ts says what is counted). */
const membersCte = (companyId: number, districtIds: number[] | undefined) =>
  sql`members as (${memberMetersSql(companyId, districtIds)})`;

export type BilledFigures = {
  /** Σ consumption of member meters over the days, null when no member meter has a day */
  billed: number | null;
  memberMeters: number;
  /** member meters with a consumption on every day */
  completeMeters: number;
};

/** Billed consumption per district over from..to (reading_days), with the member and complete-meter counts. */
export const billedByDistrict = async (
  db: Db,
  companyId: number,
  districtIds: number[] | undefined,
  from: string,
  to: string,
  days: number,
): Promise<Map<number, BilledFigures>> => {
  const out = new Map<number, BilledFigures>();
  if (districtIds?.length === 0) return out;
  const rows = await sql<{ district_id: string; billed: string | null; members: string; complete: string }>`
    with ${membersCte(companyId, districtIds)},
    per_meter as (
      select mb.district_id, mb.meter_id, sum(rd.consumption) as consumption, count(rd.consumption) as days
        from members mb
        left join reading_days rd on rd.company_id = ${companyId} and rd.meter_id = mb.meter_id
                                 and rd.day >= ${from} and rd.day <= ${to}
       group by mb.district_id, mb.meter_id)
    select district_id, sum(consumption) as billed, count(*) as members,
           count(*) filter (where days >= ${days}) as complete
      from per_meter group by district_id`.execute(db);
  for (const r of rows.rows)
    out.set(Number(r.district_id), {
      billed: r.billed === null ? null : Number(r.billed),
      memberMeters: Number(r.members),
      completeMeters: Number(r.complete),
    });
  return out;
};

/** One district's billed consumption per day over from..to. */
export const billedPerDay = async (
  db: Db,
  companyId: number,
  districtId: number,
  from: string,
  to: string,
): Promise<Map<string, number>> => {
  const rows = await sql<{ day: Date | string; billed: string | null }>`
    with ${membersCte(companyId, [districtId])}
    select rd.day, sum(rd.consumption) as billed
      from members mb
      join reading_days rd on rd.company_id = ${companyId} and rd.meter_id = mb.meter_id
     where rd.day >= ${from} and rd.day <= ${to} and rd.consumption is not null
     group by rd.day`.execute(db);
  return new Map(rows.rows.map((r) => [dayText(r.day), Number(r.billed)]));
};
