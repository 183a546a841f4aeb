// A complaint's field as text, from its declaration (shared COMPLAINT_FIELDS): the list's cells and the detail drawer
// both use it, so a field added to the declaration shows in both without naming it here.
import { COMPLAINT_FIELDS, type Complaint } from '@waterops/shared/complaint';
import { fieldTextOf } from '../../resources/fieldText.ts';

export type ComplaintField = keyof typeof COMPLAINT_FIELDS;

export const complaintText = fieldTextOf<Complaint, typeof COMPLAINT_FIELDS>('complaint', COMPLAINT_FIELDS);
