import type { DeviceStatusCell } from '@waterops/shared/monitoring';
import { describe, expect, it } from 'vitest';
import { areaRows, kindTotals, onlineRate } from './statusBoardModel.ts';

const cell = (
  kind: DeviceStatusCell['kind'],
  areaId: number | null,
  online: number,
  total: number,
): DeviceStatusCell => ({
  id: `${kind}:${areaId ?? 0}`,
  kind,
  areaId,
  areaName: areaId === null ? null : `区${areaId}`,
  online,
  offline: total - online,
  total,
});

describe('the status board model', () => {
  const cells = [
    cell('meter', 1, 8, 10),
    cell('meter', 2, 1, 5),
    cell('concentrator', 1, 1, 1),
    cell('meter', null, 0, 7),
  ];

  it('sums each kind over the areas', () => {
    expect(kindTotals(cells)).toEqual({
      concentrator: { online: 1, offline: 0, total: 1 },
      collector: { online: 0, offline: 0, total: 0 },
      meter: { online: 9, offline: 13, total: 22 },
    });
  });

  it('pivots into one row per area, most offline first, no area last', () => {
    const rows = areaRows(cells);
    expect(rows.map((r) => r.areaId)).toEqual([2, 1, null]);
    expect(rows[1]?.kinds.concentrator).toEqual({ online: 1, offline: 0, total: 1 });
    expect(rows[0]?.kinds.collector).toEqual({ online: 0, offline: 0, total: 0 });
  });

  it.each([
    [{ online: 0, offline: 0, total: 0 }, null],
    [{ online: 1, offline: 2, total: 3 }, 33.3],
    [{ online: 2, offline: 0, total: 2 }, 100],
  ])('online rate of %j is %s', (c, rate) => {
    expect(onlineRate(c)).toBe(rate);
  });
});
