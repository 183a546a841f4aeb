// How the demo utility's people work (issue 15): for an order or a complaint as it stands with its history, what
// happens to it next and when — the dispatcher assigns, crews accept, start, note, complete with a cause or defer, the dispatcher
// reviews and closes (now and then sends one back, reminds a slow one, cancels a duplicate), the call-taker turns
// complaints into orders and answers them. Pure functions of a seed: the work-order history (demoWorkOrders.ts) and
// the live operations simulator (operationsSimulator.ts) both ask them, so the past and the present look alike.
import type { ComplaintCategory, Satisfaction } from '@waterops/shared/complaint';
import { addDays, chinaDay, dayStart } from '@waterops/shared/reading';
import type {
  WorkOrder,
  WorkOrderAction,
  WorkOrderEvent,
  WorkOrderEventAction,
  WorkOrderPriority,
  WorkOrderSource,
  WorkOrderStatus,
  WorkOrderType,
} from '@waterops/shared/workorder';
import {
  CANCEL_REASONS,
  CANCELLED_REPLIES,
  CAUSES,
  CLOSE_COMMENTS,
  DEFER_REASONS,
  DIRECT_REPLIES,
  fill,
  LEAK_DEFER_REASON,
  MATERIALS,
  NOTES,
  ORDER_REPLIES,
  pick,
  pickWeighted,
  REMIND_COMMENTS,
  REOPEN_REASONS,
  RESOLUTIONS,
  SATISFACTION,
  SATISFACTION_LATE,
} from './operationsTexts.ts';
import {
  ACK_FROM,
  ACK_TO,
  CALLBACK_FROM,
  CALLBACK_TO,
  crewMoment,
  DISPATCH_FROM,
  DISPATCH_TO,
  type OnDuty,
  reviewRound,
  WORK_FROM,
  WORK_TO,
  withinHours,
  workEnd,
} from './operationsTime.ts';
import { unit } from './random.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

// ── an order's next step ────────────────────────────────────────────────────────────────────────────────────────────

/** An order as the plan reads it (times in ms). */
export type PlanOrder = {
  id: number;
  code: string;
  type: WorkOrderType;
  priority: WorkOrderPriority;
  status: WorkOrderStatus;
  source: WorkOrderSource;
  createdAt: number;
  assigneeId: number | null;
  assignedAt: number | null;
  acceptedAt: number | null;
  startedAt: number | null;
  completedAt: number | null;
  deferredUntil: number | null;
  responseDueAt: number | null;
  resolveDueAt: number | null;
  leakEventId: number | null;
};
export type PlanEvent = { action: WorkOrderEventAction; at: number };

const ms = (v: string | null | undefined): number | null => (v ? Date.parse(v) : null);

/** The plan's view of an order as the API answers it. */
export const planOrderOf = (o: WorkOrder): PlanOrder => ({
  id: o.id,
  code: o.code,
  type: o.type,
  priority: o.priority,
  status: o.status,
  source: o.source,
  createdAt: ms(o.createdAt) as number,
  assigneeId: o.assigneeId,
  assignedAt: ms(o.assignedAt),
  acceptedAt: ms(o.acceptedAt),
  startedAt: ms(o.startedAt),
  completedAt: ms(o.completedAt),
  deferredUntil: ms(o.deferredUntil),
  responseDueAt: ms(o.responseDueAt),
  resolveDueAt: ms(o.resolveDueAt),
  leakEventId: o.leakEventId,
});
export const planEventsOf = (events: readonly WorkOrderEvent[]): PlanEvent[] =>
  events.map((e) => ({ action: e.action, at: Date.parse(e.at) }));

/** The plan's view of a complaint's order (what the call-taker tells the resident). */
export const complaintOrderOf = (o: WorkOrder): PlanComplaintOrder => ({
  code: o.code,
  status: o.status,
  closedAt: ms(o.closedAt),
  cancelledAt: o.status === 'cancelled' ? ms(o.updatedAt) : null,
  cause: o.cause,
  late: (ms(o.completedAt) ?? 0) > (ms(o.resolveDueAt) ?? Number.POSITIVE_INFINITY),
});

export type PlanContext = {
  seed: number;
  onDuty: OnDuty;
  /** a leak order: when the leak is really fixed (the city's own repair), if known */
  leakRepairAt?: (o: PlanOrder) => number | null;
};

