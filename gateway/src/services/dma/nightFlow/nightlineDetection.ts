// Leak detection on a district's daily nightlines, as one causal pass over the days (handbook domain.md "Night
// flow"): a one-sided CUSUM each way on the standardised residual from the expected nightline. A confirmed rise is a
// new leak — its own event, dated by a step or line fit of the run — and the expected level moves up by its size, so
// detection goes on from there and a second leak during the first is found as its own event. A confirmed fall is a
// repair: it closes the open event whose size it matches (or, when the rise lasted less than a week, closes it as
// not confirmed), and the expected level moves down.
//
// Causal means the events seen on day D depend only on the nightlines up to D: analysing a year at once and feeding
// it day by day give the same events with the same start and detection days (nightlineDetection.property.test.ts).
import type { AlarmLevel } from '@waterops/shared/monitoring';
import { addDays, chinaWeekday, dayStart } from '@waterops/shared/reading';
import { DEFAULT_NIGHT_FLOW_LEVELS, type NightFlowLevels, nightFlowLevel } from './nightFlowLevel.ts';
import { fitLine, fitStep, median } from './robustStats.ts';

/** A day's nightline (m³/h); null (or a missing day) is a gap. */
export type NightlinePoint = { day: string; value: number | null };

/** A chosen quiet period the baseline is learnt from (China days, inclusive); days before it are not analysed. */
export type BaselineSeed = { from: string; to: string };

export type DetectionOptions = {
  /** valid days that set the baseline (median), σ (day-to-day differences) and the weekend offset: the minimum history */
  warmupDays: number;
  /** learn the baseline from this period instead of the first warmupDays (needs minSeedDays valid days in it) */
  seed: BaselineSeed | null;
  minSeedDays: number;
  /** CUSUM reference value, in σ: drifts smaller than k·σ are not accumulated */
  k: number;
  /** CUSUM decision interval, in σ */
  h: number;
  /** one day's residual counts at most this many σ: a single odd night (fire fighting, a glitch) cannot raise an
   *  event alone, the level must persist (with h 6 and k 0.5: at least two nights) */
  zCap: number;
  /** EWMA weight with which the expected level and σ follow the in-control data (seasonal drift), per valid day */
  lambda: number;
  /** EWMA weight with which the weekend offset follows the in-control weekend nights */
  weekendLambda: number;
  /** how fast the level's drift (a season's) is learnt, as a share of lambda (Holt's β): slow enough that a leak
   *  growing over a few weeks is not taken for a season */
  driftBeta: number;
  /** σ never below this share of the expected level */
  minRelativeSigma: number;
  /** σ never below this, m³/h (meter resolution) */
  minSigma: number;
  /** a rise is a trend when a line fits it better than a step, it spans this many days and its slope's t ≥ trendT */
  minTrendPoints: number;
  trendT: number;
  /** a rise within these days of the last rise of the newest open event and no larger than its pace foretold (or, for
   *  a step still without a pace, a gradual rise) is that leak growing on (it becomes a trend); any other a new leak */
  trendGrowthDays: number;
  /** a confirmed change smaller than this many σ is drift, not a leak or a repair: the CUSUM restarts */
  minShiftSigmas: number;
  /** valid days after a change during which its new level is re-estimated from all its days (the median), before
   *  the CUSUM restarts from it: a level from the two or three days that confirmed it is too noisy to judge by */
  settleDays: number;
  /** a fall closes the open events it matches: one whose size it covers by at least this share */
  matchShare: number;
  /** an event whose fall begins within this many days of its start, or that fades back gradually rather than
   *  stepping down, closes as not confirmed (a repair is a step down after the leak held) */
  confirmDays: number;
  /** a step inside the warm-up counts when it is at least this many σ and both sides hold warmupSideDays days */
  warmupStepSigmas: number;
  /** the warm-up's σ estimate is multiplied by this (a safety margin for its small sample) */
  warmupSigmaFactor: number;
  warmupSideDays: number;
  /** alarm level by magnitude / baseline (see nightFlowLevel) */
  levels: NightFlowLevels;
  /** hours of leak flow per day of an event, for the volume (24 for a leak that runs all day; a night-day factor) */
  hoursPerDay: number;
};

