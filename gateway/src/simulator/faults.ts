// What goes wrong in the simulated city, fixed by the seed: leaks on districts (sudden bursts and slowly growing
// ones, both raising the inlet's night flow), meters that stick, run backwards or run out of battery, weak signal,
// concentrators that go offline for hours (catching up afterwards or not) and concentrator clocks that drift.
// Episodes are hashed per window of time from the plan's fixed anchor, so they keep coming while the simulator
// streams and any instant can be evaluated alone (a restart agrees with what was sent before).
import type { CityPlan } from './cityPlan.ts';
import { chinaDayNumber, dayNumberStart } from './demand.ts';
import { type Random, unit } from './random.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Faults recur in windows of this many days counted from the plan's anchor (leaks, stuck and reverse episodes). */
export const FAULT_WINDOW_DAYS = 30;
const WINDOW_MS = FAULT_WINDOW_DAYS * DAY_MS;

export type Leak = {
  district: number;
  kind: 'sudden' | 'growing';
  /** ms since 1970 */
  start: number;
  /** growing leaks reach full rate after this many ms; 0 for sudden */
  ramp: number;
  /** full rate, m³/h */
  rate: number;
  /** repaired at (ms) */
  end: number;
};

/** What can go wrong with one meter (episodes are hashed per window, so they keep coming). */
export type MeterFault = {
  meter: number;
  /** now and then the register stops counting for days while water still flows */
  stuck?: boolean;
  /** now and then the register runs backwards for hours (backflow) */
  reverse?: boolean;
  /** now and then water runs on behind it for hours (a burst pipe, a running cistern): a day of high use */
  burst?: boolean;
  /** the battery lasts this many days, then is flat for a while until replaced */
  batteryLife?: number;
  /** poor coverage: low csq, rsrp under −110 dBm */
  weakSignal?: boolean;
};

export type CityFaults = {
  /** per district, its hourly demand: the scale of its leaks */
  leakScale: Float64Array;
  /** per concentrator, the clock drift in seconds gained per day (its clock is set right every window) */
  drift: Float64Array;
  /** per meter, its index in meterFaults or -1 */
  meterFault: Int32Array;
  meterFaults: MeterFault[];
  /** per district, its burst-prone household meters (their extra flow enters through the inlets too) */
  burstMeters: number[][];
};

/** Chance that a concentrator has a short outage (1–10 h) starting on a given day. */
const OUTAGE_PER_DAY = 0.02;
/** Chance that a concentrator is down for 1–3 days in a window (power cut, flooded cabinet): never caught up. */
const LONG_OUTAGE_PER_WINDOW = 0.12;
/** Chance that a district starts a leak in a window. */
const LEAK_PER_WINDOW = 0.45;

const anchorOf = (plan: CityPlan) => dayNumberStart(plan.epoch);
const windowOf = (plan: CityPlan, t: number) => Math.floor((t - anchorOf(plan)) / WINDOW_MS);
const windowStart = (plan: CityPlan, w: number) => anchorOf(plan) + w * WINDOW_MS;

export const planFaults = (plan: CityPlan, rng: Random): CityFaults => {
  const m = plan.meters;
  const leakScale = new Float64Array(plan.districts.length);
  for (let h = 0; h < plan.households; h++) {
    const d = m.district[h] as number;
    leakScale[d] = (leakScale[d] as number) + (m.dailyUse[h] as number) / 24;
  }

  const drift = new Float64Array(plan.concentrators.length);
  const drifting = Math.max(1, Math.round(plan.concentrators.length * 0.05));
  for (let k = 0; k < drifting && plan.concentrators.length > 0; k++)
    drift[rng.int(0, plan.concentrators.length - 1)] = (rng.chance(0.5) ? 1 : -1) * rng.float(3, 12);

  const faults = new Map<number, MeterFault>();
  const some = (share: number, apply: (f: MeterFault) => void) => {
    const count = Math.max(2, Math.round(plan.households * share));
    for (let k = 0; k < count && plan.households > 0; k++) {
      const meter = rng.int(0, plan.households - 1);
      const f = faults.get(meter) ?? { meter };
      apply(f);
      faults.set(meter, f);
    }
  };
  some(0.005, (f) => {
    f.stuck = true;
  });
  some(0.003, (f) => {
    f.reverse = true;
  });
  some(0.003, (f) => {
    f.burst = true;
  });
  some(0.01, (f) => {
    f.batteryLife = rng.int(60, 150);
  });
  // poor coverage is a standing condition a utility tunes out or fixes (an antenna, a repeater): a handful of
  // meters, not 3 % of the city (60 standing CSQ and 60 RSRP alarms greeted a newcomer); each raises two (CSQ, RSRP)
  some(0.0025, (f) => {
    f.weakSignal = true;
  });
  const meterFault = new Int32Array(m.count).fill(-1);
  const meterFaults = [...faults.values()].sort((a, b) => a.meter - b.meter);
  meterFaults.forEach((f, k) => {
    meterFault[f.meter] = k;
  });
  const burstMeters: number[][] = plan.districts.map(() => []);
  for (const f of meterFaults) if (f.burst) burstMeters[m.district[f.meter] as number]?.push(f.meter);
  return { leakScale, drift, meterFault, meterFaults, burstMeters };
};

