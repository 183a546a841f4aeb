import { describe, expect, it } from 'vitest';
import { diameterClass, flowBetweenReads, summarizePipes } from './networkRules.ts';
import { validatePipeline } from './pipelines.ts';
import { validateWell } from './wells.ts';

describe('diameterClass', () => {
  it.each([
    [null, 'unknown'],
    [0, 'unknown'],
    [50, 'lt100'],
    [99, 'lt100'],
    [100, 'dn100to300'],
    [299, 'dn100to300'],
    [300, 'dn300to600'],
    [599, 'dn300to600'],
    [600, 'ge600'],
    [1600, 'ge600'],
  ] as const)('DN %s → %s (the lower bound belongs to the class)', (mm, expected) => {
    expect(diameterClass(mm)).toBe(expected);
  });
});

describe('summarizePipes', () => {
  it('folds (material, diameter) groups into materials by length and every diameter class in order', () => {
    const s = summarizePipes([
      { material: 'PE', diameterMm: 110, count: 3, lengthM: 300.04 },
      { material: 'PE', diameterMm: 90, count: 1, lengthM: 50 },
      { material: 'DI', diameterMm: 600, count: 2, lengthM: 1000 },
      { material: null, diameterMm: null, count: 1, lengthM: 5 },
      { material: ' ', diameterMm: 300, count: 1, lengthM: 10 },
    ]);
    expect(s.pipelineCount).toBe(8);
    expect(s.totalLengthM).toBe(1365);
    expect(s.byMaterial).toEqual([
      { material: 'DI', count: 2, lengthM: 1000 },
      { material: 'PE', count: 4, lengthM: 350 },
      { material: null, count: 2, lengthM: 15 },
    ]);
    expect(s.byDiameter).toEqual([
      { diameterClass: 'lt100', count: 1, lengthM: 50 },
      { diameterClass: 'dn100to300', count: 3, lengthM: 300 },
      { diameterClass: 'dn300to600', count: 1, lengthM: 10 },
      { diameterClass: 'ge600', count: 2, lengthM: 1000 },
      { diameterClass: 'unknown', count: 1, lengthM: 5 },
    ]);
  });

  it('an empty network still lists the five diameter classes with zeros', () => {
    const s = summarizePipes([]);
    expect(s).toMatchObject({ pipelineCount: 0, totalLengthM: 0, byMaterial: [] });
    expect(s.byDiameter.map((d) => d.count)).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('flowBetweenReads', () => {
  const at = (iso: string, reading: number) => ({ readAt: new Date(iso), reading });
  it('is the volume over the hours between the two reads, in either order', () => {
    const reads = [at('2026-11-26T01:00:00Z', 102.5), at('2026-11-26T00:45:00Z', 100)];
    expect(flowBetweenReads(reads)).toBe(10);
    expect(flowBetweenReads([...reads].reverse())).toBe(10);
  });
  it.each([
    ['one read', [at('2026-11-26T01:00:00Z', 1)]],
    ['the same instant', [at('2026-11-26T01:00:00Z', 2), at('2026-11-26T01:00:00Z', 1)]],
    ['a register that went backwards', [at('2026-11-26T01:00:00Z', 1), at('2026-11-26T00:00:00Z', 9)]],
  ])('is null for %s', (_name, reads) => {
    expect(flowBetweenReads(reads)).toBeNull();
  });
});

describe('form rules', () => {
  it('a pipeline needs a code and two different wells and meters at its ends', () => {
    expect(validatePipeline({ pipeCode: ' ' }).map((v) => v.message)).toEqual(['rules.pipeCode.required']);
    expect(validatePipeline({ pipeCode: 'P1', startWellId: 3, endWellId: 3, startMeterId: 4, endMeterId: 4 })).toEqual([
      { field: 'endWellId', message: 'rules.pipeWells.same' },
      { field: 'endMeterId', message: 'rules.pipeMeters.same' },
    ]);
    expect(validatePipeline({ pipeCode: 'P1', startWellId: 3, endWellId: 4 })).toEqual([]);
  });
  it('a well needs a code, and a position in range with both halves', () => {
    expect(validateWell({ wellCode: 'W1' })).toEqual([]);
    expect(validateWell({ wellCode: '', lng: 200, lat: 39 }).map((v) => v.field)).toEqual(['wellCode', 'lng']);
    expect(validateWell({ wellCode: 'W1', lng: 116.4 })).toEqual([
      { field: 'lat', message: 'rules.wellPosition.half' },
    ]);
  });
});
