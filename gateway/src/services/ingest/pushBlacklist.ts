// The data-push blacklist at ingestion: a meter's reads are refused when the meter, its collector or its
// concentrator is on it (three lookups for a whole batch, whatever its size).
import { BLACKLIST_DEVICE_KIND, BLACKLIST_KIND } from '@waterops/shared/blacklist';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { isBlacklisted } from '../blacklist/blacklistRepository.ts';
import type { IngestMeter } from './ingestRepository.ts';

const idsOf = (meters: readonly IngestMeter[], pick: (m: IngestMeter) => number | null): number[] => [
  ...new Set(meters.flatMap((m) => (pick(m) === null ? [] : [pick(m) as number]))),
];

/** The ids of the meters whose data is refused. */
export const pushBlockedMeters = async (
  db: Kysely<DB>,
  companyId: number,
  meters: readonly IngestMeter[],
): Promise<Set<number>> => {
  const list = (kind: (typeof BLACKLIST_DEVICE_KIND)[keyof typeof BLACKLIST_DEVICE_KIND], ids: number[]) =>
    isBlacklisted(db, companyId, BLACKLIST_KIND.dataPush, kind, ids);
  const [byMeter, byCollector, byConcentrator] = await Promise.all([
    list(
      BLACKLIST_DEVICE_KIND.meter,
      idsOf(meters, (m) => m.id),
    ),
    list(
      BLACKLIST_DEVICE_KIND.collector,
      idsOf(meters, (m) => m.collectorId),
    ),
    list(
      BLACKLIST_DEVICE_KIND.concentrator,
      idsOf(meters, (m) => m.concentratorId),
    ),
  ]);
  const blocked = new Set<number>();
  for (const m of meters)
    if (
      byMeter.has(m.id) ||
      (m.collectorId !== null && byCollector.has(m.collectorId)) ||
      (m.concentratorId !== null && byConcentrator.has(m.concentratorId))
    )
      blocked.add(m.id);
  return blocked;
};
