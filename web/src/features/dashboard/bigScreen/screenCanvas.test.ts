import { describe, expect, it } from 'vitest';
import { columnsFor, fitCanvas } from './screenCanvas.ts';

describe('the big screen canvas', () => {
  it.each([
    ['1080p', 1920, 1080, { width: 1920, height: 1080, scale: 1 }],
    ['4K', 3840, 2160, { width: 1920, height: 1080, scale: 2 }],
    ['a 32:9 video wall', 7680, 2160, { width: 3840, height: 1080, scale: 2 }],
    ['a 1366 × 768 laptop (a hair wider than 16:9)', 1366, 768, { width: 1920, height: 1080, scale: 768 / 1080 }],
    ['4:3', 1024, 768, { width: 1920, height: 1440, scale: 1024 / 1920 }],
  ])('%s: fills the viewport with the design, never stretched', (_name, width, height, expected) => {
    const fit = fitCanvas({ width, height });
    expect(fit).toEqual(expected);
    // the scaled canvas never overflows the viewport (no scroll bar) and misses it by under one screen pixel per unit
    expect(fit.width * fit.scale).toBeLessThanOrEqual(width + 1e-9);
    expect(fit.height * fit.scale).toBeLessThanOrEqual(height + 1e-9);
    expect(width - fit.width * fit.scale).toBeLessThan(fit.scale + 1e-9);
    expect(height - fit.height * fit.scale).toBeLessThan(fit.scale + 1e-9);
  });

  it('survives a zero-sized viewport (a window being created)', () => {
    expect(fitCanvas({ width: 0, height: 0 }).scale).toBeGreaterThan(0);
  });

  it('gives a wider wall more columns, a 16:9 screen the base', () => {
    expect(columnsFor(1920, 3)).toBe(3);
    expect(columnsFor(3840, 3)).toBe(6);
    expect(columnsFor(1700, 3)).toBe(3);
  });
});
