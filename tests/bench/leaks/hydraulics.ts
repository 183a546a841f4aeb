// The scenario's days on an EPANET network (epanet-js): each day is a 24-hour extended-period run at a 5-minute
// hydraulic step from the network's initial tank levels, with that day's demand multipliers as patterns and every
// running leak as an emitter (flow = C·p^0.5, so a leak runs harder at night when pressure is high, as real ones do).
// The district inflow is the network's total supply — what the reservoirs send plus what the tanks give back — which
// is the consumption including leaks, as an inlet meter at a district without storage would read it.
//
// Why per-day runs and not one run of a year: Net3's lake pump is driven by "AT TIME" controls that fire once per
// run, and a year-long run would let its tanks drift; a day's run from fixed initial levels keeps the operation the
// model was built for. A 5-minute step needs no interpolation and costs ~0.1 ms per step on Net3 (~15 s a year).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { dayStart } from '@waterops/shared/reading';
import {
  CountType,
  FlowUnits,
  InitHydOption,
  NodeProperty,
  NodeType,
  Option,
  Project,
  TimeParameter,
  Workspace,
} from 'epanet-js';
import {
  largeUserFactor,
  leakShare,
  nominalResidential,
  residentialMultipliers,
  type Scenario,
  STEP_MINUTES,
  STEPS_PER_DAY,
} from './scenario.ts';

export type NetworkSpec = {
  name: string;
  /** the .inp file: Net3 from the repo's fixtures (public domain); Hanoi from the handbook beside the repo, not copied
   * into it (LeakDB's network, not public domain: see tests/fixtures/epanet/README.md) */
  path: string;
  /**
   * a global demand multiplier: Hanoi's demands are its design peak, so its evening peak (1.6 × 1.12 in summer) would
   * leave far junctions at negative pressure under demand-driven hydraulics; 0.6 keeps every node above ~20 m
   */
  demandMultiplier: number;
  /** a leak is put only on a junction with at least this pressure at night (the file's pressure unit) */
  minNightPressure: number;
};

const ROOT = resolve(import.meta.dirname, '../../..');

export const NETWORKS: Record<string, NetworkSpec> = {
  Net3: { name: 'Net3', path: join(ROOT, 'tests/fixtures/epanet/Net3.inp'), demandMultiplier: 1, minNightPressure: 20 },
  Hanoi: {
    name: 'Hanoi',
    path: join(ROOT, '../shared/handbook/data/epanet/Hanoi_CMH.inp'),
    demandMultiplier: 0.6,
    minNightPressure: 20,
  },
};

/** m³/h per unit of each EPANET flow unit. */
const TO_M3H: Record<number, number> = {
  [FlowUnits.CFS]: 101.9406477,
  [FlowUnits.GPM]: 0.2271247,
  [FlowUnits.MGD]: 157.7254167,
  [FlowUnits.IMGD]: 189.4132,
  [FlowUnits.AFD]: 51.3915,
  [FlowUnits.LPS]: 3.6,
  [FlowUnits.LPM]: 0.06,
  [FlowUnits.MLD]: 41.6666667,
  [FlowUnits.CMH]: 1,
  [FlowUnits.CMD]: 1 / 24,
};

export type Network = {
  spec: NetworkSpec;
  project: Project;
  toM3h: number;
  emitterExponent: number;
  junctions: { index: number; id: string }[];
  /** reservoirs and tanks: their "demand" is minus what they supply */
  sources: number[];
  /** the pattern we rewrite each day for residential use */
  residential: number;
  /** large users' own patterns (one junction each): kept in shape, scaled by the day's factor */
  largeUsers: { index: number; hourly: number[] }[];
  /** solver warnings (e.g. negative pressures) seen so far */
  warnings: number;
};

let workspace: Workspace | null = null;