/**
 * Defaults. The simulator (faults.ts, nightFlowOnSimulator.test.ts) has nightlines varying 1–3 % a day, weekend
 * nights 5–20 % higher and a seasonal swing of ~0.15 % a day; public benchmarks (BattLeDIM, LeakDB) have leaks from
 * ~1 % to ~40 % of the night flow, and a good method finds the large abrupt ones within a day or two.
 * - warmupDays 21: three weeks give six weekend nights for the weekend offset and 20 day-to-day differences for σ.
 * - σ floor 2 % of the level: real nightlines are rarely steadier than that; a 10 % step is then ≥ 4σ and, with
 *   zCap 4, k 0.5 and h 6, detected on its second night.
 * - k 0.5, h 6 (textbook CUSUM for a 1σ shift, h one notch above the usual 5): in-control average run length of
 *   thousands of days when σ is right; zCap makes one night at most 3.5 of the 6.
 * - lambda 0.08: follows a seasonal drift of 0.15 % a day with a lag of ~2 % (about 1σ at the floor, so k absorbs
 *   it), while a leak growing to its size in a few weeks outruns it.
 * - driftBeta 0.05: a season's drift (0.1–0.2 % a day) is learnt over a few months, so the EWMA's lag stays small;
 *   a leak growing over days to weeks outruns it.
 * - minShiftSigmas 1.5: the CUSUM also crosses on a sustained shift of about 1σ, which noise and drift give now and
 *   then; a leak that small cannot be told from them.
 * - confirmDays 7: a rise that falls back within a week of its start was not a leak (a holiday, a large user).
 * - levels by magnitude / baseline: ≥ 0.2 alarm, ≥ 0.5 severe, ≥ 1 urgent (the night flow doubled), below general.
 */
export const DEFAULT_DETECTION_OPTIONS: DetectionOptions = {
  warmupDays: 21,
  seed: null,
  minSeedDays: 7,
  k: 0.5,
  h: 6,
  zCap: 4,
  lambda: 0.08,
  weekendLambda: 0.03,
  driftBeta: 0.05,
  minRelativeSigma: 0.02,
  minSigma: 0.01,
  minTrendPoints: 6,
  trendT: 2.5,
  trendGrowthDays: 15,
  minShiftSigmas: 1.5,
  settleDays: 2,
  matchShare: 0.5,
  confirmDays: 7,
  warmupStepSigmas: 4,
  warmupSigmaFactor: 1.25,
  warmupSideDays: 5,
  levels: DEFAULT_NIGHT_FLOW_LEVELS,
  hoursPerDay: 24,
};

export type NightFlowEventStatus = 'open' | 'repaired' | 'notConfirmed';

export type NightFlowEvent = {
  kind: 'step' | 'trend';
  status: NightFlowEventStatus;
  /** probable first day with the leak */
  startDay: string;
  /** the data day on which the detector confirmed it (with the nightlines up to that day) */
  detectedDay: string;
  /** the first day back down (repaired or not confirmed), null while open */
  repairedDay: string | null;
  /** the nightline expected just before the leak (other leaks then running included), m³/h */
  baseline: number;
  /** current (or, once closed, last) size: the nightline's rise it brought, m³/h */
  magnitude: number;
  peakMagnitude: number;
  /** m³ lost from the start day to the last day of the event: Σ daily size × hoursPerDay (gaps filled) */
  volume: number;
  level: AlarmLevel;
};

export type DetectionTracePoint = {
  day: string;
  value: number | null;
  /** what the detector expected that day (with the open leaks, and the weekend offset), null during warm-up */
  expected: number | null;
  sigma: number | null;
  /** the upward CUSUM (in σ) */
  cusum: number;
  /** index into events of the newest event open that day */
  event: number | null;
};

export type WarmupState = {
  /** valid days the baseline needs */
  required: number;
  /** valid days there are towards it (capped at required once it is set) */
  have: number;
  /** the day the baseline was set (the last warm-up day), null while still warming up */
  readyDay: string | null;
  /** the seed period used, null when the first days were used (or the seed had too few days) */
  seed: BaselineSeed | null;
};

export type NightlineDetection = {
  events: NightFlowEvent[];
  trace: DetectionTracePoint[];
  /** the state at the end: expected weekday level, weekend offset and σ, all m³/h; null if still warming up */
  baseline: { value: number; weekendOffset: number; sigma: number } | null;
  warmup: WarmupState;
};

const DAY_MS = 86_400_000;
const dayIndex = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const isWeekend = (day: string) => {
  const w = chinaWeekday(dayStart(day));
  return w === 0 || w === 6;
};
const clip = (v: number, limit: number) => Math.max(-limit, Math.min(limit, v));

