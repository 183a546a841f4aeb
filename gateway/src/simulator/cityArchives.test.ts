import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { Archives } from '@waterops/shared/reading';
import { PHONE_PATTERN } from '@waterops/shared/rules';
import { describe, expect, it } from 'vitest';
import { cityArchives, residentOf } from './cityArchives.ts';
import { planCity } from './cityPlan.ts';

// the server's validator knows 'date'; TypeBox's Value needs telling
if (!FormatRegistry.Has('date')) FormatRegistry.Set('date', (s) => /^\d{4}-\d{2}-\d{2}$/.test(s));

describe('cityArchives', () => {
  const plan = planCity({ seed: 42, meters: 1200 });
  const calls = [...cityArchives(plan, 500)];

  it('sends calls the archives schema accepts, none longer than the chunk', () => {
    for (const call of calls) {
      expect(Value.Errors(Archives, call).First()).toBeUndefined();
      for (const rows of Object.values(call)) expect((rows as unknown[]).length).toBeLessThanOrEqual(500);
    }
  });

  it('hands over a catalogue that holds every model, collector type and maker the devices name', () => {
    const first = calls[0] as Archives;
    const models = new Map((first.meterModels ?? []).map((m) => [m.name, m]));
    const types = new Set((first.collectorTypes ?? []).map((c) => c.name));
    const makers = new Set((first.manufacturers ?? []).map((m) => m.name));
    const meters = calls.flatMap((c) => c.meters ?? []);
    expect(meters.length).toBe(plan.meters.count);
    for (const m of meters) {
      const model = models.get(m.model ?? '');
      expect(model, m.meterCode).toBeDefined();
      // the model agrees with the meter: its calibre, and a valve only on a valve model
      expect(model?.caliber).toBe(m.caliber);
      expect(model?.valveControl ?? false).toBe(m.valveControl ?? false);
    }
    for (const c of calls.flatMap((x) => x.collectors ?? [])) expect(types.has(c.type ?? '')).toBe(true);
    for (const c of calls.flatMap((x) => x.concentrators ?? [])) expect(makers.has(c.manufacturer ?? '')).toBe(true);
    for (const m of models.values()) expect(makers.has(m.manufacturer ?? '')).toBe(true);
  });

  it('names only what an earlier call (or the same one) registered, district meters before their households', () => {
    const known = {
      areas: new Set<string>(),
      concentrators: new Set<string>(),
      collectors: new Set<string>(),
      meters: new Set<string>(),
    };
    for (const call of calls) {
      for (const r of call.regions ?? []) for (const a of r.areas) known.areas.add(a.name);
      for (const c of call.concentrators ?? []) {
        expect(known.areas.has(c.areaName as string)).toBe(true);
        known.concentrators.add(c.code);
      }
      for (const c of call.collectors ?? []) {
        expect(known.concentrators.has(c.concentratorCode as string)).toBe(true);
        known.collectors.add(c.code);
      }
      for (const m of call.meters ?? []) {
        if (m.parentMeterCode) expect(known.meters.has(m.parentMeterCode)).toBe(true);
        if (m.collectorCode) expect(known.collectors.has(m.collectorCode)).toBe(true);
        known.meters.add(m.meterCode);
      }
      for (const r of call.residents ?? []) expect(known.meters.has(r.meterCode as string)).toBe(true);
      for (const d of call.districts ?? []) {
        for (const a of d.areaNames ?? []) expect(known.areas.has(a)).toBe(true);
        for (const c of [...(d.inletMeterCodes ?? []), ...(d.outletMeterCodes ?? [])])
          expect(known.meters.has(c)).toBe(true);
      }
    }
    expect(known.meters.size).toBe(plan.meters.count);
  });

  it('registers every district once with its outline, inlets first, outlets, and its member areas', () => {
    const districts = calls.flatMap((c) => c.districts ?? []);
    expect(districts.map((d) => d.name)).toEqual(plan.districts.map((d) => d.name));
    expect(new Set(districts.map((d) => d.name)).size).toBe(districts.length);
    const first = plan.districts[0] as (typeof plan.districts)[number];
    expect(districts[0]).toEqual({
      name: first.name,
      kind: 1,
      polygon: first.polygon,
      inletMeterCodes: first.inlets.map((i) => plan.meters.code[i]),
      outletMeterCodes: first.outlets.map((i) => plan.meters.code[i]),
      areaNames: first.areas.map((a) => plan.areas[a]?.name),
      mainsLengthKm: first.mainsLengthKm,
      meanPressureM: first.meanPressureM,
    });
    // the network the water balance needs for its corrections and the ILI: about 80 household connections per km
    for (const [d, district] of plan.districts.entries()) {
      let households = 0;
      for (let h = 0; h < plan.households; h++) if (plan.meters.district[h] === d) households++;
      expect(households / district.mainsLengthKm).toBeGreaterThan(60);
      expect(households / district.mainsLengthKm).toBeLessThan(100);
      expect(district.meanPressureM).toBeGreaterThanOrEqual(28);
      expect(district.meanPressureM).toBeLessThanOrEqual(36);
    }
    expect(districts.flatMap((d) => d.areaNames ?? []).sort()).toEqual(plan.areas.map((a) => a.name).sort());
  });

  it('registers inlets and outlets as district meters without a housing estate, households in their area', () => {
    const meters = new Map(calls.flatMap((c) => c.meters ?? []).map((m) => [m.meterCode, m]));
    const measuring = new Set(
      plan.districts.flatMap((d) => [...d.inlets, ...d.outlets].map((i) => plan.meters.code[i])),
    );
    expect(measuring.size).toBeGreaterThan(0);
    for (const [code, m] of meters) {
      if (measuring.has(code)) expect([m.meterKind, m.areaName]).toEqual(['district', undefined]);
      else expect([m.meterKind, typeof m.areaName]).toEqual([undefined, 'string']);
    }
  });

  it('binds one resident to each household meter, with a valid mobile number and an address in its area', () => {
    const residents = calls.flatMap((c) => c.residents ?? []);
    expect(residents).toHaveLength(plan.households);
    expect(new Set(residents.map((r) => r.meterCode)).size).toBe(plan.households);
    expect(new Set(residents.map((r) => r.residentCode)).size).toBe(plan.households);
    for (const r of residents.slice(0, 200)) {
      expect(r.phone).toMatch(PHONE_PATTERN);
      expect(r.address?.startsWith('北京市')).toBe(true);
      expect(r.address).toContain(r.areaName);
    }
    expect(residentOf(plan, 7)).toEqual(residentOf(planCity({ seed: 42, meters: 1200 }), 7));
  });
});
