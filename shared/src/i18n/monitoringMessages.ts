// Server messages of monitoring statistics and the status board (H-MONITOR): spread into the shared catalogue (messages.ts).
import type { Locale } from './locale.ts';

export const monitoringMessages = {
  'oplog.usageExceptionHandle': { 'zh-CN': '处理用水异常', en: 'Handle usage exceptions' },
  'monitoring.exception.alreadyHandled': {
    'zh-CN': '所选异常中有 {{count}} 条已处理,不能再次处理',
    en: '{{count}} of the chosen exceptions have already been handled and cannot be handled again',
  },
} as const satisfies Record<string, Record<Locale, string>>;
