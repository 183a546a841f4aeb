// SQL of the usage-exception job: which meters' daily series changed, and their recent days and raw reads.

import type { Kysely } from 'kysely';
import { sql } from 'kysely';
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

export type UsageMeter = { id: number; code: string; areaId: number | null };

export const usageMeters = async (db: Kysely<DB>, companyId: number, ids: readonly number[]): Promise<UsageMeter[]> =>
  (
    await db
      .selectFrom('water_meters')
      .select(['id', 'meter_code', 'area_id'])
      .where('company_id', '=', companyId)
      .where('id', 'in', [...ids])
      .where('used', '=', true)
      .execute()
  ).map((m) => ({ id: Number(m.id), code: m.meter_code, areaId: m.area_id === null ? null : Number(m.area_id) }));

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
