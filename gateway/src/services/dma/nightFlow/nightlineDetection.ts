// Leak detection on a district's daily nightlines: a one-sided CUSUM on the standardised excess over a robust
// baseline finds a rise (a new leak: a step; a slowly growing leak: a trend), dates its probable start (the CUSUM
// change point, refined by a step or line fit), sizes it and the water lost, and follows it until a step back down
// to the baseline ends it (repaired). One leak gives one event: while an event is open its level is tracked instead
// of raising new events.
import type { AlarmLevel } from '@waterops/shared/monitoring';
import { addDays, chinaWeekday, dayStart } from '@waterops/shared/reading';
import { DEFAULT_NIGHT_FLOW_LEVELS, type NightFlowLevels, nightFlowLevel } from './nightFlowLevel.ts';
import { fitLine, fitStep, median } from './robustStats.ts';

/** A day's nightline (m³/h); null (or a missing day) is a gap. */
export type NightlinePoint = { day: string; value: number | null };

export type DetectionOptions = {
  /** valid days that set the baseline (median), σ (day-to-day differences) and the weekend offset before detection */
  warmupDays: number;
  /** CUSUM reference value, in σ: drifts smaller than k·σ are not accumulated */
  k: number;
  /** CUSUM decision interval, in σ */
  h: number;
  /** EWMA weight with which the baseline and σ follow the in-control data (seasonal drift), per valid day */
  lambda: number;
  /** σ never below this share of the baseline: day-to-day demand swings the warm-up may not have shown */
  minRelativeSigma: number;
  /** σ never below this, m³/h (meter resolution) */
  minSigma: number;
  /** a rise is a trend when a line fits it better than a step, it spans this many days and its slope's t ≥ trendT */
  minTrendPoints: number;
  trendT: number;
  /**
   * a step down ends an event when the new level is within max(repairSigmas·σ, repairShare·peak) of the baseline;
   * an event whose tracked level sinks below repairSigmas·σ ends too
   */
  repairSigmas: number;
  repairShare: number;
  /** alarm level by magnitude / baseline (see nightFlowLevel) */
  levels: NightFlowLevels;
  /** hours of leak flow per day of an event, for the volume (24 for a leak that runs all day; a night-day factor) */
  hoursPerDay: number;
};

/**
 * Defaults, set against the simulator (faults.ts) and checked on it (nightFlowOnSimulator.test.ts): its nightlines
 * vary 1–3 % from day to day, its weekend nights run 5–20 % higher and its seasonal swing moves them ~0.15 % a day;
 * its leaks add 0.3 m³/h + 6–20 % of the district's mean hourly demand, i.e. roughly 25–100 % of the nightline.
 * - warmupDays 21: three weeks give six weekend nights for the weekend offset and 20 day-to-day differences for σ.
 * - σ floor 5 % of the baseline: above the simulator's day-to-day noise, so its smallest leak is still ≥ 5σ; real
 *   districts noisier than that get their own σ from the data.
 * - k 0.5, h 6 (textbook CUSUM for a 1σ shift, h one notch above the usual 5): a 4σ step is detected on its 2nd or
 *   3rd night; the in-control average run length is ~2,500 days when σ is right (Siegmund), and no false alarm
 *   showed in 20,000 seeded 90-day series with noise up to the floor (3 % at 8 % noise, above the floor).
 * - lambda 0.1: the baseline follows a drift of 0.15 % a day with a lag of ~1.5 % (well under k·σ = 2.5 %), while
 *   a growing leak (its full rate reached in 10–30 days: ≥ 1 % a day) outruns it.
 * - minTrendPoints 6, trendT 2.5: fewer days cannot tell a ramp from a noisy step; a leak still rising after
 *   detection (two further rises) becomes a trend anyway.
 * - levels by magnitude / baseline: ≥ 0.2 alarm (every simulator leak), ≥ 0.5 severe, ≥ 1 urgent (the night flow
 *   doubled), below general.
 */
export const DEFAULT_DETECTION_OPTIONS: DetectionOptions = {
  warmupDays: 21,
  k: 0.5,
  h: 6,
  lambda: 0.1,
  minRelativeSigma: 0.05,
  minSigma: 0.01,
  minTrendPoints: 6,
  trendT: 2.5,
  repairSigmas: 1,
  repairShare: 0.5,
  levels: DEFAULT_NIGHT_FLOW_LEVELS,
  hoursPerDay: 24,
};

