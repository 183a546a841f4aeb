// Server messages of the network services (issue 7): spread into the shared catalogue (messages.ts).
import type { Locale } from './locale.ts';

export const networkMessages = {} as const satisfies Record<string, Record<Locale, string>>;
