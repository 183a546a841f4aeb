// A year of a district's demand, leaks and meter faults, drawn from a seed (pure: no hydraulics here). The plan says
// what happens when — the true leaks with their start, peak and end, and the anomalies that are not leaks — and gives
// the demand multipliers of any day; hydraulics.ts turns them into flows on an EPANET network and `measured` adds
// what the inlet meter does to them (noise, gaps, one-night bursts).
import { addDays, chinaWeekday, dayStart } from '@waterops/shared/reading';
import { between, normal, shuffled, streamOf } from './random.ts';

export const STEP_MINUTES = 5;
export const STEPS_PER_DAY = 1440 / STEP_MINUTES;
const STEP_MS = STEP_MINUTES * 60_000;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export type LeakType = 'abrupt' | 'incipient';

export type TrueLeak = {
  id: string;
  /** the junction whose emitter carries it */
  node: string;
  type: LeakType;
  /**
   * its full flow at night as a share of the district's reference night flow: as simulated (a large leak lowers the
   * pressure that drives it, so it delivers less than planned), or as planned before the simulation
   */
  size: number;
  /** the share planned (0.01–0.30) */
  plannedSize: number;
  /** its full flow, m³/h, at the node's reference night pressure (the emitter follows the pressure around it) */
  flow: number;
  /** when it begins (a daytime moment of the day before startDay) */
  startAt: string;
  /** the first day whose night (00:00–06:00, China) carries it: the day a perfect detector would date it */
  startDay: string;
  /** when it reaches its full flow: startAt for an abrupt leak, the end of the ramp for an incipient one */
  peakAt: string;
  /** the first day whose night carries the full flow */
  peakDay: string;
  /** the first day whose night carries at least half the full flow */
  halfPeakDay: string;
  /** its repair (a daytime moment of the day before endDay); null: still running at the end of the year */
  endAt: string | null;
  /** the first day whose night no longer carries it */
  endDay: string | null;
};

export type AnomalyKind = 'missingHour' | 'outage' | 'nightBurst' | 'holiday';

/** Something in the data that is not a leak and must not be reported as one. */
export type Anomaly = {
  kind: AnomalyKind;
  from: string;
  to: string;
  /** a burst's extra flow (m³/h), a holiday's demand factor; 0 for gaps */
  value: number;
};

export type ScenarioSettings = {
  seed: number;
  /** first China day of the year simulated */
  from: string;
  days: number;
  leakCount: number;
  /** the district's reference night flow without leaks, m³/h (a nominal weekday night, from calibration) */
  nightFlow: number;
  /** junctions a leak may be put on (enough pressure at night) */
  nodes: readonly string[];
};

export type Scenario = ScenarioSettings & {
  leaks: TrueLeak[];
  anomalies: Anomaly[];
  /** how much higher weekend nights run than weekday ones (residential use) */
  weekendNight: number;
};

/**
 * The leak sizes drawn: the same number in each class the score reports (< 5 %, 5–10 %, 10–20 %, 20–30 % of the night
 * flow), half abrupt and half incipient in each, so every class has figures.
 */
export const SIZE_CLASSES = [
  { label: '<5%', from: 0.01, to: 0.05 },
  { label: '5–10%', from: 0.05, to: 0.1 },
  { label: '10–20%', from: 0.1, to: 0.2 },
  { label: '≥20%', from: 0.2, to: 0.3 },
] as const;

export const sizeClassOf = (size: number): string => (SIZE_CLASSES.find((c) => size < c.to) ?? SIZE_CLASSES[3]).label;

/** The Spring Festival holiday (cities empty out: residential use ~15 % lower for nine days). */
const SPRING_FESTIVAL: Record<string, [string, string]> = {
  '2025': ['2025-01-28', '2025-02-04'],
  '2026': ['2026-02-15', '2026-02-23'],
};

