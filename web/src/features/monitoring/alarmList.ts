// The console's list rules, pure: filter, sort (level then newest by default), and suppressed alarms grouped under
// their parent.
import { type Alarm, type AlarmLevel, type AlarmType, levelRank } from '@waterops/shared/monitoring';
import { type AlarmViewState, alarmStateOf } from './alarmLevel.ts';

export type AlarmFilters = {
  level: AlarmLevel | '';
  alarmType: AlarmType | '';
  areaId: number | null;
  state: AlarmViewState | '';
};

export const NO_ALARM_FILTERS: AlarmFilters = { level: '', alarmType: '', areaId: null, state: '' };

export const matchesAlarmFilters = (alarm: Alarm, filters: AlarmFilters, now: number = Date.now()): boolean =>
  (!filters.level || alarm.level === filters.level) &&
  (!filters.alarmType || alarm.alarmType === filters.alarmType) &&
  (filters.areaId === null || alarm.areaId === filters.areaId) &&
  (!filters.state || alarmStateOf(alarm, now) === filters.state);

export const ALARM_SORT_KEYS = ['level', 'alarmType', 'sourceCode', 'areaName', 'raisedAt', 'state'] as const;
export type AlarmSortKey = (typeof ALARM_SORT_KEYS)[number];
export type AlarmSort = { key: AlarmSortKey; descending: boolean };
/** The console's default: most important first, newest first within a level. */
export const DEFAULT_ALARM_SORT: AlarmSort = { key: 'level', descending: false };

const byLevelThenNewest = (a: Alarm, b: Alarm): number =>
  levelRank(a.level) - levelRank(b.level) || Date.parse(b.raisedAt) - Date.parse(a.raisedAt) || b.id - a.id;

const text = (v: string | null) => v ?? '';

const COMPARE: Record<AlarmSortKey, (a: Alarm, b: Alarm, now: number) => number> = {
  level: (a, b) => levelRank(a.level) - levelRank(b.level),
  alarmType: (a, b) => a.alarmType.localeCompare(b.alarmType),
  sourceCode: (a, b) => a.sourceCode.localeCompare(b.sourceCode),
  areaName: (a, b) => text(a.areaName).localeCompare(text(b.areaName), 'zh-CN'),
  raisedAt: (a, b) => Date.parse(a.raisedAt) - Date.parse(b.raisedAt),
  state: (a, b, now) => alarmStateOf(a, now).localeCompare(alarmStateOf(b, now)),
};

/** Sorted by the chosen column; ties (and the default) fall back to level, then newest first. */
export const sortAlarms = (alarms: readonly Alarm[], sort: AlarmSort, now: number = Date.now()): Alarm[] => {
  const sign = sort.descending ? -1 : 1;
  return [...alarms].sort((a, b) => sign * COMPARE[sort.key](a, b, now) || byLevelThenNewest(a, b));
};

export type AlarmRowGroup = { alarm: Alarm; children: Alarm[] };

/** Top-level rows with the suppressed alarms of the list hung under their parent (a child whose parent is not in
 * the list stands on its own, so nothing disappears). */
export const groupUnderParents = (alarms: readonly Alarm[]): AlarmRowGroup[] => {
  const ids = new Set(alarms.map((a) => a.id));
  const children = new Map<number, Alarm[]>();
  const top: Alarm[] = [];
  for (const alarm of alarms) {
    if (alarm.parentId !== null && ids.has(alarm.parentId)) {
      const list = children.get(alarm.parentId) ?? [];
      list.push(alarm);
      children.set(alarm.parentId, list);
    } else top.push(alarm);
  }
  return top.map((alarm) => ({ alarm, children: children.get(alarm.id) ?? [] }));
};
