// A complaint's field as text, from its declaration (shared COMPLAINT_FIELDS): an enumeration's value by its label,
// an instant in the app's date format, nothing as ''. The list's cells and the detail drawer both use it, so a field
// added to the declaration shows in both without naming it here.
import { COMPLAINT_FIELDS, type Complaint } from '@waterops/shared/complaint';
import { type FieldDecl, optionLabelKey } from '@waterops/shared/fields';
import { formatDateTime } from '../../components/dateRange.ts';

type T = (key: string) => string;
export type ComplaintField = keyof typeof COMPLAINT_FIELDS;

const isInstant = (decl: FieldDecl): boolean => {
  const schema = decl.schema as { format?: string; anyOf?: { format?: string }[] };
  return schema.format === 'date-time' || (schema.anyOf ?? []).some((s) => s.format === 'date-time');
};

export const complaintText = (c: Partial<Complaint>, field: ComplaintField, t: T): string => {
  const value = (c as Record<string, unknown>)[field];
  if (value === null || value === undefined || value === '') return '';
  const decl: FieldDecl = COMPLAINT_FIELDS[field];
  if (decl.options && typeof value === 'string' && Object.hasOwn(decl.options, value))
    return t(optionLabelKey('complaint', field, value));
  if (typeof value === 'string' && isInstant(decl)) return formatDateTime(new Date(value));
  if (Array.isArray(value)) return String(value.length);
  return String(value);
};
