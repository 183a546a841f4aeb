// The complaint's texts in the one catalogue (shared/src/i18n/messages.ts): labels from the declarations, the
// rules' messages (spec §5 verbatim where it gives them), refusals and the operation-log names.
import { fieldMessages, type Label } from '../fields/index.ts';
import { COMPLAINT_FIELDS } from './complaintFields.ts';

export const complaintMessages = {
  ...fieldMessages('complaint', COMPLAINT_FIELDS),
  'complaint.rules.noRequired': { 'zh-CN': '投诉编号不能为空', en: 'The complaint number cannot be empty' },
  'complaint.rules.noExists': { 'zh-CN': '投诉编号已存在', en: 'The complaint number already exists' },
  'complaint.rules.complainantRequired': { 'zh-CN': '请输入投诉人', en: 'Please enter the complainant' },
  'complaint.rules.contentRequired': { 'zh-CN': '请输入投诉内容', en: 'Please enter what the complaint is about' },
  'complaint.rules.phoneFormat': { 'zh-CN': '联系电话格式不对', en: 'The phone number format is wrong' },
  'complaint.rules.replyRequired': { 'zh-CN': '请输入回复内容', en: 'Please enter the reply' },
  'complaint.rules.reasonRequired': { 'zh-CN': '请输入重新打开的原因', en: 'Please enter why it is reopened' },
  'complaint.refused.ordered': {
    'zh-CN': '投诉已转工单,不能删除',
    en: 'The complaint has been turned into a work order and cannot be deleted',
  },
  'complaint.refused.closed': { 'zh-CN': '投诉已办结', en: 'The complaint is already closed' },
  'complaint.refused.notClosed': { 'zh-CN': '投诉尚未办结', en: 'The complaint is not closed' },
  'complaint.refused.alreadyOrdered': {
    'zh-CN': '投诉已转为工单 {{code}}',
    en: 'The complaint is already work order {{code}}',
  },
  'complaint.refused.reopenExpired': {
    'zh-CN': '办结超过72小时的投诉不能重新打开',
    en: 'A complaint closed more than 72 hours ago cannot be reopened',
  },
  'complaint.sheet.file': { 'zh-CN': '投诉', en: 'complaints' },
  'oplog.complaintCreate': { 'zh-CN': '受理投诉', en: 'Take a complaint' },
  'oplog.complaintUpdate': { 'zh-CN': '编辑投诉', en: 'Edit a complaint' },
  'oplog.complaintDelete': { 'zh-CN': '删除投诉', en: 'Delete a complaint' },
  'oplog.complaintToWorkOrder': { 'zh-CN': '投诉转工单', en: 'Turn a complaint into a work order' },
  'oplog.complaintClose': { 'zh-CN': '投诉办结', en: 'Close a complaint' },
  'oplog.complaintReopen': { 'zh-CN': '重新打开投诉', en: 'Reopen a complaint' },
} as const satisfies Record<string, Label>;
