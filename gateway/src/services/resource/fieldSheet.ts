// A spreadsheet of rows whose fields are declared once (shared/src/fields): the exported columns, their headers and
// the labels of enumerated values come from the declaration, in the reader's language; instants are China time.
import { type Fields, fieldLabelKey, isInstantSchema, optionLabelKey, sheetFieldsOf } from '@waterops/shared/fields';
import type { MessageKey } from '@waterops/shared/i18n';
import { chinaDateTime } from '@waterops/shared/reading';
import type { SheetData } from './xlsxSheet.ts';

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** An extra column beside the declared ones (a computed value such as a deadline class). */
export type ExtraColumn<Row> = { header: MessageKey; value: (row: Row) => string | number | null };

export const sheetOfFields = <Row extends Record<string, unknown>>(
  prefix: string,
  fields: Fields,
  rows: readonly Row[],
  t: Translate,
  name: string,
  extra: readonly ExtraColumn<Row>[] = [],
): SheetData => {
  const names = sheetFieldsOf(fields);
  const cell = (field: string, value: unknown): string | number | null => {
    if (value === null || value === undefined) return null;
    const f = fields[field];
    if (f?.options && typeof value === 'string' && value in f.options)
      return t(optionLabelKey(prefix, field, value) as MessageKey);
    if (f && isInstantSchema(f.schema) && typeof value === 'string') return chinaDateTime(new Date(value));
    if (typeof value === 'number' || typeof value === 'string') return value;
    if (Array.isArray(value)) return value.join(', ');
    return String(value);
  };
  return {
    name,
    headers: [...names.map((f) => t(fieldLabelKey(prefix, f) as MessageKey)), ...extra.map((e) => t(e.header))],
    rows: rows.map((r) => [...names.map((f) => cell(f, r[f])), ...extra.map((e) => e.value(r))]),
  };
};
