import { describe, expect, it } from 'vitest';
import { advanceRegister, registerStep, swapStep } from './consumption.ts';

describe('use between two register reads', () => {
  it.each([
    // prev, cur, max reading, use, kind
    [100, 105.25, 9999, 5.25, 'forward'],
    [100, 100, 9999, 0, 'forward'],
    [9998, 3, 9999, 4, 'rollover'],
    [6000, 500, 9999, 4499, 'rollover'],
    [500, 499.5, 9999, -0.5, 'negative'],
    // a drop of less than half the range is reverse flow, not a rollover
    [4000, 100, 9999, -3900, 'negative'],
    // without a max reading a drop can only be reverse flow
    [9998, 3, null, -9995, 'negative'],
  ] as const)('from %s to %s (max %s) is %s (%s)', (prev, cur, max, use, kind) => {
    expect(registerStep(prev, cur, max)).toEqual({ use, kind });
  });

  it('counts a swap as (old final − previous read) + (first new read − new base)', () => {
    expect(swapStep(120, { oldFinalReading: 125.5, newBaseReading: 10 }, 13, 9999)).toEqual({
      use: 8.5,
      kind: 'forward',
    });
    // the old register rolled over before it was taken off
    expect(swapStep(9990, { oldFinalReading: 2, newBaseReading: 0 }, 1, 9999)).toEqual({ use: 12, kind: 'rollover' });
  });

  it('advances a register past its max reading back from 0', () => {
    expect(advanceRegister(9998, 4, 9999)).toBe(3);
    // the max reading and 0 are the same position of the register
    expect(advanceRegister(9998, 1, 9999)).toBe(0);
    expect(advanceRegister(100, 0.125, null)).toBe(100.125);
  });
});
