// Texts of the complaints page (web) and of the work order a complaint becomes (gateway), in the one catalogue shape
// (shared/src/i18n/messages.ts spreads it).
import type { Label } from '../fields/index.ts';

export const complaintPageMessages = {
  // the work order a complaint is turned into: its title and the facts under the complaint's text
  'complaint.order.title': { 'zh-CN': '{{category}}:{{place}}', en: '{{category}}: {{place}}' },
  'complaint.order.facts': {
    'zh-CN': '投诉编号:{{no}};来源渠道:{{channel}};投诉人:{{complainant}};联系电话:{{phone}}',
    en: 'Complaint {{no}}; channel: {{channel}}; complainant: {{complainant}}; phone: {{phone}}',
  },
  'complaint.order.none': { 'zh-CN': '无', en: 'none' },
  // the page (web/src/features/complaint)
  'complaintPage.title': { 'zh-CN': '投诉管理', en: 'Complaints' },
  'complaintPage.new': { 'zh-CN': '受理投诉', en: 'Take a complaint' },
  'complaintPage.empty': { 'zh-CN': '暂无投诉', en: 'No complaints' },
  'complaintPage.filter.all': { 'zh-CN': '全部', en: 'All' },
  'complaintPage.filter.keyword': { 'zh-CN': '关键字', en: 'Keyword' },
  'complaintPage.filter.keywordHint': {
    'zh-CN': '编号、投诉人、电话、地址或内容',
    en: 'Number, complainant, phone, address or content',
  },
  'complaintPage.action.view': { 'zh-CN': '查看', en: 'View' },
  'complaintPage.action.edit': { 'zh-CN': '编辑', en: 'Edit' },
  'complaintPage.action.workOrder': { 'zh-CN': '转工单', en: 'To work order' },
  'complaintPage.action.over': { 'zh-CN': '办结', en: 'Close' },
  'complaintPage.action.reopen': { 'zh-CN': '重新打开', en: 'Reopen' },
  'complaintPage.action.delete': { 'zh-CN': '删除', en: 'Delete' },
  'complaintPage.form.newTitle': { 'zh-CN': '受理投诉', en: 'Take a complaint' },
  'complaintPage.form.editTitle': { 'zh-CN': '编辑投诉 {{no}}', en: 'Edit complaint {{no}}' },
  'complaintPage.form.noPlaceholder': { 'zh-CN': '按编号规则自动生成', en: 'From the numbering rule' },
  'complaintPage.form.residentHint': {
    'zh-CN': '输入用户编号查找,选中后自动填入空着的投诉人、电话和地址',
    en: 'Search by resident code; the choice fills the complainant, phone and address left empty',
  },
  'complaintPage.form.photos': { 'zh-CN': '现场照片', en: 'Photos' },
  'complaintPage.form.taken': { 'zh-CN': '投诉 {{no}} 已受理', en: 'Complaint {{no}} taken' },
  'complaintPage.form.updated': { 'zh-CN': '投诉 {{no}} 已更新', en: 'Complaint {{no}} updated' },
  'complaintPage.order.title': { 'zh-CN': '投诉 {{no}} 转工单', en: 'Turn complaint {{no}} into a work order' },
  'complaintPage.order.carried': {
    'zh-CN': '投诉内容、投诉人、电话、地址、用户、水表和 {{count}} 张照片将带入工单,工单与投诉互相关联。',
    en: "The complaint's text, complainant, phone, address, resident, meter and {{count}} photo(s) go with the order; the two are linked.",
  },
  'complaintPage.order.carriedNoPhotos': {
    'zh-CN': '投诉内容、投诉人、电话、地址、用户和水表将带入工单,工单与投诉互相关联。',
    en: "The complaint's text, complainant, phone, address, resident and meter go with the order; the two are linked.",
  },
  'complaintPage.order.assignNow': { 'zh-CN': '同时派单', en: 'Assign it now' },
  'complaintPage.order.done': { 'zh-CN': '已转为工单 {{code}}', en: 'Work order {{code}} created' },
  'complaintPage.close.title': { 'zh-CN': '办结投诉 {{no}}', en: 'Close complaint {{no}}' },
  'complaintPage.close.done': { 'zh-CN': '投诉 {{no}} 已办结', en: 'Complaint {{no}} closed' },
  'complaintPage.reopen.title': { 'zh-CN': '重新打开投诉 {{no}}', en: 'Reopen complaint {{no}}' },
  'complaintPage.reopen.reason': { 'zh-CN': '重新打开的原因', en: 'Why it is reopened' },
  'complaintPage.reopen.until': {
    'zh-CN': '办结后72小时内可重新打开,截止 {{until}}',
    en: 'A complaint can be reopened within 72 hours of closing: until {{until}}',
  },
  'complaintPage.reopen.done': { 'zh-CN': '投诉 {{no}} 已重新打开', en: 'Complaint {{no}} reopened' },
  'complaintPage.delete.confirm': {
    'zh-CN': '确定删除投诉 {{no}} 吗?',
    en: 'Delete complaint {{no}}?',
  },
  'complaintPage.delete.done': { 'zh-CN': '投诉 {{no}} 已删除', en: 'Complaint {{no}} deleted' },
  'complaintPage.detail.title': { 'zh-CN': '投诉详情', en: 'Complaint' },
  'complaintPage.detail.photos': { 'zh-CN': '照片', en: 'Photos' },
  'complaintPage.detail.noPhotos': { 'zh-CN': '无照片', en: 'No photos' },
  'complaintPage.detail.order': { 'zh-CN': '工单', en: 'Work order' },
  'complaintPage.detail.noOrder': { 'zh-CN': '尚未转工单', en: 'Not turned into a work order' },
  'complaintPage.detail.openOrder': { 'zh-CN': '查看工单', en: 'Open the order' },
} as const satisfies Record<string, Label>;
