import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseInp } from './epanet/parseInp.ts';
import { placeNetwork } from './epanet/placeNetwork.ts';
import { planImport } from './epanetImportPlan.ts';

const placed = (name: string) => {
  const text = readFileSync(new URL(`../../../../tests/fixtures/epanet/${name}`, import.meta.url), 'utf8');
  const parsed = parseInp(text);
  if (!parsed.network) throw new Error(`${name} did not parse`);
  return placeNetwork(parsed.network, { origin: [116.404, 39.915], scale: 'fitLengths' });
};

describe('planImport', () => {
  it('Net1: 9 junctions, 1 reservoir, 1 tank become wells 4/6/5; 12 pipes between them; the pump is skipped', () => {
    const plan = planImport(placed('Net1.inp'), 'N1-');
    expect(plan.counts).toEqual({ junctions: 9, tanks: 1, reservoirs: 1 });
    expect(plan.wells).toHaveLength(11);
    expect(plan.wells.find((w) => w.nodeId === '9')).toMatchObject({ wellCode: 'N1-9', wellType: 6 });
    expect(plan.wells.find((w) => w.nodeId === '2')).toMatchObject({ wellType: 5 });
    expect(plan.wells.find((w) => w.nodeId === '10')).toMatchObject({ wellType: 4, elevationM: expect.any(Number) });
    expect(plan.pipes).toHaveLength(12);
    expect(plan.skippedPumps).toEqual(['9']);
    const p = plan.pipes.find((x) => x.pipeCode === 'N1-10');
    expect(p).toMatchObject({ from: '10', to: '11', status: 1 });
    expect(p?.path?.length).toBeGreaterThanOrEqual(2);
    // Net1 is in US units: 18 in = 457 mm, whole millimetres
    expect(Number.isInteger(p?.diameterMm)).toBe(true);
    expect(p?.diameterMm).toBe(457);
  });

  it('Net3: 92 junctions, 2 reservoirs, 3 tanks, 117 pipes and two skipped pumps; codes are prefix + id', () => {
    const plan = planImport(placed('Net3.inp'), '');
    expect(plan.counts).toEqual({ junctions: 92, tanks: 3, reservoirs: 2 });
    expect(plan.pipes).toHaveLength(117);
    expect(plan.skippedPumps).toHaveLength(2);
    expect(plan.wells.every((w) => w.wellCode === w.nodeId)).toBe(true);
    const codes = new Set(plan.pipes.map((p) => p.pipeCode));
    expect(codes.size).toBe(117);
  });

  it('valves: PRV and PSV are pressure-reducing (kind 4), others gate valves (kind 1); closed ones closed', () => {
    const net = placed('Net1.inp');
    const at: [number, number] = [116.4, 39.9];
    const plan = planImport(
      {
        ...net,
        valves: [
          { name: 'V1', from: '10', to: '11', valveType: 'PRV', diameterMm: 200.4, status: 'active', position: at },
          { name: 'V2', from: '11', to: '12', valveType: 'TCV', diameterMm: 100, status: 'closed', position: null },
        ],
      },
      'X',
    );
    expect(plan.valves).toEqual([
      { valveCode: 'XV1', name: 'PRV V1', valveKind: 4, caliber: 200, valveState: 1, position: at },
      { valveCode: 'XV2', name: 'TCV V2', valveKind: 1, caliber: 100, valveState: 0, position: null },
    ]);
  });
});
