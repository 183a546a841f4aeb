// Server messages of monitoring statistics and the status board (H-MONITOR): spread into the shared catalogue (messages.ts).
import type { Locale } from './locale.ts';

export const monitoringMessages = {} as const satisfies Record<string, Record<Locale, string>>;
