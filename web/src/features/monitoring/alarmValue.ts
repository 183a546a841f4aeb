// How an alarm's value and the limit it crossed read in the console: with the unit of its type (V, dBm, m³, hours,
// days), so "0.5 / 0" becomes "0.5 小时" — an offline alarm's value is hours of silence, and a limit of 0 means the
// device is past the offline minimum but below the first escalation step, which is no limit worth printing.
import type { Alarm, AlarmType } from '@waterops/shared/monitoring';

export type AlarmUnit = 'volt' | 'dbm' | 'none' | 'days' | 'hours' | 'm3' | 'm3h';

const UNITS: Record<AlarmType, AlarmUnit> = {
  voltage: 'volt',
  csq: 'none',
  rsrp: 'dbm',
  zeroUse: 'days',
  reverseFlow: 'm3',
  suddenIncrease: 'm3',
  continuousFlow: 'm3h',
  stuckMeter: 'days',
  offline: 'hours',
  noData: 'hours',
  nightFlow: 'm3h',
};

export const alarmUnitOf = (type: AlarmType): AlarmUnit => UNITS[type];

const num = (v: number) => String(Number(v.toFixed(3)));

/** "value unit / limit unit", "value unit" when there is no limit to show, '—' when there is no value. */
export const formatAlarmValue = (
  alarm: Pick<Alarm, 'alarmType' | 'value' | 'threshold'>,
  unitText: (unit: AlarmUnit) => string,
): string => {
  if (alarm.value === null) return '—';
  const unit = unitText(UNITS[alarm.alarmType]);
  const withUnit = (v: number) => (unit ? `${num(v)} ${unit}` : num(v));
  const limit = alarm.threshold;
  const hoursBelowFirstStep = UNITS[alarm.alarmType] === 'hours' && limit === 0;
  if (limit === null || hoursBelowFirstStep) return withUnit(alarm.value);
  return `${withUnit(alarm.value)} / ${withUnit(limit)}`;
};
