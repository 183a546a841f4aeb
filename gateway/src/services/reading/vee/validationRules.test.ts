import type { RuleCode } from '@waterops/shared/reading';
import { describe, expect, it } from 'vitest';
import { type DayContext, firstRule, isSpike } from './validationRules.ts';

/** A clean day of a meter using ~0.3 m³ a day for two weeks. */
const day = (over: Partial<DayContext>): DayContext => ({
  hasReads: true,
  spike: false,
  negative: false,
  swap: false,
  rollover: false,
  register: 120,
  equalRun: 1,
  consumption: 0.3,
  history: [0.2, 0.3, 0.3, 0.4, 0.3, 0.25, 0.35, 0.3, 0.3, 0.3, 0.3, 0.2, 0.4, 0.3],
  complete: true,
  ...over,
});

describe('validation rules of a day', () => {
  it.each<[string, Partial<DayContext>, RuleCode | null]>([
    ['a normal day', {}, null],
    ['no read at all', { hasReads: false, register: null, consumption: 0.3 }, 'gap'],
    ['an outlier read set aside', { spike: true }, 'spike'],
    ['the register went backwards', { negative: true, consumption: 0 }, 'negative'],
    ['the meter was replaced', { swap: true }, 'swap'],
    ['the register passed its max reading', { rollover: true }, 'rollover'],
    ['a gap outranks everything else', { hasReads: false, spike: true, negative: true }, 'gap'],
    ['reverse flow outranks a swap', { negative: true, swap: true }, 'negative'],
    ['three equal daily reads while flow is expected', { equalRun: 3, consumption: 0 }, 'frozen'],
    ['two equal daily reads are a low day, not yet frozen', { equalRun: 2, consumption: 0 }, 'low'],
    ['a register stuck at 0 is a meter not yet used', { register: 0, equalRun: 5, consumption: 0 }, 'low'],
    ['equal reads of a meter that never uses water', { equalRun: 4, consumption: 0, history: Array(10).fill(0) }, null],
    ['five times the median use', { consumption: 1.6 }, 'high'],
    ['just under the threshold (max(5 × 0.3, 0.3 + 1) = 1.5)', { consumption: 1.5 }, null],
    ['a small median needs median + 1 m³', { consumption: 0.9, history: Array(10).fill(0.05) }, null],
    ['over median + 1 m³ of a small median', { consumption: 1.1, history: Array(10).fill(0.05) }, 'high'],
    ['too little history to judge', { consumption: 50, history: [0.3, 0.3, 0.3] }, null],
    ['no use on a day that is still running', { consumption: 0, complete: false }, null],
  ])('%s → %s', (_name, over, rule) => {
    expect(firstRule(day(over))).toBe(rule);
  });

  it.each([
    // prev, cur, next, spike?
    [100, 150, 101, true],
    [100, 101, 100.5, false], // reverse flow of half a cubic metre
    [100, 103, 101.5, false], // 1.5 m³ back after 1.5 m³ of use: not 5 times
    [100, 110, 109, false], // the next read did not fall back
    [100, 150, 160, false], // the use went on
    [9990, 9999, 3, false], // a rollover, not a spike
  ])('%s, %s, %s: spike %s', (prev, cur, next, spike) => {
    expect(isSpike(prev, cur, next)).toBe(spike);
  });
});
