import { describe, expect, it } from 'vitest';
import { scopeKeyOf } from './scopeKey.ts';

describe('scopeKeyOf', () => {
  it('is "all" for an unrestricted user and user-<id> when the upstream does not send a data scope', () => {
    expect(scopeKeyOf({ id: 7, dataScope: null })).toBe('all');
    expect(scopeKeyOf({ id: 7 })).toBe('user-7');
  });

  it('is the same for the same regions and areas in any order, different for a different scope', () => {
    const a = scopeKeyOf({ id: 1, dataScope: { regionIds: [2, 1], areaIds: [5, 3, 3] } });
    const b = scopeKeyOf({ id: 2, dataScope: { regionIds: [1, 2], areaIds: [3, 5] } });
    expect(a).toBe(b);
    expect(a).toMatch(/^s[0-9a-f]{12}$/);
    expect(scopeKeyOf({ id: 1, dataScope: { regionIds: [1, 2], areaIds: [3] } })).not.toBe(a);
    // a region id and an area id with the same number are different scopes
    expect(scopeKeyOf({ id: 1, dataScope: { regionIds: [3], areaIds: [] } })).not.toBe(
      scopeKeyOf({ id: 1, dataScope: { regionIds: [], areaIds: [3] } }),
    );
    expect(scopeKeyOf({ id: 1, dataScope: { regionIds: [], areaIds: [] } })).not.toBe('all');
  });
});
