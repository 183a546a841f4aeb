// The simulated city, planned from a seed: supply regions and residential areas around Beijing (BD-09), district
// (DMA) polygons over groups of areas, concentrators and collectors, household meters with residents, and per
// district its inlet (and sometimes outlet) meters. Meters are columns of plain typed arrays, ordered area by area
// and concentrator by concentrator, so a million of them plan in seconds and a concentrator's meters are a range.
import { AREA_PREFIXES, AREA_SUFFIXES, PHASES, REGIONS } from './cityNames.ts';
import {
  type CityPlan,
  type PlanArea,
  type PlanCollector,
  type PlanConcentrator,
  type PlanDistrict,
  type PlanMeters,
  type PlanRegion,
  ROLE,
} from './cityPlanTypes.ts';
import { CATEGORIES } from './demand.ts';
import { planFaults } from './faults.ts';
import { hash32, Random } from './random.ts';

export type PlanOptions = {
  seed: number;
  /** household meters (district meters come on top: one to three per district) */
  meters: number;
};

/**
 * The fixed China day the city's registers and fault windows count from: base readings are the registers at its
 * 00:00. Fixed (not "today"), so a simulator restarted days later continues every register where it left off.
 */
export const ANCHOR_DAY = '2024-01-01';

export * from './cityPlanTypes.ts';

const MEAN_AREA_SIZE = 280;
const CONCENTRATOR_SIZE = 100;
const COLLECTOR_SIZE = 20;
/** share of households with an NB-IoT prepaid meter: valve control, reporting directly */
const NB_SHARE = 0.06;
/** share of concentrator meters with a valve (prepaid through the collector) */
const VALVE_SHARE = 0.03;
const CATEGORY_SHARES = [0.86, 0.09, 0.03, 0.02];
const CATEGORY_MEDIAN = [0.35, 1.8, 3, 6];
const CATEGORY_SIGMA = [0.45, 0.7, 0.5, 0.5];

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const round3 = (x: number) => Math.round(x * 1000) / 1000;

const pickCategory = (rng: Random): number => {
  let u = rng.float();
  for (let c = 0; c < CATEGORIES.length; c++) {
    u -= CATEGORY_SHARES[c] as number;
    if (u < 0) return c;
  }
  return 0;
};

const areaNames = (rng: Random, count: number): string[] => {
  const used = new Set<string>();
  const names: string[] = [];
  while (names.length < count) {
    const stem = `${rng.pick(AREA_PREFIXES)}${rng.pick(AREA_SUFFIXES)}`;
    let phase = 0;
    let name = stem;
    while (used.has(name)) {
      phase++;
      name = `${stem}${PHASES[phase] ?? `${phase + 1}期`}`;
    }
    used.add(name);
    names.push(name);
  }
  return names;
};

const octagon = (lng: number, lat: number, r: number): [number, number][] => {
  const ring: [number, number][] = [];
  for (let k = 0; k < 8; k++) {
    const a = (Math.PI / 4) * k + Math.PI / 8;
    ring.push([round6(lng + r * 1.3 * Math.cos(a)), round6(lat + r * Math.sin(a))]);
  }
  ring.push(ring[0] as [number, number]);
  return ring;
};
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

const allocMeters = (n: number): PlanMeters => ({
  count: n,
  code: new Array<string>(n),
  remoteCode: new Array<string>(n),
  role: new Uint8Array(n),
  area: new Int32Array(n),
  concentrator: new Int32Array(n).fill(-1),
  collector: new Int32Array(n).fill(-1),
  district: new Int32Array(n),
  category: new Uint8Array(n),
  dailyUse: new Float64Array(n),
  base: new Float64Array(n),
  maxReading: new Float64Array(n),
  valveControl: new Uint8Array(n),
  caliber: new Uint16Array(n),
  parent: new Int32Array(n).fill(-1),
  reportMinute: new Uint8Array(n),
  lng: new Float64Array(n),
  lat: new Float64Array(n),
});

