// Test data of the district analysis: districts with their meters written straight to the tables (the district
// pages are another helper's), register reads every 15 minutes from a flow profile, and validated days of members.

import type { TypedApp } from '@waterops/gateway/src/plugins/typeBoxProvider.ts';
import { ensureReadingPartitions } from '@waterops/gateway/src/services/reading/readingPartitions.ts';
import { addDays, dayStart } from '@waterops/shared/reading';

let n = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;

export const insertMeter = async (app: TypedApp, companyId: number, code = uniq('DM')): Promise<number> =>
  Number(
    (
      await app.db
        .insertInto('water_meters')
        .values({ company_id: companyId, meter_code: code })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );

export type DistrictSeed = {
  name?: string;
  inlets?: number;
  outlets?: number;
  members?: number;
  connections?: number | null;
  mainsLengthKm?: number | null;
  meanPressureM?: number | null;
  polygon?: [number, number][] | null;
};

export type SeededDistrict = { id: number; name: string; inlets: number[]; outlets: number[]; members: number[] };

/** A district with fresh inlet, outlet and member meters (role 1, 2, 4). */
export const insertDistrict = async (
  app: TypedApp,
  companyId: number,
  s: DistrictSeed = {},
): Promise<SeededDistrict> => {
  const name = s.name ?? uniq('分区');
  const id = Number(
    (
      await app.db
        .insertInto('districts')
        .values({
          company_id: companyId,
          district_name: name,
          connections: s.connections ?? null,
          mains_length_km: s.mainsLengthKm ?? null,
          mean_pressure_m: s.meanPressureM ?? null,
          polygon: s.polygon ? JSON.stringify(s.polygon) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  const make = async (count: number, role: number) => {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const meterId = await insertMeter(app, companyId);
      await app.db
        .insertInto('district_meters')
        .values({ company_id: companyId, district_id: id, meter_id: meterId, role })
        .execute();
      ids.push(meterId);
    }
    return ids;
  };
  return {
    id,
    name,
    inlets: await make(s.inlets ?? 1, 1),
    outlets: await make(s.outlets ?? 0, 2),
    members: await make(s.members ?? 0, 4),
  };
};

/** Raw register reads of one meter. */
export const insertReads = async (app: TypedApp, companyId: number, meterId: number, reads: [Date, number][]) => {
  const rows = reads.map(([at, reading]) => ({ company_id: companyId, meter_id: meterId, read_at: at, reading }));
  await ensureReadingPartitions(
    app.db,
    rows.map((r) => r.read_at),
  );
  for (let i = 0; i < rows.length; i += 2000)
    await app.db
      .insertInto('meter_readings')
      .values(rows.slice(i, i + 2000))
      .onConflict((oc) => oc.doNothing())
      .execute();
};

/**
 * Register reads every 15 minutes over days from..to from a flow profile (m³/h as a function of the day and the
 * minute of the day the quarter ends on), starting at `start` m³. Returns the last register.
 */
export const insertProfile = async (
  app: TypedApp,
  companyId: number,
  meterId: number,
  from: string,
  days: number,
  flow: (day: number, minute: number) => number,
  start = 1000,
): Promise<number> => {
  const reads: [Date, number][] = [[dayStart(from), start]];
  let register = start;
  for (let d = 0; d < days; d++) {
    const t0 = dayStart(addDays(from, d)).getTime();
    for (let q = 1; q <= 96; q++) {
      register += flow(d, q * 15) / 4;
      reads.push([new Date(t0 + q * 900_000), Math.round(register * 1e6) / 1e6]);
    }
  }
  await insertReads(app, companyId, meterId, reads);
  return register;
};

/** Validated days of a member meter (consumption per day). */
export const insertDays = async (app: TypedApp, companyId: number, meterId: number, days: [string, number][]) => {
  let reading = 100;
  await app.db
    .insertInto('reading_days')
    .values(
      days.map(([day, consumption]) => {
        reading += consumption;
        return {
          company_id: companyId,
          meter_id: meterId,
          day,
          raw_reading: reading,
          reading,
          consumption,
          raw_consumption: consumption,
          quality: 'A',
        };
      }),
    )
    .execute();
};

/** A deterministic noise in [-1, 1] from a day index (a hash, so the series looks random but is fixed). */
export const noise = (i: number): number => {
  const x = Math.sin(i * 12.9898 + 78.233) * 43758.5453;
  return 2 * (x - Math.floor(x)) - 1;
};
