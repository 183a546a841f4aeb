// Server messages of the live layer (H-LIVE): spread into the shared catalogue (messages.ts).
import type { Locale } from './locale.ts';

export const liveMessages = {} as const satisfies Record<string, Record<Locale, string>>;
