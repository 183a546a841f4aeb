// Offline escalation: a device marked offline raises a `general` alarm; the longer it stays silent the higher the
// level (defaults 24 h alarm, 48 h severe, 72 h urgent). The offline job applies the same rule in SQL.
import type { AlarmLevel, OfflineRule } from '@waterops/shared/monitoring';

export type OfflineRaised = { level: AlarmLevel; threshold: number };

/** The level of a device silent for `hours`, with the limit (hours) it crossed: 0 for the `general` level. */
export const offlineLevel = (hours: number, rule: OfflineRule): OfflineRaised => {
  if (hours >= rule.urgentHours) return { level: 'urgent', threshold: rule.urgentHours };
  if (hours >= rule.severeHours) return { level: 'severe', threshold: rule.severeHours };
  if (hours >= rule.alarmHours) return { level: 'alarm', threshold: rule.alarmHours };
  return { level: 'general', threshold: 0 };
};
