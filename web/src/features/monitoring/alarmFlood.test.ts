import { FLOOD_THRESHOLD } from '@waterops/shared/monitoring';
import { describe, expect, it } from 'vitest';
import { groupForFlood, isFlood, raisedInWindow } from './alarmFlood.ts';
import { anAlarm, minutesAgo, NOW } from './alarmTestData.ts';

const raised = (n: number, minutes: number) =>
  Array.from({ length: n }, (_, i) => anAlarm({ id: i + 1, raisedAt: minutesAgo(minutes) }));

describe('flood mode', () => {
  it('is on from FLOOD_THRESHOLD (10) alarms raised within 10 minutes, not at 9', () => {
    expect(FLOOD_THRESHOLD).toBe(10);
    expect(isFlood(raisedInWindow(raised(9, 2), NOW))).toBe(false);
    expect(isFlood(raisedInWindow(raised(10, 2), NOW))).toBe(true);
  });
  it('counts only alarms raised inside the window', () => {
    expect(raisedInWindow([...raised(5, 9), ...raised(20, 11)], NOW)).toBe(5);
  });
  it('groups by type and area with counts, the highest level first', () => {
    const groups = groupForFlood([
      anAlarm({ id: 1, alarmType: 'voltage', areaId: 1, level: 'general' }),
      anAlarm({ id: 2, alarmType: 'voltage', areaId: 1, level: 'alarm' }),
      anAlarm({ id: 3, alarmType: 'voltage', areaId: 2, level: 'general' }),
      anAlarm({ id: 4, alarmType: 'offline', areaId: 1, level: 'urgent' }),
    ]);
    expect(groups.map((g) => [g.alarmType, g.areaId, g.level, g.alarms.length])).toEqual([
      ['offline', 1, 'urgent', 1],
      ['voltage', 1, 'alarm', 2],
      ['voltage', 2, 'general', 1],
    ]);
  });
});
