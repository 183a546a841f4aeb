// An order's field as text, from its declaration (shared WORK_ORDER_FIELDS): the drawer, the history list and the
// crew's cards use it, so a field added to the declaration shows in all of them without naming it here.
import { WORK_ORDER_FIELDS, type WorkOrder } from '@waterops/shared/workorder';
import { fieldTextOf } from '../../resources/fieldText.ts';

export type WorkOrderField = keyof typeof WORK_ORDER_FIELDS;

export const fieldText = fieldTextOf<WorkOrder, typeof WORK_ORDER_FIELDS>('workOrder', WORK_ORDER_FIELDS);