export type NightFlowEvent = {
  kind: 'step' | 'trend';
  status: 'open' | 'repaired';
  /** probable first day with the leak */
  startDay: string;
  /** the day the detector crossed its threshold */
  detectedDay: string;
  /** the first day back at the baseline, null while open */
  repairedDay: string | null;
  /** the nightline expected without the leak (weekday level), m³/h */
  baseline: number;
  /** current (or, once repaired, last) excess over the baseline, m³/h */
  magnitude: number;
  peakMagnitude: number;
  /** m³ lost from the start day to the last day of the event: Σ daily excess × hoursPerDay (gaps interpolated) */
  volume: number;
  level: AlarmLevel;
};

export type DetectionTracePoint = {
  day: string;
  value: number | null;
  /** what the detector expected that day (baseline + weekend offset), null during warm-up */
  expected: number | null;
  sigma: number | null;
  /** the upward CUSUM (in σ) while no event is open */
  cusum: number;
  /** index into events of the event open that day */
  event: number | null;
};

export type NightlineDetection = {
  events: NightFlowEvent[];
  trace: DetectionTracePoint[];
  /** the state at the end: baseline (weekday), weekend offset and σ, all m³/h; null if still warming up */
  baseline: { value: number; weekendOffset: number; sigma: number } | null;
};

const DAY_MS = 86_400_000;
const dayIndex = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const isWeekend = (day: string) => {
  const w = chinaWeekday(dayStart(day));
  return w === 0 || w === 6;
};
const clip = (v: number, limit: number) => Math.max(-limit, Math.min(limit, v));

type Valid = { day: string; at: number; value: number; weekend: boolean; trace: number };
type Open = {
  event: number;
  baseline: number;
  /** index into valid of the start day */
  from: number;
  level: number;
  up: number;
  down: number;
  upZero: number;
  downZero: number;
  /** last valid index whose excess was above the repair band */
  lastHigh: number;
  /** upward re-levels since detection */
  rises: number;
};

/**
 * Detect leak events in a series of daily nightlines (any order, gaps allowed; a day given twice keeps the last).
 * Pure: the same series and options always give the same events.
 */
