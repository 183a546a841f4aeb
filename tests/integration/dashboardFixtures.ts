// Test data of the home dashboards, written straight to the tables: places, meters with their online state, validated
// days with their quality and raw reads, raw reads with the time they arrived, live alarms.
import type { TypedApp } from '@waterops/gateway/src/plugins/typeBoxProvider.ts';
import { ensureReadingPartitions } from '@waterops/gateway/src/services/reading/readingPartitions.ts';
import { dayStart } from '@waterops/shared/reading';

let n = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;
const id = (row: { id: number | string }) => Number(row.id);

export const insertRegion = async (app: TypedApp, companyId: number) =>
  id(
    await app.db
      .insertInto('regions')
      .values({ company_id: companyId, region_name: uniq('片区') })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );

export const insertArea = async (app: TypedApp, companyId: number, regionId: number) =>
  id(
    await app.db
      .insertInto('areas')
      .values({ company_id: companyId, region_id: regionId, area_name: uniq('小区') })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );

export const insertConcentrator = async (app: TypedApp, companyId: number, areaId: number, reportRate: number) =>
  id(
    await app.db
      .insertInto('concentrators')
      .values({ company_id: companyId, concentrator_code: uniq('C'), area_id: areaId, report_rate: reportRate })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );

/** A meter in use of an area, behind a concentrator or on its own. */
export const insertMeter = async (
  app: TypedApp,
  companyId: number,
  areaId: number,
  concentratorId: number | null,
  online: boolean,
) =>
  id(
    await app.db
      .insertInto('water_meters')
      .values({
        company_id: companyId,
        meter_code: uniq('DM'),
        area_id: areaId,
        concentrator_id: concentratorId,
        used: true,
        online,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );

/** Validated days of a meter: [day, quality, raw reads that day, consumption m³]. */
export const insertQualityDays = async (
  app: TypedApp,
  companyId: number,
  meterId: number,
  days: [string, 'A' | 'E' | 'S', number, number][],
) =>
  app.db
    .insertInto('reading_days')
    .values(
      days.map(([day, quality, reads, consumption]) => ({
        company_id: companyId,
        meter_id: meterId,
        day,
        reading: 100,
        consumption,
        raw_consumption: consumption,
        quality,
        rule: quality === 'A' ? null : 'gap',
        reads,
      })),
    )
    .execute();

/** Raw reads of a meter: [day, taken hours after the day's start, received minutes after being taken]. */
export const insertTimedReads = async (
  app: TypedApp,
  companyId: number,
  meterId: number,
  reads: [string, number, number][],
) => {
  const rows = reads.map(([day, hoursIn, delayMin], i) => {
    const readAt = new Date(dayStart(day).getTime() + hoursIn * 3_600_000);
    return {
      company_id: companyId,
      meter_id: meterId,
      read_at: readAt,
      reading: 100 + i,
      received_at: new Date(readAt.getTime() + delayMin * 60_000),
    };
  });
  await ensureReadingPartitions(
    app.db,
    rows.map((r) => r.read_at),
  );
  await app.db.insertInto('meter_readings').values(rows).execute();
};

/** A live (active, unacknowledged) voltage alarm of an area, raised at `at`. */
export const insertAlarm = async (app: TypedApp, companyId: number, areaId: number, level: string, at: Date) =>
  app.db
    .insertInto('alarms')
    .values({
      company_id: companyId,
      alarm_type: 'voltage',
      level,
      source_kind: 'meter',
      source_id: 800_000 + n++,
      source_code: uniq('SRC'),
      area_id: areaId,
      value: null,
      threshold: null,
      active: true,
      acknowledged: false,
      suppressed: false,
      raised_at: at,
    })
    .execute();
