import { describe, expect, it } from 'vitest';
import { DEFAULT_DWELL_S, parseScreenConfig, SCENE_IDS, sceneIndexAt } from './screenConfig.ts';

const config = (query: string) => parseScreenConfig(new URLSearchParams(query));

describe('a wall screen set up by its URL', () => {
  it('shows every scene for the default time when the URL says nothing', () => {
    expect(config('').scenes).toEqual(SCENE_IDS.map((id) => ({ id, dwellMs: DEFAULT_DWELL_S * 1000 })));
  });

  it("takes the order, a dwell for all and a scene's own", () => {
    expect(config('scenes=map:60,overview&dwell=20').scenes).toEqual([
      { id: 'map', dwellMs: 60_000 },
      { id: 'overview', dwellMs: 20_000 },
    ]);
  });

  it('ignores unknown scenes and out-of-range or malformed times instead of failing', () => {
    expect(config('scenes=nope,leakage:5,workOrders:abc&dwell=99999').scenes).toEqual([
      { id: 'leakage', dwellMs: DEFAULT_DWELL_S * 1000 },
      { id: 'workOrders', dwellMs: DEFAULT_DWELL_S * 1000 },
    ]);
    expect(config('scenes=nope').scenes).toHaveLength(SCENE_IDS.length);
  });

  it('rotates through the scenes by their dwell, for ever', () => {
    const c = config('scenes=overview:10,map:20');
    expect([0, 9_999, 10_000, 29_999, 30_000, 30_000 * 1000 + 15_000].map((t) => sceneIndexAt(c, t))).toEqual([
      0, 0, 1, 1, 0, 1,
    ]);
  });
});
