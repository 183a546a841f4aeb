// The validation rules of a meter's day (handbook domain.md, "Meter data validation"): each is a pure test over
// the day's context, listed in the order of precedence of shared/src/reading/quality.ts RULE_CODES; the first
// that fires is the day's rule. Thresholds are named here so the data verification page and the tests agree.
import type { RuleCode } from '@waterops/shared/reading';

/** Days of history the high / low / frozen rules compare a day with. */
export const HISTORY_DAYS = 30;
/** Fewer clean days than this in the history window: the meter's habits are unknown, no high / low / frozen. */
export const MIN_HISTORY_DAYS = 7;
/** A median daily use at or above this (m³) means flow is expected every day (a household uses ~0.3 m³). */
export const FLOW_EXPECTED_M3 = 0.1;
/** High: over max(HIGH_FACTOR × median, median + HIGH_MARGIN_M3); the margin keeps tiny medians from flagging. */
export const HIGH_FACTOR = 5;
export const HIGH_MARGIN_M3 = 1;
/** Frozen: this many equal daily reads in a row (so two days without use) on a non-zero register. */
export const FROZEN_READS = 3;
/** Spike: a read this much (m³, and HIGH_FACTOR × the use around it) above the next one, which falls back in line. */
export const SPIKE_MIN_M3 = 1;
/**
 * Reverse flow inside a day: a step back between two reads of up to this much (m³). A meter running backwards loses
 * litres an hour; a bigger drop is a misread (spike) or a rollover, which the day-level rules judge.
 */
export const REVERSE_STEP_MAX_M3 = SPIKE_MIN_M3;

/** What the rules see of one China day of one meter. */
export type DayContext = {
  /** a read (or the old final / new base of a swap) closes on this day */
  hasReads: boolean;
  /** one of the day's reads was an isolated high outlier and was set aside */
  spike: boolean;
  /** the register went backwards (reverse flow) on this day, or is still below the highest value it reached */
  negative: boolean;
  /** the meter was replaced on this day */
  swap: boolean;
  /** the register passed its max reading and restarted at 0 on this day */
  rollover: boolean;
  /** the last raw register value of the day (null: none) */
  register: number | null;
  /** how many days in a row, ending today, the daily read showed this same register value */
  equalRun: number;
  /** the day's validated use, m³ (null: nothing before to compare with) */
  consumption: number | null;
  /** validated use of the clean actual days among the HISTORY_DAYS before */
  history: number[];
  /** the day is over (a day still running may yet see use) */
  complete: boolean;
};

export const median = (values: number[]): number => {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

const known = (ctx: DayContext) => ctx.history.length >= MIN_HISTORY_DAYS;
const flowExpected = (ctx: DayContext) => known(ctx) && median(ctx.history) >= FLOW_EXPECTED_M3;

/** The high threshold of a history: use above it is unusual for this meter. */
export const highThreshold = (history: number[]): number => {
  const m = median(history);
  return Math.max(HIGH_FACTOR * m, m + HIGH_MARGIN_M3);
};

export type ValidationRule = { code: RuleCode; fires: (ctx: DayContext) => boolean };

/** The rule table, in order of precedence. */
export const VALIDATION_RULES: readonly ValidationRule[] = [
  { code: 'gap', fires: (c) => !c.hasReads },
  { code: 'spike', fires: (c) => c.spike },
  { code: 'negative', fires: (c) => c.negative },
  { code: 'swap', fires: (c) => c.swap },
  { code: 'rollover', fires: (c) => c.rollover },
  {
    code: 'frozen',
    fires: (c) => c.register != null && c.register > 0 && c.equalRun >= FROZEN_READS && flowExpected(c),
  },
  { code: 'high', fires: (c) => c.consumption != null && known(c) && c.consumption > highThreshold(c.history) },
  { code: 'low', fires: (c) => c.complete && c.consumption === 0 && flowExpected(c) },
];

/** The rule that fires first on a day, or null for a clean day. */
export const firstRule = (ctx: DayContext): RuleCode | null => VALIDATION_RULES.find((r) => r.fires(ctx))?.code ?? null;

/**
 * Whether `cur` is an isolated high outlier between two reads of the same register: the next read falls back
 * between the previous one and it, by more than SPIKE_MIN_M3 and HIGH_FACTOR times the use from `prev` to `next`.
 * A reverse flow moves the register back by a little; a misread jumps far and the next read is in line again.
 */
export const isSpike = (prev: number, cur: number, next: number): boolean => {
  if (!(prev <= next && next < cur)) return false;
  const excess = cur - next;
  return excess > SPIKE_MIN_M3 && excess > HIGH_FACTOR * (next - prev);
};