const faultOf = (plan: CityPlan, meter: number): MeterFault | undefined => {
  const k = plan.faults.meterFault[meter] ?? -1;
  return k >= 0 ? plan.faults.meterFaults[k] : undefined;
};

/** The leak a district starts in window w, if any: sudden or growing, repaired 5–40 days later. */
export const leakIn = (plan: CityPlan, district: number, w: number): Leak | undefined => {
  const u = (k: number) => unit(plan.seed, 0x1ea0 + k, district, w);
  if (u(0) >= LEAK_PER_WINDOW) return undefined;
  const start = windowStart(plan, w) + Math.floor(u(1) * FAULT_WINDOW_DAYS * 24) * HOUR_MS;
  const kind = u(2) < 0.5 ? 'sudden' : 'growing';
  const rate = Math.round((0.3 + (plan.faults.leakScale[district] ?? 0) * (0.06 + 0.14 * u(3))) * 1000) / 1000;
  return {
    district,
    kind,
    start,
    ramp: kind === 'sudden' ? 0 : (10 + u(4) * 20) * DAY_MS,
    rate,
    end: start + (5 + u(5) * 35) * DAY_MS,
  };
};

/** The leaks of a district that started up to t (window by window since the anchor). */
export const leaksUntil = (plan: CityPlan, district: number, t: number): Leak[] => {
  const out: Leak[] = [];
  for (let w = 0; w <= windowOf(plan, t); w++) {
    const l = leakIn(plan, district, w);
    if (l && l.start <= t) out.push(l);
  }
  return out;
};

/** A stuck-prone meter's episode in window w: half the windows, 3–20 days from within the first 10 days. */
export const stuckIn = (plan: CityPlan, meter: number, w: number) => {
  if (!faultOf(plan, meter)?.stuck || unit(plan.seed, 0x57c0, meter, w) >= 0.5) return undefined;
  const from = windowStart(plan, w) + Math.floor(unit(plan.seed, 0x57c1, meter, w) * 10 * 24) * HOUR_MS;
  return { from, to: from + Math.floor(3 + unit(plan.seed, 0x57c2, meter, w) * 17) * DAY_MS };
};

/** A reverse-prone meter's backflow in window w: 6–36 hours running back 0.3–1.5 days of its use. */
export const reverseIn = (plan: CityPlan, meter: number, w: number) => {
  if (!faultOf(plan, meter)?.reverse || unit(plan.seed, 0x4e50, meter, w) >= 0.4) return undefined;
  const from = windowStart(plan, w) + Math.floor(unit(plan.seed, 0x4e51, meter, w) * 28 * 24) * HOUR_MS;
  const to = from + Math.floor(6 + unit(plan.seed, 0x4e52, meter, w) * 30) * HOUR_MS;
  const volume = (plan.meters.dailyUse[meter] ?? 0) * (0.3 + 1.2 * unit(plan.seed, 0x4e53, meter, w));
  return { from, to, volume };
};

/** A burst-prone meter's episode in window w: 6–30 hours of 0.1–0.5 m³/h on top of its use. */
export const burstIn = (plan: CityPlan, meter: number, w: number) => {
  if (!faultOf(plan, meter)?.burst || unit(plan.seed, 0xb057, meter, w) >= 0.4) return undefined;
  const from = windowStart(plan, w) + Math.floor(unit(plan.seed, 0xb058, meter, w) * 28 * 24) * HOUR_MS;
  const to = from + Math.floor(6 + unit(plan.seed, 0xb059, meter, w) * 24) * HOUR_MS;
  return { from, to, rate: 0.1 + 0.4 * unit(plan.seed, 0xb05a, meter, w) };
};

/** Water a burst-prone meter passed in its bursts from the anchor to t (m³). */
export const burstVolume = (plan: CityPlan, meter: number, t: number): number => {
  let v = 0;
  for (let w = 0, last = windowOf(plan, t); w <= last; w++) {
    const b = burstIn(plan, meter, w);
    if (b && t > b.from) v += (b.rate * (Math.min(t, b.to) - b.from)) / HOUR_MS;
  }
  return v;
};

/**
 * Chance that a household read is a misread (a spike: far too high, the next read back in line): about two a day
 * in the demo's 2,000 meters, each a data-check exception and a short "reverse flow" when the next read is normal
 * (at 3e-4 they were fourteen a day, 94 % of the demo's alarms).
 */
const MISREAD = 4e-5;

/** What a misread adds to the register at t (m³), 0 for nearly every read. */
export const misreadAt = (plan: CityPlan, meter: number, t: number): number => {
  const u = unit(plan.seed, 0x5b1, meter, Math.floor(t / 60_000));
  return u < MISREAD ? 50 + Math.floor((u / MISREAD) * 450) : 0;
};

