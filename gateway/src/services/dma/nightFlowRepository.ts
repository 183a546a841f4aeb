// SQL of the night-flow analysis: the districts and their meters, the flow samples of inlet and outlet meters
// (imported inlet_flows, else derived from register reads) and the stored nightlines; the leak events are in
// leakEventRepository.ts. Bounded by company_id throughout.

import { closingDay } from '@waterops/shared/reading';
import { type Kysely, sql, type Transaction } from 'kysely';
import { DISTRICT_METER_ROLE } from '../../db/dmaTables.ts';
import type { DB } from '../../db/tables.ts';
import type { FlowSample } from './nightFlow/index.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** A China day as a SQL date. */
export const asDate = (day: string) => sql<Date>`cast(${day} as date)`;

const num = (v: string | number | null | undefined): number | null =>
  v === null || v === undefined ? null : Number(v);
/** A date column as 'YYYY-MM-DD'. */
export const dayText = (d: Date | string): string =>
  typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10);

/** What the analysis needs of a district. */
export type DistrictInfo = {
  id: number;
  name: string;
  kind: number;
  parentId: number | null;
  polygon: [number, number][] | null;
  mainsLengthKm: number | null;
  connections: number | null;
  privatePipeKm: number | null;
  meanPressureM: number | null;
  nightUseLPerConnH: number | null;
  nightDayFactorH: number | null;
  /** the legitimate night use stated directly, m³/h (m0025); null = connections × L/h */
  nightUseM3h: number | null;
  /** the quiet period the detector learns the baseline from (m0027); null: its first three weeks */
  baselineFrom: string | null;
  baselineTo: string | null;
};

export const loadDistricts = async (db: Db, companyId: number, districtId?: number): Promise<DistrictInfo[]> => {
  let q = db.selectFrom('districts').selectAll().where('company_id', '=', companyId);
  if (districtId !== undefined) q = q.where('id', '=', districtId);
  const rows = await q.orderBy('id').execute();
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.district_name,
    kind: r.kind,
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    polygon: r.polygon,
    mainsLengthKm: num(r.mains_length_km),
    connections: r.connections,
    privatePipeKm: num(r.private_pipe_km),
    meanPressureM: num(r.mean_pressure_m),
    nightUseLPerConnH: num(r.night_use_l_per_conn_h),
    nightDayFactorH: num(r.night_day_factor_h),
    nightUseM3h: num(r.night_use_m3h),
    baselineFrom: r.baseline_from ? dayText(r.baseline_from) : null,
    baselineTo: r.baseline_to ? dayText(r.baseline_to) : null,
  }));
};

/** Tenants with at least one district (the job's work list). */
export const tenantsWithDistricts = async (db: Db): Promise<number[]> =>
  (await db.selectFrom('districts').select('company_id').distinct().execute()).map((r) => Number(r.company_id));

export type DistrictMeter = { districtId: number; meterId: number; role: number; meterCode: string };

/** The meters with a role in the districts (every district of the tenant when districtIds is undefined). */
export const districtMeters = async (db: Db, companyId: number, districtIds?: number[]): Promise<DistrictMeter[]> => {
  if (districtIds?.length === 0) return [];
  let q = db
    .selectFrom('district_meters as dm')
    .innerJoin('water_meters as m', (j) =>
      j.onRef('m.company_id', '=', 'dm.company_id').onRef('m.id', '=', 'dm.meter_id'),
    )
    .select(['dm.district_id', 'dm.meter_id', 'dm.role', 'm.meter_code'])
    .where('dm.company_id', '=', companyId);
  if (districtIds) q = q.where('dm.district_id', 'in', districtIds);
  return (await q.orderBy('dm.district_id').orderBy('dm.meter_id').execute()).map((r) => ({
    districtId: Number(r.district_id),
    meterId: Number(r.meter_id),
    role: r.role,
    meterCode: r.meter_code,
  }));
};

/**
 * Member meters per district: the meters of its member areas plus its member-role meters, without the meters that
 * measure the district itself (inlet, outlet, supervision point). One query for every district asked.
 */
