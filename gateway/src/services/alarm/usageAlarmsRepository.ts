// SQL of the usage-exception job: which meters' daily series changed, and their recent days and raw reads.

import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { DISTRICT_METER_ROLE } from '../../db/dmaTables.ts';
import type { DB } from '../../db/tables.ts';

/** Meters of the tenant whose validated days were (re)computed after `since`. */
export const recomputedMeters = async (db: Kysely<DB>, companyId: number, since: Date): Promise<number[]> =>
  (
    await db
      .selectFrom('reading_days')
      .select('meter_id')
      .distinct()
      .where('company_id', '=', companyId)
      .where('computed_at', '>', since)
      .execute()
  ).map((r) => Number(r.meter_id));

/** `bulk`: a meter others' water runs through (no continuous-flow alarm: it always flows). */
export type UsageMeter = { id: number; code: string; areaId: number | null; bulk: boolean };

export const usageMeters = async (db: Kysely<DB>, companyId: number, ids: readonly number[]): Promise<UsageMeter[]> =>
  (
    await db
      .selectFrom('water_meters as w')
      .select(['w.id', 'w.meter_code', 'w.area_id'])
      // a bulk meter: one registered as such (district, bulk, pump: issue 19), a district's inlet, outlet or
      // supervision point, or the parent of other meters (a building's master meter); water runs through it all night
      .select((eb) =>
        eb
          .or([
            eb('w.meter_kind', '<>', 'household'),
            eb.exists(
              eb
                .selectFrom('district_meters as dm')
                .select('dm.meter_id')
                .whereRef('dm.company_id', '=', 'w.company_id')
                .whereRef('dm.meter_id', '=', 'w.id')
                .where('dm.role', '!=', DISTRICT_METER_ROLE.member),
            ),
            eb.exists(
              eb
                .selectFrom('water_meters as c')
                .select('c.id')
                .whereRef('c.company_id', '=', 'w.company_id')
                .whereRef('c.parent_meter_id', '=', 'w.id'),
            ),
          ])
          .as('bulk'),
      )
      .where('w.company_id', '=', companyId)
      .where('w.id', 'in', [...ids])
      .where('w.used', '=', true)
      .execute()
  ).map((m) => ({
    id: Number(m.id),
    code: m.meter_code,
    areaId: m.area_id === null ? null : Number(m.area_id),
    bulk: Boolean(m.bulk),
  }));

/** Each meter's days from `fromDay` on, oldest first: consumption and whether the day is actual. */
export const usageDays = async (db: Kysely<DB>, companyId: number, ids: readonly number[], fromDay: string) =>
  (
    await db
      .selectFrom('reading_days')
      .select(['meter_id', sql<string>`day::text`.as('day'), 'consumption', 'quality'])
      .where('company_id', '=', companyId)
      .where('meter_id', 'in', [...ids])
      .where(sql`day`, '>=', sql<string>`${fromDay}::date`)
      .orderBy('meter_id')
      .orderBy('day')
      .execute()
  ).map((d) => ({
    meterId: Number(d.meter_id),
    day: d.day,
    consumption: d.consumption === null ? null : Number(d.consumption),
    actual: d.quality === 'A',
  }));

/** Each meter's raw reads from `from` on. */
export const usageReads = async (db: Kysely<DB>, companyId: number, ids: readonly number[], from: Date) =>
  (
    await sql<{ meter_id: number; read_at: Date; reading: string }>`
      select meter_id, read_at, reading from meter_readings
      where company_id = ${companyId} and meter_id = any(${[...ids]}::bigint[]) and read_at >= ${from.toISOString()}::timestamptz
      order by meter_id, read_at`.execute(db)
  ).rows.map((r) => ({ meterId: Number(r.meter_id), at: new Date(r.read_at), reading: Number(r.reading) }));
