import { describe, expect, it } from 'vitest';
import { pathLengthM, polygonCentroid } from './geometry.ts';

describe('polygonCentroid', () => {
  it('finds the centre of a square, closed or not, and of an L shape by area', () => {
    const square = [
      [116, 39],
      [116.2, 39],
      [116.2, 39.2],
      [116, 39.2],
    ] as [number, number][];
    expect(polygonCentroid(square)?.[0]).toBeCloseTo(116.1, 9);
    expect(polygonCentroid([...square, [116, 39]])?.[1]).toBeCloseTo(39.1, 9);
    const l = [
      [0, 0],
      [2, 0],
      [2, 1],
      [1, 1],
      [1, 2],
      [0, 2],
    ] as [number, number][];
    const [x, y] = polygonCentroid(l) ?? [0, 0];
    expect(x).toBeCloseTo(5 / 6, 9);
    expect(y).toBeCloseTo(5 / 6, 9);
  });

  it('falls back to the mean for a degenerate ring and to null for none', () => {
    expect(
      polygonCentroid([
        [1, 1],
        [3, 3],
      ]),
    ).toEqual([2, 2]);
    expect(polygonCentroid([])).toBeNull();
  });
});

describe('pathLengthM', () => {
  it('measures ~111.2 km per degree of latitude and 0 for one point', () => {
    expect(
      pathLengthM([
        [116, 39],
        [116, 40],
      ]),
    ).toBeCloseTo(111_195, -1);
    expect(pathLengthM([[116, 39]])).toBe(0);
  });
});
