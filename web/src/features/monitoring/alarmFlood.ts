// Flood mode (EEMUA 191): ≥ FLOOD_THRESHOLD alarms raised within FLOOD_WINDOW_MS, and the grouped view the console
// switches to (by type and area, with counts, the most numerous first).
import { type Alarm, type AlarmType, FLOOD_THRESHOLD, FLOOD_WINDOW_MS, levelRank } from '@waterops/shared/monitoring';

/** How many of these alarms were raised in the window ending now. */
export const raisedInWindow = (alarms: readonly Pick<Alarm, 'raisedAt'>[], now: number = Date.now()): number =>
  alarms.filter((a) => {
    const at = Date.parse(a.raisedAt);
    return at > now - FLOOD_WINDOW_MS && at <= now;
  }).length;

export const isFlood = (raisedCount: number): boolean => raisedCount >= FLOOD_THRESHOLD;

export type AlarmFloodGroup = {
  key: string;
  alarmType: AlarmType;
  areaId: number | null;
  areaName: string | null;
  /** the highest level in the group */
  level: Alarm['level'];
  alarms: Alarm[];
};

export const groupForFlood = (alarms: readonly Alarm[]): AlarmFloodGroup[] => {
  const groups = new Map<string, AlarmFloodGroup>();
  for (const alarm of alarms) {
    const key = `${alarm.alarmType}/${alarm.areaId ?? ''}`;
    const group = groups.get(key) ?? {
      key,
      alarmType: alarm.alarmType,
      areaId: alarm.areaId,
      areaName: alarm.areaName,
      level: alarm.level,
      alarms: [],
    };
    group.alarms.push(alarm);
    if (levelRank(alarm.level) < levelRank(group.level)) group.level = alarm.level;
    groups.set(key, group);
  }
  return [...groups.values()].sort(
    (a, b) =>
      levelRank(a.level) - levelRank(b.level) || b.alarms.length - a.alarms.length || a.key.localeCompare(b.key),
  );
};
