import type { WaterBalance, ZoneMeteringRow } from '@waterops/shared/dma';
import { describe, expect, it } from 'vitest';
import { balanceSegments, figure, lastFullMonth, percent, rateTone, sortByRate } from './balanceFormat.ts';

describe('rateTone (CJJ 92-2016 grades)', () => {
  it.each([
    [0, 'good'],
    [0.1, 'good'],
    [0.1001, 'fair'],
    [0.12, 'fair'],
    [0.1201, 'poor'],
    [0.45, 'poor'],
    [null, null],
  ])('%s is %s', (rate, tone) => {
    expect(rateTone(rate)).toBe(tone);
  });
});

describe('formats', () => {
  it('writes rates and figures, a dash when unknown', () => {
    expect(percent(0.12345)).toBe('12.35 %');
    expect(percent(null)).toBe('—');
    expect(figure(12345.678)).toBe('12,345.7');
    expect(figure(3, 0)).toBe('3');
    expect(figure(null)).toBe('—');
  });

  it('opens on the last full China month', () => {
    // 2026-03-01 01:00 in Beijing is still 2026-02-28 in UTC: the China month is March, the last full one February
    expect(lastFullMonth(new Date('2026-02-28T17:00:00Z'))).toBe('2026-02');
    expect(lastFullMonth(new Date('2026-01-15T00:00:00Z'))).toBe('2025-12');
  });
});

const row = (districtName: string, rate: number | null): ZoneMeteringRow => ({
  districtId: districtName.length,
  districtName,
  kind: 1,
  parentId: null,
  inletCount: 1,
  suppliedM3: 1000,
  billedM3: 900,
  nrwM3: 100,
  productionSalesDifferenceRate: rate,
  comprehensiveLossRate: rate,
  assessedLossRate: rate,
  grade: null,
  ili: null,
  nrwLitresPerConnectionPerDay: null,
  nightline: null,
  nightLeakage: null,
  openLeakEvents: 0,
});

describe('sortByRate', () => {
  it('puts the worst rate first and districts without one last', () => {
    const sorted = sortByRate([row('甲', 0.05), row('乙', null), row('丙', 0.2), row('丁', 0.11)]);
    expect(sorted.map((r) => r.districtName)).toEqual(['丙', '丁', '甲', '乙']);
  });
});

const balance = (over: Partial<WaterBalance> = {}): WaterBalance => ({
  suppliedM3: 1000,
  billedM3: 800,
  authorisedM3: 850,
  nrwM3: 200,
  nrwRate: 0.2,
  productionSalesDifferenceRate: 0.2,
  waterLossesM3: 150,
  apparentLossesM3: 30,
  realLossesM3: 120,
  comprehensiveLossRate: 0.15,
  corrections: { r1: null, r2: null, r3: null, r4: null, total: null },
  assessedLossRate: null,
  grade: null,
  uarlLitresPerDay: null,
  annualRealLossesM3: null,
  ili: null,
  iliIndicativeOnly: null,
  nrwLitresPerConnectionPerDay: null,
  realLossesLitresPerConnectionPerDay: null,
  ...over,
});

describe('balanceSegments', () => {
  it('splits the supply into billed, unbilled, apparent and real losses', () => {
    expect(balanceSegments(balance())).toEqual([
      { key: 'billed', m3: 800, share: 0.8 },
      { key: 'unbilled', m3: 50, share: 0.05 },
      { key: 'apparent', m3: 30, share: 0.03 },
      { key: 'real', m3: 120, share: 0.12 },
    ]);
  });

  it('keeps the losses whole without an apparent-loss estimate', () => {
    expect(balanceSegments(balance({ apparentLossesM3: null, realLossesM3: null })).map((s) => s.key)).toEqual([
      'billed',
      'unbilled',
      'losses',
    ]);
  });

  it('leaves out negative parts and draws nothing without a supply', () => {
    expect(
      balanceSegments(balance({ billedM3: 1100, authorisedM3: 1100, waterLossesM3: -100, apparentLossesM3: null })),
    ).toEqual([{ key: 'billed', m3: 1100, share: 1.1 }]);
    expect(balanceSegments(balance({ suppliedM3: null }))).toEqual([]);
    expect(balanceSegments(balance({ suppliedM3: 0 }))).toEqual([]);
  });
});
