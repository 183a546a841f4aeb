import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/messages.ts';
import {
  areaRuleCode,
  checkIncreaseRule,
  checkOfflineRule,
  checkThresholdRule,
  checkUsageRule,
  DEFAULT_ALARM_RULES,
  DEFAULT_USAGE_RULE,
} from './alarmRules.ts';

describe('threshold warnings (low is bad: severe ≤ alarm)', () => {
  it.each([
    ['voltage', 3.4, 3.2, null],
    ['voltage', 3.4, 3.4, null],
    ['voltage', 3.2, 3.4, 'rules.alarm.severeAboveAlarm'],
    ['voltage', 20, 3, 'rules.alarm.voltage.range'],
    ['csq', 10, 5, null],
    ['csq', 32, 5, 'rules.alarm.csq.range'],
    ['rsrp', -110, -120, null],
    ['rsrp', -120, -110, 'rules.alarm.severeAboveAlarm'],
    ['rsrp', -30, -120, 'rules.alarm.rsrp.range'],
  ] as const)('%s alarm %s severe %s → %s', (kind, alarmValue, severeValue, message) => {
    expect(checkThresholdRule(kind, { alarmValue, severeValue })).toBe(message);
  });
});

describe('sudden increase: the spec’s "alarm value not greater than severe value"', () => {
  it('accepts equal and ordered percentages and refuses an alarm above the severe one', () => {
    expect(checkUsageRule(DEFAULT_USAGE_RULE)).toBeNull();
    expect(checkIncreaseRule({ ...DEFAULT_USAGE_RULE, increasePercent: 500, increaseSeverePercent: 500 })).toBeNull();
    expect(checkIncreaseRule({ ...DEFAULT_USAGE_RULE, increasePercent: 501, increaseSeverePercent: 500 })).toBe(
      'rules.alarm.alarmAboveSevere',
    );
  });

  it('says so in Chinese and English', () => {
    expect(translate('rules.alarm.alarmAboveSevere', 'zh-CN')).toBe('告警值不能大于严重值');
    expect(translate('rules.alarm.alarmAboveSevere', 'en')).toBe(
      'The alarm value cannot be greater than the severe value',
    );
  });
});

describe('offline hours', () => {
  it.each([
    [24, 48, 72, null],
    [24, 24, 72, 'rules.alarm.offlineOrder'],
    [48, 24, 72, 'rules.alarm.offlineOrder'],
    [1, 2, 3, null],
  ])('%s / %s / %s h → %s', (alarmHours, severeHours, urgentHours, message) => {
    expect(checkOfflineRule({ alarmHours, severeHours, urgentHours })).toBe(message);
  });
});

describe('defaults and area codes', () => {
  it('pass their own checks', () => {
    for (const kind of ['voltage', 'csq', 'rsrp'] as const)
      expect(checkThresholdRule(kind, DEFAULT_ALARM_RULES[kind])).toBeNull();
    expect(checkOfflineRule(DEFAULT_ALARM_RULES.offline)).toBeNull();
  });
  it('name an area override by field and area', () => {
    expect(areaRuleCode('zeroUseDays', 12)).toBe('zeroUseDays@12');
  });
});
