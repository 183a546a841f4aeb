// Read quality of a validated day (VEE) and the validation rules that can fire on it: the server stores them in
// reading_days, the data verification page filters and labels them. Raw values are never overwritten; the quality
// says whether the validated value is the raw one (A), an estimate for a day without reads (E) or a replacement
// of raw reads that failed validation (S).
import { Type } from '@sinclair/typebox';

/** A actual, E estimated (no usable read that day), S substituted (the day's reads failed validation). */
export const QUALITY_CODES = ['A', 'E', 'S'] as const;
export type QualityCode = (typeof QUALITY_CODES)[number];
export const QualityCode = Type.Union(QUALITY_CODES.map((q) => Type.Literal(q)));

/**
 * The rules, in the order they take precedence when several fire on one day (one is stored):
 * gap (no read), spike (an isolated read far above its neighbours), negative (reverse flow), swap (meter
 * replaced), rollover (register passed its max reading), frozen (register stuck while flow is expected),
 * high / low (use against the meter's own history).
 */
export const RULE_CODES = ['gap', 'spike', 'negative', 'swap', 'rollover', 'frozen', 'high', 'low'] as const;
export type RuleCode = (typeof RULE_CODES)[number];
export const RuleCode = Type.Union(RULE_CODES.map((r) => Type.Literal(r)));

/** Rules that only inform (the value is still right): the others mark a doubtful or replaced value. */
export const INFORMATIONAL_RULES: readonly RuleCode[] = ['swap', 'rollover'];

export const isQualityCode = (v: unknown): v is QualityCode => QUALITY_CODES.includes(v as QualityCode);
export const isRuleCode = (v: unknown): v is RuleCode => RULE_CODES.includes(v as RuleCode);
