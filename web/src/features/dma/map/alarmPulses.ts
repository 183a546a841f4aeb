// Live alarms on the map: a newly raised alarm pulses at its source (a ring that grows and fades over a few
// seconds); an active severe or urgent alarm keeps a steady ring while it lasts. Pure: which alarms are new, where
// their source is, and a pulse's look at a given age — the component animates with requestAnimationFrame.
import type { LngLat } from '@waterops/shared/geo';
import type { Alarm } from '@waterops/shared/monitoring';

export const PULSE_MS = 4_000;
export const PULSE_MAX_RADIUS = 40;

export type Pulse = { alarmId: number; position: LngLat; level: Alarm['level']; startedAt: number };

/** Where an alarm's source is on the map, or null (concentrators and collectors are not placed on this map). */
export type SourceLocator = (alarm: Pick<Alarm, 'sourceKind' | 'sourceId'>) => LngLat | null;

/**
 * Alarms raised since the last look: ids not seen before that are active and not suppressed. The first look (seen
 * null) only records what is there — a page opened in the middle of a flood does not pulse everything at once.
 */
export function newlyRaised(
  seen: ReadonlySet<number> | null,
  alarms: readonly Alarm[],
): { fresh: Alarm[]; seen: Set<number> } {
  const next = new Set(alarms.map((a) => a.id));
  if (!seen) return { fresh: [], seen: next };
  return { fresh: alarms.filter((a) => !seen.has(a.id) && a.active && !a.suppressed), seen: next };
}

/** A pulse's radius (pixels) and opacity (0–255) at an age; null once it has faded. */
export function pulseLook(ageMs: number): { radius: number; alpha: number } | null {
  if (ageMs < 0 || ageMs >= PULSE_MS) return null;
  const t = ageMs / PULSE_MS;
  // eased out: fast growth first, then a slow fade
  const grow = 1 - (1 - t) ** 3;
  return { radius: 6 + grow * (PULSE_MAX_RADIUS - 6), alpha: Math.round(230 * (1 - t)) };
}

/** Alarms that keep a steady ring while live: active, not suppressed, severe or urgent. */
export const steadyAlarms = (alarms: readonly Alarm[]): Alarm[] =>
  alarms.filter((a) => a.active && !a.suppressed && (a.level === 'urgent' || a.level === 'severe'));

/** Meter positions by id, built once from the columns (the only per-meter structure, and only of numbers). */
export function meterIndex(ids: ArrayLike<number>): Map<number, number> {
  const m = new Map<number, number>();
  for (let i = 0; i < ids.length; i++) m.set(ids[i] as number, i);
  return m;
}

export function makeLocator(
  meterRow: ReadonlyMap<number, number>,
  positions: Float64Array,
  districtCentre: ReadonlyMap<number, LngLat>,
): SourceLocator {
  return ({ sourceKind, sourceId }) => {
    if (sourceKind === 'meter') {
      const i = meterRow.get(sourceId);
      return i === undefined ? null : [positions[2 * i] as number, positions[2 * i + 1] as number];
    }
    if (sourceKind === 'district') return districtCentre.get(sourceId) ?? null;
    return null;
  };
}
