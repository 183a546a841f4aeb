// Archive sync (spec §7 datasync): a head-end system or meter vendor's platform tells WaterOps about the city it
// reads — places, devices, residents — and WaterOps registers what it does not know yet. Existing codes and names
// are left exactly as they are (the registry pages own them; districts, which a head-end keeps drawing, are
// updated: districtArchivesRepository.ts; the catalogue: archiveCatalogue.ts); a row naming something missing (an
// area, a concentrator, a category, a meter model) is refused with its reason and the rest goes in. One transaction: all of a sync or none.
import type { Archives, RejectReason } from '@waterops/shared/reading';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { syncDistrictArchives } from '../dma/districtArchivesRepository.ts';
import { type CatalogueCounts, syncArchiveCatalogue } from './archiveCatalogue.ts';

export type ArchiveCounts = Record<
  'regions' | 'areas' | 'categories' | 'concentrators' | 'collectors' | 'meters' | 'residents' | 'districts',
  number
> &
  CatalogueCounts;
export type ArchiveReject = { section: string; index: number; code: string | null; reason: RejectReason };

const CHUNK = 1000;
const chunks = <T>(rows: T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
};

type Tx = Transaction<DB>;

const idsByName = async (
  tx: Tx,
  table: 'areas' | 'regions' | 'resident_categories',
  column: 'area_name' | 'region_name' | 'type_name',
  companyId: number,
): Promise<Map<string, number>> => {
  const rows = await sql<{ id: number | string; name: string }>`
    select id, ${sql.ref(column)} as name from ${sql.table(table)} where company_id = ${companyId}`.execute(tx);
  return new Map(rows.rows.map((r) => [r.name, Number(r.id)]));
};

const idsByCode = async (
  tx: Tx,
  table: 'concentrators' | 'collectors' | 'water_meters' | 'residents',
  column: 'concentrator_code' | 'collector_code' | 'meter_code' | 'resident_code',
  companyId: number,
  codes: string[],
): Promise<Map<string, number>> => {
  const found = new Map<string, number>();
  for (const part of chunks([...new Set(codes)])) {
    const rows = await sql<{ id: number | string; code: string }>`
      select id, ${sql.ref(column)} as code from ${sql.table(table)}
       where company_id = ${companyId} and ${sql.ref(column)} = any(${part}::text[])`.execute(tx);
    for (const r of rows.rows) found.set(r.code, Number(r.id));
  }
  return found;
};

