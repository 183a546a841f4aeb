// The names of the parameter groups and entries WaterOps itself keeps in parameter config (alarm rules, district
// metering, work-order deadlines), in both languages: the one place they are written. A new tenant's entries are
// stored under the Chinese name; the page shows the name in the reader's language while the stored name is still one
// of these (a name an administrator typed is shown as typed).
import type { Locale } from '../i18n/index.ts';

type Label = Record<Locale, string>;

export const PARAM_GROUP_LABELS: Record<string, Label> = {
  'alarm.voltage': { 'zh-CN': '电压告警', en: 'Battery voltage alarm' },
  'alarm.csq': { 'zh-CN': '信号强度(CSQ)告警', en: 'Signal strength (CSQ) alarm' },
  'alarm.rsrp': { 'zh-CN': '信号功率(RSRP)告警', en: 'Signal power (RSRP) alarm' },
  'alarm.usage': { 'zh-CN': '用水异常规则', en: 'Usage exception rules' },
  'alarm.offline': { 'zh-CN': '离线告警', en: 'Offline alarm' },
  'alarm.delay': { 'zh-CN': '告警延时', en: 'Alarm delays' },
  'dma.nightFlow': { 'zh-CN': '夜间流量分析', en: 'Night-flow analysis' },
  'dma.lossRate': { 'zh-CN': '漏损率修正条件(CJJ 92)', en: 'Loss-rate corrections (CJJ 92)' },
  'workorder.deadline': { 'zh-CN': '工单时限(分钟)', en: 'Work-order targets (minutes)' },
  'workorder.calendar': { 'zh-CN': '工单计时', en: 'Work-order clock' },
  'workorder.escalation': { 'zh-CN': '工单超时升级', en: 'Work-order escalation' },
};

/** Entries by `<keyType>.<code>`. */
export const PARAM_ENTRY_LABELS: Record<string, Label> = {
  'alarm.voltage.alarmValue': { 'zh-CN': '电压告警值(V)', en: 'Voltage alarm value (V)' },
  'alarm.voltage.severeValue': { 'zh-CN': '电压严重值(V)', en: 'Voltage severe value (V)' },
  'alarm.csq.alarmValue': { 'zh-CN': '信号强度告警值(CSQ)', en: 'Signal alarm value (CSQ)' },
  'alarm.csq.severeValue': { 'zh-CN': '信号强度严重值(CSQ)', en: 'Signal severe value (CSQ)' },
  'alarm.rsrp.alarmValue': { 'zh-CN': 'RSRP告警值(dBm)', en: 'RSRP alarm value (dBm)' },
  'alarm.rsrp.severeValue': { 'zh-CN': 'RSRP严重值(dBm)', en: 'RSRP severe value (dBm)' },
  'alarm.usage.zeroUseDays': { 'zh-CN': '零用水天数', en: 'Days of zero use' },
  'alarm.usage.reverseFlowMin': { 'zh-CN': '倒流最小量(m³)', en: 'Minimum reverse flow (m³)' },
  'alarm.usage.increasePercent': { 'zh-CN': '突增告警比例(%)', en: 'Sudden increase, alarm (%)' },
  'alarm.usage.increaseSeverePercent': { 'zh-CN': '突增严重比例(%)', en: 'Sudden increase, severe (%)' },
  'alarm.usage.increaseMinM3': { 'zh-CN': '突增最小量(m³)', en: 'Sudden increase, minimum (m³)' },
  'alarm.usage.increaseMeanDays': { 'zh-CN': '突增均值天数', en: 'Days in the usual-use mean' },
  'alarm.usage.continuousFlowHours': { 'zh-CN': '连续流量小时数', en: 'Hours of continuous flow' },
  'alarm.usage.continuousFlowMin': { 'zh-CN': '连续流量下限(m³/h)', en: 'Continuous flow, minimum (m³/h)' },
  'alarm.usage.stuckMeterDays': { 'zh-CN': '表停走天数', en: 'Days a stuck meter shows no change' },
  'alarm.offline.alarmHours': { 'zh-CN': '离线告警小时数', en: 'Offline hours to alarm' },
  'alarm.offline.severeHours': { 'zh-CN': '离线严重小时数', en: 'Offline hours to severe' },
  'alarm.offline.urgentHours': { 'zh-CN': '离线紧急小时数', en: 'Offline hours to urgent' },
  'alarm.delay.onDelaySeconds': { 'zh-CN': '告警延时(秒)', en: 'On-delay (s)' },
  'alarm.delay.offDelaySeconds': { 'zh-CN': '恢复延时(秒)', en: 'Off-delay (s)' },
  'dma.nightFlow.nightUsePerConnection': {
    'zh-CN': '户均夜间合法用水(L/h)',
    en: 'Legitimate night use per connection (L/h)',
  },
  'dma.nightFlow.nightDayFactorHours': { 'zh-CN': '日夜系数(小时)', en: 'Night-day factor (hours)' },
  'dma.lossRate.supplyPressureMpa': { 'zh-CN': '年平均出厂压力(MPa)', en: 'Mean annual supply pressure (MPa)' },
  'dma.lossRate.maxFrostDepthM': { 'zh-CN': '最大冻土深度(m)', en: 'Maximum frost depth (m)' },
};

/** The Chinese name a new entry is stored under (the key itself when WaterOps has no name for it). */
export const paramEntryName = (keyType: string, code: string): string =>
  PARAM_ENTRY_LABELS[`${keyType}.${code}`]?.['zh-CN'] ?? `${keyType}.${code}`;

/** An entry's name in `locale`: a known entry still under one of its names reads in the locale, any other as stored. */
export const paramNameIn = (keyType: string, code: string, stored: string, locale: Locale): string => {
  const label = PARAM_ENTRY_LABELS[`${keyType}.${code}`];
  return label && (stored === label['zh-CN'] || stored === label.en) ? label[locale] : stored;
};

/** A group's name in `locale`; null for a group WaterOps does not name (an administrator's own). */
export const paramGroupName = (keyType: string, locale: Locale): string | null =>
  PARAM_GROUP_LABELS[keyType]?.[locale] ?? null;