/** Plans the city; the same options always give the same plan. */
export const planCity = ({ seed, meters: households }: PlanOptions): CityPlan => {
  const rng = new Random(seed);
  const tag = pad((hash32(seed) % 90) + 10, 2);
  const epoch = Math.round(Date.parse(`${ANCHOR_DAY}T00:00:00Z`) / 86_400_000);

  // areas of varying size, then regions (片区) over consecutive areas and districts of 2–5 areas inside a region
  const areaCount = Math.max(2, Math.round(households / MEAN_AREA_SIZE));
  const weights = Array.from({ length: areaCount }, () => rng.float(0.5, 1.5));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const sizes = weights.map((w) => Math.floor((w / weightSum) * households));
  sizes[0] = (sizes[0] as number) + households - sizes.reduce((a, b) => a + b, 0);

  const regionCount = Math.min(Math.max(3, Math.ceil(areaCount / 8)), areaCount);
  const regions: PlanRegion[] = Array.from({ length: regionCount }, (_, r) => {
    const base = REGIONS[r % REGIONS.length] as PlanRegion;
    const round = Math.floor(r / REGIONS.length);
    return round === 0
      ? { ...base }
      : {
          name: base.name.replace('片区', `${round + 1}片区`),
          lng: round6(base.lng + rng.float(-0.05, 0.05)),
          lat: round6(base.lat + rng.float(-0.04, 0.04)),
        };
  });

  const names = areaNames(rng, areaCount);
  const areas: PlanArea[] = names.map((name, a) => {
    const region = Math.min(regionCount - 1, Math.floor((a * regionCount) / areaCount));
    const centre = regions[region] as PlanRegion;
    return {
      name,
      region,
      district: -1,
      lng: round6(centre.lng + rng.float(-0.035, 0.035)),
      lat: round6(centre.lat + rng.float(-0.025, 0.025)),
      address: `北京市${centre.name.replace(/\d*片区$/, '区')}${name}`,
      meterStart: 0,
      meterEnd: 0,
    };
  });

  const districts: PlanDistrict[] = [];
  for (let a = 0; a < areaCount; ) {
    const members: number[] = [];
    const want = rng.int(2, 5);
    const region = (areas[a] as PlanArea).region;
    while (a < areaCount && members.length < want && (areas[a] as PlanArea).region === region) members.push(a++);
    const d = districts.length;
    for (const m of members) (areas[m] as PlanArea).district = d;
    const lng = members.reduce((s, m) => s + (areas[m] as PlanArea).lng, 0) / members.length;
    const lat = members.reduce((s, m) => s + (areas[m] as PlanArea).lat, 0) / members.length;
    const r = members.reduce(
      (s, m) => Math.max(s, Math.hypot((areas[m] as PlanArea).lng - lng, (areas[m] as PlanArea).lat - lat)),
      0,
    );
    districts.push({
      code: `DMA${tag}${pad(d + 1, 4)}`,
      name: `${(areas[members[0] as number] as PlanArea).name}计量分区`,
      areas: members,
      polygon: octagon(lng, lat, r + 0.006),
      inlets: [],
      inletShares: [],
      outlets: [],
      transferRate: 0,
      backgroundLeak: 0,
      mainsLengthKm: 0,
      meanPressureM: 0,
    });
  }

  const inletCounts = districts.map(() => (rng.chance(0.4) ? 2 : 1));
  const outletCounts = districts.map(() => (rng.chance(0.2) ? 1 : 0));
  const districtMeters = inletCounts.reduce((s, n, d) => s + n + (outletCounts[d] as number), 0);
  const m = allocMeters(households + districtMeters);
  const concentrators: PlanConcentrator[] = [];
  const collectors: PlanCollector[] = [];

  let i = 0;
  for (let a = 0; a < areaCount; a++) {
    const area = areas[a] as PlanArea;
    const size = sizes[a] as number;
    area.meterStart = i;
    area.meterEnd = i + size;
    const direct = Math.round(size * NB_SHARE);
    const wired = size - direct;
    const concentratorCount = Math.max(1, Math.round(wired / CONCENTRATOR_SIZE));
    for (let c = 0; c < concentratorCount; c++) {
      const n = Math.floor(wired / concentratorCount) + (c < wired % concentratorCount ? 1 : 0);
      const k = concentrators.length;
      concentrators.push({
        code: `JZQ${tag}${pad(k + 1, 6)}`,
        name: `${area.name}${c + 1}号集中器`,
        area: a,
        lng: round6(area.lng + rng.float(-0.002, 0.002)),
        lat: round6(area.lat + rng.float(-0.0015, 0.0015)),
        // spread the uploads over the hour: consecutive concentrators 37 minutes apart (37 and 60 are coprime)
        reportMinute: (k * 37 + (hash32(seed, 7) % 60)) % 60,
        reportRate: 60,
        meterStart: i,
        meterEnd: i + n,
      });
      const collectorCount = Math.max(1, Math.round(n / COLLECTOR_SIZE));
      for (let j = 0; j < n; j++) {
        const col = collectors.length + Math.floor((j * collectorCount) / n);
        m.concentrator[i] = k;
        m.collector[i] = col;
        m.valveControl[i] = rng.chance(VALVE_SHARE) ? 1 : 0;
        i++;
      }
      for (let j = 0; j < collectorCount; j++)
        collectors.push({
          code: `CJQ${tag}${pad(collectors.length + 1, 7)}`,
          concentrator: k,
          area: a,
          linkKind: rng.chance(0.6) ? 1 : 2,
        });
    }
    for (let j = 0; j < direct; j++) {
      m.valveControl[i] = 1;
      m.reportMinute[i] = rng.int(0, 59);
      i++;
    }
  }

  // household columns, area by area (i walks the same order as above)
  i = 0;
  for (let a = 0; a < areaCount; a++) {
    const area = areas[a] as PlanArea;
    for (let j = 0; j < (sizes[a] as number); j++, i++) {
      const category = pickCategory(rng);
      m.code[i] = `${tag}${pad(i + 1, 8)}`;
      m.remoteCode[i] = `${tag}2026${pad(i + 1, 8)}`;
      m.role[i] = ROLE.household;
      m.area[i] = a;
      m.district[i] = area.district;
      m.category[i] = category;
      m.dailyUse[i] = rng.lognormal(CATEGORY_MEDIAN[category] as number, CATEGORY_SIGMA[category] as number);
      m.base[i] = round3(rng.float(0, 2500));
      m.maxReading[i] = 99_999;
      m.caliber[i] = category === 0 ? (rng.chance(0.8) ? 15 : 20) : rng.pick([20, 25, 40]);
      m.lng[i] = round6(area.lng + rng.float(-0.0025, 0.0025));
      m.lat[i] = round6(area.lat + rng.float(-0.0018, 0.0018));
    }
  }
  // a few big commercial users (car washes, hotels, canteens) on four-digit registers: 30–80 m³ a day turn a 9,999
  // register over every 4–11 months, so any two months of history show some rollovers
  const rollovers = Math.max(2, Math.round(households * 0.01));
  for (let k = 0; k < rollovers && households > 0; k++) {
    const h = rng.int(0, households - 1);
    m.category[h] = 1;
    m.dailyUse[h] = rng.float(30, 80);
    m.caliber[h] = rng.pick([40, 50]);
    m.maxReading[h] = 9_999;
    m.base[h] = round3(rng.float(0, 9_999));
  }

  // district meters: inlets (the first the parent of every household in the district), then outlets
  districts.forEach((district, d) => {
    const first = districts[d]?.areas[0] as number;
    const place = areas[first] as PlanArea;
    const add = (role: number, n: number) => {
      m.code[i] = `${tag}D${pad(d + 1, 5)}${role === ROLE.inlet ? 'I' : 'O'}${n}`;
      m.remoteCode[i] = `${tag}9${pad(d + 1, 5)}${role}${n}`;
      m.role[i] = role;
      m.area[i] = first;
      m.district[i] = d;
      m.base[i] = round3(rng.float(10_000, 500_000));
      m.maxReading[i] = 9_999_999;
      m.caliber[i] = rng.pick([100, 150, 200]);
      m.reportMinute[i] = (d * 7) % 15;
      m.lng[i] = round6(place.lng + rng.float(-0.004, 0.004));
      m.lat[i] = round6(place.lat + rng.float(-0.003, 0.003));
      return i++;
    };
    for (let n = 1; n <= (inletCounts[d] as number); n++) district.inlets.push(add(ROLE.inlet, n));
    for (let n = 1; n <= (outletCounts[d] as number); n++) district.outlets.push(add(ROLE.outlet, n));
    const split = rng.float(0.55, 0.75);
    district.inletShares = district.inlets.length === 1 ? [1] : [split, 1 - split];
  });

  // demand-derived district figures: leakage a few percent of use, outlets pass on a share of the inflow
  const demand = new Float64Array(districts.length);
  const connections = new Int32Array(districts.length);
  for (let h = 0; h < households; h++) {
    const d = m.district[h] as number;
    demand[d] = (demand[d] as number) + (m.dailyUse[h] as number);
    connections[d] = (connections[d] as number) + 1;
  }
  districts.forEach((district, d) => {
    const hourly = (demand[d] as number) / 24;
    district.backgroundLeak = round3(0.2 + hourly * rng.float(0.03, 0.08));
    district.transferRate = district.outlets.length ? round3(hourly * rng.float(0.2, 0.5)) : 0;
    // the network figures draw nothing from the generator, so every seed plans the same city as before they existed:
    // an urban density of 80 connections per km of mains and a mean pressure of 28–36 m
    district.mainsLengthKm = Math.max(0.5, Math.round((connections[d] as number) / 8) / 10);
    district.meanPressureM = 28 + ((d * 5) % 9);
    for (const h of district.inlets) m.parent[h] = -1;
  });
  for (let h = 0; h < households; h++)
    m.parent[h] = (districts[m.district[h] as number] as PlanDistrict).inlets[0] as number;

  const plan: CityPlan = {
    seed,
    epoch,
    tag,
    households,
    regions,
    areas,
    districts,
    concentrators,
    collectors,
    meters: m,
    faults: {
      leakScale: new Float64Array(0),
      drift: new Float64Array(0),
      meterFault: new Int32Array(0),
      meterFaults: [],
      burstMeters: [],
    },
  };
  plan.faults = planFaults(plan, new Random(hash32(seed, 99)));
  return plan;
};
