// What an EPANET network placed on the map becomes in WaterOps (pure, the repository writes it):
// junctions, tanks and reservoirs → wells of types 4, 5, 6 with their elevation; pipes → pipelines between those
// wells (length, diameter, roughness, BD-09 path); valves → rows of `valves` (PRV and PSV as pressure-reducing,
// kind 4, the others as gate valves, kind 1); pumps are skipped and named. Codes are the prefix plus EPANET's id.
import type { InpLinkStatus, InpNodeKind } from './epanet/inpNetwork.ts';
import type { LngLat, PlacedNetwork } from './epanet/placeNetwork.ts';

export const WELL_TYPE_OF: Record<InpNodeKind, number> = { junction: 4, tank: 5, reservoir: 6 };

export type PlannedWell = {
  nodeId: string;
  wellCode: string;
  wellType: number;
  elevationM: number;
  position: LngLat | null;
};
export type PlannedPipe = {
  pipeCode: string;
  from: string;
  to: string;
  lengthM: number;
  diameterMm: number;
  roughness: number;
  /** 0 (out of service) for a pipe EPANET starts closed */
  status: number;
  path: LngLat[] | null;
  /** EPANET has no material; only the demo seed sets one */
  material?: string | null;
};
export type PlannedValve = {
  valveCode: string;
  name: string;
  valveKind: number;
  caliber: number;
  /** 0 closed, 1 open */
  valveState: number;
  position: LngLat | null;
};
export type ImportPlan = {
  wells: PlannedWell[];
  pipes: PlannedPipe[];
  valves: PlannedValve[];
  skippedPumps: string[];
  counts: { junctions: number; tanks: number; reservoirs: number };
};

const closed = (s: InpLinkStatus) => s === 'closed';

export const planImport = (placed: PlacedNetwork, prefix: string): ImportPlan => {
  const counts = { junctions: 0, tanks: 0, reservoirs: 0 };
  const wells = placed.nodes.map((n): PlannedWell => {
    if (n.kind === 'junction') counts.junctions++;
    else if (n.kind === 'tank') counts.tanks++;
    else counts.reservoirs++;
    return {
      nodeId: n.id,
      wellCode: prefix + n.id,
      wellType: WELL_TYPE_OF[n.kind],
      elevationM: n.elevationM,
      position: n.position,
    };
  });
  const pipes = placed.pipes.map(
    (p): PlannedPipe => ({
      pipeCode: prefix + p.name,
      from: p.from,
      to: p.to,
      lengthM: p.lengthM,
      // EPANET allows fractional millimetres (US inches converted); the column holds whole millimetres
      diameterMm: Math.max(1, Math.round(p.diameterMm)),
      roughness: p.roughness,
      status: closed(p.status) ? 0 : 1,
      path: p.path,
    }),
  );
  const valves = placed.valves.map(
    (v): PlannedValve => ({
      valveCode: prefix + v.name,
      name: `${v.valveType} ${v.name}`,
      valveKind: v.valveType === 'PRV' || v.valveType === 'PSV' ? 4 : 1,
      caliber: Math.max(1, Math.round(v.diameterMm)),
      valveState: closed(v.status) ? 0 : 1,
      position: v.position,
    }),
  );
  return { wells, pipes, valves, skippedPumps: placed.pumps.map((p) => p.name), counts };
};
