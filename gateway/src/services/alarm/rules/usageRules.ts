// Usage exceptions (用水异常) from a meter's validated daily series and its recent raw reads, one meter at a time:
// zero use, stuck meter, sudden increase (from reading_days) and continuous flow (from the reads). Pure; the usage
// job (usageAlarms.ts) loads the data in chunks and feeds what these return to the engine as conditions.
import type { AlarmLevel, UsageRule } from '@waterops/shared/monitoring';

/** One validated day, oldest first; `actual` false for an estimated or substituted day. */
export type DaySample = { consumption: number | null; actual: boolean };
export type UsageFinding = { level: AlarmLevel; value: number; threshold: number };

/** Days with flow every day right before a frozen register that make a meter "expected to flow". */
export const STUCK_HISTORY_DAYS = 7;
const ZERO = 0.0005;

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** The number of trailing actual days at 0 m³. */
const zeroRun = (series: readonly DaySample[]): number => {
  let n = 0;
  for (let i = series.length - 1; i >= 0; i--) {
    const d = series[i] as DaySample;
    if (!d.actual || d.consumption === null || Math.abs(d.consumption) >= ZERO) break;
    n++;
  }
  return n;
};

/** Zero use: at least `zeroUseDays` actual days at 0 m³ on a meter that used water before (a vacated home, a leak cut). */
export const zeroUse = (series: readonly DaySample[], rule: UsageRule): UsageFinding | null => {
  const run = zeroRun(series);
  if (run < rule.zeroUseDays) return null;
  const usedBefore = series.slice(0, series.length - run).some((d) => (d.consumption ?? 0) >= ZERO);
  return usedBefore ? { level: 'general', value: run, threshold: rule.zeroUseDays } : null;
};

/**
 * Stuck meter: the register has not moved for `stuckMeterDays` actual days (reads keep arriving) right after
 * STUCK_HISTORY_DAYS days with flow every day — the meter is expected to flow, so the register is suspect.
 */
export const stuckMeter = (series: readonly DaySample[], rule: UsageRule): UsageFinding | null => {
  const run = zeroRun(series);
  if (run < rule.stuckMeterDays) return null;
  const before = series.slice(0, series.length - run).slice(-STUCK_HISTORY_DAYS);
  const flowing = before.length === STUCK_HISTORY_DAYS && before.every((d) => d.actual && (d.consumption ?? 0) >= ZERO);
  return flowing ? { level: 'alarm', value: run, threshold: rule.stuckMeterDays } : null;
};

/**
 * Sudden increase: the last day above the mean of the `increaseMeanDays` days before by `increasePercent` (alarm)
 * or `increaseSeverePercent` (severe), and by at least `increaseMinM3`. Needs half the mean's days to be actual.
 */
export const suddenIncrease = (series: readonly DaySample[], rule: UsageRule): UsageFinding | null => {
  const last = series[series.length - 1];
  if (!last?.actual || last.consumption === null) return null;
  const window = series.slice(-1 - rule.increaseMeanDays, -1).filter((d) => d.actual && d.consumption !== null);
  if (window.length < Math.ceil(rule.increaseMeanDays / 2)) return null;
  const mean = window.reduce((s, d) => s + (d.consumption as number), 0) / window.length;
  if (mean <= 0 || last.consumption - mean < rule.increaseMinM3) return null;
  const percent = ((last.consumption - mean) / mean) * 100;
  if (percent >= rule.increaseSeverePercent)
    return {
      level: 'severe',
      value: last.consumption,
      threshold: round3(mean * (1 + rule.increaseSeverePercent / 100)),
    };
  if (percent >= rule.increasePercent)
    return { level: 'alarm', value: last.consumption, threshold: round3(mean * (1 + rule.increasePercent / 100)) };
  return null;
};

export type Read = { at: Date; reading: number };

/**
 * Continuous flow (a leak behind the meter): over the last `continuousFlowHours` hours up to the latest read, every
 * interval between reads flowed at `continuousFlowMin` m³/h or more. The reads must cover the whole span.
 */
export const continuousFlow = (reads: readonly Read[], rule: UsageRule): UsageFinding | null => {
  if (reads.length < 2) return null;
  const sorted = [...reads].sort((a, b) => a.at.getTime() - b.at.getTime());
  const end = (sorted[sorted.length - 1] as Read).at.getTime();
  const start = end - rule.continuousFlowHours * 3_600_000;
  // the last read at or before the span's start opens the first interval
  let first = 0;
  for (let i = 0; i < sorted.length; i++) if ((sorted[i] as Read).at.getTime() <= start) first = i;
  if ((sorted[first] as Read).at.getTime() > start) return null;
  let lowest = Number.POSITIVE_INFINITY;
  for (let i = first + 1; i < sorted.length; i++) {
    const a = sorted[i - 1] as Read;
    const b = sorted[i] as Read;
    const hours = (b.at.getTime() - a.at.getTime()) / 3_600_000;
    if (hours <= 0) continue;
    lowest = Math.min(lowest, (b.reading - a.reading) / hours);
  }
  if (!Number.isFinite(lowest) || lowest < rule.continuousFlowMin) return null;
  return { level: 'alarm', value: round3(lowest), threshold: rule.continuousFlowMin };
};