const iso = (ms: number) => new Date(ms).toISOString();
const dayOf = (from: string, i: number) => addDays(from, i);
/** A moment on day i between 06:00 and 24:00 (after that day's night), on the 5-minute grid. */
const daytime = (from: string, i: number, next: () => number) =>
  dayStart(dayOf(from, i)).getTime() + 6 * HOUR_MS + Math.floor(next() * 216) * STEP_MS;

/** The share (0–1) of a leak's full flow at time t (ms). */
export const leakShare = (leak: Pick<TrueLeak, 'startAt' | 'peakAt' | 'endAt'>, t: number): number => {
  const start = Date.parse(leak.startAt);
  const peak = Date.parse(leak.peakAt);
  if (t < start || (leak.endAt !== null && t >= Date.parse(leak.endAt))) return 0;
  return t >= peak ? 1 : (t - start) / (peak - start);
};

/** The first day from `from` whose 03:00 carries at least `share` of the leak (null: not within the days). */
const firstNightWith = (leak: TrueLeak, share: number, from: string, days: number): string | null => {
  for (let i = 0; i < days; i++) {
    const day = dayOf(from, i);
    if (leakShare(leak, dayStart(day).getTime() + 3 * HOUR_MS) >= share - 1e-9) return day;
  }
  return null;
};

const planLeaks = (s: ScenarioSettings): TrueLeak[] => {
  const next = streamOf(s.seed, 'leaks');
  const perClass = Math.ceil(s.leakCount / SIZE_CLASSES.length);
  const drawn = SIZE_CLASSES.flatMap((c) =>
    Array.from({ length: perClass }, (_, i) => ({
      size: between(next, c.from, c.to),
      type: (i % 2 === 0 ? 'abrupt' : 'incipient') as LeakType,
    })),
  );
  const last = s.days - 1;
  return shuffled(next, drawn)
    .slice(0, s.leakCount)
    .map((d, k) => {
      // after the detector's three-week warm-up (and a week more), and early enough to be seen before the year ends
      const startDay = Math.floor(between(next, 28, s.days - 45));
      const startAt = daytime(s.from, startDay - 1, next);
      const rampDays = d.type === 'incipient' ? Math.floor(between(next, 7, 43)) : 0;
      const peakAt = startAt + rampDays * DAY_MS;
      // three in four are repaired, 1–9 weeks after they reached their peak
      const repaired = next() < 0.75;
      const endDay = startDay + rampDays + Math.floor(between(next, 7, 64));
      const endAt = repaired && endDay <= last ? daytime(s.from, endDay - 1, next) : null;
      const node = s.nodes[Math.floor(next() * s.nodes.length)] as string;
      const leak: TrueLeak = {
        id: `L${String(k + 1).padStart(2, '0')}`,
        node,
        type: d.type,
        size: Math.round(d.size * 1000) / 1000,
        plannedSize: Math.round(d.size * 1000) / 1000,
        flow: Math.round(d.size * s.nightFlow * 1000) / 1000,
        startAt: iso(startAt),
        startDay: dayOf(s.from, startDay),
        peakAt: iso(peakAt),
        peakDay: '',
        halfPeakDay: '',
        endAt: endAt === null ? null : iso(endAt),
        endDay: endAt === null ? null : dayOf(s.from, endDay),
      };
      // a leak repaired before its ramp completed never reaches its peak; its days stay past the year then
      leak.peakDay = firstNightWith(leak, 1, s.from, s.days) ?? addDays(s.from, s.days);
      leak.halfPeakDay = firstNightWith(leak, 0.5, s.from, s.days) ?? addDays(s.from, s.days);
      return leak;
    })
    .sort((a, b) => a.startAt.localeCompare(b.startAt));
};

