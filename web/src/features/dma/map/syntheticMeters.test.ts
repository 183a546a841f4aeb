import { describe, expect, it } from 'vitest';
import { syntheticMeters } from './syntheticMeters.ts';

describe('syntheticMeters', () => {
  it('is reproducible, near Beijing, with the intended status mix', () => {
    const a = syntheticMeters(20_000, 7);
    const b = syntheticMeters(20_000, 7);
    expect(Array.from(a.lng.slice(0, 5))).toEqual(Array.from(b.lng.slice(0, 5)));
    expect(Math.min(...a.lng)).toBeGreaterThan(116.1);
    expect(Math.max(...a.lat)).toBeLessThan(40.2);
    const alarm = a.status.filter((s) => s === 2).length / a.length;
    const offline = a.status.filter((s) => s === 1).length / a.length;
    expect(alarm).toBeGreaterThan(0.005);
    expect(alarm).toBeLessThan(0.02);
    expect(offline).toBeGreaterThan(0.03);
    expect(offline).toBeLessThan(0.07);
  });
});
