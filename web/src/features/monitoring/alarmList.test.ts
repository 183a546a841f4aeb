import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ALARM_SORT,
  groupUnderParents,
  matchesAlarmFilters,
  NO_ALARM_FILTERS,
  sortAlarms,
} from './alarmList.ts';
import { anAlarm, minutesAgo, NOW } from './alarmTestData.ts';

const ids = (alarms: { id: number }[]) => alarms.map((a) => a.id);

describe('sortAlarms', () => {
  const alarms = [
    anAlarm({ id: 1, level: 'general', raisedAt: minutesAgo(1), sourceCode: 'C' }),
    anAlarm({ id: 2, level: 'urgent', raisedAt: minutesAgo(50), sourceCode: 'A' }),
    anAlarm({ id: 3, level: 'severe', raisedAt: minutesAgo(5), sourceCode: 'B' }),
    anAlarm({ id: 4, level: 'urgent', raisedAt: minutesAgo(2), sourceCode: 'D' }),
  ];
  it('puts the most important first and, within a level, the newest first', () => {
    expect(ids(sortAlarms(alarms, DEFAULT_ALARM_SORT, NOW))).toEqual([4, 2, 3, 1]);
  });
  it('sorts by another column, either way, keeping level order for ties', () => {
    expect(ids(sortAlarms(alarms, { key: 'sourceCode', descending: false }, NOW))).toEqual([2, 3, 1, 4]);
    expect(ids(sortAlarms(alarms, { key: 'raisedAt', descending: true }, NOW))).toEqual([1, 4, 3, 2]);
    expect(ids(sortAlarms(alarms, { key: 'level', descending: true }, NOW))).toEqual([1, 3, 4, 2]);
  });
});

describe('matchesAlarmFilters', () => {
  const alarm = anAlarm({ id: 1, level: 'severe', alarmType: 'offline', areaId: 7, acknowledged: true });
  it.each([
    [{}, true],
    [{ level: 'severe' }, true],
    [{ level: 'urgent' }, false],
    [{ alarmType: 'offline' }, true],
    [{ alarmType: 'voltage' }, false],
    [{ areaId: 7 }, true],
    [{ areaId: 8 }, false],
    [{ state: 'activeAcked' }, true],
    [{ state: 'activeUnacked' }, false],
    [{ level: 'severe', areaId: 8 }, false],
  ] as const)('%o → %s', (filters, shown) =>
    expect(matchesAlarmFilters(alarm, { ...NO_ALARM_FILTERS, ...filters }, NOW)).toBe(shown),
  );
});

describe('groupUnderParents', () => {
  it('hangs suppressed alarms under their parent, and keeps an orphan at the top', () => {
    const groups = groupUnderParents([
      anAlarm({ id: 1, sourceKind: 'concentrator', childCount: 2 }),
      anAlarm({ id: 2, parentId: 1, suppressed: true }),
      anAlarm({ id: 3, parentId: 1, suppressed: true }),
      anAlarm({ id: 4, parentId: 99, suppressed: true }),
    ]);
    expect(groups.map((g) => [g.alarm.id, ids(g.children)])).toEqual([
      [1, [2, 3]],
      [4, []],
    ]);
  });
});
