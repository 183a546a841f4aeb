// Reading a district outline the user pastes or uploads ("导入边界"): GeoJSON (a Polygon, the first polygon of a
// MultiPolygon, Feature or FeatureCollection — only the outer ring: a district is one area, holes do not change
// which meters it holds) or `lng,lat` lines, in WGS-84, GCJ-02 or BD-09, converted to the BD-09 the server stores
// (spec §9). Pure: the dialog renders what this returns; errors are message keys so both languages read them.
import { POLYGON_MAX_POINTS, type Position } from '@waterops/shared/dma';
import { gcj02ToBd09, type LngLat, wgs84ToBd09 } from '@waterops/shared/geo';

export const OUTLINE_CRS = ['WGS-84', 'GCJ-02', 'BD-09'] as const;
export type OutlineCrs = (typeof OUTLINE_CRS)[number];

export type OutlineError = 'empty' | 'invalidJson' | 'noPolygon' | 'badLine' | 'outOfRange' | 'tooFew' | 'tooMany';

export type OutlineResult =
  | { ok: true; points: Position[]; source: 'geojson' | 'lines' }
  | { ok: false; error: OutlineError; line?: number };

/** Six decimals: about 0.1 m, finer than any meter position. */
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

const isPair = (p: unknown): p is [number, number] =>
  Array.isArray(p) && p.length >= 2 && typeof p[0] === 'number' && typeof p[1] === 'number';
const isRing = (r: unknown): r is [number, number][] => Array.isArray(r) && r.length > 0 && r.every(isPair);

type Json = Record<string, unknown>;
const asObject = (v: unknown): Json | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null);

/** The outer ring of the first polygon found in a GeoJSON value, or null. */
export const firstRing = (value: unknown): [number, number][] | null => {
  if (Array.isArray(value)) {
    // a bare ring [[lng, lat], …] or a Polygon's coordinates [[[lng, lat], …]]
    if (isRing(value)) return value;
    if (isRing(value[0])) return value[0];
    return null;
  }
  const o = asObject(value);
  if (!o) return null;
  switch (o.type) {
    case 'Polygon':
      return Array.isArray(o.coordinates) && isRing(o.coordinates[0]) ? o.coordinates[0] : null;
    case 'MultiPolygon': {
      const first = Array.isArray(o.coordinates) ? o.coordinates[0] : null;
      return Array.isArray(first) && isRing(first[0]) ? first[0] : null;
    }
    case 'Feature':
      return firstRing(o.geometry);
    case 'FeatureCollection':
      for (const f of Array.isArray(o.features) ? o.features : []) {
        const ring = firstRing(f);
        if (ring) return ring;
      }
      return null;
    case 'GeometryCollection':
      for (const g of Array.isArray(o.geometries) ? o.geometries : []) {
        const ring = firstRing(g);
        if (ring) return ring;
      }
      return null;
    default:
      return null;
  }
};

/** `lng,lat` per line; commas (also full-width), semicolons, tabs or spaces between; blank and # lines skipped. */
const parseLines = (text: string): { ring: [number, number][] } | { error: OutlineError; line: number } => {
  const ring: [number, number][] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = (lines[i] ?? '').trim();
    if (raw === '' || raw.startsWith('#')) continue;
    const parts = raw.split(/[\s,，;；]+/).filter((p) => p !== '');
    const lng = Number(parts[0]);
    const lat = Number(parts[1]);
    if (parts.length !== 2 || !Number.isFinite(lng) || !Number.isFinite(lat)) return { error: 'badLine', line: i + 1 };
    ring.push([lng, lat]);
  }
  return { ring };
};

const toBd09 = (p: LngLat, crs: OutlineCrs): LngLat =>
  crs === 'BD-09' ? p : crs === 'GCJ-02' ? gcj02ToBd09(p) : wgs84ToBd09(p);

/** Distinct points in order: repeated neighbours and the closing point (equal to the first) dropped. */
export const openRing = (ring: readonly Position[]): Position[] => {
  const out: Position[] = [];
  for (const p of ring) {
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (out.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) out.pop();
  return out;
};

/** The outline in `text` (GeoJSON or lines), in BD-09, open (the server closes it), or why it cannot be read. */
export const parseOutline = (text: string, crs: OutlineCrs): OutlineResult => {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'empty' };
  let ring: [number, number][];
  let source: 'geojson' | 'lines';
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      return { ok: false, error: 'invalidJson' };
    }
    const found = firstRing(value);
    if (!found) return { ok: false, error: 'noPolygon' };
    ring = found;
    source = 'geojson';
  } else {
    const parsed = parseLines(trimmed);
    if ('error' in parsed) return { ok: false, error: parsed.error, line: parsed.line };
    ring = parsed.ring;
    source = 'lines';
  }
  if (ring.some(([lng, lat]) => Math.abs(lng) > 180 || Math.abs(lat) > 90)) return { ok: false, error: 'outOfRange' };
  const open = openRing(ring.map(([lng, lat]) => [lng, lat] as Position));
  if (open.length < 3) return { ok: false, error: 'tooFew' };
  if (open.length > POLYGON_MAX_POINTS) return { ok: false, error: 'tooMany' };
  const points = open.map((p) => {
    const [lng, lat] = toBd09(p, crs);
    return [round6(lng), round6(lat)] as Position;
  });
  return { ok: true, points, source };
};

/**
 * The SVG path of an outline fitted into a width × height box with `pad` around it, north up and the aspect kept
 * (longitude degrees shrunk by cos(latitude), so a square district looks square). Empty for no points.
 */
export const outlinePath = (points: readonly Position[], width: number, height: number, pad = 8): string => {
  if (points.length === 0) return '';
  const lngs = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  const minLng = Math.min(...lngs);
  const maxLng = Math.max(...lngs);
  const minLat = Math.min(...lats);
  const maxLat = Math.max(...lats);
  const k = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = (maxLng - minLng) * k || 1e-9;
  const spanY = maxLat - minLat || 1e-9;
  const scale = Math.min((width - 2 * pad) / spanX, (height - 2 * pad) / spanY);
  const offX = (width - spanX * scale) / 2;
  const offY = (height - spanY * scale) / 2;
  const xy = points.map(
    ([lng, lat]) => `${(offX + (lng - minLng) * k * scale).toFixed(1)},${(offY + (maxLat - lat) * scale).toFixed(1)}`,
  );
  return `M${xy.join('L')}Z`;
};
