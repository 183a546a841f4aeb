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

  // ── the work calendar page ──────────────────────────────────────────────────────────────────────────────────────
  'workCalendarPage.title': { 'zh-CN': '工作日历与时限', en: 'Work calendar and deadlines' },
  'workCalendarPage.tab.calendar': { 'zh-CN': '工作日历', en: 'Work calendar' },
  'workCalendarPage.tab.deadlines': { 'zh-CN': '处理时限', en: 'Deadline targets' },
  'workCalendarPage.readOnly': {
    'zh-CN': '您只能查看;修改需要「编辑工作日历和时限」权限',
    en: 'You can view only: changes need the "Edit the work calendar and deadlines" permission',
  },
  'workCalendarPage.prevYear': { 'zh-CN': '上一年', en: 'Previous year' },
  'workCalendarPage.nextYear': { 'zh-CN': '下一年', en: 'Next year' },
  'workCalendarPage.thisYear': { 'zh-CN': '今年', en: 'This year' },
  'workCalendarPage.year': { 'zh-CN': '{{year}}年', en: '{{year}}' },
  'workCalendarPage.legend.holiday': { 'zh-CN': '节假日(休)', en: 'Public holiday (off)' },
  'workCalendarPage.legend.workday': { 'zh-CN': '调休上班(班)', en: 'Make-up working day' },
  'workCalendarPage.legend.weekend': { 'zh-CN': '周末', en: 'Weekend' },
  'workCalendarPage.legend.today': { 'zh-CN': '今天', en: 'Today' },
  'workCalendarPage.mark.holiday': { 'zh-CN': '休', en: 'off' },
  'workCalendarPage.mark.workday': { 'zh-CN': '班', en: 'work' },
  'workCalendarPage.weekday.0': { 'zh-CN': '一', en: 'Mo' },
  'workCalendarPage.weekday.1': { 'zh-CN': '二', en: 'Tu' },
  'workCalendarPage.weekday.2': { 'zh-CN': '三', en: 'We' },
  'workCalendarPage.weekday.3': { 'zh-CN': '四', en: 'Th' },
  'workCalendarPage.weekday.4': { 'zh-CN': '五', en: 'Fr' },
  'workCalendarPage.weekday.5': { 'zh-CN': '六', en: 'Sa' },
  'workCalendarPage.weekday.6': { 'zh-CN': '日', en: 'Su' },
  'workCalendarPage.emptyTitle': {
    'zh-CN': '{{year}}年尚无节假日和调休数据',
    en: 'No holidays or make-up days for {{year}} yet',
  },
  'workCalendarPage.emptyText': {
    'zh-CN': '未设置前,按周一至周五上班计时。国务院公布当年放假安排后,可导入或逐日设置。',
    en: "Until they are set, Monday to Friday count as working days. Import the State Council's schedule once it is published, or set the days one by one.",
  },
  'workCalendarPage.import': { 'zh-CN': '导入', en: 'Import' },
  'workCalendarPage.export': { 'zh-CN': '导出', en: 'Export' },
  'workCalendarPage.save': { 'zh-CN': '保存日历', en: 'Save the calendar' },
  'workCalendarPage.discard': { 'zh-CN': '放弃修改', en: 'Discard changes' },
  'workCalendarPage.unsaved': { 'zh-CN': '有未保存的修改', en: 'Unsaved changes' },
  'workCalendarPage.saveFirst': { 'zh-CN': '请先保存或放弃修改', en: 'Save or discard your changes first' },
  'workCalendarPage.clickHint': {
    'zh-CN': '点击日期可设为节假日、调休上班或恢复常规。',
    en: 'Click a day to make it a holiday, a make-up working day, or usual again.',
  },
  'workCalendarPage.summary': { 'zh-CN': '本年安排', en: "The year's schedule" },
  'workCalendarPage.counts': {
    'zh-CN': '节假日 {{holidays}} 天,调休上班 {{workdays}} 天',
    en: '{{holidays}} days off, {{workdays}} make-up working days',
  },
  'workCalendarPage.dayCount_one': { 'zh-CN': '{{count}} 天', en: '{{count}} day' },
  'workCalendarPage.dayCount_other': { 'zh-CN': '{{count}} 天', en: '{{count}} days' },
  'workCalendarPage.unnamed': { 'zh-CN': '(未命名)', en: '(unnamed)' },
  'workCalendarPage.loadFailed': { 'zh-CN': '工作日历加载失败', en: 'The work calendar could not be loaded' },
  // the day dialog
  'workCalendarPage.dayTitle': { 'zh-CN': '{{day}} 星期{{weekday}}', en: '{{weekday}} {{day}}' },
  'workCalendarPage.dayKind': { 'zh-CN': '这一天', en: 'This day' },
  'workCalendarPage.kind.normal': {
    'zh-CN': '按常规(周一至周五上班,周末休息)',
    en: 'As usual (Monday to Friday on, weekends off)',
  },
  'workCalendarPage.kind.holiday': { 'zh-CN': '节假日(休息)', en: 'Public holiday (day off)' },
  'workCalendarPage.kind.workday': { 'zh-CN': '调休上班', en: 'Make-up working day' },
  'workCalendarPage.dayName': { 'zh-CN': '名称', en: 'Name' },
  'workCalendarPage.dayNamePlaceholder': { 'zh-CN': '如 国庆节', en: 'e.g. National Day' },
  'workCalendarPage.workdayOnWeekday': {
    'zh-CN': '周一至周五本来就上班,设为调休上班不起作用',
    en: 'Monday to Friday are working days anyway: a make-up working day changes nothing here',
  },
  'workCalendarPage.holidayOnWeekend': {
    'zh-CN': '周末本来就休息;标为节假日只是为了显示名称',
    en: 'Weekends are off anyway: marking one a holiday only names it',
  },
  // import and export
  'workCalendarPage.importTitle': { 'zh-CN': '导入{{year}}年节假日安排', en: 'Import the {{year}} holidays' },
  'workCalendarPage.importHint': {
    'zh-CN': '每行一个日期或日期范围:日期,类型,名称。类型写 holiday/休 或 workday/班;# 开头的行是注释。例如:',
    en: 'One day or range per line: day,kind,name. The kind is holiday/休 or workday/班; lines starting with # are comments. For example:',
  },
  'workCalendarPage.importExample': {
    'zh-CN': '2026-10-01~2026-10-07,holiday,国庆节\n2026-09-20,workday,国庆节调休',
    en: '2026-10-01~2026-10-07,holiday,National Day\n2026-09-20,workday,National Day make-up',
  },
  'workCalendarPage.importText': { 'zh-CN': '导入内容', en: 'Text to import' },
  'workCalendarPage.chooseFile': { 'zh-CN': '选择文件(.csv / .txt)', en: 'Choose a file (.csv / .txt)' },
  'workCalendarPage.fileUnreadable': { 'zh-CN': '无法读取该文件', en: 'The file could not be read' },
  'workCalendarPage.fileTooLarge': { 'zh-CN': '文件不能超过 1 MB', en: 'The file cannot exceed 1 MB' },
  'workCalendarPage.modeReplace': {
    'zh-CN': '替换全年:以导入的内容为准',
    en: 'Replace the year with the imported days',
  },
  'workCalendarPage.modeMerge': {
    'zh-CN': '合并:只更新导入的日期,其余保留',
    en: 'Merge: only the imported days change',
  },
  'workCalendarPage.preview': { 'zh-CN': '预览', en: 'Preview' },
  'workCalendarPage.lineError': { 'zh-CN': '第 {{line}} 行:{{message}}', en: 'Line {{line}}: {{message}}' },
  'workCalendarPage.outsideYear': {
    'zh-CN': '以下日期不在{{year}}年:{{days}}',
    en: 'Not in {{year}}: {{days}}',
  },
  'workCalendarPage.nothingToImport': { 'zh-CN': '没有可导入的日期', en: 'Nothing to import yet' },
  'workCalendarPage.importSubmit': { 'zh-CN': '导入并保存', en: 'Import and save' },
  'workCalendarPage.exportTitle': { 'zh-CN': '导出{{year}}年工作日历', en: 'Export the {{year}} calendar' },
  'workCalendarPage.download': { 'zh-CN': '下载 .txt', en: 'Download .txt' },
  'workCalendarPage.copy': { 'zh-CN': '复制', en: 'Copy' },
  'workCalendarPage.copied': { 'zh-CN': '已复制', en: 'Copied' },
  'workCalendarPage.fileName': { 'zh-CN': '工作日历-{{year}}.txt', en: 'work-calendar-{{year}}.txt' },

  // ── the deadline settings tab ───────────────────────────────────────────────────────────────────────────────────
  'deadlineSettings.targets': { 'zh-CN': '响应与处理时限', en: 'Response and resolution targets' },
  'deadlineSettings.targetsHint': {
    'zh-CN': '响应时限:派单后多久内接单;处理时限:多久内完工。按下方的计时方式计算,延期期间暂停。',
    en: 'Response: how soon an order is accepted; resolution: how soon it is completed. Counted on the clock below, paused while deferred.',
  },
  'deadlineSettings.unitLabel': { 'zh-CN': '单位', en: 'Unit' },
  'deadlineSettings.unit.hours': { 'zh-CN': '小时', en: 'hours' },
  'deadlineSettings.unit.days': { 'zh-CN': '天', en: 'days' },
  'deadlineSettings.type': { 'zh-CN': '工单类型', en: 'Type' },
  'deadlineSettings.response': { 'zh-CN': '响应', en: 'Response' },
  'deadlineSettings.resolve': { 'zh-CN': '处理', en: 'Resolution' },
  'deadlineSettings.cell': { 'zh-CN': '{{type}}·{{priority}} {{what}}', en: '{{type}}, {{priority}}: {{what}}' },
  'deadlineSettings.numberRule': {
    'zh-CN': '请输入大于 0、不超过 365 天的数字',
    en: 'Enter a number above 0 and at most 365 days',
  },
  'deadlineSettings.clock': { 'zh-CN': '计时方式', en: 'Clock' },
  'deadlineSettings.clockHint': {
    'zh-CN':
      '勾选的优先级按工作时间计时(扣除周末和节假日,计入调休上班日,可限定工作时间);其余优先级按自然时间连续计时。',
    en: 'Ticked priorities run on working time (weekends and holidays left out, make-up days counted, optionally within working hours); the others run round the clock.',
  },
  'deadlineSettings.workingTime': { 'zh-CN': '按工作时间计时', en: 'On working time' },
  'deadlineSettings.hours': { 'zh-CN': '工作时间', en: 'Working hours' },
  'deadlineSettings.hoursHint': {
    'zh-CN': '北京时间,如 08:30-17:30;留空表示工作日全天计时',
    en: 'China time, e.g. 08:30-17:30; empty: the whole working day counts',
  },
  'deadlineSettings.wholeDay': { 'zh-CN': '工作日全天', en: 'Whole working days' },
  'deadlineSettings.escalation': { 'zh-CN': '超时升级', en: 'Escalation ladder' },
  'deadlineSettings.escalationHint': {
    'zh-CN': '每一级对每张工单只触发一次:当响应或处理时限用去设定的百分比仍未接单或完工时,通知所选人员。',
    en: 'Each level fires once per order: when the set percentage of the response or resolution target has run and the order is still not accepted or completed, the chosen people are told.',
  },
  'deadlineSettings.level': { 'zh-CN': '级别', en: 'Level' },
  'deadlineSettings.levelName': { 'zh-CN': '第 {{level}} 级', en: 'Level {{level}}' },
  'deadlineSettings.basis': { 'zh-CN': '依据', en: 'Basis' },
  'deadlineSettings.percent': { 'zh-CN': '时限百分比', en: 'Percent of target' },
  'deadlineSettings.percentRule': { 'zh-CN': '请输入 1 到 1000 的整数', en: 'Enter a whole number from 1 to 1000' },
  'deadlineSettings.notify': { 'zh-CN': '通知', en: 'Tell' },
  'deadlineSettings.notifyRule': { 'zh-CN': '至少选择一类通知对象', en: 'Choose at least one audience' },
  'deadlineSettings.addLevel': { 'zh-CN': '添加一级', en: 'Add a level' },
  'deadlineSettings.removeLevel': { 'zh-CN': '删除第 {{level}} 级', en: 'Remove level {{level}}' },
  'deadlineSettings.noEscalation': { 'zh-CN': '不升级', en: 'No escalation' },
  'deadlineSettings.save': { 'zh-CN': '保存时限设置', en: 'Save the deadline settings' },
  'deadlineSettings.loadFailed': { 'zh-CN': '时限设置加载失败', en: 'The deadline settings could not be loaded' },

  // ── the duty roster panel ───────────────────────────────────────────────────────────────────────────────────────
  'dutyRoster.title': { 'zh-CN': '值班表', en: 'Duty roster' },
  'dutyRoster.team': { 'zh-CN': '班组', en: 'Team' },
  'dutyRoster.noTeams': {
    'zh-CN': '还没有可安排值班的人员:请在账号管理中为维修人员设置部门,并授予「维修班组」角色',
    en: 'No crew yet: in account management, give field staff a department and the Field crew role',
  },
  'dutyRoster.noTeam': { 'zh-CN': '未分组', en: 'No team' },
  'dutyRoster.prevWeek': { 'zh-CN': '上一周', en: 'Previous week' },
  'dutyRoster.nextWeek': { 'zh-CN': '下一周', en: 'Next week' },
  'dutyRoster.thisWeek': { 'zh-CN': '本周', en: 'This week' },
  'dutyRoster.week': { 'zh-CN': '{{from}} 至 {{to}}', en: '{{from}} to {{to}}' },
  'dutyRoster.member': { 'zh-CN': '人员', en: 'Member' },
  'dutyRoster.copyLastWeek': { 'zh-CN': '复制上周', en: 'Copy last week' },
  'dutyRoster.copyConfirm': {
    'zh-CN': '用上周的安排覆盖{{team}}本周的值班?',
    en: "Replace this week's duty of {{team}} with last week's?",
  },
  'dutyRoster.copied': { 'zh-CN': '已按上周安排本周值班', en: "This week's duty now follows last week's" },
  'dutyRoster.copyNothing': { 'zh-CN': '上周没有值班安排', en: 'Last week had no duty to copy' },
  'dutyRoster.onDutyCell': { 'zh-CN': '{{name}} {{day}} 值班', en: '{{name}} on duty {{day}}' },
  'dutyRoster.dutyCount': { 'zh-CN': '{{count}} 人值班', en: '{{count}} on duty' },
  'dutyRoster.readOnly': {
    'zh-CN': '只读:安排值班需要「派单」权限',
    en: 'Read only: arranging duty needs the Assign permission',
  },
  'dutyRoster.otherTeam': { 'zh-CN': '借调自{{team}}', en: 'From {{team}}' },
} as const satisfies Record<string, Label>;
