import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { WaterBalanceInput } from './waterBalance.ts';

describe('WaterBalanceInput schema', () => {
  it.each([
    ['an empty input (every figure unknown)', {}],
    ['nulls for unknown figures', { inletM3: null, days: null, corrections: { r1: null } }],
    ['a full month', { days: 30, inletM3: 36_000, outletM3: 0, serviceConnections: 1_200, averagePressureM: 40 }],
    ['negative fixed corrections (R2 may be below zero)', { corrections: { r2: -0.03 } }],
  ])('accepts %s', (_what, input) => {
    expect(Value.Check(WaterBalanceInput, input)).toBe(true);
  });

  it.each([
    ['a negative volume', { inletM3: -1 }],
    ['a period of 0 days', { days: 0 }],
    ['a fractional connection count', { serviceConnections: 1.5 }],
    ['a negative pressure', { averagePressureM: -5 }],
    ['a volume as text', { billedMeteredM3: '100' }],
  ])('rejects %s', (_what, input) => {
    expect(Value.Check(WaterBalanceInput, input)).toBe(false);
  });
});