/** Opens an EPANET network: patterns at 5 minutes, one day's duration. */
export const openNetwork = async (spec: NetworkSpec): Promise<Network> => {
  if (!existsSync(spec.path)) throw new Error(`${spec.name}: no network file at ${spec.path}`);
  if (!workspace) {
    workspace = new Workspace();
    await workspace.loadModule();
  }
  const project = new Project(workspace);
  workspace.writeFile(`${spec.name}.inp`, readFileSync(spec.path));
  project.open(`${spec.name}.inp`, `${spec.name}.rpt`, `${spec.name}.out`);
  const patternStep = project.getTimeParameter(TimeParameter.PatternStep);
  const junctions: Network['junctions'] = [];
  const sources: number[] = [];
  const users = new Map<number, number>();
  for (let i = 1; i <= project.getCount(CountType.NodeCount); i++) {
    if (project.getNodeType(i) !== NodeType.Junction) {
      sources.push(i);
      continue;
    }
    junctions.push({ index: i, id: project.getNodeId(i) });
    for (let d = 1; d <= project.getNumberOfDemands(i); d++) {
      const p = project.getDemandPattern(i, d);
      users.set(p, (users.get(p) ?? 0) + 1);
    }
  }
  project.addPattern('woResidential');
  const residential = project.getPatternIndex('woResidential');
  // a pattern only one junction uses is that junction's own profile (Net3's factories and bulk supplies); every other
  // demand (no pattern, or the shared default) follows our residential pattern
  const largeUsers: Network['largeUsers'] = [];
  for (const [p, n] of users) {
    if (p > 0 && n === 1) {
      const len = project.getPatternLength(p);
      const hourly = Array.from({ length: 24 }, (_, h) =>
        project.getPatternValue(p, (Math.floor((h * 3600) / patternStep) % len) + 1),
      );
      largeUsers.push({ index: p, hourly });
    }
  }
  const own = new Set(largeUsers.map((u) => u.index));
  for (const j of junctions)
    for (let d = 1; d <= project.getNumberOfDemands(j.index); d++)
      if (!own.has(project.getDemandPattern(j.index, d))) project.setDemandPattern(j.index, d, residential);
  project.setOption(Option.DemandMult, spec.demandMultiplier);
  project.setTimeParameter(TimeParameter.Duration, 86_400);
  project.setTimeParameter(TimeParameter.HydStep, STEP_MINUTES * 60);
  project.setTimeParameter(TimeParameter.PatternStep, STEP_MINUTES * 60);
  project.setTimeParameter(TimeParameter.ReportStep, STEP_MINUTES * 60);
  project.setTimeParameter(TimeParameter.PatternStart, 0);
  return {
    spec,
    project,
    toM3h: TO_M3H[project.getFlowUnits()] ?? 1,
    emitterExponent: project.getOption(Option.Emitexpon),
    junctions,
    sources,
    residential,
    largeUsers,
    warnings: 0,
  };
};

const setDayPatterns = (net: Network, residential: Float64Array, largeFactor: number) => {
  net.project.setPattern(net.residential, Array.from(residential));
  for (const u of net.largeUsers)
    net.project.setPattern(
      u.index,
      Array.from(
        { length: STEPS_PER_DAY },
        (_, k) => (u.hourly[Math.floor((k * STEP_MINUTES) / 60)] as number) * largeFactor,
      ),
    );
};

/**
 * Runs one day (24 h from 00:00 at 5-minute steps), calling `before(t)` ahead of each hydraulic solution (t seconds
 * into the day) and `after(k)` after each solution on the 5-minute grid. Returns the supply of each step, m³/h.
 */
const runDay = (net: Network, before: (t: number) => void, after: (k: number) => void): Float64Array => {
  const p = net.project;
  const supply = new Float64Array(STEPS_PER_DAY);
  // epanet-js prints each solver warning; Net3 has one every evening peak (its lake pump's suction, node 10, a psi
  // below zero), which says nothing about the district's inflow: counted instead of printed
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (String(args[0]).startsWith('epanet-js (Warning')) net.warnings++;
    else warn(...args);
  };
  try {
    p.openH();
    p.initH(InitHydOption.NoSave);
    let next = 0;
    let tstep = 0;
    do {
      before(next);
      const t = p.runH();
      if (t % (STEP_MINUTES * 60) === 0 && t < 86_400) {
        const k = t / (STEP_MINUTES * 60);
        let s = 0;
        for (const i of net.sources) s -= p.getNodeValue(i, NodeProperty.Demand);
        supply[k] = s * net.toM3h;
        after(k);
      }
      tstep = p.nextH();
      next = t + tstep;
    } while (tstep > 0);
    p.closeH();
  } finally {
    console.warn = warn;
  }
  return supply;
};

