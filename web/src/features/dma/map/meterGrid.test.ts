import { describe, expect, it } from 'vitest';
import { aggregateMeters, cellAttributes, cellDegrees, cellRadius } from './meterGrid.ts';

describe('aggregateMeters', () => {
  it('groups meters into cells with their mean position and status counts, in typed arrays', () => {
    const positions = new Float64Array([116.401, 39.901, 116.402, 39.902, 116.409, 39.901, 116.55, 39.95]);
    const cells = aggregateMeters(positions, [0, 1, 2, 0], 0.05);
    expect(cells.length).toBe(2);
    expect(cells.counts).toBeInstanceOf(Uint32Array);
    expect(Array.from(cells.counts)).toEqual([3, 1]);
    expect(Array.from(cells.offline)).toEqual([1, 0]);
    expect(Array.from(cells.alarm)).toEqual([1, 0]);
    expect(cells.positions[0]).toBeCloseTo((116.401 + 116.402 + 116.409) / 3, 9);
    expect(cells.positions[3]).toBeCloseTo(39.95, 9);
  });

  it('keeps every meter once, whatever the cell size', () => {
    const n = 10_000;
    const positions = new Float64Array(n * 2);
    for (let i = 0; i < n; i++) {
      positions[2 * i] = 116 + ((i * 7919) % 1000) / 1000;
      positions[2 * i + 1] = 39.5 + ((i * 104729) % 1000) / 1000;
    }
    for (const zoom of [6, 10, 13]) {
      const cells = aggregateMeters(positions, new Uint8Array(n), cellDegrees(zoom));
      expect(cells.counts.reduce((a, b) => a + b, 0)).toBe(n);
    }
  });

  it('answers no cells for no meters', () => {
    expect(aggregateMeters(new Float64Array(0), [], 0.01).length).toBe(0);
  });
});

describe('cellDegrees / cellRadius', () => {
  it('halves the cell at each zoom level and caps the radius', () => {
    expect(cellDegrees(11)).toBeCloseTo(cellDegrees(10) / 2, 12);
    expect(cellDegrees(11.9)).toBe(cellDegrees(11));
    expect(cellRadius(1)).toBeLessThan(cellRadius(100));
    expect(cellRadius(1e9)).toBe(18);
  });
});

describe('cellAttributes', () => {
  it('colours a cell red with any alarm, grey when most are offline, blue otherwise', () => {
    const cells = aggregateMeters(
      new Float64Array([116.1, 39.1, 116.1, 39.1, 116.5, 39.5, 116.5, 39.5, 116.9, 39.9]),
      [0, 2, 1, 1, 0],
      0.1,
    );
    const { radii, colours } = cellAttributes(cells);
    expect(radii).toHaveLength(3);
    expect(Array.from(colours.slice(0, 3))).toEqual([205, 66, 70]);
    expect(Array.from(colours.slice(4, 7))).toEqual([115, 128, 145]);
    expect(Array.from(colours.slice(8, 11))).toEqual([45, 114, 210]);
  });
});
