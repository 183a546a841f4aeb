import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bd09ToGcj02,
  bd09ToWgs84,
  gcj02ToBd09,
  gcj02ToWgs84,
  isOutOfChina,
  type LngLat,
  wgs84ToBd09,
  wgs84ToGcj02,
} from './coordinates.ts';
import { MAP_CENTER_BD09, MAP_CENTER_WGS84, MAP_DEFAULT_ZOOM, MAP_MAX_ZOOM, MAP_MIN_ZOOM } from './mapDefaults.ts';

const near = (actual: LngLat, expected: LngLat, tolerance: number) => {
  expect(Math.abs(actual[0] - expected[0])).toBeLessThanOrEqual(tolerance);
  expect(Math.abs(actual[1] - expected[1])).toBeLessThanOrEqual(tolerance);
};

/** Points well inside mainland China (away from the box edges, where the offset switches off). */
const china = fc.tuple(
  fc.double({ min: 75, max: 134, noNaN: true }),
  fc.double({ min: 18, max: 53, noNaN: true }),
) as fc.Arbitrary<LngLat>;

describe('published reference values', () => {
  // From the README of github.com/wandergis/coordtransform (MIT), converting the point (116.404, 39.915):
  //   bd09togcj02  [116.39762729119315, 39.90865673957631]
  //   gcj02tobd09  [116.41036949371029, 39.92133699351021]
  //   wgs84togcj02 [116.41024449916938, 39.91640428150164]
  //   gcj02towgs84 [116.39775550083061, 39.91359571849836]
  // Its two inverses (bd09togcj02, gcj02towgs84) are the closed-form approximations; ours are refined, so they are
  // compared at the approximations' accuracy and checked to go back exactly.
  const p: LngLat = [116.404, 39.915];
  it.each([
    ['gcj02ToBd09', gcj02ToBd09, [116.41036949371029, 39.92133699351021]],
    ['wgs84ToGcj02', wgs84ToGcj02, [116.41024449916938, 39.91640428150164]],
  ] as const)('%s(116.404, 39.915) matches to 1e-9°', (_name, convert, expected) => {
    near(convert(p), [expected[0], expected[1]], 1e-9);
  });

  it('bd09ToGcj02 agrees with the published closed form to its ~1e-6° accuracy, and is exact itself', () => {
    const g = bd09ToGcj02(p);
    near(g, [116.39762729119315, 39.90865673957631], 2e-6);
    near(gcj02ToBd09(g), p, 1e-9);
  });

  it('gcj02ToWgs84 agrees with the published one-step inverse to its ~1e-5° accuracy, and is exact itself', () => {
    const w = gcj02ToWgs84(p);
    near(w, [116.39775550083061, 39.91359571849836], 2e-5);
    // ...but unlike the one-step inverse it goes back to the GCJ-02 point almost exactly
    near(wgs84ToGcj02(w), p, 1e-9);
  });

  it('Tiananmen (WGS-84 116.3975, 39.9087) moves by the familiar few hundred metres, east and north', () => {
    const gcj = wgs84ToGcj02([116.3975, 39.9087]);
    const bd = wgs84ToBd09([116.3975, 39.9087]);
    // GCJ-02 shifts Beijing about +0.006° lng / +0.0014° lat; BD-09 adds roughly another +0.0064° / +0.006°
    expect(gcj[0] - 116.3975).toBeGreaterThan(0.005);
    expect(gcj[0] - 116.3975).toBeLessThan(0.007);
    expect(gcj[1] - 39.9087).toBeGreaterThan(0.001);
    expect(gcj[1] - 39.9087).toBeLessThan(0.002);
    expect(bd[0] - gcj[0]).toBeGreaterThan(0.006);
    expect(bd[0] - gcj[0]).toBeLessThan(0.007);
    expect(bd[1] - gcj[1]).toBeGreaterThan(0.005);
    expect(bd[1] - gcj[1]).toBeLessThan(0.007);
  });
});

describe('outside China', () => {
  it.each([
    ['London', [-0.1276, 51.5072]],
    ['Tokyo', [139.6917, 35.6895]],
    ['Sydney', [151.2093, -33.8688]],
    ['New York', [-74.006, 40.7128]],
  ] as const)('%s is unchanged by WGS-84 ⇄ GCJ-02', (_name, [lng, lat]) => {
    const p: LngLat = [lng, lat];
    expect(isOutOfChina(p)).toBe(true);
    expect(wgs84ToGcj02(p)).toEqual(p);
    expect(gcj02ToWgs84(p)).toEqual(p);
  });

  it('Beijing and Urumqi are inside', () => {
    expect(isOutOfChina([116.4, 39.9])).toBe(false);
    expect(isOutOfChina([87.6, 43.8])).toBe(false);
  });

  it('any point outside the box is unchanged (property)', () => {
    const outside = fc
      .tuple(fc.double({ min: -180, max: 180, noNaN: true }), fc.double({ min: -90, max: 90, noNaN: true }))
      .filter((p) => isOutOfChina(p as LngLat)) as fc.Arbitrary<LngLat>;
    fc.assert(
      fc.property(outside, (p) => {
        expect(wgs84ToGcj02(p)).toEqual(p);
        expect(gcj02ToWgs84(p)).toEqual(p);
      }),
    );
  });
});

describe('round trips (property)', () => {
  it('bd09 → gcj02 → bd09 within 1e-9°', () => {
    fc.assert(fc.property(china, (p) => near(gcj02ToBd09(bd09ToGcj02(p)), p, 1e-9)));
  });

  it('gcj02 → bd09 → gcj02 within 1e-9°', () => {
    fc.assert(fc.property(china, (p) => near(bd09ToGcj02(gcj02ToBd09(p)), p, 1e-9)));
  });

  it('wgs84 → gcj02 → wgs84 within 1e-8° (iterative inverse)', () => {
    fc.assert(fc.property(china, (p) => near(gcj02ToWgs84(wgs84ToGcj02(p)), p, 1e-8)));
  });

  it('wgs84 → bd09 → wgs84 within 1e-8°', () => {
    fc.assert(fc.property(china, (p) => near(bd09ToWgs84(wgs84ToBd09(p)), p, 1e-8)));
  });

  it('bd09 → wgs84 → bd09 within 1e-8° (a stored position survives a display round trip)', () => {
    fc.assert(fc.property(china, (p) => near(wgs84ToBd09(bd09ToWgs84(p)), p, 1e-8)));
  });

  it('the GCJ-02 offset stays under 0.01° — a sanity bound on the formulas, not a spec', () => {
    fc.assert(fc.property(china, (p) => near(wgs84ToGcj02(p), p, 0.01)));
  });
});

describe('map defaults (spec §9)', () => {
  it('centre near Beijing at zoom 12 within 1–19', () => {
    expect(MAP_DEFAULT_ZOOM).toBe(12);
    expect(MAP_MIN_ZOOM).toBe(1);
    expect(MAP_MAX_ZOOM).toBe(19);
    near(MAP_CENTER_BD09, [116.404, 39.915], 0);
    // the display centre is the same place in WGS-84: ~0.0126° west and ~0.0075° south of the BD-09 figure
    near(wgs84ToBd09(MAP_CENTER_WGS84), MAP_CENTER_BD09, 1e-6);
    near(MAP_CENTER_WGS84, [116.3914, 39.9075], 0.002);
  });
});
