import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InpNetwork } from './inpNetwork.ts';
import { parseInp } from './parseInp.ts';
import { type LngLat, placeNetwork } from './placeNetwork.ts';

const net = (name: string): InpNetwork => {
  const text = readFileSync(new URL(`../../../../../tests/fixtures/epanet/${name}`, import.meta.url), 'utf8');
  const { network } = parseInp(text);
  if (!network) throw new Error(name);
  return network;
};

/** Near Beijing, like the map's default centre (BD-09). */
const ORIGIN: LngLat = [116.404, 39.915];

// An independent yardstick: the straight chord between two points on the WGS-84 ellipsoid (ECEF), which for a few
// km differs from the geodesic by far less than a millimetre.
const ecef = ([lng, lat]: LngLat) => {
  const [a, e2, r] = [6_378_137, 6.69437999014e-3, Math.PI / 180];
  const n = a / Math.sqrt(1 - e2 * Math.sin(lat * r) ** 2);
  const c = Math.cos(lat * r);
  return [n * c * Math.cos(lng * r), n * c * Math.sin(lng * r), n * (1 - e2) * Math.sin(lat * r)] as const;
};
const metres = (p: LngLat, q: LngLat) => {
  const [a, b] = [ecef(p), ecef(q)];
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
};

/** An SI grid of junctions `step` metres apart, with pipes along the rows: a network of a few km. */
const grid = (columns: number, rows: number, step: number): InpNetwork => {
  const nodes: InpNetwork['nodes'] = [];
  const links: InpNetwork['links'] = [];
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < columns; i++) {
      nodes.push({ id: `${i}-${j}`, kind: 'junction', elevationM: 10, x: 1000 + i * step, y: 5000 + j * step });
      if (i > 0) {
        const link = { id: `p${i}-${j}`, from: `${i - 1}-${j}`, to: `${i}-${j}`, lengthM: step, diameterMm: 200 };
        links.push({ ...link, kind: 'pipe', roughness: 120, status: 'open', valveType: null, vertices: [] });
      }
    }
  }
  return { title: '', units: 'LPS', unitSystem: 'SI', headloss: 'H-W', nodes, links };
};

const positions = (network: InpNetwork, options: Parameters<typeof placeNetwork>[1]) =>
  placeNetwork(network, options).nodes.map((n) => n.position as LngLat);

