// A declared field's value as text (shared/src/fields): an enumeration's value by its label, an instant in the app's
// date format, a number as it is (a fraction to at most three places), a list by its length, nothing as ''. Lists,
// drawers and cards of any declared entity use it, so a field added to a declaration shows everywhere without being
// named again.
import { type Fields, isInstantSchema, optionLabelKey } from '@waterops/shared/fields';
import { formatDateTime } from '../components/dateRange.ts';

type T = (key: string) => string;

/** The text of each field of entities declared by `fields` under the catalogue prefix `prefix`. */
export const fieldTextOf =
  <Row, F extends Fields>(prefix: string, fields: F) =>
  (row: Partial<Row>, field: keyof F & string, t: T): string => {
    const value = (row as Record<string, unknown>)[field];
    if (value === null || value === undefined || value === '') return '';
    const decl = fields[field];
    if (decl?.options && typeof value === 'string' && Object.hasOwn(decl.options, value))
      return t(optionLabelKey(prefix, field, value));
    if (typeof value === 'string' && decl && isInstantSchema(decl.schema)) return formatDateTime(new Date(value));
    if (typeof value === 'number')
      return Number.isInteger(value) ? String(value) : value.toFixed(3).replace(/\.?0+$/, '');
    if (Array.isArray(value)) return String(value.length);
    return String(value);
  };
