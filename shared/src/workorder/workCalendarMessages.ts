// Texts of the work calendar, deadline settings, duty roster (web), in the one catalogue shape (shared/src/i18n/messages.ts spreads it).
import type { Label } from '../fields/index.ts';

export const workCalendarMessages = {} as const satisfies Record<string, Label>;
