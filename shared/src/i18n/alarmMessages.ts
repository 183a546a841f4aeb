// Server messages of the alarm engine and console calls (H-ALARM): spread into the shared catalogue (messages.ts).
// The rule texts are also the forms' (shared/src/monitoring/alarmRules.ts check functions return these keys).
import type { Locale } from './locale.ts';

export const alarmMessages = {
  // spec §5 "alarm value not greater than severe value": where a HIGH value is bad (the sudden increase)
  'rules.alarm.alarmAboveSevere': {
    'zh-CN': '告警值不能大于严重值',
    en: 'The alarm value cannot be greater than the severe value',
  },
  // the same rule where a LOW value is bad (voltage, CSQ, RSRP): the severe value lies below the alarm value
  'rules.alarm.severeAboveAlarm': {
    'zh-CN': '严重值不能大于告警值',
    en: 'The severe value cannot be greater than the alarm value',
  },
  'rules.alarm.voltage.range': { 'zh-CN': '电压须在 0 到 12 V 之间', en: 'The voltage must be between 0 and 12 V' },
  'rules.alarm.csq.range': {
    'zh-CN': '信号强度(CSQ)须在 0 到 31 之间',
    en: 'The signal strength (CSQ) must be between 0 and 31',
  },
  'rules.alarm.rsrp.range': {
    'zh-CN': 'RSRP 须在 -156 到 -44 dBm 之间',
    en: 'The RSRP must be between -156 and -44 dBm',
  },
  'rules.alarm.offlineOrder': {
    'zh-CN': '离线小时数须依次递增:告警 < 严重 < 紧急',
    en: 'The offline hours must increase: alarm < severe < urgent',
  },
  'rules.alarm.cloneSameArea': {
    'zh-CN': '不能复制到源小区本身',
    en: 'The settings cannot be copied to their own area',
  },
  'alarm.areaNotFound': { 'zh-CN': '小区不存在', en: 'The residential area does not exist' },
  'alarm.notFound': { 'zh-CN': '告警不存在', en: 'The alarm does not exist' },
  // operation log names
  'oplog.alarmAcknowledge': { 'zh-CN': '确认告警', en: 'Acknowledge alarms' },
  'oplog.alarmShelve': { 'zh-CN': '搁置告警', en: 'Shelve alarms' },
  'oplog.alarmUnshelve': { 'zh-CN': '取消搁置告警', en: 'Unshelve alarms' },
  'oplog.alarmRuleUpdate': { 'zh-CN': '修改告警规则', en: 'Change alarm rules' },
  'oplog.alarmRuleClone': { 'zh-CN': '复制用水异常设置', en: 'Copy usage-exception settings' },
} as const satisfies Record<string, Record<Locale, string>>;
