// Texts of the complaints page (web), in the one catalogue shape (shared/src/i18n/messages.ts spreads it).
import type { Label } from '../fields/index.ts';

export const complaintPageMessages = {} as const satisfies Record<string, Label>;
