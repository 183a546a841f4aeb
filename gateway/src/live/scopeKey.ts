// The room audience of scoped topics: users whose data scope is the same see the same alarms and status cells, so
// they share one room and one poll. The key is derived from what `users/current` tells about the caller.
import { createHash } from 'node:crypto';

export type ScopeSource = { id: number; dataScope?: { regionIds: number[]; areaIds: number[] } | null };

/**
 * 'all' for an unrestricted user, a short hash of the sorted region and area ids for a scoped one, and
 * `user-<id>` when the upstream does not say (a legacy back end): such a user shares a room with nobody, which is
 * never wrong, only less efficient.
 */
export const scopeKeyOf = ({ id, dataScope }: ScopeSource): string => {
  if (dataScope === undefined) return `user-${id}`;
  if (dataScope === null) return 'all';
  const sorted = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b).join(',');
  const text = `r:${sorted(dataScope.regionIds)}|a:${sorted(dataScope.areaIds)}`;
  return `s${createHash('sha256').update(text).digest('hex').slice(0, 12)}`;
};
