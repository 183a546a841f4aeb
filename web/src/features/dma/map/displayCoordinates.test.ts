import { bd09ToGcj02, bd09ToWgs84, type LngLat, MAP_CENTER_BD09 } from '@waterops/shared/geo';
import { describe, expect, it } from 'vitest';
import { bd09ToDisplay, convertColumns, displayToBd09 } from './displayCoordinates.ts';

// a deterministic spread of points over Beijing's districts (±0.3° around the map centre)
const points = (n: number): { lng: number[]; lat: number[] } => {
  const lng: number[] = [];
  const lat: number[] = [];
  let s = 7;
  const next = () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
  for (let i = 0; i < n; i++) {
    lng.push(MAP_CENTER_BD09[0] + (next() - 0.5) * 0.6);
    lat.push(MAP_CENTER_BD09[1] + (next() - 0.5) * 0.6);
  }
  return { lng, lat };
};

describe('convertColumns', () => {
  it('is within 1e-6° (~0.1 m) of the exact conversion to WGS-84 and GCJ-02', () => {
    const { lng, lat } = points(2000);
    for (const [crs, exact] of [
      ['wgs84', bd09ToWgs84],
      ['gcj02', bd09ToGcj02],
    ] as const) {
      const out = convertColumns(lng, lat, crs);
      let worst = 0;
      for (let i = 0; i < lng.length; i++) {
        const e = exact([lng[i] as number, lat[i] as number]);
        worst = Math.max(worst, Math.abs((out[2 * i] as number) - e[0]), Math.abs((out[2 * i + 1] as number) - e[1]));
      }
      expect(worst, crs).toBeLessThan(1e-6);
    }
  });

  it('copies BD-09 unchanged into interleaved pairs', () => {
    expect(Array.from(convertColumns([116.4, 116.5], [39.9, 40], 'bd09'))).toEqual([116.4, 39.9, 116.5, 40]);
  });

  it('answers an empty array for no meters', () => {
    expect(convertColumns([], [], 'wgs84')).toHaveLength(0);
  });
});

describe('bd09ToDisplay / displayToBd09', () => {
  it('round-trips a stored position through every frame to ~1e-9°', () => {
    const p: LngLat = [116.41, 39.92];
    for (const crs of ['wgs84', 'gcj02', 'bd09'] as const) {
      const back = displayToBd09(crs)(bd09ToDisplay(crs)(p));
      expect(back[0]).toBeCloseTo(p[0], 9);
      expect(back[1]).toBeCloseTo(p[1], 9);
    }
  });

  it('moves a Beijing point by the known ~600 m BD-09 → WGS-84 offset (south-west)', () => {
    const [lng, lat] = bd09ToDisplay('wgs84')(MAP_CENTER_BD09);
    expect(MAP_CENTER_BD09[0] - lng).toBeGreaterThan(0.01);
    expect(MAP_CENTER_BD09[1] - lat).toBeGreaterThan(0.004);
  });
});
