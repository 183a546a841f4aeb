// The alarm level of a night-flow event for the alarm engine: how large the leak is against the night flow it rose
// from (a leak that doubles the nightline is urgent whatever the district's size).
import type { AlarmLevel } from '@waterops/shared/monitoring';

/** Thresholds on magnitude / baseline: ≥ urgent → urgent, ≥ severe → severe, ≥ alarm → alarm, else general. */
export type NightFlowLevels = { urgent: number; severe: number; alarm: number };

export const DEFAULT_NIGHT_FLOW_LEVELS: NightFlowLevels = { urgent: 1, severe: 0.5, alarm: 0.2 };

/** The alarm level of an excess of `magnitude` (m³/h) over `baseline` (m³/h). */
export const nightFlowLevel = (
  magnitude: number,
  baseline: number,
  levels: NightFlowLevels = DEFAULT_NIGHT_FLOW_LEVELS,
): AlarmLevel => {
  const ratio = magnitude / Math.max(Math.abs(baseline), 1e-9);
  if (ratio >= levels.urgent) return 'urgent';
  if (ratio >= levels.severe) return 'severe';
  return ratio >= levels.alarm ? 'alarm' : 'general';
};
