// The districts section of an archive sync (POST ingest/archives): a head-end (or the city simulator) names its
// districts with their outline, inlet and outlet meter codes and member area names. A new name is created; an
// existing one gets what the sync gives, and only when it differs, so the same sync again writes nothing. Meters and
// figures entered on the districts page (supervision points, member meters, mains length, sub-zones) are left alone:
// the sync's mains length and mean pressure only fill a district that has none yet.
import { closeRing, validateDistrict } from '@waterops/shared/dma';
import type { Archives, RejectReason } from '@waterops/shared/reading';
import { sql, type Transaction } from 'kysely';
import { DISTRICT_KIND, DISTRICT_METER_ROLE } from '../../db/dmaTables.ts';
import type { DB } from '../../db/tables.ts';

type Tx = Transaction<DB>;
type ArchiveDistrict = NonNullable<Archives['districts']>[number];
type Refuse = (section: string, index: number, code: string | null, reason: RejectReason) => void;
type Known = {
  id: number;
  kind: number;
  polygon: string | null;
  mainsKnown: boolean;
  pressureKnown: boolean;
  inlets: number[];
  outlets: number[];
  areas: number[];
};

const sameSet = (a: readonly number[], b: readonly number[]) => {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((v) => y.has(v));
};

const idsOf = async (
  tx: Tx,
  companyId: number,
  table: 'areas' | 'water_meters',
  names: string[],
): Promise<Map<string, number>> => {
  const column = table === 'areas' ? 'area_name' : 'meter_code';
  const out = new Map<string, number>();
  const unique = [...new Set(names)];
  for (let i = 0; i < unique.length; i += 1000) {
    const rows = await sql<{ id: string | number; name: string }>`
      select id, ${sql.ref(column)} as name from ${sql.table(table)}
       where company_id = ${companyId} and ${sql.ref(column)} = any(${unique.slice(i, i + 1000)}::text[])`.execute(tx);
    for (const r of rows.rows) out.set(r.name, Number(r.id));
  }
  return out;
};

/** The tenant's districts of these names with their inlets, outlets and member areas. */
const knownDistricts = async (tx: Tx, companyId: number, names: string[]): Promise<Map<string, Known>> => {
  const rows = await tx
    .selectFrom('districts')
    .select(['id', 'district_name', 'kind', 'polygon', 'mains_length_km', 'mean_pressure_m'])
    .where('company_id', '=', companyId)
    .where('district_name', 'in', [...new Set(names)])
    .execute();
  const out = new Map<string, Known>();
  const byId = new Map<number, Known>();
  for (const r of rows) {
    const k: Known = {
      id: Number(r.id),
      kind: Number(r.kind),
      polygon: r.polygon ? JSON.stringify(r.polygon) : null,
      mainsKnown: r.mains_length_km !== null,
      pressureKnown: r.mean_pressure_m !== null,
      inlets: [],
      outlets: [],
      areas: [],
    };
    out.set(r.district_name, k);
    byId.set(k.id, k);
  }
  if (byId.size === 0) return out;
  const ids = [...byId.keys()];
  const meters = await tx
    .selectFrom('district_meters')
    .select(['district_id', 'meter_id', 'role'])
    .where('company_id', '=', companyId)
    .where('district_id', 'in', ids)
    .where('role', 'in', [DISTRICT_METER_ROLE.inlet, DISTRICT_METER_ROLE.outlet])
    .execute();
  for (const m of meters) {
    const k = byId.get(Number(m.district_id)) as Known;
    (Number(m.role) === DISTRICT_METER_ROLE.inlet ? k.inlets : k.outlets).push(Number(m.meter_id));
  }
  const areas = await tx
    .selectFrom('district_areas')
    .select(['district_id', 'area_id'])
    .where('company_id', '=', companyId)
    .where('district_id', 'in', ids)
    .execute();
  for (const a of areas) (byId.get(Number(a.district_id)) as Known).areas.push(Number(a.area_id));
  return out;
};

/** Sets one role's meters of a district to exactly these (a meter holding another role there takes this one). */
const setRole = async (tx: Tx, companyId: number, districtId: number, role: number, meterIds: number[]) => {
  await tx
    .deleteFrom('district_meters')
    .where('company_id', '=', companyId)
    .where('district_id', '=', districtId)
    .where((w) => w.or([w('role', '=', role), ...(meterIds.length ? [w('meter_id', 'in', meterIds)] : [])]))
    .execute();
  if (meterIds.length)
    await tx
      .insertInto('district_meters')
      .values(meterIds.map((id) => ({ company_id: companyId, district_id: districtId, meter_id: id, role })))
      .execute();
};

const setAreas = async (tx: Tx, companyId: number, districtId: number, areaIds: number[]) => {
  await tx
    .deleteFrom('district_areas')
    .where('company_id', '=', companyId)
    .where('district_id', '=', districtId)
    .execute();
  if (areaIds.length)
    await tx
      .insertInto('district_areas')
      .values(areaIds.map((id) => ({ company_id: companyId, district_id: districtId, area_id: id })))
      .execute();
};

