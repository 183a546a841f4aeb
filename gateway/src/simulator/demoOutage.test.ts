import { describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_OUTAGE, demoSilentAt } from './demoOutage.ts';

const MINUTE = 60_000;

describe('demoSilentAt (40 min silent every hour, the first a minute after start)', () => {
  it.each([
    [0, false],
    [0.5, false],
    [1, true],
    [40, true],
    [40.9, true],
    [41, false],
    [60.9, false],
    [61, true],
    [121, true],
  ])('%s min after start → silent %s', (minutes, silent) => {
    expect(demoSilentAt(DEFAULT_DEMO_OUTAGE, 1_000_000, 1_000_000 + minutes * MINUTE)).toBe(silent);
  });
});
