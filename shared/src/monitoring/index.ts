// @waterops/shared/monitoring — alarms, the alarm console, monitoring statistics and the device status board
// (spec §1 monitoring, §4 abnormality levels, §7 /api-workbench/monitoring/*).
export * from './alarmRules.ts';
export * from './alarms.ts';
export * from './paths.ts';
export * from './statistics.ts';
export * from './statusBoard.ts';
