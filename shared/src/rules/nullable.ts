// Nullable numbers for request schemas. Fastify's Ajv coerces types, and with `anyOf [integer, null]` it tries the
// integer branch first and turns a null into 0 (and with `[null, integer]` a 0 into null). A single schema whose
// `type` lists both lets the value through as it is: null stays null, 0 stays 0; only other types are coerced.
import { Type } from '@sinclair/typebox';

type NumberOptions = { minimum?: number; maximum?: number; description?: string };

/** An integer or null, neither coerced into the other. */
export const nullableInteger = (options: NumberOptions = {}) =>
  Type.Unsafe<number | null>({ type: ['integer', 'null'], ...options });

/** A number or null, neither coerced into the other. */
export const nullableNumber = (options: NumberOptions = {}) =>
  Type.Unsafe<number | null>({ type: ['number', 'null'], ...options });
