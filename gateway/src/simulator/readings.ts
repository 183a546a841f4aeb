// Register readings of the simulated city at any instant: a household's register is its base plus its metered use
// (folded at its maximum: rollover), minus what a stuck register missed, a reverse run or a closed valve; a district
// inlet carries its share of the district's use (summed per day and category, so a district costs the same at any
// size), background leakage, leaks and what flows on through the outlets. Only valves live in the mutable state.
import { type CityPlan, ROLE } from './cityPlan.ts';
import { CATEGORIES, chinaDayNumber, dayCumulative, dayNumberStart, dayShare, householdUse } from './demand.ts';
import {
  batteryVoltage,
  burstVolume,
  clockDrift,
  leakVolume,
  misreadAt,
  outageAt,
  reverseIn,
  signalAt,
  stuckIn,
  windowsUntil,
} from './faults.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const CATS = CATEGORIES.length;

/** One reading as the simulator sends it; `time` is the device's clock (ms), `meter` an index into plan.meters. */
export type SimReading = {
  meter: number;
  time: number;
  reading: number;
  voltage: number;
  csq: number;
  rsrp: number;
  /** meters with a valve: 1 open, 0 closed */
  valveState?: number;
};

export type SimState = {
  /** per meter, 1 open, 0 closed (meaningful for valve meters) */
  valve: Uint8Array;
  /** meters whose valve is closed → the instant it closed */
  closedSince: Map<number, number>;
  /** use that never happened during earlier closures, per meter (m³) */
  lostBefore: Map<number, number>;
  /** China day → per district and category, Σ of the households' cumulative use at the day's start and end */
  dayTotals: Map<number, Float64Array>;
};

export const createSimState = (plan: CityPlan): SimState => ({
  valve: new Uint8Array(plan.meters.count).fill(1),
  closedSince: new Map(),
  lostBefore: new Map(),
  dayTotals: new Map(),
});

const useOf = (plan: CityPlan, i: number, t: number): number => {
  const m = plan.meters;
  return householdUse(plan.seed, i, m.category[i] as number, m.dailyUse[i] as number, plan.epoch, t);
};

/** Water a closed valve kept from a household up to t (m³). */
const lostUse = (plan: CityPlan, state: SimState, i: number, t: number): number => {
  const since = state.closedSince.get(i);
  const before = state.lostBefore.get(i) ?? 0;
  return since !== undefined && t > since ? before + useOf(plan, i, t) - useOf(plan, i, since) : before;
};

const fold = (value: number, max: number): number => {
  const v = value % max;
  return Math.round((v < 0 ? v + max : v) * 1000) / 1000;
};

/** The register a household meter shows at t. */
export const householdRegister = (plan: CityPlan, state: SimState, i: number, t: number): number => {
  const m = plan.meters;
  let use = useOf(plan, i, t) - lostUse(plan, state, i, t);
  const k = plan.faults.meterFault[i] as number;
  const f = k >= 0 ? plan.faults.meterFaults[k] : undefined;
  if (f?.burst) use += burstVolume(plan, i, t);
  if (f?.stuck || f?.reverse)
    for (let w = 0, last = windowsUntil(plan, t); w <= last; w++) {
      const stuck = f.stuck ? stuckIn(plan, i, w) : undefined;
      if (stuck && t > stuck.from) use -= useOf(plan, i, Math.min(t, stuck.to)) - useOf(plan, i, stuck.from);
      const back = f.reverse ? reverseIn(plan, i, w) : undefined;
      if (back && t > back.from) use -= back.volume * Math.min(1, (t - back.from) / (back.to - back.from));
    }
  return fold((m.base[i] as number) + use, m.maxReading[i] as number);
};

const totalsOf = (plan: CityPlan, state: SimState, d: number): Float64Array => {
  let totals = state.dayTotals.get(d);
  if (totals) return totals;
  const m = plan.meters;
  totals = new Float64Array(plan.districts.length * CATS * 2);
  for (let i = 0; i < plan.households; i++) {
    const c = m.category[i] as number;
    const mean = m.dailyUse[i] as number;
    const zero = dayCumulative(plan.seed, i, c, mean, plan.epoch);
    const at = ((m.district[i] as number) * CATS + c) * 2;
    totals[at] = (totals[at] as number) + dayCumulative(plan.seed, i, c, mean, d) - zero;
    totals[at + 1] = (totals[at + 1] as number) + dayCumulative(plan.seed, i, c, mean, d + 1) - zero;
  }
  if (state.dayTotals.size >= 4) state.dayTotals.delete(state.dayTotals.keys().next().value as number);
  state.dayTotals.set(d, totals);
  return totals;
};

/** The households' use of a district from the epoch to t, as their meters would count it without faults (m³). */
export const districtUse = (plan: CityPlan, state: SimState, district: number, t: number): number => {
  const d = chinaDayNumber(t);
  const minute = (t - dayNumberStart(d)) / MINUTE_MS;
  const totals = totalsOf(plan, state, d);
  let use = 0;
  for (let c = 0; c < CATS; c++) {
    const at = (district * CATS + c) * 2;
    const start = totals[at] as number;
    use += start + ((totals[at + 1] as number) - start) * dayShare(c, d, minute);
  }
  for (const i of plan.faults.burstMeters[district] ?? []) use += burstVolume(plan, i, t);
  for (const i of new Set([...state.closedSince.keys(), ...state.lostBefore.keys()]))
    if (plan.meters.district[i] === district) use -= lostUse(plan, state, i, t);
  return use;
};