describe('placeNetwork', () => {
  it('puts the centre of the bounding box on the origin', () => {
    for (const network of [net('Net1.inp'), net('Net3.inp'), grid(9, 7, 500)]) {
      const points = positions(network, { origin: ORIGIN, scale: 'fitLengths' });
      const lngs = points.map((p) => p[0]);
      const lats = points.map((p) => p[1]);
      expect((Math.min(...lngs) + Math.max(...lngs)) / 2).toBeCloseTo(ORIGIN[0], 10);
      expect((Math.min(...lats) + Math.max(...lats)) / 2).toBeCloseTo(ORIGIN[1], 10);
    }
  });

  it('keeps distances within 0.5 % on a 4 km × 3 km network', () => {
    const network = grid(9, 7, 500); // 4 km × 3 km
    const points = positions(network, { origin: ORIGIN });
    let worst = 0;
    for (let a = 0; a < network.nodes.length; a++) {
      for (let b = a + 1; b < network.nodes.length; b++) {
        const [p, q] = [network.nodes[a], network.nodes[b]] as [InpNetwork['nodes'][0], InpNetwork['nodes'][0]];
        const planar = Math.hypot((p.x as number) - (q.x as number), (p.y as number) - (q.y as number));
        worst = Math.max(worst, Math.abs(metres(points[a] as LngLat, points[b] as LngLat) / planar - 1));
      }
    }
    expect(worst).toBeLessThan(0.005);
  });

  it('keeps every pipe length at any rotation', () => {
    const network = grid(5, 4, 750);
    fc.assert(
      fc.property(fc.double({ min: -360, max: 360, noNaN: true }), (rotationDeg) => {
        const placed = placeNetwork(network, { origin: ORIGIN, rotationDeg });
        for (const pipe of placed.pipes) {
          const [a, b] = pipe.path as [LngLat, LngLat];
          expect(Math.abs(metres(a, b) / 750 - 1)).toBeLessThan(0.005);
          expect(pipe.geometricLengthM).toBeCloseTo(750, 6);
        }
      }),
      { numRuns: 50 },
    );
  });

  it('turns counter-clockwise: at 90° a west–east pipe runs south–north', () => {
    const placed = placeNetwork(grid(2, 1, 1000), { origin: ORIGIN, rotationDeg: 90 });
    const [start, end] = placed.pipes[0]!.path as [LngLat, LngLat];
    expect(end[0] - start[0]).toBeCloseTo(0, 9);
    expect(end[1]).toBeGreaterThan(start[1]);
    expect(metres(start, end)).toBeCloseTo(1000, 0);
  });

  it('defaults to feet for a US file, metres for an SI file, and can fit the scale to the pipe lengths', () => {
    expect(placeNetwork(net('Net1.inp'), { origin: ORIGIN }).scale).toBe(0.3048);
    expect(placeNetwork(grid(2, 2, 10), { origin: ORIGIN }).scale).toBe(1);
    expect(placeNetwork(net('Net1.inp'), { origin: ORIGIN, scale: 2 }).scale).toBe(2);
    // Net1 is drawn on a grid of 10–30 units for pipes of 5280 ft: the median ratio lies between a mile per 20 and
    // a mile per 30 units (12 pipes: 5 of each plus two outliers).
    const fitted = placeNetwork(net('Net1.inp'), { origin: ORIGIN, scale: 'fitLengths' });
    expect(fitted.scale).toBeCloseTo((1609.344 / 20 + 1609.344 / 30) / 2, 6);
    const pipe11 = fitted.pipes.find((p) => p.name === '11');
    expect(pipe11?.geometricLengthM).toBeCloseTo(20 * fitted.scale, 6);
    expect(pipe11?.lengthM).toBeCloseTo(1609.344, 6);
  });

  it('maps Net1 onto our domain: pipes with null material and depth, nodes by kind, the pump at its mid-link', () => {
    const placed = placeNetwork(net('Net1.inp'), { origin: ORIGIN, scale: 'fitLengths' });
    expect(placed.pipes).toHaveLength(12);
    expect(placed.pipes.every((p) => p.type === null && p.material === null && p.depthM === null)).toBe(true);
    expect(placed.pipes.every((p) => p.path?.length === 2)).toBe(true);
    expect(placed.pipes.find((p) => p.name === '10')).toMatchObject({ from: '10', to: '11', status: 'open' });
    expect(placed.pipes.find((p) => p.name === '10')?.diameterMm).toBeCloseTo(457.2, 9);
    expect(placed.nodes.map((n) => n.kind).sort()).toEqual([...Array(9).fill('junction'), 'reservoir', 'tank']);
    expect(placed.valves).toEqual([]);
    const [pump] = placed.pumps;
    const at = (id: string) => placed.nodes.find((n) => n.id === id)?.position as LngLat;
    expect(pump).toMatchObject({ name: '9', from: '9', to: '10', status: 'open' });
    expect(pump?.position?.[0]).toBeCloseTo((at('9')[0] + at('10')[0]) / 2, 9);
    expect(pump?.position?.[1]).toBeCloseTo(at('9')[1], 9);
  });

  it('draws pipes through their vertices and puts a valve half-way along its path, not between its ends', () => {
    const text = [
      '[JUNCTIONS]\n A 1\n B 1\n C 1',
      '[PIPES]\n P A B 400 100 120',
      '[VALVES]\n V B C 100 TCV 0',
      '[COORDINATES]\n A 0 0\n B 200 0\n C 0 100',
      '[VERTICES]\n P 100 100\n V 200 100', // the valve's path: (200,0) → (200,100) → (0,100), 300 m
      '[OPTIONS]\n Units CMH',
    ].join('\n');
    const network = parseInp(text).network as InpNetwork;
    const placed = placeNetwork(network, { origin: ORIGIN });
    const pipe = placed.pipes[0];
    expect(pipe?.path).toHaveLength(3);
    expect(pipe?.geometricLengthM).toBeCloseTo(2 * Math.hypot(100, 100), 9);
    // Half of 300 m is 50 m past the corner at (200, 100): (150, 100), i.e. 50 m east and 50 m north of the
    // bounding box's centre (100, 50).
    const valve = placed.valves[0]?.position as LngLat;
    expect(metres(ORIGIN, [valve[0], ORIGIN[1]])).toBeCloseTo(50, 1);
    expect(metres(ORIGIN, [ORIGIN[0], valve[1]])).toBeCloseTo(50, 1);
    expect(placed.valves[0]).toMatchObject({ valveType: 'TCV', diameterMm: 100, status: 'active' });
  });

  it('refuses an origin off the globe or a scale that is not a positive number', () => {
    const network = grid(2, 1, 10);
    expect(() => placeNetwork(network, { origin: [200, 10] })).toThrow(RangeError);
    expect(() => placeNetwork(network, { origin: [100, Number.NaN] })).toThrow(RangeError);
    expect(() => placeNetwork(network, { origin: ORIGIN, scale: 0 })).toThrow(RangeError);
    expect(() => placeNetwork(network, { origin: ORIGIN, scale: Number.POSITIVE_INFINITY })).toThrow(RangeError);
  });

  it('leaves the path of a link with an undrawn end node null instead of guessing', () => {
    const text = '[JUNCTIONS]\n A 1\n B 1\n C 1\n[PIPES]\n P A B 1 1 1\n Q B C 1 1 1\n[COORDINATES]\n A 0 0\n B 5 5';
    const placed = placeNetwork(parseInp(text).network as InpNetwork, { origin: ORIGIN });
    expect(placed.pipes.map((p) => p.path === null)).toEqual([false, true]);
    expect(placed.pipes[1]?.geometricLengthM).toBeNull();
    expect(placed.nodes.find((n) => n.id === 'C')?.position).toBeNull();
  });
});
