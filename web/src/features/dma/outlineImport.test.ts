import { gcj02ToBd09, wgs84ToBd09 } from '@waterops/shared/geo';
import { describe, expect, it } from 'vitest';
import { firstRing, openRing, outlinePath, parseOutline } from './outlineImport.ts';

const square = [
  [116.4, 39.9],
  [116.41, 39.9],
  [116.41, 39.91],
  [116.4, 39.91],
  [116.4, 39.9],
];
const polygon = {
  type: 'Polygon',
  coordinates: [
    square,
    [
      [116.402, 39.902],
      [116.403, 39.902],
      [116.403, 39.903],
    ],
  ],
};

describe('firstRing', () => {
  it.each([
    ['a Polygon (outer ring only)', polygon],
    [
      'a MultiPolygon (first polygon)',
      {
        type: 'MultiPolygon',
        coordinates: [
          [square],
          [
            [
              [1, 1],
              [2, 2],
              [3, 1],
            ],
          ],
        ],
      },
    ],
    ['a Feature', { type: 'Feature', properties: {}, geometry: polygon }],
    [
      'a FeatureCollection (first polygon, points skipped)',
      {
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', geometry: { type: 'Point', coordinates: [1, 2] } },
          { type: 'Feature', geometry: polygon },
        ],
      },
    ],
    ['bare coordinates', [square]],
    ['a bare ring', square],
  ])('reads %s', (_, value) => {
    expect(firstRing(value)).toEqual(square);
  });

  it.each([
    ['a Point', { type: 'Point', coordinates: [1, 2] }],
    ['a LineString', { type: 'LineString', coordinates: square }],
    ['a collection without polygons', { type: 'FeatureCollection', features: [] }],
    ['a string', 'x'],
    ['null', null],
  ])('finds nothing in %s', (_, value) => {
    expect(firstRing(value)).toBeNull();
  });
});

describe('parseOutline', () => {
  it('keeps BD-09 as it is, opens the ring and rounds to 6 decimals', () => {
    const r = parseOutline(JSON.stringify(polygon), 'BD-09');
    expect(r).toEqual({ ok: true, source: 'geojson', points: square.slice(0, 4) });
  });

  it('converts WGS-84 and GCJ-02 to BD-09', () => {
    const wgs = parseOutline(JSON.stringify(polygon), 'WGS-84');
    const gcj = parseOutline(JSON.stringify(polygon), 'GCJ-02');
    if (!wgs.ok || !gcj.ok) throw new Error('parse failed');
    const [lng, lat] = wgs84ToBd09([116.4, 39.9]);
    expect(wgs.points[0]?.[0]).toBeCloseTo(lng, 6);
    expect(wgs.points[0]?.[1]).toBeCloseTo(lat, 6);
    const [glng, glat] = gcj02ToBd09([116.4, 39.9]);
    expect(gcj.points[0]?.[0]).toBeCloseTo(glng, 6);
    expect(gcj.points[0]?.[1]).toBeCloseTo(glat, 6);
    // the BD-09 offset near Beijing is some hundreds of metres: a conversion, not a no-op
    expect(Math.abs((wgs.points[0]?.[0] ?? 0) - 116.4)).toBeGreaterThan(0.005);
  });

  it('reads lng,lat lines with any separator, skipping blank and # lines', () => {
    const text = '# 东区\n116.4,39.9\n116.41，39.9\n\n116.41 39.91\n116.4\t39.91\n116.4;39.9\n';
    expect(parseOutline(text, 'BD-09')).toEqual({ ok: true, source: 'lines', points: square.slice(0, 4) });
  });

  it.each([
    ['', { ok: false, error: 'empty' }],
    ['   \n ', { ok: false, error: 'empty' }],
    ['{"type": "Polygon",', { ok: false, error: 'invalidJson' }],
    ['{"type": "Point", "coordinates": [1, 2]}', { ok: false, error: 'noPolygon' }],
    ['116.4,39.9\n116.41,abc\n', { ok: false, error: 'badLine', line: 2 }],
    ['116.4,39.9,12\n', { ok: false, error: 'badLine', line: 1 }],
    ['200,39.9\n116.41,39.9\n116.41,39.91', { ok: false, error: 'outOfRange' }],
    ['116.4,39.9\n116.41,39.9\n116.4,39.9', { ok: false, error: 'tooFew' }],
    ['116.4,39.9\n116.4,39.9\n116.41,39.9\n116.41,39.9', { ok: false, error: 'tooFew' }],
  ])('refuses %j', (text, expected) => {
    expect(parseOutline(text, 'BD-09')).toEqual(expected);
  });

  it('refuses more than 2,000 points', () => {
    const ring = Array.from({ length: 2001 }, (_, i) => [
      116 + Math.cos((i / 2001) * 2 * Math.PI) / 100,
      39 + Math.sin((i / 2001) * 2 * Math.PI) / 100,
    ]);
    expect(parseOutline(JSON.stringify({ type: 'Polygon', coordinates: [ring] }), 'BD-09')).toEqual({
      ok: false,
      error: 'tooMany',
    });
  });
});

describe('openRing', () => {
  it('drops repeated neighbours and the closing point', () => {
    expect(
      openRing([
        [1, 1],
        [1, 1],
        [2, 1],
        [2, 2],
        [1, 1],
      ]),
    ).toEqual([
      [1, 1],
      [2, 1],
      [2, 2],
    ]);
  });
});

describe('outlinePath', () => {
  it('fits the outline in the box, north up', () => {
    const d = outlinePath(
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
      ],
      100,
      100,
      10,
    );
    expect(d).toBe('M10.0,90.0L90.0,90.0L90.0,10.0L10.0,10.0Z');
  });

  it('is empty without points', () => {
    expect(outlinePath([], 100, 100)).toBe('');
  });
});
