import { describe, expect, it } from 'vitest';
import { dateText, meterRowReader, referenceIndex } from './meterSheets.ts';

describe('dateText', () => {
  it.each([
    ['2024-05-01', '2024-05-01'],
    ['2024/5/1', '2024-05-01'],
    ['2024.12.31', '2024-12-31'],
    ['2024-05-01 08:00:00', '2024-05-01'],
    [' 2024-05-01 00:00 ', '2024-05-01'],
    ['01/05/2024', '01/05/2024'],
    ['', null],
    [undefined, null],
  ])('%o → %o', (input, expected) => {
    expect(dateText(input)).toBe(expected);
  });
});

describe('referenceIndex', () => {
  const find = referenceIndex([
    { id: 1, code: 'K-001', name: '一号采集器' },
    { id: 2, code: 'K-002', name: 'k-001' },
  ]);
  it('finds by code first, then by name, ignoring case and spaces', () => {
    expect(find(' k-001 ')).toBe(1);
    expect(find('一号采集器')).toBe(1);
    expect(find('K-002')).toBe(2);
    expect(find('nope')).toBeUndefined();
  });
});

describe('meterRowReader', () => {
  const lookups = {
    collectorId: referenceIndex([{ id: 5, code: 'K1', name: null }]),
    concentratorId: referenceIndex([{ id: 3, code: 'C1', name: '一号集中器' }]),
    manufacturerId: referenceIndex([]),
    meterModelId: referenceIndex([]),
    areaId: referenceIndex([{ id: 11, code: null, name: '东四小区' }]),
  };

  it('turns names and codes into ids and keeps bad numbers as typed for the rules to name', () => {
    const read = meterRowReader(lookups, new Set());
    const out = read({
      meterCode: 'SB1',
      collectorId: 'K1',
      concentratorId: '一号集中器',
      areaId: '东四小区',
      baseReading: 'x',
    });
    expect(out).toEqual({
      body: expect.objectContaining({
        meterCode: 'SB1',
        collectorId: 5,
        concentratorId: 3,
        areaId: 11,
        baseReading: 'x',
      }),
    });
  });

  it('refuses an unknown reference naming it, and a body code seen earlier in the file', () => {
    const read = meterRowReader(lookups, new Set());
    expect(read({ meterCode: 'SB1', areaId: '西城' })).toEqual({
      refusal: { key: 'import.meter.unknownArea', params: { value: '西城' } },
    });
    expect(read({ meterCode: 'sb1', areaId: '东四小区' })).toEqual({
      refusal: { key: 'import.meter.duplicateCode', params: { value: 'sb1' } },
    });
  });
});

describe('meterRowReader, the meter kind (issue 19)', () => {
  const lookups = {
    collectorId: referenceIndex([]),
    concentratorId: referenceIndex([]),
    manufacturerId: referenceIndex([]),
    meterModelId: referenceIndex([]),
    areaId: referenceIndex([]),
  };

  it.each([
    ['district', 'district'],
    ['分区表', 'district'],
    [' Pump station meter ', 'pump'],
    ['户表', 'household'],
  ])('reads %o as %o', (typed, kind) => {
    expect(meterRowReader(lookups, new Set())({ meterCode: 'SB1', meterKind: typed })).toEqual({
      body: expect.objectContaining({ meterKind: kind, areaId: null }),
    });
  });

  it('leaves an empty kind out (a household meter) and refuses an unknown one naming it', () => {
    const out = meterRowReader(lookups, new Set())({ meterCode: 'SB1' });
    expect('body' in out ? out.body.meterKind : 'refused').toBeUndefined();
    expect(meterRowReader(lookups, new Set())({ meterCode: 'SB2', meterKind: '总表' })).toEqual({
      refusal: { key: 'import.meter.unknownKind', params: { value: '总表' } },
    });
  });
});
