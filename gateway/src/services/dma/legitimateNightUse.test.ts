import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { legitimateNightUse } from './legitimateNightUse.ts';

const base = { nightUseM3h: null, nightUseLPerConnH: null, defaultLPerConnH: 1.7, connections: 0 };

describe('legitimateNightUse', () => {
  it.each([
    ['the tenant default per connection', { connections: 1000 }, 1.7],
    ['the district rate over the default', { connections: 1000, nightUseLPerConnH: 2.5 }, 2.5],
    ['the stated m³/h over connections × L/h', { connections: 1000, nightUseLPerConnH: 2.5, nightUseM3h: 4.2 }, 4.2],
    ['a stated 0 m³/h (nobody uses water at night)', { connections: 1000, nightUseM3h: 0 }, 0],
    ['no connections and nothing stated', {}, 0],
  ])('takes %s', (_what, given, expected) => {
    expect(legitimateNightUse({ ...base, ...given })).toBeCloseTo(expected, 9);
  });

  it('ignores the connections and rates entirely once a figure is stated', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.option(fc.double({ min: 0, max: 1000, noNaN: true })),
        (m3h, connections, rate) =>
          legitimateNightUse({ ...base, nightUseM3h: m3h, connections, nightUseLPerConnH: rate }) === m3h,
      ),
    );
  });

  it('grows with the connections when none is stated', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 1000 }), (n, more) => {
        const a = legitimateNightUse({ ...base, connections: n });
        const b = legitimateNightUse({ ...base, connections: n + more });
        return b >= a && Math.abs(a - (n * 1.7) / 1000) < 1e-9;
      }),
    );
  });
});
