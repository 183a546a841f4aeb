// Small schema parts every domain uses: a value or null, and an instant (ISO 8601 date-time).
import { type TSchema, Type } from '@sinclair/typebox';

/** `T | null`. */
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** An instant, as ISO 8601 date-time text. */
export const Instant = Type.String({ format: 'date-time' });
