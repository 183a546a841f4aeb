import { describe, expect, it } from 'vitest';
import { positiveOr } from './dmaParams.ts';

describe('positiveOr', () => {
  it('takes a positive number and falls back on anything else', () => {
    expect(positiveOr('1.7', 9)).toBe(1.7);
    expect(positiveOr(' 20 ', 9)).toBe(20);
    for (const bad of [null, undefined, '', '  ', 'abc', '0', '-1', 'Infinity']) expect(positiveOr(bad, 9)).toBe(9);
  });
});
