// Rule helpers for descriptor forms. The shared checks (`checkMobile`…) are rules as they are; these cover the
// generic cases. Every rule gets the trimmed value and returns a message key or null.
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
