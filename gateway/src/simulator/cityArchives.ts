// The city as the head-end system hands it to WaterOps (POST /api-workbench/ingest/archives): places and the device
// catalogue first, then concentrators and collectors, district meters before the household meters that name them as parent, residents
// (bound to their meters), then the districts with their outlines, inlets, outlets and member areas. Yielded in
// calls of at most `chunk` rows so a million meters never sit in one body.
import type { Archives } from '@waterops/shared/reading';
import { COLLECTOR_TYPE, cityCatalogue, meterModelName, NETWORK_MAKER } from './cityCatalogue.ts';
import { BUSINESSES, GIVEN_CHARS, PHONE_PREFIXES, SURNAMES } from './cityNames.ts';
import { ANCHOR_DAY, type CityPlan, type PlanArea, ROLE } from './cityPlan.ts';
import { CATEGORIES } from './demand.ts';
import { hash32 } from './random.ts';

type ArchiveMeter = NonNullable<Archives['meters']>[number];
type ArchiveResident = NonNullable<Archives['residents']>[number];
type ArchiveDistrict = NonNullable<Archives['districts']>[number];

const pick = <T>(items: readonly T[], h: number): T => items[h % items.length] as T;

/** Where in its area a household lives: building, entrance, floor and flat from its place in the area. */
export const householdAddress = (plan: CityPlan, i: number): string => {
  const area = plan.areas[plan.meters.area[i] as number] as PlanArea;
  const j = i - area.meterStart;
  const building = Math.floor(j / 48) + 1;
  const entrance = Math.floor((j % 48) / 16) + 1;
  const floor = Math.floor((j % 16) / 2) + 1;
  return `${area.address}${building}号楼${entrance}单元${floor}0${(j % 2) + 1}室`;
};

/** The resident bound to household meter i (derived, not stored: a million residents cost nothing until asked). */
export const residentOf = (plan: CityPlan, i: number): ArchiveResident => {
  const m = plan.meters;
  const h = hash32(plan.seed, 0x4e5, i);
  const category = m.category[i] as number;
  const area = plan.areas[m.area[i] as number] as PlanArea;
  const person = `${pick(SURNAMES, h)}${pick(GIVEN_CHARS, h >>> 8)}${h % 3 === 0 ? '' : pick(GIVEN_CHARS, h >>> 16)}`;
  const name = category === 0 ? person : `${area.name}${pick(BUSINESSES[category - 1] ?? [], h >>> 4)}`;
  return {
    residentCode: `U${m.code[i]}`,
    name,
    phone: `${pick(PHONE_PREFIXES, h >>> 3)}${String(hash32(plan.seed, 0x9f0, i) % 100_000_000).padStart(8, '0')}`,
    address: householdAddress(plan, i),
    areaName: area.name,
    category: CATEGORIES[category],
    residentsCount: category === 0 ? 1 + (h % 5) : 0,
    meterCode: m.code[i],
  };
};

const meterOf = (plan: CityPlan, i: number): ArchiveMeter => {
  const m = plan.meters;
  const area = plan.areas[m.area[i] as number] as PlanArea;
  const c = m.concentrator[i] as number;
  const col = m.collector[i] as number;
  const parent = m.parent[i] as number;
  const district = plan.districts[m.district[i] as number];
  const meter: ArchiveMeter = {
    meterCode: m.code[i] as string,
    remoteCode: m.remoteCode[i],
    maxReading: m.maxReading[i],
    baseReading: m.base[i],
    caliber: m.caliber[i],
    valveControl: m.valveControl[i] === 1,
    model: meterModelName(m.caliber[i] as number, m.valveControl[i] === 1, m.role[i] !== ROLE.household),
    address:
      m.role[i] === ROLE.household
        ? householdAddress(plan, i)
        : `${area.address}${district?.name ?? ''}${m.role[i] === ROLE.inlet ? '进水口' : '出水口'}`,
    installDate: ANCHOR_DAY,
    lng: m.lng[i],
    lat: m.lat[i],
  };
  // a district's inlet or outlet is a district meter with no housing estate of its own (issue 19)
  if (m.role[i] === ROLE.household) meter.areaName = area.name;
  else meter.meterKind = 'district';
  if (c >= 0) meter.concentratorCode = plan.concentrators[c]?.code;
  if (col >= 0) meter.collectorCode = plan.collectors[col]?.code;
  if (parent >= 0) meter.parentMeterCode = m.code[parent];
  return meter;
};

/** A district as the head-end registers it: outline, inlets, outlets and member areas by name and code. */
export const districtOf = (plan: CityPlan, d: number): ArchiveDistrict => {
  const district = plan.districts[d] as CityPlan['districts'][number];
  return {
    name: district.name,
    kind: 1,
    polygon: district.polygon,
    inletMeterCodes: district.inlets.map((i) => plan.meters.code[i] as string),
    outletMeterCodes: district.outlets.map((i) => plan.meters.code[i] as string),
    areaNames: district.areas.map((a) => (plan.areas[a] as PlanArea).name),
    mainsLengthKm: district.mainsLengthKm,
    meanPressureM: district.meanPressureM,
  };
};

function* chunks<T>(count: number, chunk: number, row: (k: number) => T): Generator<T[]> {
  for (let start = 0; start < count; start += chunk)
    yield Array.from({ length: Math.min(chunk, count - start) }, (_, k) => row(start + k));
}

/** The archive calls that register the whole city, in an order where every row finds what it names. */
export function* cityArchives(plan: CityPlan, chunk = 5_000): Generator<Archives> {
  yield {
    regions: plan.regions.map((region, r) => ({
      name: region.name,
      areas: plan.areas
        .filter((a) => a.region === r)
        .map((a) => ({ name: a.name, address: a.address, lng: a.lng, lat: a.lat })),
    })),
    categories: [...CATEGORIES],
    ...cityCatalogue(),
  };
  for (const concentrators of chunks(plan.concentrators.length, chunk, (k) => {
    const c = plan.concentrators[k] as CityPlan['concentrators'][number];
    const area = plan.areas[c.area] as PlanArea;
    return {
      code: c.code,
      name: c.name,
      areaName: area.name,
      address: `${area.address}${(k % 9) + 1}号楼地下配电室`,
      reportRate: c.reportRate,
      manufacturer: NETWORK_MAKER,
      lng: c.lng,
      lat: c.lat,
    };
  }))
    yield { concentrators };
  for (const collectors of chunks(plan.collectors.length, chunk, (k) => {
    const c = plan.collectors[k] as CityPlan['collectors'][number];
    return {
      code: c.code,
      concentratorCode: plan.concentrators[c.concentrator]?.code,
      linkKind: c.linkKind,
      areaName: plan.areas[c.area]?.name,
      uploadFrequency: 60,
      type: COLLECTOR_TYPE[c.linkKind],
    };
  }))
    yield { collectors };
  // district meters (indexes after the households) first: household meters name them as their parent
  const order = (k: number) =>
    k < plan.meters.count - plan.households ? plan.households + k : k - (plan.meters.count - plan.households);
  for (const meters of chunks(plan.meters.count, chunk, (k) => meterOf(plan, order(k)))) yield { meters };
  for (const residents of chunks(plan.households, chunk, (k) => residentOf(plan, k))) yield { residents };
  // districts last: each names its member areas and its inlet and outlet meters
  for (const districts of chunks(plan.districts.length, chunk, (k) => districtOf(plan, k))) yield { districts };
}
