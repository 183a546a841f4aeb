// The save form's rules (a work order created by hand or on the map, or edited), with their messages: the dialog
// shows them, the route answers them (400 naming the field, nothing written).
import type { RuleViolation } from '../user/rules.ts';
import type { WorkOrderSave } from './workOrderRequests.ts';

/** A mobile (11 digits from 1[3-9]) or a landline with its area code, or a short service number. */
export const CONTACT_PHONE_PATTERN = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?|\d{5,8})$/;

const blank = (v: string | null | undefined) => (v ?? '').trim() === '';

export const validateWorkOrderSave = (b: Partial<WorkOrderSave>): RuleViolation[] => {
  const out: RuleViolation[] = [];
  if (blank(b.title)) out.push({ field: 'title', message: 'workOrder.rules.titleRequired' });
  if (blank(b.description)) out.push({ field: 'description', message: 'workOrder.rules.descriptionRequired' });
  if (!blank(b.contactPhone) && !CONTACT_PHONE_PATTERN.test((b.contactPhone ?? '').trim()))
    out.push({ field: 'contactPhone', message: 'workOrder.rules.phoneFormat' });
  const hasLng = b.lng !== undefined && b.lng !== null;
  const hasLat = b.lat !== undefined && b.lat !== null;
  if (hasLng !== hasLat) out.push({ field: hasLng ? 'lat' : 'lng', message: 'workOrder.rules.locationPair' });
  return out;
};
