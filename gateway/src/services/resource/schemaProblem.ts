// Why a save body built from a sheet row breaks its schema, told as the forms and the API tell it: text over its
// limit says the limit (`rules.text.tooLong`), a number out of range says the bound it passed; anything else is only
// the field, for the import's generic "value is invalid".
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { MessageKey } from '@waterops/shared/i18n';
import { maxLengthOf } from '@waterops/shared/rules';

/** The first field in error, and the broken limit when it is one (its message key and the limit it names). */
export type SchemaProblem = { field: string; limit?: { key: MessageKey; params: Record<string, number> } };

type SchemaLike = {
  minimum?: number;
  maximum?: number;
  properties?: Record<string, SchemaLike>;
  anyOf?: SchemaLike[];
  allOf?: SchemaLike[];
};

/** A field's schema as an object schema declares it (through `allOf` parts too). */
const fieldSchema = (s: SchemaLike, field: string): SchemaLike | undefined =>
  s.properties?.[field] ?? (s.allOf ?? []).map((part) => fieldSchema(part, field)).find(Boolean);

/** The number bounds of a schema's numeric branches (a nullable field's number branch). */
const numberBounds = (s: SchemaLike | undefined): { minimum?: number; maximum?: number } => {
  if (!s) return {};
  if (s.minimum !== undefined || s.maximum !== undefined) return { minimum: s.minimum, maximum: s.maximum };
  for (const branch of [...(s.anyOf ?? []), ...(s.allOf ?? [])]) {
    const found = numberBounds(branch);
    if (found.minimum !== undefined || found.maximum !== undefined) return found;
  }
  return {};
};

/** The limit `value` of `field` breaks, if the schema declares one it breaks. */
const brokenLimit = (schema: TSchema, field: string, value: unknown): SchemaProblem['limit'] => {
  if (typeof value === 'string') {
    const max = maxLengthOf(schema, field);
    return max !== undefined && value.length > max ? { key: 'rules.text.tooLong', params: { max } } : undefined;
  }
  if (typeof value === 'number') {
    const { minimum, maximum } = numberBounds(fieldSchema(schema as SchemaLike, field));
    if (minimum !== undefined && value < minimum) return { key: 'rules.number.min', params: { min: minimum } };
    if (maximum !== undefined && value > maximum) return { key: 'rules.number.max', params: { max: maximum } };
  }
  return undefined;
};

/** The body's first problem against its schema, or null when it fits. */
export const schemaProblem = (schema: TSchema, body: unknown): SchemaProblem | null => {
  const first = Value.Errors(schema, body).First();
  if (!first) return null;
  const field = first.path.replace(/^\//, '').split('/')[0] || 'body';
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  const limit = brokenLimit(schema, field, value);
  return limit ? { field, limit } : { field };
};
