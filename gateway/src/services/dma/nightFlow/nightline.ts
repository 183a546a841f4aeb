// The nightline (minimum night flow) of one district-day: the lowest rolling one-hour mean of the inlet flow inside
// the night window, with the time of that hour, or `incomplete` when the day has too few points to trust it
// (handbook domain.md "Night flow": fewer than 92 of 96 15-minute points → no nightline).
import { addDays, dayStart } from '@waterops/shared/reading';

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;

/**
 * One flow sample (m³/h). Its flow stands for the interval that ENDS at `at` (a register difference over the
 * interval, the usual meter-data case), so a day holds the samples in (00:00, 24:00] China time — a sample stamped
 * 00:00 closes the day before, as `closingDay` has it. A sample after a gap stands for the whole gap.
 */
export type FlowSample = { at: Date; flow: number };

export type NightlineOptions = {
  /** night window start, minutes after 00:00 China time (default 0 = 00:00) */
  fromMinute: number;
  /** night window end, minutes after 00:00 China time (default 360 = 06:00) */
  toMinute: number;
  /** length of the rolling mean, minutes (default 60) */
  windowMinutes: number;
  /** the data interval in minutes (1–60); null infers it from the median spacing of the samples */
  intervalMinutes: number | null;
  /**
   * share of the expected points the day needs (default 0.958: domain.md's 92 of 96 at 15 minutes, generalised:
   * 23 of 24 at 60 minutes, 1380 of 1440 at 1 minute; the required count is rounded up)
   */
  completeness: number;
  /** what the completeness rule counts: the whole China day (domain.md, default) or only the night window */
  completenessScope: 'day' | 'night';
};

export const DEFAULT_NIGHTLINE_OPTIONS: NightlineOptions = {
  fromMinute: 0,
  toMinute: 360,
  windowMinutes: 60,
  intervalMinutes: null,
  completeness: 0.958,
  completenessScope: 'day',
};

export type NightlineResult =
  | {
      kind: 'nightline';
      day: string;
      /** the minimum rolling one-hour mean, m³/h */
      value: number;
      /** centre of that hour (the time of the minimum) */
      at: Date;
      /** the hour itself: [from, to] */
      from: Date;
      to: Date;
      intervalMinutes: number;
      /** points counted for the completeness rule, and how many were expected */
      points: number;
      expected: number;
    }
  | {
      kind: 'incomplete';
      day: string;
      intervalMinutes: number | null;
      points: number;
      expected: number;
      required: number;
    };

/** The typical spacing of samples in minutes (median of the gaps, whole minutes, 1–60); null with < 2 samples. */
export const inferIntervalMinutes = (times: readonly number[]): number | null => {
  const gaps: number[] = [];
  for (let i = 1; i < times.length; i++) {
    const g = (times[i] as number) - (times[i - 1] as number);
    if (g > 0) gaps.push(g);
  }
  if (gaps.length === 0) return null;
  gaps.sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)] as number;
  return Math.min(60, Math.max(1, Math.round(median / MINUTE_MS)));
};

/**
 * The nightline of China day `day` from that day's inlet flow samples (any order; duplicates of one instant keep
 * the last). The rolling mean is time-weighted — each sample holds its flow over the interval before it — so
 * irregular samples and gaps weigh by the time they cover; for regular data it is the plain mean of the samples in
 * the hour. Only hours lying wholly inside the night window and wholly covered by samples are candidates.
 */
export const nightline = (
  day: string,
  samples: readonly FlowSample[],
  options: Partial<NightlineOptions> = {},
): NightlineResult => {
  const o = { ...DEFAULT_NIGHTLINE_OPTIONS, ...options };
  const start = dayStart(day).getTime();
  const end = start + DAY_MINUTES * MINUTE_MS;
  const byTime = new Map<number, number>();
  for (const s of samples) {
    const t = s.at.getTime();
    if (t > start && t <= end && Number.isFinite(s.flow)) byTime.set(t, s.flow);
  }
  const times = [...byTime.keys()].sort((a, b) => a - b);
  const interval = o.intervalMinutes ?? inferIntervalMinutes(times);
  const nightFrom = start + o.fromMinute * MINUTE_MS;
  const nightTo = start + o.toMinute * MINUTE_MS;
  const inNight = (t: number) => t > nightFrom && t <= nightTo;
  const scopeMinutes = o.completenessScope === 'day' ? DAY_MINUTES : o.toMinute - o.fromMinute;
  const points = o.completenessScope === 'day' ? times.length : times.filter(inNight).length;
  const expected = interval ? Math.round(scopeMinutes / interval) : 0;
  // 1e-9 keeps 0.958 × 96 = 91.97 → 92 from becoming 93 through float error
  const required = Math.max(1, Math.ceil(o.completeness * expected - 1e-9));
  if (interval === null || points < required)
    return { kind: 'incomplete', day, intervalMinutes: interval, points, expected, required };

  const best = minimumRollingMean(times, byTime, nightFrom, nightTo, o.windowMinutes * MINUTE_MS, interval);
  if (!best) return { kind: 'incomplete', day, intervalMinutes: interval, points, expected, required };
  const from = best.end - o.windowMinutes * MINUTE_MS;
  return {
    kind: 'nightline',
    day,
    value: best.mean,
    at: new Date((from + best.end) / 2),
    from: new Date(from),
    to: new Date(best.end),
    intervalMinutes: interval,
    points,
    expected,
  };
};

