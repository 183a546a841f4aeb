// Texts of the dispatcher's workstation and the crew's own orders (web), in the one catalogue shape (shared/src/i18n/messages.ts spreads it).
import type { Label } from '../fields/index.ts';

export const workOrderPageMessages = {} as const satisfies Record<string, Label>;
