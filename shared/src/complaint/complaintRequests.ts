// What the complaint calls take (spec §7 /api-business/complaint: list, save, delete, workOrder, over; the others
// in the same style) and the form rules both the dialog and the route apply (spec §5: the complaint number not
// empty and unique).
import { type Static, Type } from '@sinclair/typebox';
import { MAX_LIMIT } from '../api/paging.ts';
import { Instant, OptionalNullable } from '../api/schemaParts.ts';
import { nullableInteger } from '../rules/nullable.ts';
import { NameText } from '../rules/textLimits.ts';
import type { RuleViolation } from '../user/rules.ts';
import { WorkOrderPriority, WorkOrderType } from '../workorder/workOrderModel.ts';
import { Attachments } from '../workorder/workOrderRequests.ts';
import { CONTACT_PHONE_PATTERN } from '../workorder/workOrderRules.ts';
import { ComplaintCategory, ComplaintChannel, ComplaintStatus, Satisfaction } from './complaintFields.ts';

const Id = Type.Integer({ minimum: 1 });

const B = '/api-business/complaint';
export const COMPLAINT_PATHS = {
  /** GET ComplaintListQuery → PageResult(Complaint) */
  list: `${B}/list`,
  /** GET ComplaintListQuery → .xlsx */
  export: `${B}/export`,
  /** GET → Result(Complaint) */
  find: (id: number | string) => `${B}/${id}`,
  /** POST ComplaintSave → Result(Complaint): take a complaint (no id) or correct it (id; not once closed) */
  save: `${B}/save`,
  /** POST {id} → Result(null): only a complaint not turned into a work order */
  delete: `${B}/delete`,
  /** POST ComplaintToWorkOrder → Result(Complaint): its text and attachments carried over, linked both ways */
  workOrder: `${B}/workOrder`,
  /** POST ComplaintOver → Result(Complaint): closed with the reply to the resident and their satisfaction */
  over: `${B}/over`,
  /** POST ComplaintReopen → Result(Complaint): within 72 h of closing */
  reopen: `${B}/reopen`,
  /** POST → Result(string): the next complaint number of the code rule, to prefill the intake form */
  newNo: `${B}/newNo`,
  /** GET ?complaintNo&id → Result(boolean): is the number taken (spec §5 unique) */
  exist: `${B}/exist`,
} as const;

export const ComplaintListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT })),
  sort: Type.Optional(Type.Union([Type.Literal('complaintNo'), Type.Literal('createdAt')])),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  /** number, complainant, phone, address or content contains */
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(ComplaintStatus.schema),
  channel: Type.Optional(ComplaintChannel.schema),
  category: Type.Optional(ComplaintCategory.schema),
  areaId: Type.Optional(Id),
  residentId: Type.Optional(Id),
  meterId: Type.Optional(Id),
  startTime: Type.Optional(Instant),
  endTime: Type.Optional(Instant),
});
export type ComplaintListQuery = Static<typeof ComplaintListQuery>;

/** exist: is the number held by a complaint of the tenant other than `id` (the one being edited) */
export const ComplaintExistQuery = Type.Object({
  complaintNo: Type.String({ maxLength: 40 }),
  id: Type.Optional(Id),
});
export type ComplaintExistQuery = Static<typeof ComplaintExistQuery>;

export const ComplaintSave = Type.Object({
  id: Type.Optional(Id),
  complaintNo: Type.String({ maxLength: 40 }),
  channel: ComplaintChannel.schema,
  category: ComplaintCategory.schema,
  complainant: NameText(),
  phone: OptionalNullable(Type.String({ maxLength: 30 })),
  residentId: Type.Optional(nullableInteger({ minimum: 1 })),
  meterId: Type.Optional(nullableInteger({ minimum: 1 })),
  areaId: Type.Optional(nullableInteger({ minimum: 1 })),
  address: OptionalNullable(Type.String({ maxLength: 200 })),
  content: Type.String({ maxLength: 2000 }),
  attachments: Type.Optional(Attachments),
});
export type ComplaintSave = Static<typeof ComplaintSave>;

export const ComplaintToWorkOrder = Type.Object({
  id: Id,
  /** default: from the category (no water → noWater, leak → leakRepair…) */
  type: Type.Optional(WorkOrderType.schema),
  priority: Type.Optional(WorkOrderPriority.schema),
  assigneeId: Type.Optional(nullableInteger({ minimum: 1 })),
  departmentId: Type.Optional(nullableInteger({ minimum: 1 })),
});
export type ComplaintToWorkOrder = Static<typeof ComplaintToWorkOrder>;

export const ComplaintOver = Type.Object({
  id: Id,
  reply: Type.String({ maxLength: 1000 }),
  satisfaction: Satisfaction.schema,
});
export type ComplaintOver = Static<typeof ComplaintOver>;

export const ComplaintReopen = Type.Object({ id: Id, reason: Type.String({ maxLength: 500 }) });
export type ComplaintReopen = Static<typeof ComplaintReopen>;

/** The order type a complaint's category becomes when turned into a work order. */
export const ORDER_TYPE_OF_CATEGORY: Record<
  Static<typeof ComplaintCategory.schema>,
  Static<typeof WorkOrderType.schema>
> = {
  noWater: 'noWater',
  lowPressure: 'noWater',
  waterQuality: 'waterQuality',
  leak: 'leakRepair',
  meter: 'meterFault',
  billing: 'complaintFollowUp',
  service: 'complaintFollowUp',
  other: 'complaintFollowUp',
};

const blank = (v: string | null | undefined) => (v ?? '').trim() === '';

/** Spec §5: the complaint number not empty; the intake's other required fields. */
export const validateComplaint = (b: Partial<ComplaintSave>): RuleViolation[] => {
  const out: RuleViolation[] = [];
  if (blank(b.complaintNo)) out.push({ field: 'complaintNo', message: 'complaint.rules.noRequired' });
  if (blank(b.complainant)) out.push({ field: 'complainant', message: 'complaint.rules.complainantRequired' });
  if (!blank(b.phone) && !CONTACT_PHONE_PATTERN.test((b.phone ?? '').trim()))
    out.push({ field: 'phone', message: 'complaint.rules.phoneFormat' });
  if (blank(b.content)) out.push({ field: 'content', message: 'complaint.rules.contentRequired' });
  return out;
};

export const validateComplaintOver = (b: Partial<ComplaintOver>): RuleViolation[] =>
  blank(b.reply) ? [{ field: 'reply', message: 'complaint.rules.replyRequired' }] : [];