/**
 * The lowest time-weighted mean over windows [e − w, e] inside [nightFrom, nightTo], e running over sample times
 * (the mean of a step function is lowest at a window ending on a step's end, so these are the only candidates).
 * A sample covers (previous sample, itself], the first one `interval` before it; a window is a candidate only when
 * covered throughout.
 */
const minimumRollingMean = (
  times: readonly number[],
  flow: ReadonlyMap<number, number>,
  nightFrom: number,
  nightTo: number,
  w: number,
  interval: number,
): { mean: number; end: number } | null => {
  let best: { mean: number; end: number } | null = null;
  const first = (times[0] as number) - interval * MINUTE_MS;
  for (let j = 0; j < times.length; j++) {
    const e = times[j] as number;
    const s = e - w;
    if (e > nightTo || s < nightFrom || s < first) continue;
    let sum = 0;
    for (let i = j; i >= 0; i--) {
      const t = times[i] as number;
      const prev = i > 0 ? (times[i - 1] as number) : first;
      sum += (flow.get(t) as number) * (Math.min(t, e) - Math.max(prev, s));
      if (prev <= s) break;
    }
    const mean = sum / w;
    // first minimum wins: ties keep the earlier hour
    if (!best || mean < best.mean - 1e-12) best = { mean, end: e };
  }
  return best;
};

/**
 * The nightline of every China day from `from` to `to` (both included) out of one run of samples spanning them
 * (any order): each sample goes to the day it closes (as `closingDay`: 00:00 closes the day before), then
 * `nightline` per day.
 */
export const nightlineSeries = (
  samples: readonly FlowSample[],
  from: string,
  to: string,
  options: Partial<NightlineOptions> = {},
): NightlineResult[] => {
  // days as whole numbers since `from`'s start (the same as closingDay, without a date string per sample)
  const start = dayStart(from).getTime();
  const byDay = new Map<number, FlowSample[]>();
  for (const s of samples) {
    const k = Math.floor((s.at.getTime() - 1 - start) / (DAY_MINUTES * MINUTE_MS));
    const list = byDay.get(k);
    if (list) list.push(s);
    else byDay.set(k, [s]);
  }
  const out: NightlineResult[] = [];
  for (let d = from, k = 0; d <= to; d = addDays(d), k++) out.push(nightline(d, byDay.get(k) ?? [], options));
  return out;
};

/** One meter's samples and whether its flow enters (inlet, +1) or leaves (outlet, −1) the district. */
export type MeterSeries = { sign: 1 | -1; samples: readonly FlowSample[] };

/**
 * The district's inlet flow (inlets minus outlets) on a common grid of `intervalMinutes` from `from` to `to`:
 * each meter's flow is averaged over each grid cell (time-weighted, a sample holding over the interval before it,
 * as in `nightline`, but for at most `maxCoverMinutes` so a long gap is not filled by one value), then summed with
 * its sign. A cell is left out when any meter does not cover it wholly, so the completeness rule later sees the
 * gap instead of a half-sum.
 */
export const combineSeries = (
  meters: readonly MeterSeries[],
  from: Date,
  to: Date,
  intervalMinutes: number,
  maxCoverMinutes = 60,
): FlowSample[] => {
  const step = intervalMinutes * MINUTE_MS;
  const cells = Math.max(0, Math.floor((to.getTime() - from.getTime()) / step));
  const sum = new Float64Array(cells);
  const ok = new Uint8Array(cells).fill(meters.length > 0 ? 1 : 0);
  for (const m of meters) {
    const sorted = [...m.samples].sort((a, b) => a.at.getTime() - b.at.getTime());
    const times = sorted.map((s) => s.at.getTime());
    const own = inferIntervalMinutes(times) ?? intervalMinutes;
    const covered = new Float64Array(cells);
    const volume = new Float64Array(cells);
    for (let i = 0; i < sorted.length; i++) {
      const e = times[i] as number;
      const b = Math.max(i > 0 ? (times[i - 1] as number) : e - own * MINUTE_MS, e - maxCoverMinutes * MINUTE_MS);
      const f = (sorted[i] as FlowSample).flow;
      const c0 = Math.max(0, Math.floor((b - from.getTime()) / step));
      const c1 = Math.min(cells - 1, Math.floor((e - 1 - from.getTime()) / step));
      for (let c = c0; c <= c1; c++) {
        const cs = from.getTime() + c * step;
        const overlap = Math.min(e, cs + step) - Math.max(b, cs);
        if (overlap > 0) {
          covered[c] = (covered[c] as number) + overlap;
          volume[c] = (volume[c] as number) + f * overlap;
        }
      }
    }
    for (let c = 0; c < cells; c++) {
      if ((covered[c] as number) < step - 1) ok[c] = 0;
      else sum[c] = (sum[c] as number) + (m.sign * (volume[c] as number)) / step;
    }
  }
  const out: FlowSample[] = [];
  for (let c = 0; c < cells; c++)
    if (ok[c]) out.push({ at: new Date(from.getTime() + (c + 1) * step), flow: sum[c] as number });
  return out;
};