/** What someone does next: the dispatcher, or the order's assignee. */
export type Step = {
  action: WorkOrderAction;
  by: 'dispatcher' | 'assignee';
  at: number;
  comment?: string | null;
  cause?: string;
  materials?: string | null;
  /** a deferral's new due time */
  dueAt?: number;
  /** photos to take (uploaded by whoever carries the step out) */
  photos?: number;
};
/** Nothing to do until `at` (the deferral job resumes the order then); null: nothing more to do. */
export type Plan = Step | { wait: number } | null;

/** How an order's life goes, fixed per order: most go smoothly; some are slow to be taken, stuck or deferred. */
export type Fate = 'smooth' | 'slowAccept' | 'stuck' | 'defer';
export const fateOf = (seed: number, id: number): Fate => {
  const u = unit(seed, 0xfa7e, id);
  if (u < 0.05) return 'slowAccept';
  if (u < 0.15) return 'stuck';
  if (u < 0.23) return 'defer';
  return 'smooth';
};

/** Minutes of work on site per type: [least, most]. */
const WORK_MINUTES: Record<WorkOrderType, [number, number]> = {
  leakRepair: [90, 300],
  // an urgent burst is shut off and patched within its three hours; the road is made good later
  burst: [70, 130],
  meterFault: [20, 60],
  valve: [60, 180],
  noWater: [60, 180],
  waterQuality: [45, 150],
  readingException: [15, 45],
  inspection: [60, 180],
  complaintFollowUp: [20, 60],
  other: [60, 150],
};

const isUrgentish = (p: WorkOrderPriority) => p === 'urgent' || p === 'high';

