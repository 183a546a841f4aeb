// Small schema parts every domain uses: a value or null (also as an optional save field), and an instant (ISO 8601
// date-time).
import { type TSchema, Type } from '@sinclair/typebox';

/** `T | null`. */
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/**
 * An optional `null | T` field of a save body. Null first: with type coercion on, a null tried against a number
 * branch first would become 0.
 */
export const OptionalNullable = <T extends TSchema>(t: T) => Type.Optional(Type.Union([Type.Null(), t]));

/** An instant, as ISO 8601 date-time text. */
export const Instant = Type.String({ format: 'date-time' });
