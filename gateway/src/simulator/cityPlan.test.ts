import { describe, expect, it } from 'vitest';
import { planCity, ROLE } from './cityPlan.ts';

const summary = (seed: number) => {
  const plan = planCity({ seed, meters: 600 });
  const m = plan.meters;
  return {
    areas: plan.areas.map((a) => `${a.name}@${a.lng},${a.lat}`),
    districts: plan.districts.map((d) => d.polygon),
    concentrators: plan.concentrators.map((c) => `${c.code}:${c.meterStart}-${c.meterEnd}:${c.reportMinute}`),
    meters: Array.from(
      { length: m.count },
      (_, i) => `${m.code[i]}|${m.base[i]}|${m.dailyUse[i]}|${m.valveControl[i]}`,
    ),
    faults: plan.faults.meterFaults,
  };
};

describe('planCity', () => {
  it('plans the same city from the same seed and another city from another seed', () => {
    expect(summary(42)).toEqual(summary(42));
    const other = summary(43);
    expect(other.areas).not.toEqual(summary(42).areas);
    expect(other.meters).not.toEqual(summary(42).meters);
  });

  it('gives every meter a unique body code and remote code', () => {
    const { meters } = planCity({ seed: 7, meters: 3000 });
    expect(new Set(meters.code).size).toBe(meters.count);
    expect(new Set(meters.remoteCode).size).toBe(meters.count);
    expect(meters.code.every((c) => typeof c === 'string' && c.length > 0)).toBe(true);
  });

  it('builds regions, areas near Beijing, districts over areas with inlet meters above their households', () => {
    const plan = planCity({ seed: 42, meters: 2000 });
    const m = plan.meters;
    expect(plan.households).toBe(2000);
    expect(plan.regions.length).toBeGreaterThanOrEqual(3);
    expect(new Set(plan.areas.map((a) => a.name)).size).toBe(plan.areas.length);
    for (const a of plan.areas) {
      expect(Math.abs(a.lng - 116.404)).toBeLessThan(0.6);
      expect(Math.abs(a.lat - 39.915)).toBeLessThan(0.4);
    }
    expect(plan.areas.every((a) => a.district >= 0)).toBe(true);
    for (const d of plan.districts) {
      expect(d.inlets.length).toBeGreaterThanOrEqual(1);
      expect(d.inlets.length).toBeLessThanOrEqual(2);
      expect(d.inletShares.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 9);
      expect(d.polygon[0]).toEqual(d.polygon[d.polygon.length - 1]);
      for (const i of d.inlets) expect(m.role[i]).toBe(ROLE.inlet);
    }
    for (let i = 0; i < plan.households; i++) {
      const district = plan.districts[m.district[i] as number];
      expect(m.parent[i]).toBe(district?.inlets[0]);
    }
  });

  it('groups a concentrator’s meters in one range with ~20 meters per collector, NB-IoT meters report alone', () => {
    const plan = planCity({ seed: 42, meters: 2000 });
    const m = plan.meters;
    for (const [k, c] of plan.concentrators.entries()) {
      expect(c.meterEnd - c.meterStart).toBeGreaterThan(50);
      expect(c.meterEnd - c.meterStart).toBeLessThan(160);
      for (let i = c.meterStart; i < c.meterEnd; i++) {
        expect(m.concentrator[i]).toBe(k);
        expect(plan.collectors[m.collector[i] as number]?.concentrator).toBe(k);
      }
    }
    const direct = Array.from({ length: plan.households }, (_, i) => i).filter((i) => m.concentrator[i] === -1);
    expect(direct.length).toBeGreaterThan(50);
    expect(direct.every((i) => m.valveControl[i] === 1 && m.collector[i] === -1)).toBe(true);
    expect(new Set(plan.collectors.map((c) => c.linkKind))).toEqual(new Set([1, 2]));
  });

  it('plans a million meters as plain arrays', () => {
    const plan = planCity({ seed: 1, meters: 1_000_000 });
    expect(plan.households).toBe(1_000_000);
    expect(plan.meters.base).toBeInstanceOf(Float64Array);
    expect(plan.concentrators.length).toBeGreaterThan(8000);
  });
});
