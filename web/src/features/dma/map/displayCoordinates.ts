// Stored positions are BD-09 (spec §9); maplibre and deck.gl draw Web Mercator in whatever frame the base map's
// tiles use: WGS-84 offline or over OSM-like tiles, GCJ-02 over AMap/Tencent tiles, BD-09 over Baidu-frame tiles.
// Single points go through the exact shared conversions. A million meters would take ~1.3 s that way (the GCJ-02
// inverse iterates over its trigonometric series), so columns take BD-09 → GCJ-02 exactly (a cheap closed form, with a
// short-period wobble of its own that no coarse grid follows) and then the GCJ-02 → WGS-84 offset sampled on a 0.01°
// grid and interpolated bilinearly: that offset's shortest period is 1/3°, so the result is within ~1e-6° (~0.1 m).
import type { MapCoordinateSystem } from '@waterops/shared/dma';
import { bd09ToGcj02, bd09ToWgs84, gcj02ToBd09, gcj02ToWgs84, type LngLat, wgs84ToBd09 } from '@waterops/shared/geo';

export type Convert = (p: LngLat) => LngLat;

const identity: Convert = (p) => [p[0], p[1]];

/** Stored BD-09 → the base map's frame. */
export const bd09ToDisplay = (crs: MapCoordinateSystem): Convert =>
  crs === 'wgs84' ? bd09ToWgs84 : crs === 'gcj02' ? bd09ToGcj02 : identity;

/** The base map's frame → BD-09 (draw mode saves outlines in the stored frame). */
export const displayToBd09 = (crs: MapCoordinateSystem): Convert =>
  crs === 'wgs84' ? wgs84ToBd09 : crs === 'gcj02' ? gcj02ToBd09 : identity;

const CELL = 0.01;

/**
 * Columns of BD-09 positions → interleaved display positions [lng0, lat0, lng1, lat1, …] (deck.gl's binary
 * getPosition, size 2). Offsets are computed once per grid corner actually touched.
 */
export function convertColumns(lng: ArrayLike<number>, lat: ArrayLike<number>, crs: MapCoordinateSystem): Float64Array {
  const n = lng.length;
  const out = new Float64Array(n * 2);
  if (crs === 'bd09') {
    for (let i = 0; i < n; i++) {
      out[2 * i] = lng[i] as number;
      out[2 * i + 1] = lat[i] as number;
    }
    return out;
  }
  const corners = new Map<number, LngLat>();
  const offsetAt = (gx: number, gy: number): LngLat => {
    // grid indices of lng −180…180 and lat −90…90 at 0.01° fit well inside 2^16 × 2^16
    const key = (gx + 18_000) * 65_536 + (gy + 9_000);
    let o = corners.get(key);
    if (!o) {
      const x = gx * CELL;
      const y = gy * CELL;
      const d = gcj02ToWgs84([x, y]);
      o = [d[0] - x, d[1] - y];
      corners.set(key, o);
    }
    return o;
  };
  for (let i = 0; i < n; i++) {
    const [x, y] = bd09ToGcj02([lng[i] as number, lat[i] as number]);
    if (crs === 'gcj02') {
      out[2 * i] = x;
      out[2 * i + 1] = y;
      continue;
    }
    const gx = Math.floor(x / CELL);
    const gy = Math.floor(y / CELL);
    const fx = x / CELL - gx;
    const fy = y / CELL - gy;
    const a = offsetAt(gx, gy);
    const b = offsetAt(gx + 1, gy);
    const c = offsetAt(gx, gy + 1);
    const d = offsetAt(gx + 1, gy + 1);
    const w00 = (1 - fx) * (1 - fy);
    const w10 = fx * (1 - fy);
    const w01 = (1 - fx) * fy;
    const w11 = fx * fy;
    out[2 * i] = x + a[0] * w00 + b[0] * w10 + c[0] * w01 + d[0] * w11;
    out[2 * i + 1] = y + a[1] * w00 + b[1] * w10 + c[1] * w01 + d[1] * w11;
  }
  return out;
}
