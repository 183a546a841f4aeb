// Server messages of the dma services (issue 7): spread into the shared catalogue (messages.ts).
import type { Locale } from './locale.ts';

export const dmaMessages = {} as const satisfies Record<string, Record<Locale, string>>;
