// An order's field as text, from its declaration (shared WORK_ORDER_FIELDS): an enumeration's value by its label, an
// instant in the app's date format, a number as it is, nothing as ''. The drawer and the history list both use it,
// so a field added to the declaration shows in both without naming it here.
import { type FieldDecl, optionLabelKey } from '@waterops/shared/fields';
import { WORK_ORDER_FIELDS, type WorkOrder } from '@waterops/shared/workorder';
import { formatDateTime } from '../../components/dateRange.ts';

type T = (key: string) => string;
export type WorkOrderField = keyof typeof WORK_ORDER_FIELDS;

const isInstantField = (decl: FieldDecl): boolean => {
  const schema = decl.schema as { format?: string; anyOf?: { format?: string }[] };
  return schema.format === 'date-time' || (schema.anyOf ?? []).some((s) => s.format === 'date-time');
};

export const fieldText = (order: Partial<WorkOrder>, field: WorkOrderField, t: T): string => {
  const value = (order as Record<string, unknown>)[field];
  if (value === null || value === undefined || value === '') return '';
  const decl: FieldDecl = WORK_ORDER_FIELDS[field];
  if (decl.options && typeof value === 'string' && Object.hasOwn(decl.options, value))
    return t(optionLabelKey('workOrder', field, value));
  if (typeof value === 'string' && isInstantField(decl)) return formatDateTime(new Date(value));
  if (typeof value === 'number')
    return Number.isInteger(value) ? String(value) : value.toFixed(3).replace(/\.?0+$/, '');
  return String(value);
};
