// Server messages of the alarm engine and console calls (H-ALARM): spread into the shared catalogue (messages.ts).
import type { Locale } from './locale.ts';

export const alarmMessages = {} as const satisfies Record<string, Record<Locale, string>>;
