// Instantaneous thresholds (voltage, CSQ, RSRP): a LOW value is bad. Below the severe value → severe, below the
// alarm value → alarm, else no alarm. The ingestion path applies the same rule in SQL (readingAlarmsRepository.ts).
import type { AlarmLevel, ThresholdRule } from '@waterops/shared/monitoring';

export type Raised = { level: AlarmLevel; threshold: number };

/** The level a reading raises, with the limit it crossed; null when it is fine or unknown. */
export const lowValueLevel = (value: number | null, rule: ThresholdRule): Raised | null => {
  if (value === null || !Number.isFinite(value)) return null;
  if (value < rule.severeValue) return { level: 'severe', threshold: rule.severeValue };
  if (value < rule.alarmValue) return { level: 'alarm', threshold: rule.alarmValue };
  return null;
};

/**
 * Reverse flow between two successive register reads: the register went back by more than `min` m³ (a meter
 * mounted the wrong way round, or back-siphonage). Returns the amount it went back, or null.
 */
export const reverseFlow = (previous: number | null, current: number, min: number): number | null => {
  if (previous === null) return null;
  const back = previous - current;
  return back > min ? Math.round(back * 1000) / 1000 : null;
};