/** Everything that entered a district from the epoch to t (m³); `leaks: false` leaves the leak faults out. */
export const districtInflow = (plan: CityPlan, state: SimState, district: number, t: number, leaks = true): number => {
  const dm = plan.districts[district];
  if (!dm) return 0;
  const hours = (t - dayNumberStart(plan.epoch)) / HOUR_MS;
  return (
    districtUse(plan, state, district, t) +
    (dm.backgroundLeak + dm.transferRate) * hours +
    (leaks ? leakVolume(plan, district, t) : 0)
  );
};

/** The register a meter shows at t, whatever its role. */
export const registerAt = (plan: CityPlan, state: SimState, i: number, t: number): number => {
  const m = plan.meters;
  const role = m.role[i] as number;
  if (role === ROLE.household) return householdRegister(plan, state, i, t);
  const district = m.district[i] as number;
  const dm = plan.districts[district];
  if (!dm) return m.base[i] as number;
  const volume =
    role === ROLE.inlet
      ? (dm.inletShares[dm.inlets.indexOf(i)] ?? 0) * districtInflow(plan, state, district, t)
      : (dm.transferRate * (t - dayNumberStart(plan.epoch))) / HOUR_MS / dm.outlets.length;
  return fold((m.base[i] as number) + volume, m.maxReading[i] as number);
};

export type ReadingsOptions = {
  /** only meters in [meterStart, meterEnd) (default: all) */
  meterStart?: number;
  meterEnd?: number;
  /** only these meters, in this order (instead of a range) */
  meters?: readonly number[];
  /** household read interval in minutes (default 60) */
  householdMinutes?: number;
  /** before this instant households are read once a day, at 00:00 China time (default: always at the interval) */
  hourlyFrom?: number;
  /** district meter read interval in minutes (default 15) */
  districtMinutes?: number;
};

/** One meter's read at t with its status (battery, signal, valve), stamped with the true time. */
export const readingAt = (plan: CityPlan, state: SimState, i: number, t: number): SimReading => {
  const { csq, rsrp } = signalAt(plan, i, t);
  const r: SimReading = {
    meter: i,
    time: t,
    reading: registerAt(plan, state, i, t),
    voltage: batteryVoltage(plan, i, t),
    csq,
    rsrp,
  };
  if (plan.meters.valveControl[i]) r.valveState = state.valve[i] as number;
  // a misread: far too high once, unless it would pass the register's maximum (refused, not a spike)
  const misread = plan.meters.role[i] === ROLE.household ? misreadAt(plan, i, t) : 0;
  if (misread > 0 && r.reading + misread < (plan.meters.maxReading[i] as number))
    r.reading = Math.round((r.reading + misread) * 1000) / 1000;
  return r;
};

const isMidnight = (t: number) => (t + 8 * HOUR_MS) % DAY_MS === 0;

/**
 * The readings due in (from, to], time by time, meter by meter. A concentrator's meters are left out while it is in
 * an outage it never catches up on (an outage it catches up on only delays them); a drifting concentrator stamps
 * them with its own clock. Generate large cities in meter ranges: each reading is an object.
 */
export const readingsBetween = (
  plan: CityPlan,
  state: SimState,
  from: number,
  to: number,
  opts: ReadingsOptions = {},
): SimReading[] => {
  const m = plan.meters;
  const list = opts.meters;
  const start = Math.max(0, opts.meterStart ?? 0);
  const count = list ? list.length : Math.min(m.count, opts.meterEnd ?? m.count) - start;
  const householdStep = (opts.householdMinutes ?? 60) * MINUTE_MS;
  const districtStep = (opts.districtMinutes ?? 15) * MINUTE_MS;
  const hourlyFrom = opts.hourlyFrom ?? Number.NEGATIVE_INFINITY;
  const step = Math.min(householdStep, districtStep, HOUR_MS);
  const out: SimReading[] = [];
  for (let t = Math.floor(from / step) * step + step; t <= to; t += step) {
    const households = isMidnight(t) || (t >= hourlyFrom && t % householdStep === 0);
    const districts = t % districtStep === 0;
    if (!households && !districts) continue;
    let lastC = -2;
    let lost = false;
    let drift = 0;
    for (let k = 0; k < count; k++) {
      const i = list ? (list[k] as number) : start + k;
      const household = m.role[i] === ROLE.household;
      if (household ? !households : !districts) continue;
      const c = m.concentrator[i] as number;
      if (c !== lastC) {
        lastC = c;
        lost = c >= 0 && outageAt(plan, c, t)?.catchUp === false;
        drift = clockDrift(plan, c, t) * 1000;
      }
      if (lost) continue;
      const r = readingAt(plan, state, i, t);
      r.time += drift;
      out.push(r);
    }
  }
  return out;
};

/** Closes or opens a meter's valve at t: a closed valve stops the household's use (and its district's inflow). */
export const setValve = (plan: CityPlan, state: SimState, i: number, open: boolean, t: number): void => {
  if (open === (state.valve[i] === 1)) return;
  state.valve[i] = open ? 1 : 0;
  if (plan.meters.role[i] !== ROLE.household) return;
  if (!open) {
    state.closedSince.set(i, t);
    return;
  }
  state.lostBefore.set(i, lostUse(plan, state, i, t));
  state.closedSince.delete(i);
};
