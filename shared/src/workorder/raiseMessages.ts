// Texts of raising work orders from alarms, exceptions, readings, leak events and the map (web), in the one catalogue shape (shared/src/i18n/messages.ts spreads it).
import type { Label } from '../fields/index.ts';

export const raiseMessages = {} as const satisfies Record<string, Label>;
