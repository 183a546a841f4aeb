import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/messages.ts';
import { closeRing, distinctPointCount, validateDistrict } from './districtRules.ts';

const a: [number, number] = [116.4, 39.9];
const b: [number, number] = [116.41, 39.9];
const square: [number, number][] = [
  [116.4, 39.9],
  [116.41, 39.9],
  [116.41, 39.91],
  [116.4, 39.91],
];

describe('validateDistrict', () => {
  it('accepts a named district with an outline and meters in one role each', () => {
    expect(
      validateDistrict({
        id: 3,
        districtName: ' 东城一区 ',
        parentId: 2,
        polygon: square,
        inletMeterIds: [1, 2],
        outletMeterIds: [3],
        memberMeterIds: [4],
      }),
    ).toEqual([]);
  });

  it.each([
    [{ districtName: '' }, 'districtName', 'rules.districtName.required'],
    [{ districtName: '   ' }, 'districtName', 'rules.districtName.required'],
    [{ districtName: null }, 'districtName', 'rules.districtName.required'],
    [{ districtName: '区'.repeat(21) }, 'districtName', 'rules.districtName.tooLong'],
    [{ inletMeterIds: [1, 2], outletMeterIds: [2] }, 'outletMeterIds', 'rules.districtMeter.oneRole'],
    [{ inletMeterIds: [1], memberMeterIds: [5, 1] }, 'memberMeterIds', 'rules.districtMeter.oneRole'],
    [{ polygon: [a, b, a] }, 'polygon', 'rules.districtPolygon.tooFew'],
    [{ polygon: [a, b] }, 'polygon', 'rules.districtPolygon.tooFew'],
    [{ polygon: [...square, [181, 39.9]] }, 'polygon', 'rules.districtPolygon.range'],
    [{ polygon: [...square, [116, -91]] }, 'polygon', 'rules.districtPolygon.range'],
    [{ id: 4, parentId: 4 }, 'parentId', 'rules.districtParent.self'],
  ] as const)('%o breaks %s: %s', (fields, field, message) => {
    expect(validateDistrict({ districtName: '东城一区', ...fields })).toEqual([{ field, message }]);
  });

  it('says the spec text for a missing name, in Chinese first', () => {
    expect(translate('rules.districtName.required', 'zh-CN')).toBe('请输入分区名称');
    expect(translate('rules.districtName.unique', 'zh-CN')).toBe('分区名称已存在');
  });

  it('a new district (no id) may name any parent', () => {
    expect(validateDistrict({ districtName: 'x', parentId: 1 })).toEqual([]);
  });
});

describe('closeRing and distinctPointCount', () => {
  it('closes an open ring once and leaves a closed one as it is', () => {
    const closed = closeRing(square);
    expect(closed).toHaveLength(5);
    expect(closed[4]).toEqual(square[0]);
    expect(closeRing(closed)).toEqual(closed);
    expect(distinctPointCount(closed)).toBe(4);
  });
});