export const memberMeterIds = async (
  db: Db,
  companyId: number,
  districtIds?: number[],
): Promise<Map<number, number[]>> => {
  const out = new Map<number, number[]>();
  if (districtIds?.length === 0) return out;
  const rows = await sql<{ district_id: string | number; meter_id: string | number }>`${memberMetersSql(
    companyId,
    districtIds,
  )}`.execute(db);
  for (const r of rows.rows) {
    const d = Number(r.district_id);
    const list = out.get(d);
    if (list) list.push(Number(r.meter_id));
    else out.set(d, [Number(r.meter_id)]);
  }
  return out;
};

/**
 * Flow samples (m³/h) of each meter over (from, to]: imported inlet_flows for the China days that have them, else
 * derived from consecutive register reads (Δreading / Δt; a negative delta — a reset or a swap — is skipped).
 * A derived sample stands for the interval that ends at its read, as FlowSample says.
 */
export const loadFlowSamples = async (
  db: Db,
  companyId: number,
  meterIds: number[],
  from: Date,
  to: Date,
): Promise<Map<number, FlowSample[]>> => {
  const out = new Map<number, FlowSample[]>(meterIds.map((id) => [id, []]));
  if (meterIds.length === 0) return out;
  // one read before the window so its first interval has a start
  const reads = await db
    .selectFrom('meter_readings')
    .select(['meter_id', 'read_at', 'reading'])
    .where('company_id', '=', companyId)
    .where('meter_id', 'in', meterIds)
    .where('read_at', '>', new Date(from.getTime() - 3_600_000))
    .where('read_at', '<=', to)
    .orderBy('meter_id')
    .orderBy('read_at')
    .execute();
  const imported = await db
    .selectFrom('inlet_flows')
    .select(['meter_id', 'at', 'flow'])
    .where('company_id', '=', companyId)
    .where('meter_id', 'in', meterIds)
    .where('at', '>', from)
    .where('at', '<=', to)
    .orderBy('meter_id')
    .orderBy('at')
    .execute();
  const importedDays = new Map<number, Set<string>>();
  for (const r of imported) {
    const id = Number(r.meter_id);
    const at = new Date(r.at);
    out.get(id)?.push({ at, flow: Number(r.flow) });
    const days = importedDays.get(id) ?? new Set<string>();
    importedDays.set(id, days);
    days.add(closingDay(at));
  }
  let prev: { id: number; t: number; r: number } | null = null;
  for (const row of reads) {
    const id = Number(row.meter_id);
    const t = new Date(row.read_at).getTime();
    const r = Number(row.reading);
    if (prev && prev.id === id && t > prev.t && t > from.getTime() && r >= prev.r) {
      const at = new Date(t);
      if (!importedDays.get(id)?.has(closingDay(at)))
        out.get(id)?.push({ at, flow: ((r - prev.r) * 3_600_000) / (t - prev.t) });
    }
    prev = { id, t, r };
  }
  for (const list of out.values()) list.sort((a, b) => a.at.getTime() - b.at.getTime());
  return out;
};

export type NightlineRow = {
  day: string;
  nightline: number | null;
  minAt: Date | null;
  points: number;
  expected: number;
  legitimate: number | null;
  leakage: number | null;
  meanFlow: number | null;
};

