// @waterops/shared/fields — a field declared once (issue 20's recipe, first used by work orders and complaints): its
// TypeBox schema, its label in both languages, the labels of its values when it is an enumeration, and how lists and
// spreadsheets show it. From one declaration come the entity schema (`objectOf`), the catalogue entries of every
// label (`fieldMessages`, spread into the one message catalogue both sides load), the web list's columns and the
// export's columns (each side reads `column` / `sheet` from the same object). Database rows map onto the schema by
// name (snake_case column = camelCase field: the gateway's `rowOf`), so a field's name is written once too.
import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import type { Locale } from '../i18n/locale.ts';

/** A text in both languages. */
export type Label = Readonly<Record<Locale, string>>;

/**
 * An enumeration declared once: its values in order, its schema (a union of literals) and each value's label.
 * `labelledEnum({ pending: { 'zh-CN': '待处理', en: 'Pending' }, … })`.
 */
export const labelledEnum = <const L extends Record<string, Label>>(labels: L) => {
  const values = Object.keys(labels) as (keyof L & string)[];
  return {
    values,
    labels,
    schema: Type.Union(values.map((v) => Type.Literal(v))),
    is: (v: unknown): v is keyof L & string => typeof v === 'string' && Object.hasOwn(labels, v),
  };
};
export type LabelledEnum<V extends string> = {
  values: V[];
  labels: Readonly<Record<V, Label>>;
  schema: TSchema;
  is: (v: unknown) => v is V;
};

/** How a list shows a field: width in px, hidden until chosen in the column chooser (spec §2), sortable. */
export type ColumnSpec = { width?: number; hidden?: boolean; sortable?: boolean };

export type FieldDecl = {
  schema: TSchema;
  label: Label;
  /** the labels of an enumerated field's values (from its labelledEnum) */
  options?: Readonly<Record<string, Label>>;
  /** a list column (false: the field is data only, not a column) */
  column?: ColumnSpec | false;
  /** in the spreadsheet export (default: when it is a column) */
  sheet?: boolean;
};

export type Fields = Record<string, FieldDecl>;

/** Keeps the declarations' literal types (field names, option values) for the derived keys. */
export const defineFields = <const F extends Fields>(fields: F): F => fields;

/** The entity schema of the declarations, in declaration order. */
export const objectOf = <const F extends Fields>(fields: F, options: { $id?: string; description?: string } = {}) =>
  Type.Object(
    Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.schema])) as {
      [K in keyof F]: F[K]['schema'];
    },
    options,
  ) as TObject<{ [K in keyof F]: F[K]['schema'] }>;

/** Catalogue key of a field's label: `<prefix>.field.<name>`. */
export const fieldLabelKey = <P extends string, K extends string>(prefix: P, field: K) =>
  `${prefix}.field.${field}` as const;
/** Catalogue key of an enumerated field's value label: `<prefix>.<name>.<value>`. */
export const optionLabelKey = <P extends string, K extends string, V extends string>(prefix: P, field: K, value: V) =>
  `${prefix}.${field}.${value}` as const;

type OptionKeys<P extends string, F extends Fields> = {
  [K in keyof F & string]: F[K] extends { options: infer O } ? `${P}.${K}.${keyof O & string}` : never;
}[keyof F & string];

/** The catalogue keys a declaration brings: every field's label and every option's label. */
export type FieldMessageKey<P extends string, F extends Fields> = `${P}.field.${keyof F & string}` | OptionKeys<P, F>;

/** The catalogue entries of the declarations (spread into shared/src/i18n/messages.ts). */
export const fieldMessages = <const P extends string, const F extends Fields>(
  prefix: P,
  fields: F,
): Record<FieldMessageKey<P, F>, Label> => {
  const out: Record<string, Label> = {};
  for (const [name, f] of Object.entries(fields)) {
    out[fieldLabelKey(prefix, name)] = f.label;
    for (const [value, label] of Object.entries(f.options ?? {})) out[optionLabelKey(prefix, name, value)] = label;
  }
  return out as Record<FieldMessageKey<P, F>, Label>;
};

/** The catalogue entries of an enumeration under `<prefix>.<name>.<value>` (an enum used outside a field). */
export const enumMessages = <const P extends string, const N extends string, const L extends Record<string, Label>>(
  prefix: P,
  name: N,
  e: { labels: L },
): Record<`${P}.${N}.${keyof L & string}`, Label> =>
  Object.fromEntries(Object.entries(e.labels).map(([v, l]) => [optionLabelKey(prefix, name, v), l])) as Record<
    `${P}.${N}.${keyof L & string}`,
    Label
  >;

/** A list column as both sides read it: the field, its label key and how it is shown. */
export type ColumnOf = { field: string; labelKey: string; width?: number; hidden: boolean; sortable: boolean };

/** The list columns of the declarations, in order. */
export const columnsOf = (prefix: string, fields: Fields): ColumnOf[] =>
  Object.entries(fields).flatMap(([field, f]) =>
    f.column === false || f.column === undefined
      ? []
      : [
          {
            field,
            labelKey: fieldLabelKey(prefix, field),
            ...(f.column.width ? { width: f.column.width } : {}),
            hidden: f.column.hidden === true,
            sortable: f.column.sortable === true,
          },
        ],
  );

/** The exported fields, in order: columns unless `sheet: false`, plus data fields with `sheet: true`. */
export const sheetFieldsOf = (fields: Fields): string[] =>
  Object.entries(fields)
    .filter(([, f]) => f.sheet ?? (f.column !== undefined && f.column !== false))
    .map(([k]) => k);

/** Whether a field's schema is an instant (ISO date-time text, possibly nullable): shown in China time. */
export const isInstantSchema = (schema: unknown): boolean => {
  const s = schema as { format?: string; anyOf?: { format?: string }[] };
  return s.format === 'date-time' || (s.anyOf ?? []).some((b) => b.format === 'date-time');
};