export const syncArchives = async (tx: Tx, companyId: number, a: Archives, at: Date = new Date()) => {
  const created: ArchiveCounts = {
    regions: 0,
    areas: 0,
    categories: 0,
    manufacturers: 0,
    meterModels: 0,
    collectorTypes: 0,
    concentrators: 0,
    collectors: 0,
    meters: 0,
    residents: 0,
    districts: 0,
  };
  const rejected: ArchiveReject[] = [];
  const refuse = (section: string, index: number, code: string | null, reason: RejectReason) =>
    rejected.push({ section, index, code, reason });

  // Places
  const regions = await idsByName(tx, 'regions', 'region_name', companyId);
  const areas = await idsByName(tx, 'areas', 'area_name', companyId);
  for (const r of a.regions ?? []) {
    let regionId = regions.get(r.name);
    if (regionId === undefined) {
      regionId = Number(
        (
          await tx
            .insertInto('regions')
            .values({ company_id: companyId, region_name: r.name, remark: null })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
      regions.set(r.name, regionId);
      created.regions++;
    }
    const newAreas = r.areas.filter((x) => !areas.has(x.name));
    for (const part of chunks(newAreas)) {
      const rows = await tx
        .insertInto('areas')
        .values(
          part.map((x) => ({
            company_id: companyId,
            region_id: regionId,
            area_name: x.name,
            address: x.address ?? null,
            lng: x.lng ?? null,
            lat: x.lat ?? null,
            remark: null,
          })),
        )
        .onConflict((oc) => oc.constraint('areas_name_uq').doNothing())
        .returning(['id', 'area_name'])
        .execute();
      for (const row of rows) areas.set(row.area_name, Number(row.id));
      created.areas += rows.length;
    }
  }
  const categories = await idsByName(tx, 'resident_categories', 'type_name', companyId);
  for (const name of a.categories ?? [])
    if (!categories.has(name)) {
      const row = await tx
        .insertInto('resident_categories')
        .values({ company_id: companyId, type_name: name, remark: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      categories.set(name, Number(row.id));
      created.categories++;
    }
  const catalogue = await syncArchiveCatalogue(tx, companyId, a);
  Object.assign(created, catalogue.created);
  /**
   * What a row names, looked up by name or code: the entry, null when it names none, false (the row refused with
   * `reason`) when there is no such entry. Areas, concentrators, collectors' types, meter models, makers alike.
   */
  const lookUp =
    <T>(map: Map<string, T>, reason: RejectReason) =>
    (section: string, index: number, name: string | undefined): T | null | false => {
      if (!name) return null;
      const entry = map.get(name);
      if (entry === undefined) {
        refuse(section, index, name, reason);
        return false;
      }
      return entry;
    };
  const areaOf = lookUp(areas, 'unknownArea');
  const manufacturerOf = lookUp(catalogue.lookup.manufacturers, 'unknownCatalogue');
  const collectorTypeOf = lookUp(catalogue.lookup.collectorTypes, 'unknownCatalogue');
  const modelOf = lookUp(catalogue.lookup.models, 'unknownCatalogue');

  // Concentrators
  const concentrators = await idsByCode(tx, 'concentrators', 'concentrator_code', companyId, [
    ...(a.concentrators ?? []).map((c) => c.code),
    ...(a.collectors ?? []).flatMap((c) => (c.concentratorCode ? [c.concentratorCode] : [])),
    ...(a.meters ?? []).flatMap((m) => (m.concentratorCode ? [m.concentratorCode] : [])),
  ]);
  const newConcentrators = (a.concentrators ?? []).flatMap((c, index) => {
    if (concentrators.has(c.code)) return [];
    const manufacturerId = manufacturerOf('concentrators', index, c.manufacturer);
    if (manufacturerId === false) return [];
    const areaId = areaOf('concentrators', index, c.areaName);
    return areaId === false ? [] : [{ c, areaId, manufacturerId }];
  });
  for (const part of chunks(newConcentrators)) {
    const rows = await tx
      .insertInto('concentrators')
      .values(
        part.map(({ c, areaId, manufacturerId }) => ({
          company_id: companyId,
          concentrator_code: c.code,
          name: c.name ?? null,
          manufacturer_id: manufacturerId,
          area_id: areaId,
          address: c.address ?? null,
          report_rate: c.reportRate ?? null,
          lng: c.lng ?? null,
          lat: c.lat ?? null,
        })),
      )
      .onConflict((oc) => oc.constraint('concentrators_code_uq').doNothing())
      .returning(['id', 'concentrator_code'])
      .execute();
    for (const r of rows) concentrators.set(r.concentrator_code, Number(r.id));
    created.concentrators += rows.length;
  }
  const concentratorOf = lookUp(concentrators, 'unknownDevice');

  // Collectors
  const collectors = await idsByCode(tx, 'collectors', 'collector_code', companyId, [
    ...(a.collectors ?? []).map((c) => c.code),
    ...(a.meters ?? []).flatMap((m) => (m.collectorCode ? [m.collectorCode] : [])),
  ]);
  const newCollectors = (a.collectors ?? []).flatMap((c, index) => {
    if (collectors.has(c.code)) return [];
    const typeId = collectorTypeOf('collectors', index, c.type);
    if (typeId === false) return [];
    const concentratorId = concentratorOf('collectors', index, c.concentratorCode);
    const areaId = concentratorId === false ? false : areaOf('collectors', index, c.areaName);
    return concentratorId === false || areaId === false ? [] : [{ c, concentratorId, areaId, typeId }];
  });
  for (const part of chunks(newCollectors)) {
    const rows = await tx
      .insertInto('collectors')
      .values(
        part.map(({ c, concentratorId, areaId, typeId }) => ({
          company_id: companyId,
          collector_code: c.code,
          collector_type_id: typeId,
          link_kind: c.linkKind,
          concentrator_id: concentratorId,
          area_id: areaId,
          upload_frequency: c.uploadFrequency ?? null,
        })),
      )
      .onConflict((oc) => oc.constraint('collectors_code_uq').doNothing())
      .returning(['id', 'collector_code'])
      .execute();
    for (const r of rows) collectors.set(r.collector_code, Number(r.id));
    created.collectors += rows.length;
  }

  // Meters (then their parent supervision meters, which may be in the same sync)
  const meterCodes = (a.meters ?? []).map((m) => m.meterCode);
  const meters = await idsByCode(tx, 'water_meters', 'meter_code', companyId, [
    ...meterCodes,
    ...(a.meters ?? []).flatMap((m) => (m.parentMeterCode ? [m.parentMeterCode] : [])),
    ...(a.residents ?? []).flatMap((r) => (r.meterCode ? [r.meterCode] : [])),
  ]);
  const newMeters = (a.meters ?? []).flatMap((m, index) => {
    if (meters.has(m.meterCode)) return [];
    const model = modelOf('meters', index, m.model);
    if (model === false) return [];
    const concentratorId = concentratorOf('meters', index, m.concentratorCode);
    if (concentratorId === false) return [];
    let collectorId: number | null = null;
    if (m.collectorCode) {
      const id = collectors.get(m.collectorCode);
      if (id === undefined) {
        refuse('meters', index, m.collectorCode, 'unknownDevice');
        return [];
      }
      collectorId = id;
    }
    const areaId = areaOf('meters', index, m.areaName);
    return areaId === false ? [] : [{ m, concentratorId, collectorId, areaId, model }];
  });
  for (const part of chunks(newMeters)) {
    const rows = await tx
      .insertInto('water_meters')
      .values(
        part.map(({ m, concentratorId, collectorId, areaId, model }) => ({
          company_id: companyId,
          meter_code: m.meterCode,
          meter_kind: m.meterKind ?? 'household',
          meter_model_id: model?.id ?? null,
          manufacturer_id: model?.manufacturerId ?? null,
          remote_code: m.remoteCode ?? null,
          concentrator_id: concentratorId,
          collector_id: collectorId,
          max_reading: m.maxReading ?? null,
          base_reading: m.baseReading ?? null,
          caliber: m.caliber ?? null,
          valve_control: m.valveControl ?? false,
          area_id: areaId,
          address: m.address ?? null,
          install_date: m.installDate ?? null,
          lng: m.lng ?? null,
          lat: m.lat ?? null,
        })),
      )
      .onConflict((oc) => oc.constraint('water_meters_code_uq').doNothing())
      .returning(['id', 'meter_code'])
      .execute();
    for (const r of rows) meters.set(r.meter_code, Number(r.id));
    created.meters += rows.length;
  }
  const parents = newMeters.flatMap(({ m }) =>
    m.parentMeterCode && meters.has(m.parentMeterCode)
      ? [{ id: meters.get(m.meterCode) as number, parent: meters.get(m.parentMeterCode) as number }]
      : [],
  );
  for (const part of chunks(parents))
    await sql`
      update water_meters w set parent_meter_id = p.parent
        from unnest(${part.map((p) => p.id)}::bigint[], ${part.map((p) => p.parent)}::bigint[]) as p(id, parent)
       where w.company_id = ${companyId} and w.id = p.id`.execute(tx);

  // Residents, bound to their meter when the meter is free
  const residents = await idsByCode(
    tx,
    'residents',
    'resident_code',
    companyId,
    (a.residents ?? []).map((r) => r.residentCode),
  );
  const newResidents = (a.residents ?? []).flatMap((r, index) => {
    if (residents.has(r.residentCode)) return [];
    let categoryId: number | null = null;
    if (r.category) {
      const id = categories.get(r.category);
      if (id === undefined) {
        refuse('residents', index, r.category, 'unknownCategory');
        return [];
      }
      categoryId = id;
    }
    if (r.meterCode && !meters.has(r.meterCode)) {
      refuse('residents', index, r.meterCode, 'unknownMeter');
      return [];
    }
    const areaId = areaOf('residents', index, r.areaName);
    return areaId === false ? [] : [{ r, categoryId, areaId, index }];
  });
  for (const part of chunks(newResidents)) {
    const rows = await tx
      .insertInto('residents')
      .values(
        part.map(({ r, categoryId, areaId }) => ({
          company_id: companyId,
          resident_code: r.residentCode,
          resident_name: r.name,
          phone: r.phone ?? null,
          address: r.address ?? null,
          category_id: categoryId,
          area_id: areaId,
          residents_count: r.residentsCount ?? null,
          id_card: null,
          bank_card: null,
          tax_number: null,
          invoice_name: null,
          floor: null,
          original_account_no: null,
          open_date: null,
          app_username: null,
          app_password_hash: null,
          remark: null,
        })),
      )
      .onConflict((oc) => oc.columns(['company_id', 'resident_code']).doNothing())
      .returning(['id', 'resident_code'])
      .execute();
    for (const row of rows) residents.set(row.resident_code, Number(row.id));
    created.residents += rows.length;
  }
  const bindings = newResidents.flatMap(({ r, index }) =>
    r.meterCode && residents.has(r.residentCode)
      ? [{ residentId: residents.get(r.residentCode) as number, meterId: meters.get(r.meterCode) as number, r, index }]
      : [],
  );
  for (const part of chunks(bindings)) {
    const bound = await tx
      .insertInto('resident_meters')
      .values(part.map((b) => ({ company_id: companyId, resident_id: b.residentId, meter_id: b.meterId })))
      .onConflict((oc) => oc.columns(['company_id', 'meter_id']).where(sql.ref('unbound_at'), 'is', null).doNothing())
      .returning('meter_id')
      .execute();
    const done = new Set(bound.map((b) => Number(b.meter_id)));
    for (const b of part) if (!done.has(b.meterId)) refuse('residents', b.index, b.r.meterCode ?? null, 'meterBound');
  }

  // Districts last: they name meters and areas, which may be in this same sync
  created.districts = await syncDistrictArchives(tx, companyId, a.districts ?? [], refuse, at);
  return { created, rejected };
};
