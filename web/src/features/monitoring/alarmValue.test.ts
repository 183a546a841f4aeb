import { describe, expect, it } from 'vitest';
import { type AlarmUnit, formatAlarmValue } from './alarmValue.ts';

const zh: Record<AlarmUnit, string> = {
  volt: 'V',
  dbm: 'dBm',
  none: '',
  days: '天',
  hours: '小时',
  m3: 'm³',
  m3h: 'm³/h',
};
const unitText = (u: AlarmUnit) => zh[u];

describe('formatAlarmValue', () => {
  it.each([
    [{ alarmType: 'voltage', value: 3.3, threshold: 3.4 }, '3.3 V / 3.4 V'],
    [{ alarmType: 'csq', value: 4, threshold: 10 }, '4 / 10'],
    [{ alarmType: 'rsrp', value: -112, threshold: -105 }, '-112 dBm / -105 dBm'],
    [{ alarmType: 'offline', value: 25.4, threshold: 24 }, '25.4 小时 / 24 小时'],
    // past the offline minimum, below the first step: the hours alone
    [{ alarmType: 'noData', value: 0.5, threshold: 0 }, '0.5 小时'],
    [{ alarmType: 'zeroUse', value: 7, threshold: 7 }, '7 天 / 7 天'],
    [{ alarmType: 'continuousFlow', value: 0.0123456, threshold: 0.005 }, '0.012 m³/h / 0.005 m³/h'],
    [{ alarmType: 'nightFlow', value: 3.2, threshold: null }, '3.2 m³/h'],
    [{ alarmType: 'reverseFlow', value: null, threshold: 0.01 }, '—'],
  ] as const)('%o reads %s', (alarm, text) => {
    expect(formatAlarmValue(alarm, unitText)).toBe(text);
  });
});
