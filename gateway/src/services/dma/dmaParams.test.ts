import { describe, expect, it } from 'vitest';
import { nonNegativeOrNull, positiveOr } from './dmaParams.ts';

describe('positiveOr', () => {
  it('takes a positive number and falls back on anything else', () => {
    expect(positiveOr('1.7', 9)).toBe(1.7);
    expect(positiveOr(' 20 ', 9)).toBe(20);
    for (const bad of [null, undefined, '', '  ', 'abc', '0', '-1', 'Infinity']) expect(positiveOr(bad, 9)).toBe(9);
  });
});

describe('nonNegativeOrNull', () => {
  it('takes a number from 0 up (a frost depth of 0 is a southern city) and calls anything else unknown', () => {
    expect(nonNegativeOrNull('0.38')).toBe(0.38);
    expect(nonNegativeOrNull(' 0 ')).toBe(0);
    for (const bad of [null, undefined, '', '  ', 'abc', '-0.1', 'Infinity']) expect(nonNegativeOrNull(bad)).toBeNull();
  });
});
