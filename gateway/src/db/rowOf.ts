// Database rows onto an entity schema by name (issue 20's recipe: a field's name is written once). A select aliases
// each value to the snake_case of its field (`resolve_due_at` → `resolveDueAt`), and the schema says how a value
// reads: instants as ISO text, integers and numbers as numbers (pg gives numeric as text), arrays parsed from JSON
// text when a driver hands them over unparsed; null stays null.
import type { TObject, TSchema } from '@sinclair/typebox';

type Reader = (v: unknown) => unknown;

/** camelCase field → snake_case column. */
export const columnOf = (field: string): string => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The non-null branch of `T | null` (Nullable), or the schema itself. */
const valueSchema = (s: TSchema): TSchema => {
  const anyOf = (s as { anyOf?: TSchema[] }).anyOf;
  if (!anyOf) return s;
  const branches = anyOf.filter((b) => (b as { type?: string }).type !== 'null');
  return branches.length === 1 ? (branches[0] as TSchema) : s;
};

const readerOf = (s: TSchema): Reader => {
  const v = valueSchema(s) as { type?: string; format?: string };
  if (v.type === 'string' && v.format === 'date-time')
    return (x) => (x === null || x === undefined ? null : new Date(x as string | Date).toISOString());
  if (v.type === 'integer' || v.type === 'number') return (x) => (x === null || x === undefined ? null : Number(x));
  if (v.type === 'array')
    return (x) => (x === null || x === undefined ? [] : typeof x === 'string' ? JSON.parse(x) : x);
  if (v.type === 'boolean') return (x) => (x === null || x === undefined ? null : Boolean(x));
  return (x) => (x === undefined ? null : x);
};

/**
 * The mapper of an object schema: reads each property from the row's snake_case column. Properties the schema marks
 * optional are left out when the row has no such column.
 */
export const rowOf = <T>(schema: TObject): ((row: Record<string, unknown>) => T) => {
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties).map(([field, s]) => ({
    field,
    column: columnOf(field),
    read: readerOf(s),
    optional: !required.has(field),
  }));
  return (row) => {
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      if (f.optional && !(f.column in row)) continue;
      out[f.field] = f.read(row[f.column]);
    }
    return out as T;
  };
};