export type Calibration = {
  /** the supply's lowest rolling-hour mean of a nominal weekday without leaks, m³/h */
  nightFlow: number;
  /** when that hour ends, minutes after 00:00 */
  nightMinute: number;
  /** junctions with their pressure at that hour (the file's unit) */
  pressures: Map<string, number>;
};

/** A nominal weekday without leaks: the reference night flow leak sizes are measured against, and night pressures. */
export const calibrate = (net: Network): Calibration => {
  setDayPatterns(net, nominalResidential(), 1);
  for (const j of net.junctions) net.project.setNodeValue(j.index, NodeProperty.Emitter, 0);
  const pressureAt: Float64Array[] = [];
  const supply = runDay(
    net,
    () => {},
    (k) => {
      pressureAt[k] = Float64Array.from(net.junctions, (j) => net.project.getNodeValue(j.index, NodeProperty.Pressure));
    },
  );
  const perHour = 60 / STEP_MINUTES;
  let best = { mean: Number.POSITIVE_INFINITY, k: 0 };
  for (let k = perHour - 1; k < 72; k++) {
    let sum = 0;
    for (let j = k - perHour + 1; j <= k; j++) sum += supply[j] as number;
    if (sum / perHour < best.mean) best = { mean: sum / perHour, k };
  }
  const at = pressureAt[best.k - perHour / 2] as Float64Array;
  return {
    nightFlow: best.mean,
    nightMinute: (best.k + 1) * STEP_MINUTES,
    pressures: new Map(net.junctions.map((j, i) => [j.id, at[i] as number])),
  };
};

export type Simulation = {
  /** the supply of every 5-minute step of the year, m³/h (step k ends at from + (k + 1)·5 min) */
  supply: Float64Array;
  /** per leak, its highest flow at 03:00 over the year, m³/h (the pressure moves it around the planned flow) */
  leakNightPeak: Map<string, number>;
};

/** The scenario's year of supply on the network. */
export const simulate = (net: Network, s: Scenario, cal: Calibration): Simulation => {
  const p = net.project;
  const indexOf = new Map(net.junctions.map((j) => [j.id, j.index]));
  // the emitter coefficient at full flow, from the planned flow at the node's reference night pressure
  const full = s.leaks.map((l) => {
    const pressure = Math.max(1, cal.pressures.get(l.node) ?? 1);
    return l.flow / net.toM3h / pressure ** net.emitterExponent;
  });
  const nodes = [...new Set(s.leaks.map((l) => indexOf.get(l.node) as number))];
  const current = new Map(nodes.map((n) => [n, -1]));
  const supply = new Float64Array(s.days * STEPS_PER_DAY);
  const leakNightPeak = new Map(s.leaks.map((l) => [l.id, 0]));
  for (const j of net.junctions) p.setNodeValue(j.index, NodeProperty.Emitter, 0);
  for (let i = 0; i < s.days; i++) {
    const t0 = dayStart(s.from).getTime() + i * 86_400_000;
    setDayPatterns(net, residentialMultipliers(s, i), largeUserFactor(s, i));
    const coefficients = (t: number) => {
      const c = new Map(nodes.map((n) => [n, 0]));
      s.leaks.forEach((l, k) => {
        const share = leakShare(l, t0 + t * 1000);
        if (share > 0) {
          const n = indexOf.get(l.node) as number;
          c.set(n, (c.get(n) as number) + share * (full[k] as number));
        }
      });
      return c;
    };
    const day = runDay(
      net,
      (t) => {
        for (const [n, c] of coefficients(t))
          if (Math.abs(c - (current.get(n) as number)) > 1e-9 * (1 + c)) {
            p.setNodeValue(n, NodeProperty.Emitter, c);
            current.set(n, c);
          }
      },
      (k) => {
        if (k !== (3 * 60) / STEP_MINUTES) return;
        s.leaks.forEach((l, j) => {
          const share = leakShare(l, t0 + k * STEP_MINUTES * 60_000);
          if (share === 0) return;
          const pressure = Math.max(0, p.getNodeValue(indexOf.get(l.node) as number, NodeProperty.Pressure));
          const flow = share * (full[j] as number) * pressure ** net.emitterExponent * net.toM3h;
          leakNightPeak.set(l.id, Math.max(leakNightPeak.get(l.id) as number, flow));
        });
      },
    );
    supply.set(day, i * STEPS_PER_DAY);
  }
  return { supply, leakNightPeak };
};