/** The order's next step as things stand, given its history; the caller carries it out once its time has come. */
export const nextOrderStep = (o: PlanOrder, events: readonly PlanEvent[], ctx: PlanContext): Plan => {
  const u = (tag: number, n = 0) => unit(ctx.seed, o.id, tag, n);
  const between = (tag: number, lo: number, hi: number, n = 0) => lo + u(tag, n) * (hi - lo);
  const count = (a: WorkOrderEventAction) => events.filter((e) => e.action === a).length;
  const lastAt = (...actions: WorkOrderEventAction[]) =>
    events.reduce((m, e) => (actions.includes(e.action) && e.at > m ? e.at : m), Number.NEGATIVE_INFINITY);
  const urgentish = isUrgentish(o.priority);
  const fate = fateOf(ctx.seed, o.id);
  const dispatchMoment = (t: number) => (urgentish ? t : withinHours(t, DISPATCH_FROM, DISPATCH_TO));
  const assignee = o.assigneeId;

  if (o.status === 'closed' || o.status === 'cancelled') return null;

  if (o.status === 'completed') {
    const done = o.completedAt ?? o.createdAt;
    // the dispatcher reviews finished work in rounds (urgent and high ones soon after)
    const at = urgentish
      ? withinHours(done + between(0x7e1, 20, 90) * MINUTE, 7, 22)
      : reviewRound(done + 20 * MINUTE) + between(0x7e4, 0, 40) * MINUTE;
    if (u(0x7e0) < 0.04 && count('reopen') === 0)
      return { action: 'reopen', by: 'dispatcher', at, comment: pick(REOPEN_REASONS, u(0x7e2)) };
    return { action: 'close', by: 'dispatcher', at, comment: pick(CLOSE_COMMENTS, u(0x7e3, count('close'))) };
  }

  if (o.status === 'deferred') {
    const until = o.deferredUntil ?? lastAt('delay') + DAY;
    // most crews pick a deferred job up themselves in the morning it is due; otherwise the deferral job does it
    const early = withinHours(until - between(0xde6, 30, 150, count('delay')) * MINUTE, WORK_FROM, WORK_TO);
    if (assignee !== null && u(0xde5, count('delay')) < 0.6 && early < until)
      return { action: 'resume', by: 'assignee', at: Math.max(lastAt('delay') + HOUR, early) };
    return { wait: until + MINUTE };
  }

  if (assignee === null) {
    if ((o.source === 'manual' || o.source === 'complaint') && u(0xca0) < 0.025)
      return {
        action: 'cancel',
        by: 'dispatcher',
        at: dispatchMoment(o.createdAt + between(0xca1, 10, 90) * MINUTE),
        comment: pick(CANCEL_REASONS, u(0xca2)),
      };
    const [lo, hi] = o.priority === 'urgent' ? [1, 5] : o.priority === 'high' ? [4, 15] : [5, 30];
    return { action: 'assign', by: 'dispatcher', at: dispatchMoment(o.createdAt + between(0xa55, lo, hi) * MINUTE) };
  }

  const crewAt = (t: number) => (urgentish ? t : crewMoment(t, assignee, ctx.onDuty));

  if (o.status === 'pending') {
    const assignedAt = o.assignedAt ?? o.createdAt;
    const [lo, hi] = o.priority === 'urgent' ? [2, 7] : o.priority === 'high' ? [5, 25] : [5, 40];
    let delay = between(0xacc, lo, hi, count('assign')) * MINUTE;
    if (fate === 'slowAccept') delay += between(0xacd, 90, 300) * MINUTE;
    // taking an order on is a tap in the app, done while awake; the work itself waits for working hours
    const acceptAt = urgentish ? assignedAt + delay : withinHours(assignedAt + delay, ACK_FROM, ACK_TO);
    if (fate === 'slowAccept' && count('remind') === 0) {
      const remindAt = Math.max(assignedAt + 30 * MINUTE, (o.responseDueAt ?? acceptAt) - 10 * MINUTE);
      if (remindAt < acceptAt)
        return { action: 'remind', by: 'dispatcher', at: remindAt, comment: pick(REMIND_COMMENTS, u(0x4e1)) };
    }
    return { action: 'accept', by: 'assignee', at: acceptAt };
  }

  // processing
  const acceptedAt = o.acceptedAt ?? o.createdAt;
  if (o.startedAt === null) {
    const [lo, hi] = o.priority === 'urgent' ? [10, 30] : [15, 70];
    return { action: 'start', by: 'assignee', at: crewAt(acceptedAt + between(0x57a, lo, hi) * MINUTE) };
  }
  const reopened = count('reopen');
  const resumedAt = Math.max(o.startedAt, lastAt('resume', 'autoResumed', 'reopen'));
  const repairAt = o.leakEventId !== null ? (ctx.leakRepairAt?.(o) ?? null) : null;
  // a leak located but waiting for its dig: deferred to the day of the repair
  if (repairAt !== null && count('delay') === 0 && repairAt - resumedAt > 20 * HOUR && repairAt - resumedAt < 89 * DAY)
    return {
      action: 'delay',
      by: 'assignee',
      at: resumedAt + between(0xde1, 40, 120) * MINUTE,
      comment: LEAK_DEFER_REASON,
      dueAt: repairAt - between(0xde2, 2, 4) * HOUR,
    };
  if (fate === 'defer' && count('delay') === 0 && repairAt === null) {
    const at = resumedAt + between(0xde1, 30, 120) * MINUTE;
    const day = addDays(chinaDay(new Date(at)), 1 + Math.floor(u(0xde3) * 4));
    return {
      action: 'delay',
      by: 'assignee',
      at,
      comment: pick(DEFER_REASONS, u(0xde4)),
      dueAt: dayStart(day).getTime() + between(0xde7, 9, 11) * HOUR,
    };
  }
  const [lo, hi] = reopened > 0 ? [40, 150] : WORK_MINUTES[o.type];
  let completeAt = workEnd(resumedAt, between(0xc0e, lo, hi, reopened), assignee, urgentish, ctx.onDuty);
  if (repairAt !== null) completeAt = Math.max(completeAt, repairAt);
  if (fate === 'stuck' && reopened === 0 && o.resolveDueAt !== null && repairAt === null)
    completeAt = Math.max(completeAt, o.resolveDueAt + between(0x57c, 1, 90) * HOUR);
  const cause = pickWeighted(CAUSES[o.type], u(0xca5, reopened));
  const materials = MATERIALS[o.type];
  const steps: Step[] = [
    {
      action: 'complete',
      by: 'assignee',
      at: completeAt,
      cause,
      materials: materials && cause !== 'noFault' && cause !== 'customerSide' ? pick(materials, u(0x3a7)) : null,
      comment: pick(RESOLUTIONS[cause], u(0x4e5, reopened)),
      photos: u(0x9f0, reopened) < 0.1 ? 1 : 0,
    },
  ];
  // a stuck job gets a reminder before it runs out; a third of jobs a note from site, some with photos
  if (fate === 'stuck' && count('remind') === 0 && o.resolveDueAt !== null)
    steps.push({
      action: 'remind',
      by: 'dispatcher',
      at: Math.max(resumedAt + 30 * MINUTE, o.resolveDueAt - between(0x4e2, 30, 180) * MINUTE),
      comment: pick(REMIND_COMMENTS, u(0x4e3)),
    });
  if (u(0x40e) < 0.3 && count('note') === 0)
    steps.push({
      action: 'note',
      by: 'assignee',
      at: resumedAt + between(0x40f, 10, 40) * MINUTE,
      comment: pick(NOTES, u(0x410)),
      photos: u(0x411) < 0.35 ? 1 + Math.floor(u(0x412) * 2) : 0,
    });
  return steps.reduce((first, s) => (s.at < first.at ? s : first));
};

