// The work order's texts in the one catalogue both sides load (shared/src/i18n/messages.ts): every field's and
// value's label from the declarations, the actions and system events, the rules' and refusals' messages, the
// to-dos the bell shows, the operation-log names and the spreadsheet's name.
import { enumMessages, fieldMessages, type Label } from '../fields/index.ts';
import { WORK_ORDER_FIELDS } from './workOrderFields.ts';
import { DeadlineClass, RoleType, WorkOrderAction, WorkOrderSystemEvent } from './workOrderModel.ts';

export const workOrderMessages = {
  ...fieldMessages('workOrder', WORK_ORDER_FIELDS),
  ...enumMessages('workOrder', 'action', WorkOrderAction),
  ...enumMessages('workOrder', 'event', WorkOrderSystemEvent),
  ...enumMessages('workOrder', 'deadline', DeadlineClass),
  ...enumMessages('workOrder', 'roleType', RoleType),
  // the action rules (workOrderMachine.actionInputViolations) and the save rules (workOrderRules.ts)
  'workOrder.rules.assigneeRequired': { 'zh-CN': '请选择处理人', en: 'Please choose the assignee' },
  'workOrder.rules.causeRequired': { 'zh-CN': '请选择故障原因', en: 'Please choose the cause' },
  'workOrder.rules.reasonRequired': { 'zh-CN': '请输入原因', en: 'Please enter the reason' },
  'workOrder.rules.commentRequired': { 'zh-CN': '请输入说明', en: 'Please enter a comment' },
  'workOrder.rules.noteEmpty': { 'zh-CN': '请填写备注或上传照片', en: 'Please write a note or add a photo' },
  'workOrder.rules.dueAtRequired': { 'zh-CN': '请选择新的期限', en: 'Please choose the new due time' },
  'workOrder.rules.dueAtPast': { 'zh-CN': '新的期限必须晚于当前时间', en: 'The new due time must be in the future' },
  'workOrder.rules.dueAtTooFar': { 'zh-CN': '延期不能超过90天', en: 'A deferral cannot exceed 90 days' },
  'workOrder.rules.titleRequired': { 'zh-CN': '请输入工单标题', en: 'Please enter the title' },
  'workOrder.rules.descriptionRequired': { 'zh-CN': '请输入问题描述', en: 'Please describe the problem' },
  'workOrder.rules.phoneFormat': { 'zh-CN': '联系电话格式不对', en: 'The contact phone format is wrong' },
  'workOrder.rules.locationPair': {
    'zh-CN': '经度和纬度需同时填写',
    en: 'Enter both longitude and latitude, or neither',
  },
  // refusals of an action the order's state or the caller does not allow (HTTP 200, business code 1)
  'workOrder.refused.state': {
    'zh-CN': '工单当前状态为「{{status}}」,不能{{action}}',
    en: 'The order is {{status}}: it cannot be given "{{action}}"',
  },
  'workOrder.refused.forbidden': {
    'zh-CN': '您不能对该工单执行「{{action}}」',
    en: 'You may not "{{action}}" this order',
  },
  'workOrder.assignee.invalid': {
    'zh-CN': '处理人不存在、已停用或没有处理工单的权限',
    en: 'The assignee does not exist, is disabled or may not work on orders',
  },
  'workOrder.source.notFound': { 'zh-CN': '来源记录不存在', en: 'The source record does not exist' },
  'workOrder.source.missing': {
    'zh-CN': '请指定来源({{fields}})',
    en: 'Please name the source ({{fields}})',
  },
  'workOrder.raise.existing': {
    'zh-CN': '该来源已有未完结工单 {{code}}',
    en: 'This source already has an open order, {{code}}',
  },
  'workOrder.batch.done': {
    'zh-CN': '成功 {{ok}} 条,失败 {{failed}} 条',
    en: '{{ok}} done, {{failed}} failed',
  },
  // to-dos in the bell (category 2, param = the order's code): written in the reader's language when read
  'workOrder.todo.assigned': { 'zh-CN': '新工单待处理:{{code}}', en: 'New work order: {{code}}' },
  'workOrder.todo.assignedContent': {
    'zh-CN': '{{title}}({{type}},{{priority}}),处理期限 {{due}}',
    en: '{{title}} ({{type}}, {{priority}}), resolve by {{due}}',
  },
  'workOrder.todo.reminded': { 'zh-CN': '工单催办:{{code}}', en: 'Reminder: work order {{code}}' },
  'workOrder.todo.remindedContent': {
    'zh-CN': '{{by}} 催办:{{title}}。{{comment}}',
    en: '{{by}} asks about: {{title}}. {{comment}}',
  },
  'workOrder.todo.escalatedResponse': {
    'zh-CN': '工单超时升级({{level}}级):{{code}}',
    en: 'Escalation (level {{level}}): work order {{code}}',
  },
  'workOrder.todo.escalatedResponseContent': {
    'zh-CN': '{{title}} 超过响应期限仍未接单',
    en: '{{title}} is past its response time and still not accepted',
  },
  'workOrder.todo.escalatedResolve': {
    'zh-CN': '工单超时升级({{level}}级):{{code}}',
    en: 'Escalation (level {{level}}): work order {{code}}',
  },
  'workOrder.todo.escalatedResolveContent': {
    'zh-CN': '{{title}} 已用去处理时限的 {{percent}}%,处理期限 {{due}}',
    en: '{{title}} has used {{percent}}% of its resolution time, due {{due}}',
  },
  'workOrder.todo.noDue': { 'zh-CN': '无', en: 'none' },
  // the escalation ladder's audiences (settings page, events)
  'workOrder.audience.assignee': { 'zh-CN': '处理人', en: 'Assignee' },
  'workOrder.audience.dispatchers': { 'zh-CN': '调度员', en: 'Dispatchers' },
  'workOrder.audience.managers': { 'zh-CN': '审核人', en: 'Reviewers' },
  'workOrder.basis.response': { 'zh-CN': '响应时限', en: 'Response target' },
  'workOrder.basis.resolve': { 'zh-CN': '处理时限', en: 'Resolution target' },
  // the alarm's and the leak event's note when an order is raised from or completed for them
  'workOrder.alarmNote.raised': { 'zh-CN': '已生成工单 {{code}}', en: 'Work order {{code}} raised' },
  'workOrder.alarmNote.completed': {
    'zh-CN': '工单 {{code}} 已完工:{{cause}}',
    en: 'Work order {{code}} completed: {{cause}}',
  },
  // the work calendar's text import (calendarText.ts) and the settings' rules
  'workCalendar.import.badLine': {
    'zh-CN': '无法识别:应为 日期,类型,名称(如 2026-10-01~2026-10-07,holiday,国庆节)',
    en: 'Not understood: expected day,kind,name (e.g. 2026-10-01~2026-10-07,holiday,National Day)',
  },
  'workCalendar.import.badDay': { 'zh-CN': '日期不正确', en: 'The date is invalid' },
  'workCalendar.import.rangeTooLong': { 'zh-CN': '日期范围不能超过31天', en: 'A range cannot exceed 31 days' },
  'workCalendar.rules.dayOutsideYear': {
    'zh-CN': '日期必须是所选年份的有效日期',
    en: 'Every day must be a real day of the chosen year',
  },
  'workCalendar.rules.dayTwice': { 'zh-CN': '同一日期不能出现两次', en: 'A day cannot appear twice' },
  'workOrder.settings.workingHoursFormat': {
    'zh-CN': '工作时间格式应为 08:30-17:30,或留空表示全天',
    en: 'Working hours read 08:30-17:30, or stay empty for whole days',
  },
  'workOrder.settings.targetTwice': {
    'zh-CN': '同一类型和优先级的时限只能设置一次',
    en: 'A type and priority can have one target only',
  },
  'workOrder.settings.responseAfterResolve': {
    'zh-CN': '响应时限不能长于处理时限',
    en: 'The response target cannot be longer than the resolution target',
  },
  'workOrder.settings.levelTwice': { 'zh-CN': '升级级别不能重复', en: 'An escalation level can appear once only' },
  'workOrder.sheet.file': { 'zh-CN': '工单', en: 'work orders' },
  'workOrder.sheet.deadlineClass': { 'zh-CN': '时限状态', en: 'Deadline' },
  // operation log
  'oplog.workOrderCreate': { 'zh-CN': '新建工单', en: 'Create a work order' },
  'oplog.workOrderUpdate': { 'zh-CN': '编辑工单', en: 'Edit a work order' },
  'oplog.workOrderAction': { 'zh-CN': '处理工单', en: 'Act on a work order' },
  'oplog.workOrderBatchAssign': { 'zh-CN': '批量派单', en: 'Batch assign work orders' },
  'oplog.workOrderBatchComplete': { 'zh-CN': '批量完工', en: 'Batch complete work orders' },
  'oplog.workOrderRaise': { 'zh-CN': '生成工单', en: 'Raise work orders' },
  'oplog.workOrderSettingsSave': { 'zh-CN': '保存工单时限设置', en: 'Save work-order deadlines' },
  'oplog.workCalendarSave': { 'zh-CN': '保存工作日历', en: 'Save the work calendar' },
  'oplog.dutyRosterSave': { 'zh-CN': '保存值班表', en: 'Save the duty roster' },
} as const satisfies Record<string, Label>;
