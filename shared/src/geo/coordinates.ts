// Conversions between the three coordinate systems a Chinese web map meets: WGS-84 (GPS, OpenStreetMap tiles),
// GCJ-02 (the state-mandated offset used by AMap / Tencent / Google China) and BD-09 (Baidu's second offset on top
// of GCJ-02). Positions are stored BD-09 (spec §9: Baidu projection) and converted for display.
//
// The formulas are the widely published ones (e.g. github.com/wandergis/coordtransform, MIT; the same constants
// appear in every port): GCJ-02 offsets on the Krasovsky 1940 ellipsoid (a = 6378245.0, e² = 0.00669342162296594323)
// and BD-09 with x_pi = π·3000/180. GCJ-02 is only applied inside a bounding box of China; outside it a point is
// returned unchanged. Neither offset has an exact closed-form inverse (the published GCJ-02 one is ~1e-5° off, the
// BD-09 one ~1e-6°), so both inverses refine the published guess by fixed-point iteration to about 1e-10°.

/** A position as [longitude, latitude] in degrees — the order GeoJSON, deck.gl and maplibre use. */
export type LngLat = [lng: number, lat: number];

const A = 6378245.0;
// published as 0.00669342162296594323; written here as the double it rounds to
const EE = 0.006693421622965943;
const X_PI = (Math.PI * 3000.0) / 180.0;

/** The crude rectangle the published algorithm uses for "inside China" (lng 73.66–135.05, lat 3.86–53.55). */
export function isOutOfChina([lng, lat]: LngLat): boolean {
  return !(lng > 73.66 && lng < 135.05 && lat > 3.86 && lat < 53.55);
}

function transformLat(x: number, y: number): number {
  let ret = -100.0 + 2.0 * x + 3.0 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  ret += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  ret += ((20.0 * Math.sin(y * Math.PI) + 40.0 * Math.sin((y / 3.0) * Math.PI)) * 2.0) / 3.0;
  ret += ((160.0 * Math.sin((y / 12.0) * Math.PI) + 320.0 * Math.sin((y * Math.PI) / 30.0)) * 2.0) / 3.0;
  return ret;
}

function transformLng(x: number, y: number): number {
  let ret = 300.0 + x + 2.0 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  ret += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  ret += ((20.0 * Math.sin(x * Math.PI) + 40.0 * Math.sin((x / 3.0) * Math.PI)) * 2.0) / 3.0;
  ret += ((150.0 * Math.sin((x / 12.0) * Math.PI) + 300.0 * Math.sin((x / 30.0) * Math.PI)) * 2.0) / 3.0;
  return ret;
}

/** The GCJ-02 offset (degrees) at a WGS-84 point inside China. */
function gcj02Offset(lng: number, lat: number): LngLat {
  const radLat = (lat / 180.0) * Math.PI;
  let magic = Math.sin(radLat);
  magic = 1 - EE * magic * magic;
  const sqrtMagic = Math.sqrt(magic);
  const dLat = (transformLat(lng - 105.0, lat - 35.0) * 180.0) / (((A * (1 - EE)) / (magic * sqrtMagic)) * Math.PI);
  const dLng = (transformLng(lng - 105.0, lat - 35.0) * 180.0) / ((A / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return [dLng, dLat];
}

export function wgs84ToGcj02(p: LngLat): LngLat {
  if (isOutOfChina(p)) return [p[0], p[1]];
  const [dLng, dLat] = gcj02Offset(p[0], p[1]);
  return [p[0] + dLng, p[1] + dLat];
}

const INVERSE_TOLERANCE = 1e-10;
const INVERSE_MAX_STEPS = 10;

/** GCJ-02 → WGS-84: the published one-step inverse (subtract the offset taken at the GCJ-02 point), refined. */
export function gcj02ToWgs84(p: LngLat): LngLat {
  if (isOutOfChina(p)) return [p[0], p[1]];
  const [dLng, dLat] = gcj02Offset(p[0], p[1]);
  return invert(wgs84ToGcj02, p, [p[0] - dLng, p[1] - dLat]);
}

/**
 * Solves forward(w) = target from a first guess by w ← w − (forward(w) − target). Both offsets are smooth and
 * small (their derivative is ~1e-3), so this contracts fast: 2–4 steps to 1e-10°.
 */
function invert(forward: (p: LngLat) => LngLat, target: LngLat, guess: LngLat): LngLat {
  let w = guess;
  for (let i = 0; i < INVERSE_MAX_STEPS; i++) {
    const f = forward(w);
    const eLng = f[0] - target[0];
    const eLat = f[1] - target[1];
    w = [w[0] - eLng, w[1] - eLat];
    if (Math.abs(eLng) < INVERSE_TOLERANCE && Math.abs(eLat) < INVERSE_TOLERANCE) break;
  }
  return w;
}

export function gcj02ToBd09([lng, lat]: LngLat): LngLat {
  const z = Math.sqrt(lng * lng + lat * lat) + 0.00002 * Math.sin(lat * X_PI);
  const theta = Math.atan2(lat, lng) + 0.000003 * Math.cos(lng * X_PI);
  return [z * Math.cos(theta) + 0.0065, z * Math.sin(theta) + 0.006];
}

/** The published closed-form BD-09 → GCJ-02; it only round-trips gcj02ToBd09 to about 1e-6° (≈ 0.1 m). */
function bd09ToGcj02Approx([lng, lat]: LngLat): LngLat {
  const x = lng - 0.0065;
  const y = lat - 0.006;
  const z = Math.sqrt(x * x + y * y) - 0.00002 * Math.sin(y * X_PI);
  const theta = Math.atan2(y, x) - 0.000003 * Math.cos(x * X_PI);
  return [z * Math.cos(theta), z * Math.sin(theta)];
}

/** BD-09 → GCJ-02: the closed form refined like gcj02ToWgs84, so a stored position converts back exactly. */
export function bd09ToGcj02(p: LngLat): LngLat {
  return invert(gcj02ToBd09, p, bd09ToGcj02Approx(p));
}

export function wgs84ToBd09(p: LngLat): LngLat {
  return gcj02ToBd09(wgs84ToGcj02(p));
}

export function bd09ToWgs84(p: LngLat): LngLat {
  return gcj02ToWgs84(bd09ToGcj02(p));
}
