// @waterops/shared/complaint — complaints (spec §1, §4, §5, §7 /api-business/complaint): taken on a channel, turned
// into a work order with their text and attachments, closed with a reply and the resident's satisfaction, reopened
// within 72 h.
export * from './complaintActions.ts';
export * from './complaintFields.ts';
export * from './complaintRequests.ts';