/** Registers or updates the sync's districts; a row naming an unknown meter or area is refused. Returns created. */
export const syncDistrictArchives = async (
  tx: Tx,
  companyId: number,
  rows: readonly ArchiveDistrict[],
  refuse: Refuse,
  at: Date,
): Promise<number> => {
  if (rows.length === 0) return 0;
  const areas = await idsOf(
    tx,
    companyId,
    'areas',
    rows.flatMap((r) => r.areaNames ?? []),
  );
  const meters = await idsOf(
    tx,
    companyId,
    'water_meters',
    rows.flatMap((r) => [...(r.inletMeterCodes ?? []), ...(r.outletMeterCodes ?? [])]),
  );
  const known = await knownDistricts(
    tx,
    companyId,
    rows.map((r) => r.name.trim()),
  );
  let created = 0;
  for (const [index, r] of rows.entries()) {
    const name = r.name.trim();
    const missingArea = (r.areaNames ?? []).find((a) => !areas.has(a));
    if (missingArea !== undefined) {
      refuse('districts', index, missingArea, 'unknownArea');
      continue;
    }
    const missingMeter = [...(r.inletMeterCodes ?? []), ...(r.outletMeterCodes ?? [])].find((c) => !meters.has(c));
    if (missingMeter !== undefined) {
      refuse('districts', index, missingMeter, 'unknownMeter');
      continue;
    }
    const inlets = r.inletMeterCodes ? [...new Set(r.inletMeterCodes.map((c) => meters.get(c) as number))] : undefined;
    const outlets = r.outletMeterCodes
      ? [...new Set(r.outletMeterCodes.map((c) => meters.get(c) as number))]
      : undefined;
    const areaIds = r.areaNames ? [...new Set(r.areaNames.map((a) => areas.get(a) as number))] : undefined;
    if (
      validateDistrict({ districtName: name, polygon: r.polygon, inletMeterIds: inlets, outletMeterIds: outlets })
        .length
    ) {
      refuse('districts', index, name, 'invalid');
      continue;
    }
    const polygon = r.polygon ? JSON.stringify(closeRing(r.polygon)) : undefined;
    const k = known.get(name);
    if (!k) {
      const id = Number(
        (
          await tx
            .insertInto('districts')
            .values({
              company_id: companyId,
              district_name: name,
              kind: r.kind ?? DISTRICT_KIND.zone,
              parent_id: null,
              polygon: polygon ?? null,
              mains_length_km: r.mainsLengthKm ?? null,
              mean_pressure_m: r.meanPressureM ?? null,
              connections: null,
              remark: null,
              created_at: at,
              updated_at: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
      if (inlets?.length) await setRole(tx, companyId, id, DISTRICT_METER_ROLE.inlet, inlets);
      if (outlets?.length) await setRole(tx, companyId, id, DISTRICT_METER_ROLE.outlet, outlets);
      if (areaIds?.length) await setAreas(tx, companyId, id, areaIds);
      known.set(name, {
        id,
        kind: r.kind ?? DISTRICT_KIND.zone,
        polygon: polygon ?? null,
        mainsKnown: r.mainsLengthKm !== undefined,
        pressureKnown: r.meanPressureM !== undefined,
        inlets: inlets ?? [],
        outlets: outlets ?? [],
        areas: areaIds ?? [],
      });
      created++;
      continue;
    }
    let changed = false;
    const set: { kind?: number; polygon?: string; mains_length_km?: number; mean_pressure_m?: number } = {};
    if (r.kind !== undefined && r.kind !== k.kind) set.kind = k.kind = r.kind;
    if (polygon !== undefined && polygon !== k.polygon) set.polygon = k.polygon = polygon;
    if (r.mainsLengthKm !== undefined && !k.mainsKnown) {
      set.mains_length_km = r.mainsLengthKm;
      k.mainsKnown = true;
    }
    if (r.meanPressureM !== undefined && !k.pressureKnown) {
      set.mean_pressure_m = r.meanPressureM;
      k.pressureKnown = true;
    }
    if (inlets && !sameSet(inlets, k.inlets)) {
      await setRole(tx, companyId, k.id, DISTRICT_METER_ROLE.inlet, inlets);
      k.inlets = inlets;
      changed = true;
    }
    if (outlets && !sameSet(outlets, k.outlets)) {
      await setRole(tx, companyId, k.id, DISTRICT_METER_ROLE.outlet, outlets);
      k.outlets = outlets;
      changed = true;
    }
    if (areaIds && !sameSet(areaIds, k.areas)) {
      await setAreas(tx, companyId, k.id, areaIds);
      k.areas = areaIds;
      changed = true;
    }
    if (changed || Object.keys(set).length)
      await tx
        .updateTable('districts')
        .set({ ...set, updated_at: at })
        .where('company_id', '=', companyId)
        .where('id', '=', k.id)
        .execute();
  }
  return created;
};
