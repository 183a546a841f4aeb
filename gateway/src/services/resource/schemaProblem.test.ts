import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { schemaProblem } from './schemaProblem.ts';

const Save = Type.Object({
  name: Type.String({ maxLength: 20 }),
  remark: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 5 })])),
  caliber: Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum: 10000 })])),
  precision: Type.Optional(Type.Integer({ minimum: 0, maximum: 6 })),
});

describe('schemaProblem', () => {
  it.each([
    ['a body that fits', { name: 'a', remark: null, caliber: 20 }, null],
    [
      'text over its limit',
      { name: 'x'.repeat(21) },
      { field: 'name', limit: { key: 'rules.text.tooLong', params: { max: 20 } } },
    ],
    [
      'nullable text over its limit',
      { name: 'a', remark: '123456' },
      { field: 'remark', limit: { key: 'rules.text.tooLong', params: { max: 5 } } },
    ],
    [
      'a nullable number below its minimum',
      { name: 'a', caliber: -1 },
      { field: 'caliber', limit: { key: 'rules.number.min', params: { min: 0 } } },
    ],
    [
      'a number above its maximum',
      { name: 'a', precision: 7 },
      { field: 'precision', limit: { key: 'rules.number.max', params: { max: 6 } } },
    ],
    ['a fraction where a whole number goes: no limit to name', { name: 'a', precision: 2.5 }, { field: 'precision' }],
    ['a missing field', {}, { field: 'name' }],
  ])('%s', (_, body, expected) => {
    expect(schemaProblem(Save, body)).toEqual(expected);
  });
});
