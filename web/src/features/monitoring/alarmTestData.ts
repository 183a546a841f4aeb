// Alarms for the console's tests: a complete Alarm with what a test names changed.
import type { Alarm } from '@waterops/shared/monitoring';

export const NOW = Date.parse('2026-11-25T12:00:00Z');
export const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();

export const anAlarm = (over: Partial<Alarm> & { id: number }): Alarm => ({
  alarmType: 'voltage',
  level: 'alarm',
  sourceKind: 'meter',
  sourceId: over.id * 10,
  sourceCode: `SB${String(over.id).padStart(8, '0')}`,
  areaId: 11,
  areaName: '东四小区',
  value: 3.1,
  threshold: 3.3,
  active: true,
  acknowledged: false,
  shelvedUntil: null,
  shelveReason: null,
  shelvedBy: null,
  parentId: null,
  suppressed: false,
  childCount: 0,
  raisedAt: minutesAgo(30),
  clearedAt: null,
  ackAt: null,
  ackBy: null,
  ackComment: null,
  updateTime: minutesAgo(30),
  ...over,
});
