// The status board's arithmetic: the cells (one per device kind × area) summed per kind for the cards, and pivoted
// into one row per area for the table. Pure, so the page and its tests agree on what a number means.
import type { DeviceStatusCell } from '@waterops/shared/monitoring';

export type BoardKind = DeviceStatusCell['kind'];
export const BOARD_KINDS: readonly BoardKind[] = ['concentrator', 'collector', 'meter'];

export type Counts = { online: number; offline: number; total: number };
const zero = (): Counts => ({ online: 0, offline: 0, total: 0 });

/** The online share in percent with one decimal; null when there is nothing to count. */
export const onlineRate = (c: Counts): number | null =>
  c.total > 0 ? Math.round((c.online / c.total) * 1000) / 10 : null;

/** Per kind: the sum over every area. */
export const kindTotals = (cells: readonly DeviceStatusCell[]): Record<BoardKind, Counts> => {
  const out = { concentrator: zero(), collector: zero(), meter: zero() };
  for (const c of cells) {
    out[c.kind].online += c.online;
    out[c.kind].offline += c.offline;
    out[c.kind].total += c.total;
  }
  return out;
};

export type AreaRow = { areaId: number | null; areaName: string | null; kinds: Record<BoardKind, Counts> };

/** One row per area, most offline devices first (then by name; devices without an area last). */
export const areaRows = (cells: readonly DeviceStatusCell[]): AreaRow[] => {
  const rows = new Map<number, AreaRow>();
  for (const c of cells) {
    const key = c.areaId ?? 0;
    const row = rows.get(key) ?? {
      areaId: c.areaId,
      areaName: c.areaName,
      kinds: { concentrator: zero(), collector: zero(), meter: zero() },
    };
    row.kinds[c.kind] = { online: c.online, offline: c.offline, total: c.total };
    rows.set(key, row);
  }
  const offline = (r: AreaRow) => BOARD_KINDS.reduce((s, k) => s + r.kinds[k].offline, 0);
  return [...rows.values()].sort(
    (a, b) =>
      (a.areaId === null ? 1 : 0) - (b.areaId === null ? 1 : 0) ||
      offline(b) - offline(a) ||
      (a.areaName ?? '').localeCompare(b.areaName ?? ''),
  );
};
