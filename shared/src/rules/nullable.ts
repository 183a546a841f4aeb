// Nullable numbers for request schemas. Request bodies are validated without type coercion (issue 17.7: a null where
// a number is required, or a "12" for 12, is refused naming the field), but the query string and path parameters
// are coerced, and with `anyOf [integer, null]` Ajv tries the integer branch first and turns a null into 0 (with
// `[null, integer]` a 0 into null). A single schema whose `type` lists both lets the value through as it is.
import { Type } from '@sinclair/typebox';

type NumberOptions = { minimum?: number; maximum?: number; description?: string };

/** An integer or null, neither coerced into the other. */
export const nullableInteger = (options: NumberOptions = {}) =>
  Type.Unsafe<number | null>({ type: ['integer', 'null'], ...options });

/** A number or null, neither coerced into the other. */
export const nullableNumber = (options: NumberOptions = {}) =>
  Type.Unsafe<number | null>({ type: ['number', 'null'], ...options });
