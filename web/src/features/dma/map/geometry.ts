// Plane geometry the map needs on small inputs: where a district's label and alarm pulse go, and a pipe's length for
// its panel.
import type { LngLat } from '@waterops/shared/geo';

/**
 * Area-weighted centroid of a ring (closed or not). Degenerate rings (no area) fall back to the vertices' mean;
 * at district scale (a few km) treating degrees as a plane is far inside a label's precision.
 */
export function polygonCentroid(ring: readonly (readonly [number, number])[]): LngLat | null {
  const n = ring.length;
  if (n === 0) return null;
  // shift to the first vertex so large coordinates do not swamp the cross products
  const [ox, oy] = ring[0] as readonly [number, number];
  let area2 = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < n; i++) {
    const [x0, y0] = ring[i] as readonly [number, number];
    const [x1, y1] = ring[(i + 1) % n] as readonly [number, number];
    const a = (x0 - ox) * (y1 - oy) - (x1 - ox) * (y0 - oy);
    area2 += a;
    cx += (x0 - ox + x1 - ox) * a;
    cy += (y0 - oy + y1 - oy) * a;
  }
  if (Math.abs(area2) < 1e-18) {
    let sx = 0;
    let sy = 0;
    for (const [x, y] of ring) {
      sx += x;
      sy += y;
    }
    return [sx / n, sy / n];
  }
  return [ox + cx / (3 * area2), oy + cy / (3 * area2)];
}

const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle length of a path in metres (haversine per segment). */
export function pathLengthM(path: readonly (readonly [number, number])[]): number {
  let total = 0;
  for (let i = 1; i < path.length; i++) {
    const [lng0, lat0] = path[i - 1] as readonly [number, number];
    const [lng1, lat1] = path[i] as readonly [number, number];
    const p0 = (lat0 * Math.PI) / 180;
    const p1 = (lat1 * Math.PI) / 180;
    const dp = p1 - p0;
    const dl = ((lng1 - lng0) * Math.PI) / 180;
    const h = Math.sin(dp / 2) ** 2 + Math.cos(p0) * Math.cos(p1) * Math.sin(dl / 2) ** 2;
    total += 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
  }
  return total;
}