export const detectNightlineEvents = (
  points: readonly NightlinePoint[],
  options: Partial<DetectionOptions> = {},
): NightlineDetection => {
  const o = { ...DEFAULT_DETECTION_OPTIONS, ...options };
  const byDay = new Map<string, number | null>();
  for (const p of points) byDay.set(p.day, p.value != null && Number.isFinite(p.value) ? p.value : null);
  const days = [...byDay.keys()].sort();
  const trace: DetectionTracePoint[] = [];
  const valid: Valid[] = [];
  const events: NightFlowEvent[] = [];
  /** per valid day, the baseline and σ after it (NaN in the warm-up) */
  const baselineAt: number[] = [];
  const sigmaAt: number[] = [];
  let base = Number.NaN;
  let weekendOffset = 0;
  let sigma = Number.NaN;
  let cusum = 0;
  let lastZero = -1;
  let down = 0;
  let lastDownZero = -1;
  let open: Open | null = null;

  const expectedOf = (v: Valid, b: number) => b + (v.weekend ? weekendOffset : 0);
  const floorSigma = (s: number, b: number) => Math.max(s, o.minRelativeSigma * Math.abs(b), o.minSigma);

  /** Water lost between valid[from] and valid[to] over baseline b, gap days at the mean of their neighbours. */
  const volumeBetween = (from: number, to: number, b: number) => {
    let v = 0;
    for (let i = from; i <= to; i++) {
      const p = valid[i] as Valid;
      const e = Math.max(0, p.value - expectedOf(p, b));
      v += e;
      if (i > from) {
        const q = valid[i - 1] as Valid;
        const missing = p.at - q.at - 1;
        if (missing > 0) v += (missing * (e + Math.max(0, q.value - expectedOf(q, b)))) / 2;
      }
    }
    return v * o.hoursPerDay;
  };

  /**
   * Baseline from the warm-up days: the weekday median, the weekend offset, and σ from the day-to-day differences
   * (MAD of successive differences / √2), which a leak starting or ending inside the warm-up barely moves.
   */
  const warmUp = (i: number) => {
    const weekday = valid.filter((v) => !v.weekend).map((v) => v.value);
    const weekend = valid.filter((v) => v.weekend).map((v) => v.value);
    base = median(weekday.length > 0 ? weekday : weekend);
    // each weekend day against the weekdays around it, so a leak starting or ending in the warm-up (a level
    // change) does not pass for a weekly pattern
    const local = valid.flatMap((w) => {
      if (!w.weekend) return [];
      const near = valid.filter((v) => !v.weekend && Math.abs(v.at - w.at) <= 3).map((v) => v.value);
      return near.length >= 2 ? [w.value - median(near)] : [];
    });
    weekendOffset = local.length > 0 ? median(local) : 0;
    const spread = () => {
      const r = valid.map((v) => v.value - expectedOf(v, base));
      const diffs = r.slice(1).map((x, j) => Math.abs(x - (r[j] as number)));
      return floorSigma((1.4826 * median(diffs)) / Math.SQRT2, base);
    };
    sigma = spread();
    // a weekly pattern smaller than the noise is not worth correcting (its estimate would only add noise)
    if (Math.abs(weekendOffset) < sigma) {
      weekendOffset = 0;
      sigma = spread();
    }
    baselineAt.fill(base);
    sigmaAt.fill(sigma);
    lastZero = i;
    lastDownZero = i;
  };

  const openEvent = (i: number) => {
    const from = lastZero + 1;
    const b = from > 0 ? (baselineAt[from - 1] as number) : base;
    // σ too as it was before the run: the run's large residuals are the leak, not noise
    if (from > 0) sigma = sigmaAt[from - 1] as number;
    const seg = valid.slice(from, i + 1);
    const excess = seg.map((p) => p.value - expectedOf(p, b));
    const xs = seg.map((p) => p.at - (seg[0] as Valid).at);
    const step = fitStep(excess);
    const line = fitLine(xs, excess);
    const trend = seg.length >= o.minTrendPoints && line.sse < step.sse && line.slopeT >= o.trendT;
    let start = from;
    let level: number;
    if (trend) {
      // a growing leak began where its line crosses zero, which may be before the CUSUM left zero
      const crossing = (seg[0] as Valid).at + Math.max(-seg.length, -line.intercept / line.slope);
      while (start > 0 && (valid[start - 1] as Valid).at >= crossing) start--;
      while (start < i && (valid[start] as Valid).at < Math.floor(crossing)) start++;
      level = line.intercept + line.slope * (xs[xs.length - 1] as number);
    } else {
      // the run may have begun with a day or two of noise above zero: start at the step when the days before it
      // look like the baseline (less than half the new level)
      if (step.split > 0 && step.before < step.after / 2) start = from + step.split;
      level = median(excess.slice(start - from));
    }
    const p = valid[i] as Valid;
    events.push({
      kind: trend ? 'trend' : 'step',
      status: 'open',
      startDay: (valid[start] as Valid).day,
      detectedDay: p.day,
      repairedDay: null,
      baseline: b,
      magnitude: level,
      peakMagnitude: level,
      volume: 0,
      level: nightFlowLevel(level, b, o.levels),
    });
    open = {
      event: events.length - 1,
      baseline: b,
      from: start,
      level,
      up: 0,
      down: 0,
      upZero: i,
      downZero: i,
      lastHigh: i,
      rises: 0,
    };
    for (let j = from; j <= i; j++) (trace[(valid[j] as Valid).trace] as DetectionTracePoint).event = open.event;
  };

  /**
   * Follow an open event one more valid day: a further rise re-levels it, a fall re-levels it or repairs it.
   * Returns the index of the first day back at the baseline once repaired, else null.
   */
  const follow = (ev: Open, i: number): number | null => {
    const p = valid[i] as Valid;
    const event = events[ev.event] as NightFlowEvent;
    const excess = p.value - expectedOf(p, ev.baseline);
    const z = (excess - ev.level) / sigma;
    ev.up = Math.max(0, ev.up + z - o.k);
    ev.down = Math.max(0, ev.down - z - o.k);
    if (ev.up === 0) ev.upZero = i;
    if (ev.down === 0) ev.downZero = i;
    const segExcess = (from: number) => valid.slice(from, i + 1).map((q) => q.value - expectedOf(q, ev.baseline));
    const band = Math.max(o.repairSigmas * sigma, o.repairShare * event.peakMagnitude);
    if (excess >= band) ev.lastHigh = i;
    const repair = (back: number) => {
      event.status = 'repaired';
      event.repairedDay = (valid[back] as Valid).day;
      event.volume = volumeBetween(ev.from, back - 1, ev.baseline);
      return back;
    };
    if (ev.down >= o.h) {
      // the fall began where the best step in the run lies (the CUSUM may have left zero a day or two early)
      const run = segExcess(ev.downZero + 1);
      const fall = fitStep(run);
      const first = fall.split > 0 && fall.before > ev.level / 2 && fall.after < ev.level / 2 ? fall.split : 0;
      const level = median(run.slice(first));
      if (level < band) return repair(ev.downZero + 1 + first);
      ev.level = level;
      ev.up = 0;
      ev.down = 0;
      ev.upZero = i;
      ev.downZero = i;
    } else if (ev.up >= o.h) {
      // still rising after detection: a growing leak, or a second one on top (which stays the same event)
      ev.level = median(segExcess(ev.upZero + 1).slice(-3));
      // rising twice after detection: a growing leak (the first re-level may only correct a first guess)
      ev.rises++;
      if (ev.rises >= 2) event.kind = 'trend';
      ev.up = 0;
      ev.down = 0;
      ev.upZero = i;
      ev.downZero = i;
    } else {
      // follow slow change only on days that suggest neither a rise nor a fall in progress
      if (ev.up === 0 && ev.down === 0) ev.level += o.lambda * clip(excess - ev.level, sigma);
      // a level sunk into the noise cannot step down any further: back since the last high day
      if (ev.level < o.repairSigmas * sigma && ev.lastHigh < i) return repair(ev.lastHigh + 1);
    }
    event.magnitude = ev.level;
    event.peakMagnitude = Math.max(event.peakMagnitude, ev.level);
    event.level = nightFlowLevel(event.magnitude, ev.baseline, o.levels);
    event.volume = volumeBetween(ev.from, i, ev.baseline);
    (trace[p.trace] as DetectionTracePoint).event = ev.event;
    return null;
  };

  /**
   * Restart in-control detection at valid[i] from the level of valid[from..i] (after a repair or a fall). After a
   * repair the level is shrunk towards the old baseline `b` while those days are few (n / (n + 3)): the water is
   * expected back there, and a level from two noisy days would start the next false run.
   */
  const rebase = (from: number, i: number, b: number, shrink: boolean) => {
    const n = i + 1 - from;
    const level = median(valid.slice(from, i + 1).map((q) => q.value - expectedOf(q, b)));
    base = b + (shrink ? (level * n) / (n + 3) : level);
    cusum = 0;
    down = 0;
    lastZero = i;
    lastDownZero = i;
  };

  for (const day of days) {
    const value = byDay.get(day) ?? null;
    trace.push({ day, value, expected: null, sigma: null, cusum: 0, event: null });
    if (value === null) continue;
    const p: Valid = { day, at: dayIndex(day), value, weekend: isWeekend(day), trace: trace.length - 1 };
    valid.push(p);
    const i = valid.length - 1;
    const t = trace[p.trace] as DetectionTracePoint;
    if (i < o.warmupDays) {
      baselineAt.push(Number.NaN);
      sigmaAt.push(Number.NaN);
      if (i === o.warmupDays - 1) warmUp(i);
      continue;
    }
    t.expected = expectedOf(p, open ? (open as Open).baseline : base);
    t.sigma = sigma;
    if (open) {
      const ev = open as Open;
      const back = follow(ev, i);
      if (back !== null) {
        for (let j = back; j <= i; j++) (trace[(valid[j] as Valid).trace] as DetectionTracePoint).event = null;
        // detection starts afresh from the level after the repair (the baseline may have drifted meanwhile)
        rebase(back, i, ev.baseline, true);
        open = null;
      }
      baselineAt.push(base);
      sigmaAt.push(sigma);
      continue;
    }
    const residual = p.value - expectedOf(p, base);
    const z = residual / sigma;
    cusum = Math.max(0, cusum + z - o.k);
    down = Math.max(0, down - z - o.k);
    t.cusum = cusum;
    if (cusum === 0) lastZero = i;
    if (down === 0) lastDownZero = i;
    if (cusum >= o.h) {
      baselineAt.push(base);
      sigmaAt.push(sigma);
      openEvent(i);
      cusum = 0;
      down = 0;
      continue;
    }
    if (down >= o.h) {
      // the night use fell to a new level (a leak already running in the warm-up was repaired, or demand fell):
      // baseline from the new level, no event
      const from = lastDownZero + 1;
      if (from > 0 && !Number.isNaN(sigmaAt[from - 1] as number)) sigma = sigmaAt[from - 1] as number;
      rebase(from, i, base, false);
      baselineAt.push(base);
      sigmaAt.push(sigma);
      continue;
    }
    // in control: the baseline and σ follow slow (seasonal) change; clipping keeps a leak's first days from
    // dragging them far, and an event takes its baseline from before the CUSUM run anyway
    base += o.lambda * clip(residual, sigma);
    sigma = floorSigma(
      Math.sqrt((1 - o.lambda) * sigma * sigma + o.lambda * Math.min(residual * residual, 9 * sigma * sigma)),
      base,
    );
    baselineAt.push(base);
    sigmaAt.push(sigma);
  }
  return {
    events,
    trace,
    baseline: Number.isNaN(base) ? null : { value: base, weekendOffset, sigma },
  };
};

/** The days an event covers, start to repaired (exclusive) or `lastDay`, for marking a chart. */
export const eventDays = (event: NightFlowEvent, lastDay: string): string[] => {
  const out: string[] = [];
  const end = event.repairedDay ?? addDays(lastDay);
  for (let d = event.startDay; d < end; d = addDays(d)) out.push(d);
  return out;
};
