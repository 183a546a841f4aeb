import type { LngLat } from '@waterops/shared/geo';
import { MAP_DEFAULT_ZOOM } from '@waterops/shared/geo';
import { describe, expect, it } from 'vitest';
import {
  FIT_MAX_ZOOM,
  FIT_PADDING,
  fitPadding,
  initialView,
  type MapBounds,
  mapBounds,
  type Padding,
} from './initialView.ts';

const square = (w: number, s: number, e: number, n: number): LngLat[] => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
];

// three districts laid out like the demo's (north-east of the default centre, ~0.16° × 0.07° together)
const DISTRICTS = [
  { polygon: square(116.3454, 39.9012, 116.3989, 39.9423) },
  { polygon: square(116.3921, 39.9106, 116.47, 39.9705) },
  { polygon: square(116.4476, 39.9333, 116.5016, 39.9748) },
];
const CENTRE: LngLat = [116.3914, 39.9075];
// a meter just outside every district (east), interleaved like the meters' binary column
const METERS = new Float64Array([116.42, 39.93, 116.515, 39.95]);

/** A map of some size showing Web Mercator: where a position lands on it, in px from its top-left corner. */
type Screen = { width: number; height: number; project: (p: LngLat) => [number, number] };

/** World px at zoom 0 (a 512 px world: maplibre's and deck.gl's zoom), as they project. */
const world = ([lng, lat]: LngLat): [number, number] => {
  const phi = (lat * Math.PI) / 180;
  return [((lng + 180) / 360) * 512, ((1 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / Math.PI) / 2) * 512];
};

/** The map centred on `centre` at `zoom` (the old first view). */
const centred = (width: number, height: number, centre: LngLat, zoom: number): Screen => {
  const [cx, cy] = world(centre);
  const scale = 2 ** zoom;
  return {
    width,
    height,
    project: (p) => {
      const [x, y] = world(p);
      return [width / 2 + (x - cx) * scale, height / 2 + (y - cy) * scale];
    },
  };
};

/**
 * What fitting the bounds with this padding means (maplibre's fitBounds): the largest zoom, at most maxZoom, at which
 * the box fits in the padded area, and the box centred in that area. Written out here so the test does not take the
 * padding's meaning from the code it checks.
 */
const fittedTo = (width: number, height: number, bounds: MapBounds, padding: Padding, maxZoom: number): Screen => {
  const [x0, y1] = world(bounds[0]);
  const [x1, y0] = world(bounds[1]);
  const areaW = width - padding.left - padding.right;
  const areaH = height - padding.top - padding.bottom;
  const scale = Math.min(areaW / (x1 - x0), areaH / (y1 - y0), 2 ** maxZoom);
  const [mx, my] = [(x0 + x1) / 2, (y0 + y1) / 2];
  return {
    width,
    height,
    project: (p) => {
      const [x, y] = world(p);
      return [padding.left + areaW / 2 + (x - mx) * scale, padding.top + areaH / 2 + (y - my) * scale];
    },
  };
};

/** The first view of the test data on a map of this size, with the padding given (default: the view's own). */
const fitted = (width: number, height: number, padding?: Padding): Screen => {
  const view = initialView({ districts: DISTRICTS, positions: METERS }, CENTRE);
  if (!('bounds' in view)) throw new Error('expected a fitted view');
  return fittedTo(width, height, view.bounds, padding ?? view.fitBoundsOptions.padding, view.fitBoundsOptions.maxZoom);
};

const inside = (screen: Screen, p: LngLat, pad = 0) => {
  const [x, y] = screen.project(p);
  return x >= pad - 0.5 && x <= screen.width - pad + 0.5 && y >= pad - 0.5 && y <= screen.height - pad + 0.5;
};

