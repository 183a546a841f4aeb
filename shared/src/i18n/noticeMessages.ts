// Server messages of notices and receipts (H-NOTICE): spread into the shared catalogue (messages.ts).
import type { Locale } from './locale.ts';

export const noticeMessages = {} as const satisfies Record<string, Record<Locale, string>>;
