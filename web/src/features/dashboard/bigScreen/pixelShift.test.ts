import { describe, expect, it } from 'vitest';
import { PIXEL_SHIFT_STEP_MS, pixelShiftAt } from './pixelShift.ts';

describe('the burn-in pixel shift', () => {
  it('moves a few pixels at a time, every step, and comes back round', () => {
    const offsets = Array.from({ length: 20 }, (_, i) => pixelShiftAt(i * PIXEL_SHIFT_STEP_MS));
    for (const o of offsets) {
      expect(Math.abs(o.x)).toBeLessThanOrEqual(2);
      expect(Math.abs(o.y)).toBeLessThanOrEqual(2);
    }
    for (let i = 1; i < offsets.length; i++) expect(offsets[i]).not.toEqual(offsets[i - 1]);
    expect(offsets[9]).toEqual(offsets[0]);
    expect(new Set(offsets.map((o) => `${o.x},${o.y}`)).size).toBe(9);
  });

  it('holds still within a step', () => {
    expect(pixelShiftAt(PIXEL_SHIFT_STEP_MS * 4 + 1)).toEqual(pixelShiftAt(PIXEL_SHIFT_STEP_MS * 5 - 1));
  });
});