describe('the operations map first view', () => {
  it('is the box around every district vertex and every device', () => {
    expect(mapBounds({ districts: DISTRICTS, positions: METERS })).toEqual([
      [116.3454, 39.9012],
      [116.515, 39.9748],
    ]);
    expect(mapBounds({ districts: DISTRICTS.slice(0, 1), points: [{ position: [116.3, 39.95] }] })).toEqual([
      [116.3, 39.9012],
      [116.3989, 39.95],
    ]);
  });

  it.each([
    ['a desktop map', 1200, 760],
    ['a tablet map', 700, 560],
    ['a phone map', 390, 520],
  ])('keeps every district and device in sight, inside the padding, on %s', (_what, width, height) => {
    const screen = fitted(width, height);
    const pad = Math.min(...Object.values(FIT_PADDING));
    for (const d of DISTRICTS) for (const v of d.polygon) expect(inside(screen, v, pad), `${v}`).toBe(true);
    expect(inside(screen, [METERS[2] as number, METERS[3] as number], pad)).toBe(true);
  });

  it('shows what the old fixed view (default centre, zoom 12) cut on a tablet', () => {
    // the regression this guards: the first view used to be the configured centre at zoom 12, whatever the data
    const old = centred(700, 560, CENTRE, MAP_DEFAULT_ZOOM);
    const cut = DISTRICTS.filter((d) => !d.polygon.every((v) => inside(old, v)));
    expect(cut.length).toBeGreaterThanOrEqual(2);
    const screen = fitted(700, 560);
    expect(DISTRICTS.filter((d) => !d.polygon.every((v) => inside(screen, v)))).toEqual([]);
  });

  const LEGEND = { width: 240, height: 400 };
  it.each([
    // a wide map keeps the legend's column clear, a narrow tall one its row, a small one neither
    ['a desktop map', { width: 1180, height: 760 }, LEGEND, { left: 8 + 240 + 16 }],
    ['a tablet map', { width: 870, height: 600 }, LEGEND, { left: 8 + 240 + 16 }],
    ['a phone map', { width: 390, height: 700 }, LEGEND, { bottom: 8 + 400 + 16 }],
    ['a small phone map', { width: 390, height: 520 }, LEGEND, {}],
    ['a map without a legend', { width: 1180, height: 760 }, null, {}],
  ])('keeps the legend clear on %s when there is room', (_what, map, legend, change) => {
    expect(fitPadding(map, legend)).toEqual({ ...FIT_PADDING, ...change });
  });

  it.each([
    [1180, 760],
    [390, 700],
  ])('fits no district under the legend on a %i × %i map', (width, height) => {
    const screen = fitted(width, height, fitPadding({ width, height }, LEGEND));
    // the legend: 8 px from the left and the bottom
    const underLegend = (p: LngLat) => {
      const [x, y] = screen.project(p);
      return x < 8 + LEGEND.width && y > height - 8 - LEGEND.height;
    };
    for (const d of DISTRICTS) for (const v of d.polygon) expect(underLegend(v), `${v}`).toBe(false);
    for (const d of DISTRICTS) for (const v of d.polygon) expect(inside(screen, v), `${v}`).toBe(true);
  });

  it('does not zoom to street level on one small district', () => {
    const view = initialView({ districts: [{ polygon: square(116.4, 39.9, 116.4001, 39.9001) }] }, CENTRE);
    expect(view).toMatchObject({ fitBoundsOptions: { maxZoom: FIT_MAX_ZOOM } });
  });

  it('leaves out devices never placed: no position, or (0, 0)', () => {
    const positions = new Float64Array([0, 0, Number.NaN, 39.9, 116.42, 39.93]);
    expect(mapBounds({ districts: DISTRICTS.slice(0, 1), positions })).toEqual([
      [116.3454, 39.9012],
      [116.42, 39.9423],
    ]);
  });

  it('falls back to the default centre and zoom when there is nothing to show', () => {
    expect(initialView({ districts: [], positions: new Float64Array(0) }, CENTRE)).toEqual({
      longitude: CENTRE[0],
      latitude: CENTRE[1],
      zoom: MAP_DEFAULT_ZOOM,
    });
  });
});