export const upsertNightlines = async (
  db: Db,
  companyId: number,
  districtId: number,
  rows: NightlineRow[],
  at: Date,
): Promise<void> => {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('district_nightlines')
      .values(
        rows.slice(i, i + 500).map((r) => ({
          company_id: companyId,
          district_id: districtId,
          day: r.day,
          nightline: r.nightline,
          min_at: r.minAt,
          points: r.points,
          expected: r.expected,
          legitimate: r.legitimate,
          leakage: r.leakage,
          mean_flow: r.meanFlow,
          computed_at: at,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['company_id', 'district_id', 'day']).doUpdateSet((eb) => ({
          nightline: eb.ref('excluded.nightline'),
          min_at: eb.ref('excluded.min_at'),
          points: eb.ref('excluded.points'),
          expected: eb.ref('excluded.expected'),
          legitimate: eb.ref('excluded.legitimate'),
          leakage: eb.ref('excluded.leakage'),
          mean_flow: eb.ref('excluded.mean_flow'),
          computed_at: eb.ref('excluded.computed_at'),
        })),
      )
      .execute();
  }
};

export const readNightlines = async (
  db: Db,
  companyId: number,
  districtId: number,
  from: string,
  to: string,
): Promise<NightlineRow[]> =>
  (
    await db
      .selectFrom('district_nightlines')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('district_id', '=', districtId)
      .where('day', '>=', asDate(from))
      .where('day', '<=', asDate(to))
      .orderBy('day')
      .execute()
  ).map((r) => ({
    day: dayText(r.day),
    nightline: num(r.nightline),
    minAt: r.min_at,
    points: r.points,
    expected: r.expected,
    legitimate: num(r.legitimate),
    leakage: num(r.leakage),
    meanFlow: num(r.mean_flow),
  }));

/** When the district's nightlines were last computed (null: never). */
export const lastComputedAt = async (db: Db, companyId: number, districtId: number): Promise<Date | null> => {
  const row = await db
    .selectFrom('district_nightlines')
    .select((eb) => eb.fn.max('computed_at').as('at'))
    .where('company_id', '=', companyId)
    .where('district_id', '=', districtId)
    .executeTakeFirst();
  return row?.at ? new Date(row.at) : null;
};

/**
 * The earliest read (or imported sample) after `from` of these meters that arrived after `since`: late data (a
 * backfill still running at the last analysis, a concentrator catching up) makes its days due again.
 */
export const earliestArrivedSince = async (
  db: Db,
  companyId: number,
  meterIds: number[],
  since: Date,
  from: Date,
): Promise<Date | null> => {
  if (meterIds.length === 0) return null;
  const read = await db
    .selectFrom('meter_readings')
    .select((eb) => eb.fn.min('read_at').as('at'))
    .where('company_id', '=', companyId)
    .where('meter_id', 'in', meterIds)
    .where('read_at', '>', from)
    .where('received_at', '>', since)
    .executeTakeFirst();
  const imported = await db
    .selectFrom('inlet_flows')
    .select((eb) => eb.fn.min('at').as('at'))
    .where('company_id', '=', companyId)
    .where('meter_id', 'in', meterIds)
    .where('at', '>', from)
    .where('imported_at', '>', since)
    .executeTakeFirst();
  const times = [read?.at, imported?.at].filter((x) => x !== null && x !== undefined).map((x) => new Date(x as Date));
  return times.length ? new Date(Math.min(...times.map((t) => t.getTime()))) : null;
};

/** The latest stored nightline of every district of the tenant that has one. */
export const latestNightlines = async (
  db: Db,
  companyId: number,
): Promise<Map<number, { day: string; nightline: number | null; leakage: number | null }>> => {
  const rows = await sql<{ district_id: string; day: Date | string; nightline: string | null; leakage: string | null }>`
    select distinct on (district_id) district_id, day, nightline, leakage
      from district_nightlines
     where company_id = ${companyId} and nightline is not null
     order by district_id, day desc`.execute(db);
  return new Map(
    rows.rows.map((r) => [
      Number(r.district_id),
      { day: dayText(r.day), nightline: num(r.nightline), leakage: num(r.leakage) },
    ]),
  );
};

/**
 * The member-meter set of districts as one SQL select of (district_id, meter_id): the meters of the member areas and
 * the member-role meters, less the meters that measure a district (inlet, outlet, supervision point). Shared by the
 * night flow (legitimate night use) and the water balance (billed consumption), so both count the same meters.
 */
export const memberMetersSql = (companyId: number, districtIds: number[] | undefined) => {
  const filter = districtIds ? sql`and d.id in (${sql.join(districtIds)})` : sql``;
  return sql`
    select d.id as district_id, m.id as meter_id
      from districts d
      join district_areas da on da.company_id = d.company_id and da.district_id = d.id
      join water_meters m on m.company_id = da.company_id and m.area_id = da.area_id
     where d.company_id = ${companyId} ${filter}
       -- an area's household meters: a bulk meter standing in it (issue 19) is a member only when named as one
       and m.meter_kind = 'household'
       and not exists (select 1 from district_meters x where x.company_id = m.company_id and x.meter_id = m.id
                        and x.role in (${DISTRICT_METER_ROLE.inlet}, ${DISTRICT_METER_ROLE.outlet}, ${DISTRICT_METER_ROLE.supervision}))
    union
    select dm.district_id, dm.meter_id
      from district_meters dm join districts d on d.company_id = dm.company_id and d.id = dm.district_id
     where dm.company_id = ${companyId} and dm.role = ${DISTRICT_METER_ROLE.member} ${filter}`;
};
