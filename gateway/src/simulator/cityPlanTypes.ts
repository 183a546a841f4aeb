// The shape of a planned city (cityPlan.ts builds it): places, districts, devices and the meters as columns.
import type { CityFaults } from './faults.ts';

export type PlanRegion = { name: string; lng: number; lat: number };
export type PlanArea = {
  name: string;
  region: number;
  district: number;
  lng: number;
  lat: number;
  address: string;
  /** its household meters are the range [meterStart, meterEnd) */
  meterStart: number;
  meterEnd: number;
};
export type PlanDistrict = {
  code: string;
  name: string;
  areas: number[];
  /** closed ring of [lng, lat] (BD-09) around the district's areas */
  polygon: [number, number][];
  /** meter indexes of the inlets; the first is the parent of the district's household meters */
  inlets: number[];
  /** share of the district's inflow each inlet carries (sums to 1) */
  inletShares: number[];
  outlets: number[];
  /** water passed on through the outlets (m³/h) */
  transferRate: number;
  /** background leakage always present (m³/h) */
  backgroundLeak: number;
  /** what the water balance needs for the CJJ 92 corrections and the ILI: mains length and mean pressure */
  mainsLengthKm: number;
  meanPressureM: number;
};
export type PlanConcentrator = {
  code: string;
  name: string;
  area: number;
  lng: number;
  lat: number;
  /** minute of the hour it uploads (staggered across concentrators) */
  reportMinute: number;
  /** minutes between reports */
  reportRate: number;
  /** its meters are the range [meterStart, meterEnd) */
  meterStart: number;
  meterEnd: number;
};
export type PlanCollector = { code: string; concentrator: number; area: number; linkKind: 1 | 2 };

export const ROLE = { household: 0, inlet: 1, outlet: 2 } as const;

/** Meters as columns; index i is one meter. Households first, district meters after them. */
export type PlanMeters = {
  count: number;
  code: string[];
  remoteCode: string[];
  /** ROLE */
  role: Uint8Array;
  area: Int32Array;
  /** -1: reports itself (NB-IoT, district meters) */
  concentrator: Int32Array;
  collector: Int32Array;
  district: Int32Array;
  /** index into CATEGORIES (households) */
  category: Uint8Array;
  /** mean daily use, m³ (households) */
  dailyUse: Float64Array;
  /** register at the epoch, m³ */
  base: Float64Array;
  maxReading: Float64Array;
  valveControl: Uint8Array;
  caliber: Uint16Array;
  /** the district inlet above a household meter, -1 none */
  parent: Int32Array;
  /** minute of the hour a self-reporting meter uploads */
  reportMinute: Uint8Array;
  lng: Float64Array;
  lat: Float64Array;
};

export type CityPlan = {
  seed: number;
  /** China day number of ANCHOR_DAY */
  epoch: number;
  /** a two-digit tag from the seed that starts every code, so two seeds in one tenant do not collide */
  tag: string;
  households: number;
  regions: PlanRegion[];
  areas: PlanArea[];
  districts: PlanDistrict[];
  concentrators: PlanConcentrator[];
  collectors: PlanCollector[];
  meters: PlanMeters;
  faults: CityFaults;
};
