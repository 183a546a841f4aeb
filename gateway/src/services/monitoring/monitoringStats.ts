// The pure half of the monitoring statistics: grouped counts from the database become the answers' shapes — every
// type and level present (zeros included, so a chart's axis does not jump), every day of a range present, areas
// ordered by their alarms. Rows of an unknown type or level (a newer engine) are counted in the totals only.

import {
  ALARM_LEVELS,
  ALARM_TYPES,
  type AlarmLevel,
  type TopArea,
  type Trend,
  type TypeCount,
} from '@waterops/shared/monitoring';
import { daysBetween } from '@waterops/shared/reading';

type Counted = { level: string; count: number };

const isLevel = (level: string): level is AlarmLevel => (ALARM_LEVELS as readonly string[]).includes(level);
const zeroLevels = (): Record<AlarmLevel, number> => ({ urgent: 0, severe: 0, alarm: 0, general: 0 });

export const typeCountOf = (rows: readonly (Counted & { alarmType: string })[]): TypeCount => {
  const byType = new Map<string, number>(ALARM_TYPES.map((t) => [t, 0]));
  const byLevel = zeroLevels();
  let total = 0;
  for (const r of rows) {
    total += r.count;
    if (byType.has(r.alarmType)) byType.set(r.alarmType, (byType.get(r.alarmType) ?? 0) + r.count);
    if (isLevel(r.level)) byLevel[r.level] += r.count;
  }
  return {
    total,
    byType: [...byType].map(([alarmType, count]) => ({ alarmType, count })),
    byLevel: ALARM_LEVELS.map((level) => ({ level, count: byLevel[level] })),
  };
};

/** Every day from `from` to `to` (both included) with its counts per level; days outside the range are dropped. */
export const trendOf = (range: { from: string; to: string }, rows: readonly (Counted & { day: string })[]): Trend => {
  const days = new Map(daysBetween(range.from, range.to).map((day) => [day, { total: 0, ...zeroLevels() }]));
  for (const r of rows) {
    const d = days.get(r.day);
    if (!d) continue;
    d.total += r.count;
    if (isLevel(r.level)) d[r.level] += r.count;
  }
  return { ...range, days: [...days].map(([day, counts]) => ({ day, ...counts })) };
};

/** Areas by their alarms, most first (ties by name), at most `limit`. */
export const topAreasOf = (
  rows: readonly (Counted & { areaId: number; areaName: string })[],
  limit: number,
): TopArea[] => {
  const areas = new Map<number, TopArea>();
  for (const r of rows) {
    const a = areas.get(r.areaId) ?? { areaId: r.areaId, areaName: r.areaName, count: 0, ...zeroLevels() };
    a.count += r.count;
    if (isLevel(r.level)) a[r.level] += r.count;
    areas.set(r.areaId, a);
  }
  return [...areas.values()]
    .sort((a, b) => b.count - a.count || a.areaName.localeCompare(b.areaName) || a.areaId - b.areaId)
    .slice(0, limit);
};