// ── a complaint's next step ──────────────────────────────────────────────────────────────────────────────────────────

export type PlanComplaint = {
  id: number;
  category: ComplaintCategory;
  status: 'open' | 'ordered' | 'closed';
  createdAt: number;
};
/** The complaint's order as it stands (what the reply tells the resident). */
export type PlanComplaintOrder = {
  code: string;
  status: WorkOrderStatus;
  closedAt: number | null;
  cancelledAt: number | null;
  cause: string | null;
  /** finished after its resolution due time */
  late: boolean;
};
export type ComplaintStep =
  | { action: 'workOrder'; at: number }
  | { action: 'over'; at: number; reply: string; satisfaction: Satisfaction };

/** Complaints answered without an order: a question, or a fault the call-taker sorts out on the phone. */
const answeredDirectly = (seed: number, c: PlanComplaint) =>
  c.category === 'billing' || c.category === 'service' || unit(seed, 0xd1e, c.id) < 0.12;

export const nextComplaintStep = (
  c: PlanComplaint,
  order: PlanComplaintOrder | null,
  seed: number,
  causeText: (cause: string | null) => string,
): ComplaintStep | null => {
  const u = (tag: number) => unit(seed, c.id, tag);
  if (c.status === 'closed') return null;
  if (c.status === 'open') {
    if (!answeredDirectly(seed, c)) return { action: 'workOrder', at: c.createdAt + (2 + u(0x70e) * 10) * MINUTE };
    return {
      action: 'over',
      at: withinHours(c.createdAt + (20 + u(0xd1f) * 130) * MINUTE, CALLBACK_FROM, CALLBACK_TO),
      reply: pick(DIRECT_REPLIES[c.category], u(0xd20)),
      satisfaction: pickWeighted(SATISFACTION, u(0x5a7)),
    };
  }
  if (!order) return null;
  const doneAt = order.status === 'closed' ? order.closedAt : order.status === 'cancelled' ? order.cancelledAt : null;
  if (doneAt === null) return null;
  const replies = order.status === 'closed' ? ORDER_REPLIES : CANCELLED_REPLIES;
  return {
    action: 'over',
    at: withinHours(doneAt + (30 + u(0xd21) * 210) * MINUTE, CALLBACK_FROM, CALLBACK_TO),
    reply: fill(pick(replies, u(0xd22)), { code: order.code, cause: causeText(order.cause) }),
    satisfaction: pickWeighted(order.late ? SATISFACTION_LATE : SATISFACTION, u(0x5a8)),
  };
};

// ── who does the work ───────────────────────────────────────────────────────────────────────────────────────────────

/** The teams an order type goes to (department names of the demo): meters to the meter team, the rest to repairs. */
export const teamsOfType = (type: WorkOrderType, teams: { repair: readonly string[]; meters: string }): string[] =>
  type === 'meterFault' || type === 'readingException' || type === 'complaintFollowUp'
    ? [teams.meters]
    : [...teams.repair];

/**
 * The crew member to assign to, from the crew as the crew route sorts it (on duty first, then the lightest load): the
 * first of the order's teams, else the first on duty anywhere, else the first.
 */
export const pickAssignee = <C extends { departmentName: string | null; onDuty: boolean }>(
  crew: readonly C[],
  teams: readonly string[],
): C | undefined =>
  crew.find((m) => m.onDuty && m.departmentName !== null && teams.includes(m.departmentName)) ??
  crew.find((m) => m.onDuty) ??
  crew[0];
