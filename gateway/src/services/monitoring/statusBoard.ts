// The pure half of the status board: the tenant's online / offline counts per device kind and residential area
// (one grouped read, shared by every caller of the tenant for a moment) narrowed to a caller's data scope, in a
// stable order, with a change tag. Narrowing after the read is exact because every cell is one area: a limited scope
// sees the areas it names and the areas of the regions it names; devices without an area only the unrestricted.

import { createHash } from 'node:crypto';
import type { DeviceStatusCell } from '@waterops/shared/monitoring';
import type { DataScope } from '@waterops/shared/place';

export type BoardKind = DeviceStatusCell['kind'];
export const BOARD_KINDS: readonly BoardKind[] = ['concentrator', 'collector', 'meter'];

/** One grouped row of the tenant: a kind in an area (null: no area), the area's region, and the counts. */
export type BoardRow = {
  kind: BoardKind;
  areaId: number | null;
  areaName: string | null;
  regionId: number | null;
  online: number;
  total: number;
};

const inScope = (row: BoardRow, scope: DataScope | null): boolean => {
  if (scope === null) return true;
  if (row.areaId === null) return false;
  return scope.areaIds.includes(row.areaId) || (row.regionId !== null && scope.regionIds.includes(row.regionId));
};

/** The cells a caller sees: kind order, then area name (no area last), then area id. */
export const boardCells = (rows: readonly BoardRow[], scope: DataScope | null): DeviceStatusCell[] =>
  rows
    .filter((r) => inScope(r, scope))
    .map(
      (r): DeviceStatusCell => ({
        id: `${r.kind}:${r.areaId ?? 0}`,
        kind: r.kind,
        areaId: r.areaId,
        areaName: r.areaName,
        online: r.online,
        offline: r.total - r.online,
        total: r.total,
      }),
    )
    .sort(
      (a, b) =>
        BOARD_KINDS.indexOf(a.kind) - BOARD_KINDS.indexOf(b.kind) ||
        (a.areaName === null ? 1 : 0) - (b.areaName === null ? 1 : 0) ||
        (a.areaName ?? '').localeCompare(b.areaName ?? '') ||
        (a.areaId ?? 0) - (b.areaId ?? 0),
    );

/** A weak tag of the cells a caller sees and the answer's language (its message is in it). */
export const boardEtag = (cells: readonly DeviceStatusCell[], locale: string): string =>
  `W/"b-${createHash('sha1').update(JSON.stringify(cells)).update(locale).digest('base64url')}"`;
