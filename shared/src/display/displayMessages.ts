// Server and form messages of display tokens (issue 18): spread into the shared catalogue (i18n/messages.ts).
import type { Locale } from '../i18n/locale.ts';

export const displayMessages = {
  'rules.displayName.required': { 'zh-CN': '请输入大屏名称', en: 'Enter the screen’s name' },
  'rules.displayDays.range': {
    'zh-CN': '有效期须为 1–730 天',
    en: 'The validity must be 1–730 days',
  },
  'oplog.displayIssue': { 'zh-CN': '签发大屏令牌', en: 'Issue a display token' },
  'oplog.displayRename': { 'zh-CN': '重命名大屏', en: 'Rename a display' },
  'oplog.displayRevoke': { 'zh-CN': '吊销大屏令牌', en: 'Revoke a display token' },
} as const satisfies Record<string, Record<Locale, string>>;
