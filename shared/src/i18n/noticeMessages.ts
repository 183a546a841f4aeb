// Server messages of notices and receipts (H-NOTICE): spread into the shared catalogue (messages.ts).
import type { Locale } from './locale.ts';

export const noticeMessages = {
  // the publish form's rules (shared/src/notice/noticeRules.ts), shown by the dialog and answered by the route
  'rules.noticeTitle.required': { 'zh-CN': '请输入通知标题', en: 'Please enter the notice title' },
  'rules.noticeContent.required': { 'zh-CN': '请输入通知内容', en: 'Please enter the notice content' },
  'rules.noticeRoles.required': { 'zh-CN': '请选择接收角色', en: 'Please choose the roles to notify' },
  'rules.noticeUsers.required': { 'zh-CN': '请选择接收用户', en: 'Please choose the users to notify' },
  'oplog.noticePublish': { 'zh-CN': '发布通知', en: 'Publish a notice' },
} as const satisfies Record<string, Record<Locale, string>>;
