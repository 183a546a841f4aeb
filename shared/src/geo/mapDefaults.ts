// The operations map's starting view (spec §9: "centre near Beijing, zoom 12 (min 1, max 19), baidu projection").
// The spec gives no exact centre; we use the point Baidu's own JavaScript API examples open on (BD-09 116.404,
// 39.915, by Tiananmen), stored BD-09 like every position, and derive the WGS-84 centre the web map draws with.
import { bd09ToWgs84, type LngLat } from './coordinates.ts';

/** Map centre in BD-09, the system positions are stored in. */
export const MAP_CENTER_BD09: LngLat = [116.404, 39.915];
/** The same centre in WGS-84, for maplibre / deck.gl (which draw in WGS-84 Web Mercator). */
export const MAP_CENTER_WGS84: LngLat = bd09ToWgs84(MAP_CENTER_BD09);
export const MAP_DEFAULT_ZOOM = 12;
export const MAP_MIN_ZOOM = 1;
export const MAP_MAX_ZOOM = 19;
/** The coordinate system stored positions are in (spec §9: Baidu projection). */
export const STORED_COORDINATE_SYSTEM = 'BD-09' as const;
