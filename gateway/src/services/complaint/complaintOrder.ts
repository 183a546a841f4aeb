// The work order a complaint becomes (issue 15 Deliver 4: all text and attachments carried over, linked both ways):
// its type from the category unless chosen, a title naming the category and the place, the complaint's text with the
// channel, complainant and phone under it, its photos, resident, meter, area, address and contact.
import {
  type Complaint,
  ComplaintCategory,
  ComplaintChannel,
  type ComplaintToWorkOrder,
  ORDER_TYPE_OF_CATEGORY,
} from '@waterops/shared/complaint';
import { type Locale, translate } from '@waterops/shared/i18n';
import type { NewWorkOrder } from '../workorder/workOrderService.ts';

/** WorkOrderSave's bounds: an order made from a complaint stays editable on the order's own form. */
export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 2000;

const clip = (text: string, max: number) =>
  [...text].length <= max ? text : `${[...text].slice(0, max - 1).join('')}…`;

/** The order's source key: at most one open order per complaint. */
export const complaintSourceKey = (complaintId: number) => `complaint:${complaintId}`;

/** The order of a complaint as the core's createWorkOrder takes it, its texts in `locale`. */
export const orderOfComplaint = (
  c: Complaint,
  choice: Pick<ComplaintToWorkOrder, 'type' | 'priority'>,
  locale: Locale,
): NewWorkOrder => {
  const category = ComplaintCategory.labels[c.category][locale];
  const place = c.address?.trim() || c.residentName?.trim() || c.complainant;
  const facts = translate('complaint.order.facts', locale, {
    no: c.complaintNo,
    channel: ComplaintChannel.labels[c.channel][locale],
    complainant: c.complainant,
    phone: c.phone || translate('complaint.order.none', locale),
  });
  // the facts always fit: the complaint's own text gives way when both together are too long
  const content = clip(c.content, Math.max(1, DESCRIPTION_MAX - [...facts].length - 2));
  return {
    title: clip(translate('complaint.order.title', locale, { category, place }), TITLE_MAX),
    type: choice.type ?? ORDER_TYPE_OF_CATEGORY[c.category],
    ...(choice.priority ? { priority: choice.priority } : {}),
    description: `${content}\n\n${facts}`,
    source: 'complaint',
    sourceKey: complaintSourceKey(c.id),
    complaintId: c.id,
    attachments: [...c.attachments],
    residentId: c.residentId,
    meterId: c.meterId,
    areaId: c.areaId,
    address: c.address,
    contactName: c.complainant,
    contactPhone: c.phone,
  };
};
