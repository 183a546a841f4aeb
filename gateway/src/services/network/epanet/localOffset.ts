// Moves a [lng, lat] by metres east and north in the local tangent plane of the WGS-84 ellipsoid: exact enough
// (well under 0.1 %) for placing a network of a few kilometres around a chosen origin.
//
// Stored coordinates in WaterOps are BD-09, and the origin handed in is BD-09 too. BD-09 is GCJ-02 shifted, GCJ-02
// is WGS-84 shifted, each by a smooth offset of a few hundred metres that is nearly constant over a few km, so
// offsetting BD-09 degrees by these metric steps is still faithful to a fraction of a metre. Real conversions
// between the three systems belong to `shared/src/geo` (being written in parallel); this helper must not grow into one.

const A = 6_378_137; // WGS-84 semi-major axis, m
const E2 = 6.694_379_990_14e-3; // WGS-84 first eccentricity squared
const DEG = Math.PI / 180;

/** Metres per degree of longitude and of latitude at a latitude (prime-vertical and meridional radii). */
export const metresPerDegree = (latDeg: number): { lng: number; lat: number } => {
  const s = Math.sin(latDeg * DEG);
  const w = Math.sqrt(1 - E2 * s * s);
  const n = A / w;
  const m = (A * (1 - E2)) / (w * w * w);
  return { lng: n * Math.cos(latDeg * DEG) * DEG, lat: m * DEG };
};

/** The point `east` metres east and `north` metres north of `origin` ([lng, lat] in degrees). */
export const localOffset = (origin: [number, number], east: number, north: number): [number, number] => {
  const k = metresPerDegree(origin[1]);
  return [origin[0] + east / k.lng, origin[1] + north / k.lat];
};