const planAnomalies = (s: ScenarioSettings): Anomaly[] => {
  const next = streamOf(s.seed, 'anomalies');
  const out: Anomaly[] = [];
  const at = (i: number, minute: number) => dayStart(dayOf(s.from, i)).getTime() + minute * 60_000;
  const anyDay = () => Math.floor(between(next, 1, s.days - 1));
  // two hours a month the meter or its link drops out (a quarter of them in the night window)
  for (let n = 0; n < Math.round((s.days / 365) * 24); n++) {
    const minute = n % 4 === 0 ? 60 * Math.floor(between(next, 0, 5)) : 60 * Math.floor(between(next, 6, 23));
    const from = at(anyDay(), minute);
    out.push({ kind: 'missingHour', from: iso(from), to: iso(from + HOUR_MS), value: 0 });
  }
  // three longer outages a year (4–30 hours): some nights have no nightline at all
  for (let n = 0; n < 3; n++) {
    const from = at(anyDay(), 5 * Math.floor(between(next, 0, 288)));
    out.push({ kind: 'outage', from: iso(from), to: iso(from + Math.floor(between(next, 4, 31)) * HOUR_MS), value: 0 });
  }
  // six one-night bursts: fire fighting or flushing for 1–3 hours inside the night, and twice a main being filled
  // all night long (22:00–06:00), which lifts that night's minimum itself
  for (let n = 0; n < 6; n++) {
    const i = anyDay();
    const allNight = n < 2;
    const from = allNight ? at(i, -120) : at(i, 60 * Math.floor(between(next, 0, 4)));
    const hours = allNight ? 8 : Math.floor(between(next, 1, 4));
    const value = s.nightFlow * (allNight ? between(next, 0.2, 0.6) : between(next, 0.3, 1.5));
    out.push({
      kind: 'nightBurst',
      from: iso(from),
      to: iso(from + hours * HOUR_MS),
      value: Math.round(value * 1000) / 1000,
    });
  }
  const holiday = SPRING_FESTIVAL[s.from.slice(0, 4)];
  if (holiday)
    out.push({
      kind: 'holiday',
      from: iso(dayStart(holiday[0]).getTime()),
      to: iso(dayStart(addDays(holiday[1])).getTime()),
      value: 0.85,
    });
  return out.sort((a, b) => a.from.localeCompare(b.from));
};

export const planScenario = (s: ScenarioSettings): Scenario => ({
  ...s,
  leaks: planLeaks(s),
  anomalies: planAnomalies(s),
  weekendNight: between(streamOf(s.seed, 'weekly'), 1.05, 1.15),
});

// Residential use per hour of the day (mean ≈ 1): the night minimum around 03:00, a morning peak at 07:00–08:00, a
// smaller one at noon and the evening peak at 19:00. Weekends wake later and a little less sharply.
const WEEKDAY = [
  0.55, 0.42, 0.36, 0.34, 0.36, 0.55, 1.05, 1.55, 1.45, 1.2, 1.1, 1.2, 1.3, 1.1, 0.95, 0.95, 1.0, 1.2, 1.5, 1.6, 1.5,
  1.3, 1.05, 0.75,
];
const WEEKEND = [
  0.62, 0.47, 0.39, 0.36, 0.37, 0.45, 0.7, 1.0, 1.35, 1.45, 1.35, 1.3, 1.35, 1.15, 1.0, 0.95, 1.0, 1.15, 1.45, 1.55,
  1.5, 1.35, 1.15, 0.85,
];

/** The hourly shape at 5-minute steps: linear between the hours' middles (demand does not jump on the hour). */
const shapeAt = (hourly: readonly number[], step: number) => {
  const h = (step * STEP_MINUTES) / 60 - 0.5 + STEP_MINUTES / 120;
  const i = Math.floor(h);
  const f = h - i;
  const a = hourly[(i + 24) % 24] as number;
  const b = hourly[(i + 25) % 24] as number;
  return a + (b - a) * f;
};

const isWeekend = (day: string) => {
  const w = chinaWeekday(dayStart(day));
  return w === 0 || w === 6;
};

