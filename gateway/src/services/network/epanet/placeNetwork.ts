// Places an EPANET network, drawn in local planar coordinates, on the map around a chosen origin, and maps it onto
// WaterOps' pipe-network domain.
//
// Mapping (EPANET → WaterOps):
// - pipes → pipelines: name = EPANET id, length from the file (plus the drawn length for comparison), diameter;
//   material and depth are unknown to EPANET and stay null; the polyline runs through the [VERTICES].
// - junctions → network nodes (kind `junction`): the points where pipes meet. They are NOT wells: a well
//   (检查井/井) in our domain is a manhole, a built structure EPANET does not model, so no wells are produced.
// - tanks and reservoirs → network nodes of their own kind.
// - valves and pumps, which EPANET models as links, → point features at the middle of their link's drawn path,
//   keeping both end nodes.
import type { InpLinkStatus, InpNetwork, InpNode, InpNodeKind, InpValveType } from './inpNetwork.ts';
import { FOOT_M } from './inpNetwork.ts';
import { localOffset } from './localOffset.ts';

export type LngLat = [number, number];

export type PlaceNetworkOptions = {
  /** Where the centre of the network's bounding box goes: [lng, lat], BD-09 like every stored coordinate. */
  origin: LngLat;
  /**
   * Metres per coordinate unit. Default: a foot for US-unit files, a metre for SI files. `fitLengths` derives it
   * from the file (median of pipe length / drawn length), for files drawn on an arbitrary grid such as Net1; 1 when
   * no pipe is drawn.
   */
  scale?: number | 'fitLengths';
  /** Counter-clockwise rotation about the origin, degrees. */
  rotationDeg?: number;
};

export type PlacedNode = { id: string; kind: InpNodeKind; elevationM: number; position: LngLat | null };

export type PlacedPipe = {
  name: string;
  from: string;
  to: string;
  /** From the file, the hydraulic length. */
  lengthM: number;
  /** Length of the drawn polyline at the chosen scale; null when an end node has no coordinates. */
  geometricLengthM: number | null;
  diameterMm: number;
  roughness: number;
  status: InpLinkStatus;
  /** The spec's pipeline type, material and depth: EPANET has none of them. */
  type: null;
  material: null;
  depthM: null;
  /** [lng, lat] from the start node through the vertices to the end node; null when it cannot be drawn. */
  path: LngLat[] | null;
};

export type PlacedValve = {
  name: string;
  from: string;
  to: string;
  valveType: InpValveType;
  diameterMm: number;
  status: InpLinkStatus;
  position: LngLat | null;
};

export type PlacedPump = { name: string; from: string; to: string; status: InpLinkStatus; position: LngLat | null };

export type PlacedNetwork = {
  origin: LngLat;
  /** The scale actually used, metres per coordinate unit. */
  scale: number;
  rotationDeg: number;
  nodes: PlacedNode[];
  pipes: PlacedPipe[];
  valves: PlacedValve[];
  pumps: PlacedPump[];
};

type Point = [number, number];

const pathLength = (points: Point[]) => {
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1] as Point, points[i] as Point];
    total += Math.hypot(b[0] - a[0], b[1] - a[1]);
  }
  return total;
};

/** The point half-way along a polyline (by length, not the mean of its ends). */
const midpoint = (points: Point[]): Point => {
  let rest = pathLength(points) / 2;
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1] as Point, points[i] as Point];
    const step = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (step >= rest && step > 0) {
      const t = rest / step;
      return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
    }
    rest -= step;
  }
  return points[0] as Point;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** Places a parsed network at an origin; links whose end nodes lack coordinates keep a null path/position. */
export const placeNetwork = (network: InpNetwork, options: PlaceNetworkOptions): PlacedNetwork => {
  // The route validates its input with a schema; these guard against a caller passing nonsense silently.
  const [lng, lat] = options.origin;
  if (!(Math.abs(lng) <= 180 && Math.abs(lat) < 90)) throw new RangeError(`origin out of range: ${options.origin}`);
  if (typeof options.scale === 'number' && !(options.scale > 0 && Number.isFinite(options.scale))) {
    throw new RangeError(`scale must be a positive number: ${options.scale}`);
  }
  const nodes = new Map<string, InpNode>(network.nodes.map((n) => [n.id, n]));
  const at = (id: string): Point | null => {
    const n = nodes.get(id);
    return n && n.x !== null && n.y !== null ? [n.x, n.y] : null;
  };
  // Drawn path of each link in file coordinates, or null.
  const drawn = new Map<string, Point[] | null>();
  for (const link of network.links) {
    const [a, b] = [at(link.from), at(link.to)];
    drawn.set(link.id, a && b ? [a, ...link.vertices, b] : null);
  }

  let scale = options.scale ?? (network.unitSystem === 'US' ? FOOT_M : 1);
  if (scale === 'fitLengths') {
    const ratios: number[] = [];
    for (const link of network.links) {
      const path = drawn.get(link.id);
      const length = path ? pathLength(path) : 0;
      if (link.kind === 'pipe' && link.lengthM !== null && length > 0) ratios.push(link.lengthM / length);
    }
    scale = ratios.length > 0 ? median(ratios) : 1;
  }
  const k = scale;

  // Bounding box of everything drawn (nodes and vertices), in file coordinates; a loop, not Math.min(...xs), so a
  // large network does not overflow the argument stack.
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  const extend = (x: number, y: number) => {
    box.minX = Math.min(box.minX, x);
    box.minY = Math.min(box.minY, y);
    box.maxX = Math.max(box.maxX, x);
    box.maxY = Math.max(box.maxY, y);
  };
  for (const n of network.nodes) if (n.x !== null && n.y !== null) extend(n.x, n.y);
  for (const l of network.links) for (const [x, y] of l.vertices) extend(x, y);
  const cx = box.minX <= box.maxX ? (box.minX + box.maxX) / 2 : 0;
  const cy = box.minY <= box.maxY ? (box.minY + box.maxY) / 2 : 0;

  const rotationDeg = options.rotationDeg ?? 0;
  const cos = Math.cos((rotationDeg * Math.PI) / 180);
  const sin = Math.sin((rotationDeg * Math.PI) / 180);
  const place = ([x, y]: Point): LngLat => {
    const [dx, dy] = [(x - cx) * k, (y - cy) * k];
    return localOffset(options.origin, dx * cos - dy * sin, dx * sin + dy * cos);
  };

  const placed: PlacedNetwork = {
    origin: options.origin,
    scale: k,
    rotationDeg,
    nodes: [],
    pipes: [],
    valves: [],
    pumps: [],
  };
  for (const n of network.nodes) {
    const p = at(n.id);
    placed.nodes.push({ id: n.id, kind: n.kind, elevationM: n.elevationM, position: p && place(p) });
  }
  for (const link of network.links) {
    const path = drawn.get(link.id) ?? null;
    const ends = { name: link.id, from: link.from, to: link.to, status: link.status };
    if (link.kind === 'pipe') {
      placed.pipes.push({
        ...ends,
        lengthM: link.lengthM as number,
        geometricLengthM: path && pathLength(path) * k,
        diameterMm: link.diameterMm as number,
        roughness: link.roughness as number,
        type: null,
        material: null,
        depthM: null,
        path: path ? path.map(place) : null,
      });
    } else if (link.kind === 'valve') {
      const valve = { valveType: link.valveType as InpValveType, diameterMm: link.diameterMm as number };
      placed.valves.push({ ...ends, ...valve, position: path && place(midpoint(path)) });
    } else {
      placed.pumps.push({ ...ends, position: path && place(midpoint(path)) });
    }
  }
  return placed;
};
