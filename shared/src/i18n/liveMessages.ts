// Server messages of the live layer (H-LIVE): spread into the shared catalogue (messages.ts).
import type { Locale } from './locale.ts';

export const liveMessages = {
  // the refusals of a subscribe / resync (SubscribeAck.message)
  'live.unknownTopic': { 'zh-CN': '不支持的实时主题', en: 'No such live topic' },
  'live.badParams': { 'zh-CN': '订阅参数不正确', en: 'The subscription parameters are invalid' },
} as const satisfies Record<string, Record<Locale, string>>;
