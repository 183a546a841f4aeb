// What can be done with a complaint in its state (spec §4: save, turn into work order, over, delete; issue 15: reopen
// within 72 h of closing), as one function both sides read: the page shows exactly the actions it allows, the routes
// refuse the others with the same reason (HTTP 200, business code 1).
import type { MessageKey } from '../i18n/messages.ts';
import { FINAL_STATUSES, type WorkOrderStatus } from '../workorder/workOrderModel.ts';
import { type ComplaintStatus, REOPEN_WITHIN_HOURS } from './complaintFields.ts';

export const COMPLAINT_ACTIONS = ['edit', 'workOrder', 'over', 'reopen', 'delete'] as const;
export type ComplaintAction = (typeof COMPLAINT_ACTIONS)[number];

/** What the rules need of a complaint. */
export type ComplaintState = {
  status: ComplaintStatus;
  closedAt: string | null;
  workOrderId: number | null;
  workOrderStatus: WorkOrderStatus | null;
};

const HOUR_MS = 3_600_000;

/** The last instant a complaint closed at `closedAt` may be reopened. */
export const reopenDeadline = (closedAt: string | Date): Date =>
  new Date(new Date(closedAt).getTime() + REOPEN_WITHIN_HOURS * HOUR_MS);

/** Its work order is still someone's work (not closed or cancelled). */
export const hasOpenOrder = (c: Pick<ComplaintState, 'workOrderId' | 'workOrderStatus'>): boolean =>
  c.workOrderId !== null && c.workOrderStatus !== null && !FINAL_STATUSES.includes(c.workOrderStatus);

/**
 * Why an action is refused for a complaint at `now`, or null when it is allowed. Turning a complaint that already
 * has an open order into one again is not refused: the call answers that order (never two).
 */
export const complaintRefusal = (action: ComplaintAction, c: ComplaintState, now: Date): MessageKey | null => {
  const closed = c.status === 'closed';
  switch (action) {
    case 'edit':
    case 'workOrder':
    case 'over':
      return closed ? 'complaint.refused.closed' : null;
    case 'reopen':
      if (!closed || c.closedAt === null) return 'complaint.refused.notClosed';
      return now.getTime() > reopenDeadline(c.closedAt).getTime() ? 'complaint.refused.reopenExpired' : null;
    case 'delete':
      return c.workOrderId !== null ? 'complaint.refused.ordered' : null;
  }
};

/**
 * The actions the page offers for a complaint at `now`: edit, close and turn into an order while not closed (the
 * last only when it has no open order), reopen within 72 h of closing, delete while never turned into an order.
 */
export const complaintActions = (c: ComplaintState, now: Date): ComplaintAction[] =>
  COMPLAINT_ACTIONS.filter((a) => complaintRefusal(a, c, now) === null && !(a === 'workOrder' && hasOpenOrder(c)));
