import { describe, expect, it } from 'vitest';
import { BULK_METER_KINDS, meterAreaRequired, meterKindOf } from './meterKind.ts';
import { validateMeter } from './meters.ts';

const areaMessages = (m: Parameters<typeof validateMeter>[0]) =>
  validateMeter(m)
    .filter((v) => v.field === 'areaId')
    .map((v) => v.message);

describe('the residential area of a meter, by kind', () => {
  it('is required of a household meter, and of a meter saved without a kind', () => {
    for (const kind of ['household', null, undefined, ''])
      expect(areaMessages({ meterCode: 'SB1', meterKind: kind })).toEqual(['rules.meterArea.required']);
  });

  it.each(BULK_METER_KINDS)('is optional for a %s meter', (kind) => {
    expect(meterAreaRequired(kind)).toBe(false);
    expect(validateMeter({ meterCode: 'SB1', meterKind: kind })).toEqual([]);
    expect(areaMessages({ meterCode: 'SB1', meterKind: kind, areaId: 3 })).toEqual([]);
  });

  it('covers every bulk kind and only them', () => {
    expect(BULK_METER_KINDS).toEqual(['district', 'bulk', 'pump']);
  });
});

describe('meterKindOf', () => {
  it.each([
    ['bulk', 'bulk'],
    ['大用户/趸售表', 'bulk'],
    ['DISTRICT METER', 'district'],
    ['泵站表', 'pump'],
    ['总表', undefined],
    ['', undefined],
  ])('%o → %o', (typed, kind) => {
    expect(meterKindOf(typed)).toBe(kind);
  });
});
