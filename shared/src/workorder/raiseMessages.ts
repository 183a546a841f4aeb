// Texts of raising work orders from alarms, exceptions, readings, leak events and the map (web), in the one catalogue shape (shared/src/i18n/messages.ts spreads it).
import type { Label } from '../fields/index.ts';

export const raiseMessages = {
  // the server's answers
  'workOrderRaise.exceptionType': {
    'zh-CN': '异常类型不正确',
    en: 'The exception type is not one this source knows',
  },
  'workOrderRaise.eventRepaired': {
    'zh-CN': '该漏损事件已修复,无需生成工单',
    en: 'This leak event is already repaired: no order is needed',
  },
  'workOrderRaise.base.noException': {
    'zh-CN': '该底数未发现异常,请先进行底数检查',
    en: 'No anomaly was found on this base: run the base check first',
  },
  // notes in an alarm's history besides the contract's raised / completed
  'workOrderRaise.alarmNote.cancelled': { 'zh-CN': '工单 {{code}} 已取消', en: 'Work order {{code}} cancelled' },
  'workOrderRaise.alarmNote.reopened': {
    'zh-CN': '工单 {{code}} 退回重办',
    en: 'Work order {{code}} sent back for more work',
  },
  'alarmConsole.action.noted': { 'zh-CN': '工单记录', en: 'Work order' },

  // the raise actions and dialog
  'workOrderRaise.action': { 'zh-CN': '生成工单', en: 'Raise work order' },
  'workOrderRaise.actionSelected': { 'zh-CN': '生成工单({{count}})', en: 'Raise work orders ({{count}})' },
  'workOrderRaise.dialogTitle': { 'zh-CN': '生成工单', en: 'Raise a work order' },
  'workOrderRaise.dialogTitleMany': { 'zh-CN': '生成工单({{count}} 条)', en: 'Raise work orders ({{count}})' },
  'workOrderRaise.oncePerSource': {
    'zh-CN': '每个来源只保留一张未完结工单:已有工单的来源会返回原工单,不会重复生成。',
    en: 'A source keeps one open order: where one exists it is returned, never duplicated.',
  },
  'workOrderRaise.sources': { 'zh-CN': '来源', en: 'Sources' },
  'workOrderRaise.moreSources': { 'zh-CN': '另有 {{count}} 条', en: 'and {{count}} more' },
  'workOrderRaise.typeAuto': { 'zh-CN': '按来源自动判断', en: 'From the source' },
  'workOrderRaise.priorityAuto': { 'zh-CN': '按告警级别自动判断', en: 'From the alarm level' },
  'workOrderRaise.priorityByType': { 'zh-CN': '按工单类型默认', en: 'The order type default' },
  'workOrderRaise.comment': { 'zh-CN': '备注', en: 'Remark' },
  'workOrderRaise.commentPlaceholder': {
    'zh-CN': '补充说明,随工单描述一起保存(选填)',
    en: 'Anything the crew should know, kept with the description (optional)',
  },
  'workOrderRaise.commentTooLong': { 'zh-CN': '备注不能超过500个字', en: 'The remark cannot exceed 500 characters' },
  'workOrderRaise.tooMany': {
    'zh-CN': '一次最多生成 {{max}} 条,请减少所选记录',
    en: 'At most {{max}} at once: choose fewer rows',
  },
  'workOrderRaise.submit': { 'zh-CN': '生成', en: 'Raise' },
  'workOrderRaise.cancel': { 'zh-CN': '取消', en: 'Cancel' },
  'workOrderRaise.close': { 'zh-CN': '关闭', en: 'Close' },
  // results
  'workOrderRaise.summary': {
    'zh-CN': '新建 {{created}} 张,已有工单 {{existing}} 张,失败 {{failed}} 条',
    en: '{{created}} created, {{existing}} already open, {{failed}} failed',
  },
  'workOrderRaise.createdOne': { 'zh-CN': '已生成工单 {{code}}', en: 'Work order {{code}} raised' },
  'workOrderRaise.existingOne': {
    'zh-CN': '该来源已有未完结工单 {{code}}',
    en: 'This source already has an open order, {{code}}',
  },
  'workOrderRaise.result.created': { 'zh-CN': '新建', en: 'Created' },
  'workOrderRaise.result.existing': { 'zh-CN': '已有工单', en: 'Already open' },
  'workOrderRaise.result.failed': { 'zh-CN': '失败', en: 'Failed' },
  'workOrderRaise.column.source': { 'zh-CN': '来源', en: 'Source' },
  'workOrderRaise.column.result': { 'zh-CN': '结果', en: 'Result' },
  'workOrderRaise.column.order': { 'zh-CN': '工单', en: 'Order' },
  'workOrderRaise.openOrder': { 'zh-CN': '查看工单 {{code}}', en: 'Open order {{code}}' },
  // what a source is, in the dialog and the results
  'workOrderRaise.source.alarm': { 'zh-CN': '{{kind}} {{code}} · {{type}}', en: '{{kind}} {{code}} · {{type}}' },
  'workOrderRaise.source.usage': { 'zh-CN': '水表 {{code}} · {{type}}', en: 'Meter {{code}} · {{type}}' },
  'workOrderRaise.source.reading': {
    'zh-CN': '水表 {{code}} · {{period}} · {{check}}',
    en: 'Meter {{code}} · {{period}} · {{check}}',
  },
  'workOrderRaise.source.leak': {
    'zh-CN': '{{district}} · 自 {{day}} 起的漏损',
    en: '{{district}} · leak since {{day}}',
  },
  // a leak event's cost in the night-flow dialog
  'workOrderRaise.leak.size': { 'zh-CN': '漏损规模', en: 'Leak size' },
  'workOrderRaise.leak.sizeValue': { 'zh-CN': '{{value}} m³/h', en: '{{value}} m³/h' },
  'workOrderRaise.leak.lost': { 'zh-CN': '至今已损失水量', en: 'Lost so far' },
  'workOrderRaise.leak.perDay': { 'zh-CN': '每多一天再损失', en: 'Each further day costs' },
  'workOrderRaise.leak.volume': { 'zh-CN': '{{value}} m³', en: '{{value}} m³' },
  'workOrderRaise.leak.since': { 'zh-CN': '开始日期', en: 'Started' },
  'workOrderRaise.leak.hint': {
    'zh-CN': '漏损维修工单完工后,修复时间记录到该漏损事件。',
    en: 'When the repair order is completed, the repair is recorded on this leak event.',
  },
  // the orders of a source (alarm history, night-flow events, resident and meter drawers)
  'workOrderRaise.orders.title': { 'zh-CN': '相关工单', en: 'Work orders' },
  'workOrderRaise.orders.none': { 'zh-CN': '暂无工单', en: 'No work orders' },
  'workOrderRaise.orders.loadFailed': { 'zh-CN': '工单加载失败', en: 'The work orders could not be loaded' },
  'workOrderRaise.orders.repairedAt': { 'zh-CN': '修复时间 {{time}}', en: 'Repaired {{time}}' },
  'workOrderRaise.orders.repairedColumn': { 'zh-CN': '修复时间', en: 'Repaired' },
  'workOrderRaise.orders.more': {
    'zh-CN': '仅显示最近 {{shown}} 张,共 {{count}} 张',
    en: 'Showing the latest {{shown}} of {{count}}',
  },
  'workOrderRaise.orders.column': { 'zh-CN': '工单', en: 'Work order' },
  // the operations map: the open orders' layer and raising at a clicked place
  'operationsMap.layers.workorders': { 'zh-CN': '工单', en: 'Work orders' },
  'workOrderRaise.map.legend': {
    'zh-CN': '工单(颜色=优先级,外圈=时限)',
    en: 'Work orders (colour: priority; ring: deadline)',
  },
  'workOrderRaise.map.point': { 'zh-CN': '地图位置', en: 'Place on the map' },
  'workOrderRaise.map.deadline': { 'zh-CN': '时限状态', en: 'Deadline' },
  'workOrderRaise.map.late': { 'zh-CN': '已超期', en: 'Overdue' },
  'workOrderRaise.map.dueSoon': { 'zh-CN': '即将超期', en: 'Due soon' },
  'workOrderRaise.here.action': { 'zh-CN': '在此生成工单', en: 'Raise a work order here' },
  'workOrderRaise.here.position': { 'zh-CN': '位置(BD-09)', en: 'Position (BD-09)' },
  'workOrderRaise.here.noDistrict': { 'zh-CN': '不在任何分区内', en: 'Not in any district' },
} as const satisfies Record<string, Label>;
