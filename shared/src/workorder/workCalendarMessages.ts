// Texts of the work calendar, the deadline settings and the duty roster (gateway answers and web pages), in the one
// catalogue shape (shared/src/i18n/messages.ts spreads it). The calendar's import messages and the settings' rules
// that the contract names live in workOrderMessages.ts.
import type { Label } from '../fields/index.ts';

export const workCalendarMessages = {
  // ── gateway answers ────────────────────────────────────────────────────────────────────────────────────────────
  'workCalendar.saved': {
    'zh-CN': '工作日历已保存,{{count}} 张未完结工单的期限已重新计算',
    en: "Work calendar saved; {{count}} open orders' due times recomputed",
  },
  'workCalendar.rules.yearRange': { 'zh-CN': '年份应在 2000 到 2100 之间', en: 'The year must be 2000 to 2100' },
  'workOrder.settings.saved': {
    'zh-CN': '时限设置已保存,{{count}} 张未完结工单的期限已重新计算',
    en: "Deadline settings saved; {{count}} open orders' due times recomputed",
  },
  'workOrder.settings.targetMissing': {
    'zh-CN': '每种工单类型和优先级都需要设置时限',
    en: 'Every type and priority needs a target',
  },
  'dutyRoster.rangeOrder': { 'zh-CN': '结束日期不能早于开始日期', en: 'The end day cannot be before the start day' },
  'dutyRoster.rangeTooLong': {
    'zh-CN': '值班表一次最多查询 62 天',
    en: 'The roster can be read for at most 62 days at a time',
  },
  'dutyRoster.userDisabled': {
    'zh-CN': '值班人员中有已停用的账号',
    en: 'A disabled account cannot be put on duty',
  },
  // the 参数配置 page's names of the settings' groups
  'paramConfig.group.workorder.deadline': { 'zh-CN': '工单时限(分钟)', en: 'Work-order targets (minutes)' },
  'paramConfig.group.workorder.calendar': { 'zh-CN': '工单计时', en: 'Work-order clock' },
  'paramConfig.group.workorder.escalation': { 'zh-CN': '工单超时升级', en: 'Work-order escalation' },
} as const satisfies Record<string, Label>;
