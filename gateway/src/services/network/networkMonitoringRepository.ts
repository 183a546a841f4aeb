// SQL of the network monitoring summary, for the tenant or one district: pipes grouped by material and diameter,
// wells by type, valves by state (a district's valves are those in its member areas), and the metered pipes with
// their meters' state and two latest reads. Bounded by company_id.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/tables.ts';

type Db = Kysely<DB>;

/** The most metered pipe ends one summary lists (a city has a few hundred district and trunk meters). */
export const METERED_PIPES_MAX = 500;

export const pipeGroups = async (db: Db, companyId: number, districtId: number | undefined) => {
  let q = db
    .selectFrom('pipelines')
    .select((eb) => [
      'material',
      'diameter_mm',
      eb.fn.countAll<string>().as('n'),
      sql<string | null>`sum(coalesce(length_m, 0))`.as('length'),
    ])
    .where('company_id', '=', companyId)
    .groupBy(['material', 'diameter_mm']);
  if (districtId !== undefined) q = q.where('district_id', '=', districtId);
  return (await q.execute()).map((r) => ({
    material: r.material,
    diameterMm: r.diameter_mm === null ? null : Number(r.diameter_mm),
    count: Number(r.n),
    lengthM: Number(r.length ?? 0),
  }));
};

export const wellsByType = async (db: Db, companyId: number, districtId: number | undefined) => {
  let q = db
    .selectFrom('wells')
    .select((eb) => ['well_type', eb.fn.countAll<string>().as('n')])
    .where('company_id', '=', companyId)
    .groupBy('well_type')
    .orderBy('well_type');
  if (districtId !== undefined) q = q.where('district_id', '=', districtId);
  return (await q.execute()).map((r) => ({ wellType: Number(r.well_type), count: Number(r.n) }));
};

export const valveStates = async (db: Db, companyId: number, districtId: number | undefined) => {
  let q = db
    .selectFrom('valves as v')
    .select((eb) => ['v.valve_state', eb.fn.countAll<string>().as('n')])
    .where('v.company_id', '=', companyId)
    .groupBy('v.valve_state');
  if (districtId !== undefined)
    q = q.where((eb) =>
      eb(
        'v.area_id',
        'in',
        eb
          .selectFrom('district_areas as da')
          .select('da.area_id')
          .where('da.company_id', '=', companyId)
          .where('da.district_id', '=', districtId),
      ),
    );
  const rows = await q.execute();
  const count = (state: number) => Number(rows.find((r) => Number(r.valve_state) === state)?.n ?? 0);
  return { open: count(1), closed: count(0) };
};

export type MeteredEnd = {
  pipelineId: number;
  pipeCode: string;
  end: 'start' | 'end';
  meterId: number;
  meterCode: string;
  online: boolean;
};

/** Pipe ends with a meter (start first), by pipe code. */
export const meteredEnds = async (db: Db, companyId: number, districtId: number | undefined): Promise<MeteredEnd[]> => {
  let q = db
    .selectFrom('pipelines as p')
    .innerJoin('water_meters as m', (j) =>
      j
        .onRef('m.company_id', '=', 'p.company_id')
        .on((eb) => eb.or([eb('m.id', '=', eb.ref('p.start_meter_id')), eb('m.id', '=', eb.ref('p.end_meter_id'))])),
    )
    .select(['p.id', 'p.pipe_code', 'p.start_meter_id', 'm.id as meter_id', 'm.meter_code', 'm.online'])
    .where('p.company_id', '=', companyId)
    .orderBy('p.pipe_code')
    .orderBy('p.id')
    .limit(METERED_PIPES_MAX);
  if (districtId !== undefined) q = q.where('p.district_id', '=', districtId);
  const rows = await q.execute();
  return rows
    .map((r) => ({
      pipelineId: Number(r.id),
      pipeCode: r.pipe_code,
      end: Number(r.start_meter_id) === Number(r.meter_id) ? ('start' as const) : ('end' as const),
      meterId: Number(r.meter_id),
      meterCode: r.meter_code,
      online: Boolean(r.online),
    }))
    .sort((a, b) => (a.pipelineId === b.pipelineId ? (a.end === 'start' ? -1 : 1) : 0));
};

/** The two latest reads of each meter (latest first). */
export const latestReads = async (db: Db, companyId: number, meterIds: readonly number[]) => {
  const out = new Map<number, { readAt: Date; reading: number }[]>();
  if (meterIds.length === 0) return out;
  const rows = await sql<{ meter_id: string | number; read_at: Date; reading: string }>`
    select m.id as meter_id, r.read_at, r.reading
    from water_meters m
    cross join lateral (
      select read_at, reading from meter_readings
      where company_id = m.company_id and meter_id = m.id
      order by read_at desc limit 2
    ) r
    where m.company_id = ${companyId} and m.id in (${sql.join([...new Set(meterIds)])})`.execute(db);
  for (const r of rows.rows) {
    const id = Number(r.meter_id);
    const list = out.get(id) ?? [];
    list.push({ readAt: new Date(r.read_at), reading: Number(r.reading) });
    out.set(id, list);
  }
  for (const list of out.values()) list.sort((a, b) => b.readAt.getTime() - a.readAt.getTime());
  return out;
};

/** Whether the tenant has the district. */
export const districtExists = async (db: Db, companyId: number, id: number) =>
  (await db
    .selectFrom('districts')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst()) !== undefined;