/** Seasonal factor: ±12 % over the year, highest in mid-July (≤ 0.2 % a day of drift). */
const season = (day: string) => {
  const doy = (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${day.slice(0, 4)}-01-01T00:00:00Z`)) / DAY_MS;
  return 1 + 0.12 * Math.cos((2 * Math.PI * (doy - 196)) / 365);
};

/** The residential multipliers of a nominal weekday: calibration's day (no season, no randomness). */
export const nominalResidential = (): Float64Array =>
  Float64Array.from({ length: STEPS_PER_DAY }, (_, k) => shapeAt(WEEKDAY, k));

/** A day's random level (AR(1) over days, σ 3 %): demand follows the weather, not a fixed curve. */
const dayLevel = (s: Scenario, i: number) => {
  let level = 0;
  // the AR(1) state of day i from the 20 days before it (ρ = 0.5): deterministic for any day taken alone
  for (let j = Math.max(0, i - 20); j <= i; j++) level = 0.5 * level + 0.026 * normal(streamOf(s.seed, 'level', j));
  return 1 + level;
};

/**
 * The residential demand multipliers of day i (5-minute steps): the weekday or weekend shape, the season, the day's
 * level, the night's own randomness (σ 4 %, night use varies more than day use), the weekend night, a short-term
 * flicker (σ 3 %, AR(1) over 5-minute steps) and the Spring Festival.
 */
export const residentialMultipliers = (s: Scenario, i: number): Float64Array => {
  const day = dayOf(s.from, i);
  const next = streamOf(s.seed, 'day', i);
  const weekend = isWeekend(day);
  const shape = weekend ? WEEKEND : WEEKDAY;
  const night = 1 + 0.04 * normal(next);
  const t0 = dayStart(day).getTime();
  const holiday = s.anomalies.find((a) => a.kind === 'holiday' && Date.parse(a.from) <= t0 && t0 < Date.parse(a.to));
  const base = season(day) * dayLevel(s, i) * (holiday ? holiday.value : 1);
  const out = new Float64Array(STEPS_PER_DAY);
  let flicker = 0;
  for (let k = 0; k < STEPS_PER_DAY; k++) {
    flicker = 0.7 * flicker + 0.03 * Math.sqrt(1 - 0.49) * normal(next);
    const minute = k * STEP_MINUTES;
    // the night factors fade in over 00:00–07:00 so the day's curve stays smooth
    const nightWeight = minute < 360 ? 1 : minute < 420 ? (420 - minute) / 60 : 0;
    const nightFactor = 1 + nightWeight * (night - 1 + (weekend ? s.weekendNight - 1 : 0));
    out[k] = Math.max(0, shapeAt(shape, k) * base * nightFactor * (1 + flicker));
  }
  return out;
};

/** Large users' (factories', bulk supplies') level on day i: lower on Saturdays and Sundays, σ 2 % from day to day. */
export const largeUserFactor = (s: Scenario, i: number): number => {
  const w = chinaWeekday(dayStart(dayOf(s.from, i)));
  const weekly = w === 6 ? 0.9 : w === 0 ? 0.8 : 1;
  return weekly * (1 + 0.02 * normal(streamOf(s.seed, 'largeUsers', i)));
};

/**
 * What the inlet meter reports from the simulated supply (m³/h per 5-minute step, step k ending at from + (k+1)·5 min):
 * ±0.5 % measurement noise on each sample, the bursts' extra flow, and NaN where the data is missing.
 */
export const measured = (s: Scenario, supply: Float64Array): Float64Array => {
  const next = streamOf(s.seed, 'meter');
  const t0 = dayStart(s.from).getTime();
  const out = new Float64Array(supply.length);
  for (let k = 0; k < supply.length; k++) out[k] = (supply[k] as number) * (1 + 0.005 * normal(next));
  for (const a of s.anomalies) {
    if (a.kind === 'holiday') continue;
    // the steps whose interval ends inside (from, to]
    const k0 = Math.max(0, Math.round((Date.parse(a.from) - t0) / STEP_MS));
    const k1 = Math.min(supply.length, Math.round((Date.parse(a.to) - t0) / STEP_MS));
    for (let k = k0; k < k1; k++) out[k] = a.kind === 'nightBurst' ? (out[k] as number) + a.value : Number.NaN;
  }
  return out;
};
