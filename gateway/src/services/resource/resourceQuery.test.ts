import { type SqlBool, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { filterConditions, likePattern, sortTerms } from './resourceQuery.ts';

describe('filterConditions', () => {
  const spec = {
    name: { column: 'name', match: 'contains' },
    enabled: { column: 'enabled', match: 'eq' },
    roleId: { column: 'role_id', match: 'linked', through: { table: 'user_roles', key: 'user_id' } },
    code: { column: 'code', match: 'eq' },
  } as const;

  it.each([
    ['no filters', {}, []],
    ['an empty string means no filter', { name: '  ' }, []],
    ['null means no filter', { roleId: null }, []],
    ['false filters', { enabled: false }, [{ column: 'enabled', op: '=', value: false }]],
    ['0 filters', { code: 0 }, [{ column: 'code', op: '=', value: 0 }]],
    [
      'a linked filter looks through its link table',
      { roleId: 7 },
      [{ column: 'role_id', op: 'linked', value: 7, through: { table: 'user_roles', key: 'user_id' } }],
    ],
    ['text is trimmed and contained', { name: ' 管理 ' }, [{ column: 'name', op: 'ilike', value: '%管理%' }]],
    ['fields outside the spec are ignored', { page: 2, company_id: 9 }, []],
  ])('%s', (_, query, expected) => {
    expect(filterConditions(spec, query as Record<string, unknown>)).toEqual(expected);
  });

  it('a where filter carries its condition with the trimmed value, and an empty value none', () => {
    const where = () => () => sql<SqlBool>`true`;
    const withWhere = { meterCode: { column: 'meter_code', match: 'where', where } } as const;
    expect(filterConditions(withWhere, { meterCode: ' SB01 ' })).toEqual([
      { column: 'meter_code', op: 'where', value: 'SB01', where },
    ]);
    expect(filterConditions(withWhere, { meterCode: '' })).toEqual([]);
  });

  it('escapes wildcards so they match themselves', () => {
    expect(likePattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('sortTerms', () => {
  const sortable = { name: 'name', createTime: 'created_at' };
  const defaults = [{ column: 'created_at', order: 'desc' }] as const;

  it.each([
    [
      'the default, ending with id',
      undefined,
      undefined,
      [
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ],
    ],
    [
      'an allowed field, ascending by default',
      'name',
      undefined,
      [
        { column: 'name', order: 'asc' },
        { column: 'id', order: 'asc' },
      ],
    ],
    [
      'an allowed field descending',
      'createTime',
      'desc',
      [
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ],
    ],
  ] as const)('%s', (_, sort, order, expected) => {
    expect(sortTerms(sortable, defaults, sort, order)).toEqual(expected);
  });

  it.each(['password_hash', 'company_id', 'toString', '__proto__'])('refuses %s', (field) => {
    expect(sortTerms(sortable, defaults, field, 'asc')).toBeNull();
  });

  it('does not add id twice', () => {
    expect(sortTerms({ id: 'id' }, defaults, 'id', 'desc')).toEqual([{ column: 'id', order: 'desc' }]);
  });
});