/** The windows from the anchor to t, for summing what faults took away from a register. */
export const windowsUntil = (plan: CityPlan, t: number): number => windowOf(plan, t);

/** A concentrator's outage that started on China day `d`, if any. */
export const outageOn = (plan: CityPlan, concentrator: number, d: number) => {
  if (unit(plan.seed, 0x0ff1, concentrator, d) >= OUTAGE_PER_DAY) return undefined;
  const start = dayNumberStart(d) + Math.floor(unit(plan.seed, 0x0ff2, concentrator, d) * 24) * HOUR_MS;
  const hours = 1 + Math.floor(unit(plan.seed, 0x0ff3, concentrator, d) * 10);
  return { start, end: start + hours * HOUR_MS, catchUp: unit(plan.seed, 0x0ff4, concentrator, d) < 0.6 };
};

/** A concentrator's long outage in window w, if any: 1–3 days down from within the window's first 27 days. */
export const longOutageIn = (plan: CityPlan, concentrator: number, w: number) => {
  if (unit(plan.seed, 0x10f1, concentrator, w) >= LONG_OUTAGE_PER_WINDOW) return undefined;
  const start = windowStart(plan, w) + Math.floor(unit(plan.seed, 0x10f2, concentrator, w) * 27 * 24) * HOUR_MS;
  const hours = 24 + Math.floor(unit(plan.seed, 0x10f3, concentrator, w) * 48);
  return { start, end: start + hours * HOUR_MS, catchUp: false };
};

/** The outage covering instant t: a short one started today or yesterday, or this window's long one. */
export const outageAt = (plan: CityPlan, concentrator: number, t: number) => {
  const d = chinaDayNumber(t);
  for (const day of [d, d - 1]) {
    const o = outageOn(plan, concentrator, day);
    if (o && t >= o.start && t < o.end) return o;
  }
  const long = longOutageIn(plan, concentrator, windowOf(plan, t));
  return long && t >= long.start && t < long.end ? long : undefined;
};

/** Volume lost to a district's leaks from the anchor to t (m³). */
export const leakVolume = (plan: CityPlan, district: number, t: number): number => {
  let v = 0;
  for (const l of leaksUntil(plan, district, t)) {
    const hours = (Math.min(t, l.end) - l.start) / HOUR_MS;
    if (l.ramp === 0) v += l.rate * hours;
    else {
      const rampHours = l.ramp / HOUR_MS;
      // ∫ rate·min(1, τ/ramp) dτ over [0, hours]
      v += hours <= rampHours ? (l.rate * hours * hours) / (2 * rampHours) : l.rate * (hours - rampHours / 2);
    }
  }
  return v;
};

/** A district's leak flow at t (m³/h). */
export const leakRateAt = (plan: CityPlan, district: number, t: number): number => {
  let r = 0;
  for (const l of leaksUntil(plan, district, t))
    if (t < l.end) r += l.ramp === 0 ? l.rate : l.rate * Math.min(1, (t - l.start) / l.ramp);
  return r;
};

/** Seconds a concentrator's clock is ahead at t: it drifts through a window and is set right at the next. */
export const clockDrift = (plan: CityPlan, concentrator: number, t: number): number => {
  const rate = concentrator < 0 ? 0 : (plan.faults.drift[concentrator] ?? 0);
  if (rate === 0) return 0;
  return Math.round((rate * (t - windowStart(plan, windowOf(plan, t)))) / DAY_MS);
};

/** Battery voltage at t: 3.6 V, a slow fall, a sharp fall near the end of its life, flat at ~2.9 V, replaced. */
export const batteryVoltage = (plan: CityPlan, meter: number, t: number): number => {
  const life = faultOf(plan, meter)?.batteryLife;
  const noise = (unit(plan.seed, 0xba7, meter, Math.floor(t / HOUR_MS)) - 0.5) * 0.02;
  let v = 3.61 - 0.02 * unit(plan.seed, 0xba8, meter);
  if (life !== undefined) {
    const days = (t - anchorOf(plan)) / DAY_MS + unit(plan.seed, 0xba9, meter) * life;
    const x = (days % life) / life;
    if (x >= 0.95) v = 2.9;
    else if (x > 0.85) v = 3.43 - ((x - 0.85) / 0.1) * 0.5;
    else v = 3.6 - 0.2 * x;
  }
  return Math.round((v + noise) * 100) / 100;
};

/** Signal at t: csq 0–31 and rsrp (dBm); weak-signal meters sit under −110 dBm. */
export const signalAt = (plan: CityPlan, meter: number, t: number): { csq: number; rsrp: number } => {
  const weak = faultOf(plan, meter)?.weakSignal === true;
  const u = unit(plan.seed, 0x516, meter, Math.floor(t / HOUR_MS));
  return weak
    ? { csq: 2 + Math.floor(u * 7), rsrp: -111 - Math.floor(u * 12) }
    : { csq: 16 + Math.floor(u * 16), rsrp: -72 - Math.floor(u * 28) };
};
