// Meters aggregated into square cells at low zoom: a million points at city scale are a blur, and cells with a
// count and the worst status read better and draw far fewer instances. Computed on the CPU once per integer zoom
// into typed arrays (one pass, no per-meter objects); the layer caches the answer per zoom.
import { MAP_METER_STATUS } from '@waterops/shared/dma';

/** Below this zoom meters are drawn as cells; from it on as single points. */
export const METER_POINT_ZOOM = 14;
/** A cell's side on screen, in pixels. */
export const CELL_PIXELS = 40;

export type MeterCells = {
  length: number;
  /** mean position of the cell's meters, interleaved lng, lat */
  positions: Float64Array;
  counts: Uint32Array;
  offline: Uint32Array;
  alarm: Uint32Array;
};

/** The cell side in degrees of longitude at a zoom (Web Mercator: 256·2^z pixels round the world). */
export const cellDegrees = (zoom: number): number => (CELL_PIXELS * 360) / (256 * 2 ** Math.floor(zoom));

/**
 * Groups interleaved positions into cells of `size` degrees of longitude; latitude cells are narrower by cos(lat) so
 * cells are square on screen near the data.
 */
export function aggregateMeters(positions: Float64Array, status: ArrayLike<number>, size: number): MeterCells {
  const n = status.length;
  const midLat = n > 0 ? (positions[1] as number) : 0;
  const sizeLat = size * Math.cos((midLat * Math.PI) / 180);
  const index = new Map<number, number>();
  // at most n cells; trimmed at the end
  const sumLng = new Float64Array(n);
  const sumLat = new Float64Array(n);
  const counts = new Uint32Array(n);
  const offline = new Uint32Array(n);
  const alarm = new Uint32Array(n);
  let cells = 0;
  for (let i = 0; i < n; i++) {
    const x = positions[2 * i] as number;
    const y = positions[2 * i + 1] as number;
    const key = Math.floor(x / size) * 1_048_576 + Math.floor(y / sizeLat);
    let c = index.get(key);
    if (c === undefined) {
      c = cells++;
      index.set(key, c);
    }
    sumLng[c] = (sumLng[c] as number) + x;
    sumLat[c] = (sumLat[c] as number) + y;
    counts[c] = (counts[c] as number) + 1;
    const s = status[i];
    if (s === MAP_METER_STATUS.offline) offline[c] = (offline[c] as number) + 1;
    else if (s === MAP_METER_STATUS.alarm) alarm[c] = (alarm[c] as number) + 1;
  }
  const out = new Float64Array(cells * 2);
  for (let c = 0; c < cells; c++) {
    const k = counts[c] as number;
    out[2 * c] = (sumLng[c] as number) / k;
    out[2 * c + 1] = (sumLat[c] as number) / k;
  }
  return {
    length: cells,
    positions: out,
    counts: counts.slice(0, cells),
    offline: offline.slice(0, cells),
    alarm: alarm.slice(0, cells),
  };
}

/** A cell's radius in pixels: area grows with the count, kept between a dot and most of the cell. */
export const cellRadius = (count: number): number => Math.min(CELL_PIXELS * 0.45, 3 + Math.sqrt(count) * 0.8);

const CELL_ALARM = [205, 66, 70, 220] as const;
const CELL_OFFLINE = [115, 128, 145, 200] as const;
const CELL_ONLINE = [45, 114, 210, 200] as const;

/**
 * A cell's binary attributes: radius by count; red when any meter in it is in alarm, grey when most are offline,
 * blue otherwise (the worst news wins at a glance; the detail is a zoom away).
 */
export function cellAttributes(cells: MeterCells): { radii: Float32Array; colours: Uint8Array } {
  const radii = new Float32Array(cells.length);
  const colours = new Uint8Array(cells.length * 4);
  for (let c = 0; c < cells.length; c++) {
    const n = cells.counts[c] as number;
    radii[c] = cellRadius(n);
    const colour =
      (cells.alarm[c] as number) > 0 ? CELL_ALARM : (cells.offline[c] as number) * 2 > n ? CELL_OFFLINE : CELL_ONLINE;
    colours.set(colour, c * 4);
  }
  return { radii, colours };
}
