// The map's first view: the box around every district outline and every device (display frame), fitted with padding
// by maplibre (react-map-gl's initialViewState.bounds); without any of them, the configured centre and zoom.
import type { LngLat } from '@waterops/shared/geo';
import { MAP_DEFAULT_ZOOM } from '@waterops/shared/geo';

/** [[west, south], [east, north]] in the display frame. */
export type MapBounds = [[number, number], [number, number]];

/** Room kept around the fitted box, px. */
export type Padding = { top: number; bottom: number; left: number; right: number };
/** The room kept around the fitted box (the zoom buttons sit top right, the legend bottom left: see fitPadding). */
export const FIT_PADDING: Readonly<Padding> = { top: 48, bottom: 48, left: 48, right: 64 };
/** A single district or device is not zoomed in to street level on the first view. */
export const FIT_MAX_ZOOM = 15;

/** What the map is first drawn around. */
export type MapExtentInput = {
  /** district outlines (rings), display frame */
  districts: readonly { polygon: readonly LngLat[] }[];
  /** device positions as interleaved [lng, lat, lng, lat, …] (the meters' binary column), display frame */
  positions?: ArrayLike<number>;
  /** other devices (valves), display frame */
  points?: readonly { position: LngLat }[];
};

/**
 * The smallest box holding every district vertex and every device position, or null when there is none.
 * Positions that are not finite or sit at exactly (0, 0) (a device never placed) are left out, so that one
 * unplaced device does not zoom the first view out to the whole world.
 */
export function mapBounds({ districts, positions, points = [] }: MapExtentInput): MapBounds | null {
  let west = Number.POSITIVE_INFINITY;
  let south = Number.POSITIVE_INFINITY;
  let east = Number.NEGATIVE_INFINITY;
  let north = Number.NEGATIVE_INFINITY;
  const add = (lng: number, lat: number) => {
    if (!Number.isFinite(lng) || !Number.isFinite(lat) || (lng === 0 && lat === 0)) return;
    if (lng < west) west = lng;
    if (lng > east) east = lng;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  };
  for (const d of districts) for (const [lng, lat] of d.polygon) add(lng, lat);
  if (positions)
    for (let i = 0; i + 1 < positions.length; i += 2) add(positions[i] as number, positions[i + 1] as number);
  for (const p of points) add(p.position[0], p.position[1]);
  if (west > east) return null;
  return [
    [west, south],
    [east, north],
  ];
}

type Size = { width: number; height: number };

/** The least width or height (px) left for the data beside or above the legend. */
const MIN_ROOM = 120;

/**
 * The fit's padding on a map of this size with the legend over its bottom-left corner (8 px in): the legend's column
 * (on a wide map) or its row (on a narrow, tall one) is kept clear, whichever leaves the data more room, so that no
 * district starts under the legend. Neither when the room left would be under MIN_ROOM.
 */
export function fitPadding(map: Size, legend: Size | null): Padding {
  const base = { ...FIT_PADDING };
  if (!legend) return base;
  const left = 8 + legend.width + 16;
  const bottom = 8 + legend.height + 16;
  const besideW = map.width - left - base.right;
  const aboveH = map.height - bottom - base.top;
  const beside = besideW >= MIN_ROOM ? besideW * (map.height - base.top - base.bottom) : 0;
  const above = aboveH >= MIN_ROOM ? aboveH * (map.width - base.left - base.right) : 0;
  if (beside === 0 && above === 0) return base;
  return beside >= above ? { ...base, left } : { ...base, bottom };
}

/** react-map-gl's initialViewState: the bounds fitted with padding, or the default centre and zoom. */
export type InitialView =
  | { bounds: MapBounds; fitBoundsOptions: { padding: Padding; maxZoom: number } }
  | { longitude: number; latitude: number; zoom: number };

/** The first view of the map: everything in `input` in sight, else `fallbackCentre` at the default zoom. */
export function initialView(input: MapExtentInput, fallbackCentre: LngLat): InitialView {
  const bounds = mapBounds(input);
  if (!bounds) return { longitude: fallbackCentre[0], latitude: fallbackCentre[1], zoom: MAP_DEFAULT_ZOOM };
  return { bounds, fitBoundsOptions: { padding: { ...FIT_PADDING }, maxZoom: FIT_MAX_ZOOM } };
}