type Valid = { day: string; at: number; value: number; weekend: boolean; trace: number };
/** An open event's running state. */
type Open = {
  event: number;
  /** valid index of its detection */
  detected: number;
  /** valid index of the last rise it took (its detection, or its growing since) */
  lastRise: number;
  /** how fast it grows, m³/h a day (a trend's line; what its growing showed since), 0 for a step */
  slope: number;
  /** its current size, m³/h */
  level: number;
  /** valid index of the last day its volume counted */
  countedTo: number;
};

/** A change being settled: its level re-estimated against `ref` from valid[from] on, until valid[until]. */
type Settling = {
  from: number;
  until: number;
  ref: number;
  /** the event whose size it is (a new leak, or a growing one: eventBase its size before), null for a repair */
  event: Open | null;
  eventBase: number;
  /** the size it was confirmed with */
  confirmed: number;
};

/**
 * Detect leak events in a series of daily nightlines (any order, gaps allowed; a day given twice keeps the last).
 * Pure and causal: the same series and options always give the same events, and the events confirmed by a day do
 * not depend on the days after it.
 */
export const detectNightlineEvents = (
  points: readonly NightlinePoint[],
  options: Partial<DetectionOptions> = {},
): NightlineDetection => {
  const o = { ...DEFAULT_DETECTION_OPTIONS, ...options };
  const byDay = new Map<string, number | null>();
  for (const p of points) byDay.set(p.day, p.value != null && Number.isFinite(p.value) ? p.value : null);
  const days = [...byDay.keys()].sort();
  // days before a seed period are not analysed; the seed is used once a day after it arrives (causal: the days
  // after it cannot change what it gave), provided it held minSeedDays valid days — else the first days are used
  const seed = o.seed;
  let seedUsed = false;

  const trace: DetectionTracePoint[] = [];
  const valid: Valid[] = [];
  const events: NightFlowEvent[] = [];
  /** per valid day, the expected weekday level and σ after it (NaN in the warm-up) */
  const baselineAt: number[] = [];
  const sigmaAt: number[] = [];
  let base = Number.NaN;
  /** the slow drift of the level learnt in control (a season), m³/h a day */
  let drift = 0;
  let weekendOffset = 0;
  let sigma = Number.NaN;
  let up = 0;
  let down = 0;
  let lastUpZero = -1;
  let lastDownZero = -1;
  let ready = false;
  let readyDay: string | null = null;
  const open: Open[] = [];
  let settling: Settling | null = null;

  const weekendOf = (v: Valid) => (v.weekend ? weekendOffset : 0);
  const expectedOf = (v: Valid, b: number) => b + weekendOf(v);
  const floorSigma = (s: number, b: number) => Math.max(s, o.minRelativeSigma * Math.abs(b), o.minSigma);
  /** Days valid[j] stands for in a volume: itself and the gap before it (half shared with the day before). */
  const spanOf = (j: number) => {
    const p = valid[j] as Valid;
    return j === 0 ? 1 : Math.max(1, p.at - (valid[j - 1] as Valid).at);
  };

  const newestOpen = () => (open.length ? (open[open.length - 1] as Open).event : null);

  const mark = (from: number, to: number, event: number | null) => {
    for (let j = from; j <= to; j++) (trace[(valid[j] as Valid).trace] as DetectionTracePoint).event = event;
  };

  /** An event begins: from valid[start], confirmed on valid[i], `level` above `baseline`; its volume so far. */
  const openEvent = (kind: 'step' | 'trend', start: number, i: number, baseline: number, level: number, slope = 0) => {
    let volume = 0;
    for (let j = start; j <= i; j++) {
      const p = valid[j] as Valid;
      volume += Math.max(0, p.value - expectedOf(p, baseline)) * (j === start ? 1 : spanOf(j));
    }
    events.push({
      kind,
      status: 'open',
      startDay: (valid[start] as Valid).day,
      detectedDay: (valid[i] as Valid).day,
      repairedDay: null,
      baseline,
      magnitude: level,
      peakMagnitude: level,
      volume: volume * o.hoursPerDay,
      level: nightFlowLevel(level, baseline, o.levels),
    });
    open.push({ event: events.length - 1, detected: i, lastRise: i, slope, level, countedTo: i });
    mark(start, i, events.length - 1);
  };

  /** A size change of an open event (it grew, or its size was re-estimated). */
  const resize = (ev: Open, level: number) => {
    const event = events[ev.event] as NightFlowEvent;
    ev.level = level;
    event.magnitude = level;
    event.peakMagnitude = Math.max(event.peakMagnitude, level);
    event.level = nightFlowLevel(level, event.baseline, o.levels);
  };

  /** The open events' volumes counted through valid[i]. */
  const countVolumes = (i: number) => {
    for (const ev of open) {
      const event = events[ev.event] as NightFlowEvent;
      for (let j = ev.countedTo + 1; j <= i; j++) event.volume += ev.level * spanOf(j) * o.hoursPerDay;
      ev.countedTo = i;
    }
  };

  /** Restart both CUSUMs at valid[i] with the expected weekday level `b`. */
  const restart = (i: number, b: number) => {
    base = b;
    up = 0;
    down = 0;
    lastUpZero = i;
    lastDownZero = i;
  };

  /** Settle the change that began at valid[from] and was confirmed on valid[i]. */
  const settle = (from: number, i: number, ref: number, event: Open | null, eventBase: number, confirmed: number) => {
    settling = { from, until: i + o.settleDays, ref, event, eventBase, confirmed };
  };

  /**
   * One settling day: the change's level from all its days so far; once settled, an event that sank back into the
   * noise closes as not confirmed (back since its last high day), and the CUSUM restarts from the level.
   */
  const settleDay = (st: Settling, i: number) => {
    const excess = valid.slice(st.from, i + 1).map((q) => q.value - expectedOf(q, st.ref));
    const level = median(excess);
    base = st.ref + level;
    if (st.event && open.includes(st.event)) resize(st.event, st.eventBase + level);
    if (i < st.until) return;
    settling = null;
    const ev = st.event;
    if (ev && open.includes(ev) && st.eventBase === 0 && ev.level < o.minShiftSigmas * sigma) {
      let last = st.from;
      excess.forEach((x, j) => {
        if (x >= st.confirmed / 2) last = st.from + j;
      });
      const event = events[ev.event] as NightFlowEvent;
      event.status = 'notConfirmed';
      event.repairedDay = (valid[Math.min(last + 1, i)] as Valid).day;
      open.splice(open.indexOf(ev), 1);
      mark(last + 1, i, newestOpen());
    }
    restart(i, base);
  };

  /**
   * Baseline from the warm-up days: the weekday median, the weekend offset, σ from the day-to-day differences (MAD
   * of successive differences / √2, which a step inside the warm-up barely moves). A clear step inside the warm-up
   * is a leak that began (or ended) before the baseline existed: a rise opens its event dated at the step.
   */
  const warmUp = (count: number, i: number) => {
    const days = valid.slice(0, count);
    const weekday = days.filter((v) => !v.weekend).map((v) => v.value);
    const weekend = days.filter((v) => v.weekend).map((v) => v.value);
    base = median(weekday.length > 0 ? weekday : weekend);
    // each weekend day against the weekdays around it, so a level change inside the warm-up does not pass for a
    // weekly pattern
    const local = days.flatMap((w) => {
      if (!w.weekend) return [];
      const near = days.filter((v) => !v.weekend && Math.abs(v.at - w.at) <= 3).map((v) => v.value);
      return near.length >= 2 ? [w.value - median(near)] : [];
    });
    weekendOffset = local.length > 0 ? median(local) : 0;
    const spread = () => {
      const r = days.map((v) => v.value - weekendOf(v));
      const diffs = r.slice(1).map((x, j) => Math.abs(x - (r[j] as number)));
      // a median of a few weeks' differences misses the true σ by ±20 % or so: start on the safe side (the in-control
      // EWMA then brings it to the data's own)
      return floorSigma((o.warmupSigmaFactor * 1.4826 * median(diffs)) / Math.SQRT2, base);
    };
    sigma = spread();
    // a weekly pattern smaller than the noise is not worth correcting (its estimate would only add noise)
    if (Math.abs(weekendOffset) < sigma) {
      weekendOffset = 0;
      sigma = spread();
    }
    const adjusted = days.map((v) => v.value - weekendOf(v));
    const step = fitStep(adjusted);
    const before = median(adjusted.slice(0, step.split));
    const after = median(adjusted.slice(step.split));
    const side = o.warmupSideDays;
    const clear =
      step.split >= side && count - step.split >= side && Math.abs(after - before) >= o.warmupStepSigmas * sigma;
    baselineAt.fill(clear ? before : base, 0, count);
    sigmaAt.fill(sigma, 0, count);
    ready = true;
    readyDay = (valid[i] as Valid).day;
    if (clear && after > before) openEvent('step', step.split, i, before, after - before);
    restart(count - 1, clear ? after : base);
    if (count - 1 < baselineAt.length) baselineAt[count - 1] = base;
  };

  /** The CUSUM up crossed h on valid[i]: a new leak, or a growing one growing on. */
  const onRise = (i: number) => {
    const from = lastUpZero + 1;
    const b = from > 0 ? (baselineAt[from - 1] as number) : base;
    // σ as it was before the run: the run's large residuals are the change, not noise
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
    countVolumes(i);
    if (level < o.minShiftSigmas * sigma) {
      // drift, not a leak: carry on from the new level
      restart(i, b + Math.max(0, level));
      settle(from, i, b, null, 0, level);
      baselineAt.push(base);
      sigmaAt.push(sigma);
      return;
    }
    // a rise soon after the newest open leak's last rise and no larger than its pace foretold is that leak growing on;
    // any other rise is a new leak: a clear step, a leak that had stopped growing starting again, or one growing
    // faster — so an open event, even a growing one, does not swallow the next leak (its pace bounds what it takes)
    // (two days fit any line: then a big rise is a step)
    const abrupt = !trend && (seg.length <= 2 ? level >= 3 * sigma : step.sse < 0.5 * line.sse);
    const growing = open.length ? (open[open.length - 1] as Open) : undefined;
    const since = growing ? (valid[i] as Valid).at - (valid[growing.lastRise] as Valid).at : Number.POSITIVE_INFINITY;
    const foretold =
      growing !== undefined && growing.slope > 0 && level <= 2 * growing.slope * since + o.minShiftSigmas * sigma;
    // (an event still without a pace, a step, may grow once on a gradual rise: its first days may have been the
    // start of a ramp; a rise its pace foretold is growth even when a few noisy days make it look like a step)
    const grows = since <= o.trendGrowthDays && (foretold || (!abrupt && growing?.slope === 0));
    if (growing && grows) {
      const before = growing.level;
      growing.lastRise = i;
      growing.slope = level / Math.max(1, since);
      // growing after it was confirmed: a slowly growing leak, whatever its first days looked like
      (events[growing.event] as NightFlowEvent).kind = 'trend';
      resize(growing, before + level);
      mark(from, i, growing.event);
      restart(i, b + level);
      settle(from, i, b, growing, before, level);
    } else {
      // how fast it was still rising when confirmed (a leak dated as a step may be the first days of a ramp)
      const rising = line.slopeT >= o.trendT ? Math.max(0, line.slope) : 0;
      openEvent(trend ? 'trend' : 'step', start, i, b, level, rising);
      restart(i, b + level);
      // a trend keeps growing while it settles: its level is the line's, not the median of its ramp
      if (!trend) settle(start, i, b, open[open.length - 1] as Open, 0, level);
    }
    baselineAt.push(base);
    sigmaAt.push(sigma);
  };

  /** The CUSUM down crossed h on valid[i]: a repair closes the events it matches; else the night use fell. */
  const onFall = (i: number) => {
    const from = lastDownZero + 1;
    const b = from > 0 ? (baselineAt[from - 1] as number) : base;
    if (from > 0 && !Number.isNaN(sigmaAt[from - 1] as number)) sigma = sigmaAt[from - 1] as number;
    const run = valid.slice(from, i + 1).map((p) => p.value - expectedOf(p, b));
    // the fall began where the best step in the run lies (the CUSUM may have left zero a day or two early)
    const fall = fitStep(run);
    // (at least two days at the new level: one low night is not where a repair began)
    const first =
      fall.split > 0 && fall.split <= run.length - 2 && Math.abs(fall.before) < Math.abs(fall.after) / 2
        ? fall.split
        : 0;
    const level = median(run.slice(first));
    const back = from + first;
    countVolumes(i);
    let drop = -level;
    if (drop < o.minShiftSigmas * sigma) {
      // noise or drift, not a repair: carry on from the level before
      restart(i, b);
      baselineAt.push(base);
      sigmaAt.push(sigma);
      return;
    }
    // a repair steps down; a rise fading back gradually was not a leak
    const xs = valid.slice(from, i + 1).map((p) => p.at - (valid[from] as Valid).at);
    const fades = run.length >= o.minTrendPoints && fitLine(xs, run).sse < fall.sse;
    // the open events it matches, best first: the one whose size is nearest what is left of the drop
    while (open.length > 0 && drop > 0) {
      const best = open.reduce((a, c) => (Math.abs(c.level - drop) < Math.abs(a.level - drop) ? c : a));
      if (drop < o.matchShare * best.level) break;
      const event = events[best.event] as NightFlowEvent;
      const held = (valid[back] as Valid).at - dayIndex(event.startDay);
      event.status = fades || held < o.confirmDays ? 'notConfirmed' : 'repaired';
      event.repairedDay = (valid[back] as Valid).day;
      // the days from the fall on were counted at its size: they are not lost water
      for (let j = back; j <= i; j++) event.volume -= best.level * spanOf(j) * o.hoursPerDay;
      event.volume = Math.max(0, event.volume);
      open.splice(open.indexOf(best), 1);
      drop -= best.level;
    }
    mark(back, i, newestOpen());
    restart(i, b + level);
    settle(back, i, b, null, 0, level);
    baselineAt.push(base);
    sigmaAt.push(sigma);
  };

  for (const day of days) {
    const value = byDay.get(day) ?? null;
    trace.push({ day, value, expected: null, sigma: null, cusum: 0, event: null });
    if (value === null || (seed && day < seed.from)) continue;
    const p: Valid = { day, at: dayIndex(day), value, weekend: isWeekend(day), trace: trace.length - 1 };
    valid.push(p);
    const i = valid.length - 1;
    const t = trace[p.trace] as DetectionTracePoint;
    if (!ready && seed && day > seed.to && i >= o.minSeedDays) {
      // the seed period is over: the baseline from its days, and this day is the first one analysed
      seedUsed = true;
      warmUp(i, i);
    }
    if (!ready) {
      baselineAt.push(Number.NaN);
      sigmaAt.push(Number.NaN);
      if (i === o.warmupDays - 1 && !(seed && day <= seed.to)) warmUp(i + 1, i);
      continue;
    }
    if (settling) {
      settleDay(settling, i);
      t.expected = expectedOf(p, base);
      t.sigma = sigma;
      baselineAt.push(base);
      sigmaAt.push(sigma);
      countVolumes(i);
      t.event = newestOpen();
      continue;
    }
    // the level moves on by the drift learnt so far (seasons), for the days since the last valid one
    const prev = valid[i - 1] as Valid;
    base += drift * (p.at - prev.at);
    const expected = expectedOf(p, base);
    t.expected = expected;
    t.sigma = sigma;
    const residual = p.value - expected;
    const z = clip(residual / sigma, o.zCap);
    up = Math.max(0, up + z - o.k);
    down = Math.max(0, down - z - o.k);
    t.cusum = up;
    if (up === 0) lastUpZero = i;
    if (down === 0) lastDownZero = i;
    if (up >= o.h) {
      onRise(i);
      continue;
    }
    if (down >= o.h) {
      onFall(i);
      continue;
    }
    // in control: the expected level (on weekdays), the weekend offset (on weekend nights: the weekly pattern moves
    // with the seasons) and σ follow slow change; clipping keeps a change's first days from dragging them far, and a
    // change takes its baseline from before its CUSUM run anyway
    base += o.lambda * clip(residual, sigma);
    drift += o.lambda * o.driftBeta * clip(residual, sigma);
    if (p.weekend) weekendOffset += o.weekendLambda * clip(residual, sigma);
    sigma = floorSigma(
      Math.sqrt((1 - o.lambda) * sigma * sigma + o.lambda * Math.min(residual * residual, 9 * sigma * sigma)),
      base,
    );
    baselineAt.push(base);
    sigmaAt.push(sigma);
    countVolumes(i);
    t.event = newestOpen();
  }
  return {
    events,
    trace,
    baseline: ready ? { value: base, weekendOffset, sigma } : null,
    warmup: {
      required: seed ? o.minSeedDays : o.warmupDays,
      have: ready
        ? seedUsed
          ? (valid.findIndex((v) => v.day > (seed as BaselineSeed).to) as number)
          : o.warmupDays
        : valid.length,
      readyDay,
      seed: seedUsed ? seed : null,
    },
  };
};

/** The days an event covers, start to closed (exclusive) or `lastDay`, for marking a chart. */
export const eventDays = (event: NightFlowEvent, lastDay: string): string[] => {
  const out: string[] = [];
  const end = event.repairedDay ?? addDays(lastDay);
  for (let d = event.startDay; d < end; d = addDays(d)) out.push(d);
  return out;
};
