import { describe, expect, it } from 'vitest';
import { type ScopeSpec, scopeConditions, scopeFilter } from './resourceScope.ts';

const AREAS: ScopeSpec = { areaColumn: 'id', regionColumn: 'region_id' };
const REGIONS: ScopeSpec = { regionColumn: 'id' };
const RESIDENTS: ScopeSpec = { areaColumn: 'area_id' };

describe('scopeFilter', () => {
  it.each([
    ['an unrestricted principal', AREAS, null],
    ['a resource without area or region', undefined, { regionIds: [1], areaIds: [] }],
    ['a spec naming no column', {}, { regionIds: [1], areaIds: [2] }],
  ])('does not restrict %s', (_what, spec, scope) => {
    expect(scopeFilter(spec, scope)).toBeNull();
    expect(scopeConditions(spec, scope)).toEqual([]);
  });

  it.each([
    [
      'areas for a region scope: by their region column',
      AREAS,
      { regionIds: [3, 3, 4], areaIds: [] },
      [{ kind: 'in', column: 'region_id', ids: [3, 4] }],
    ],
    [
      'areas for an area scope: by their own id',
      AREAS,
      { regionIds: [], areaIds: [7] },
      [{ kind: 'in', column: 'id', ids: [7] }],
    ],
    [
      'areas for both: either holds',
      AREAS,
      { regionIds: [3], areaIds: [7] },
      [
        { kind: 'in', column: 'id', ids: [7] },
        { kind: 'in', column: 'region_id', ids: [3] },
      ],
    ],
    [
      'regions for a region scope: by id',
      REGIONS,
      { regionIds: [3], areaIds: [] },
      [{ kind: 'in', column: 'id', ids: [3] }],
    ],
    [
      'regions for an area scope: the regions holding those areas',
      REGIONS,
      { regionIds: [], areaIds: [7, 8] },
      [{ kind: 'regionOfAreas', regionColumn: 'id', areaIds: [7, 8] }],
    ],
    [
      'rows with only an area column for a region scope: areas of those regions',
      RESIDENTS,
      { regionIds: [3], areaIds: [9] },
      [
        { kind: 'in', column: 'area_id', ids: [9] },
        { kind: 'areaInRegions', areaColumn: 'area_id', regionIds: [3] },
      ],
    ],
  ])('restricts %s', (_what, spec, scope, expected) => {
    expect(scopeFilter(spec, scope)).toEqual(expected);
    expect(scopeConditions(spec, scope)).toEqual([{ op: 'scope', predicates: expected }]);
  });

  it('lets nothing through for a scope that names nothing (never widens to everything)', () => {
    expect(scopeFilter(AREAS, { regionIds: [], areaIds: [] })).toEqual([]);
  });
});
