// Rule helpers for descriptor forms. The shared checks (`checkMobile`…) are rules as they are; these cover the
// generic cases. Every rule gets the trimmed value and returns a message key or null.
import type { MessageKey } from '@waterops/shared/i18n';
import type { RuleViolation } from '@waterops/shared/user';
import type { FieldRule } from './types.ts';

/** Broken when the value is empty. */
export const required =
  (messageKey: string): FieldRule =>
  (value) =>
    value === '' ? messageKey : null;

/** Broken when the value is longer than `max` characters. */
export const maxLength =
  (max: number, messageKey: string): FieldRule =>
  (value) =>
    value.length > max ? messageKey : null;

/** The shared rules' violations as a form shows them: the first message of each field, by field. */
export const messagesByField = (violations: readonly RuleViolation[]): Record<string, MessageKey> => {
  const found: Record<string, MessageKey> = {};
  for (const v of violations) found[v.field] ??= v.message;
  return found;
};

/**
 * The fields to mark required: those the shared rules refuse on an empty form (pass the rules' answer for an empty
 * body), so a rule that asks for a value only given another one (a phone's format) does not mark its field — the
 * descriptor forms' `isRequired`, for a dialog that checks with one shared validator.
 */
export const requiredFields = (emptyFormViolations: readonly RuleViolation[]): ReadonlySet<string> =>
  new Set(emptyFormViolations.map((v) => v.field));
