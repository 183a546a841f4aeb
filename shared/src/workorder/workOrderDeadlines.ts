// Deadlines of a work order (issue 15): response and resolution targets per type × priority, on the clock of the
// priority (every minute, or working time), paused while the order is deferred or awaiting review; the escalation
// ladder's fire times; and an order's standing (on time, due soon, overdue, over 24 / 48 / 72 h). One module computes
// all of it: the gateway stores the due times it gives and the job fires the ladder with it; the lists, statistics,
// exports, and later the home page and big screen classify with `deadlineState`.
import { addClockTime, type ClockKind, type Pause, type WorkCalendar } from './workCalendar.ts';
import {
  type DeadlineClass,
  OVERDUE_HOURS,
  WorkOrderPriority as Priorities,
  WorkOrderType as Types,
  type WorkOrderPriority,
  type WorkOrderStatus,
  type WorkOrderType,
} from './workOrderModel.ts';

/** Minutes to accept (response) and to complete (resolution), counted on the priority's clock. */
export type Target = { responseMinutes: number; resolveMinutes: number };

/** A tenant's deadline settings (parameter config groups workorder.deadline / .calendar / .escalation). */
export type DeadlineSettings = {
  targets: Readonly<Record<WorkOrderType, Readonly<Record<WorkOrderPriority, Target>>>>;
  /** priorities whose clock is working time; the others run every minute */
  workingTimePriorities: readonly WorkOrderPriority[];
  escalation: readonly EscalationLevel[];
};

/** Who an escalation tells: the assignee, the tenant's dispatchers, its managers (closing reviewers). */
export type EscalationAudience = 'assignee' | 'dispatchers' | 'managers';
export const ESCALATION_AUDIENCES: readonly EscalationAudience[] = ['assignee', 'dispatchers', 'managers'];

/**
 * One level of the ladder: fires once per order when `percent` of the response target (the order is still not
 * accepted) or of the resolution target (still not completed) has run on the order's clock.
 */
export type EscalationLevel = {
  level: number;
  basis: 'response' | 'resolve';
  percent: number;
  notify: readonly EscalationAudience[];
};

/** Per priority, before any type's own: minutes. */
const PRIORITY_TARGETS: Record<WorkOrderPriority, Target> = {
  urgent: { responseMinutes: 30, resolveMinutes: 240 },
  high: { responseMinutes: 120, resolveMinutes: 1440 },
  normal: { responseMinutes: 480, resolveMinutes: 2880 },
  low: { responseMinutes: 1440, resolveMinutes: 7200 },
};
/** Types faster or slower than their priority's default. */
const TYPE_TARGETS: Partial<Record<WorkOrderType, Partial<Record<WorkOrderPriority, Target>>>> = {
  burst: { urgent: { responseMinutes: 15, resolveMinutes: 180 }, high: { responseMinutes: 30, resolveMinutes: 480 } },
  waterQuality: { urgent: { responseMinutes: 15, resolveMinutes: 240 } },
  inspection: { low: { responseMinutes: 2880, resolveMinutes: 10080 } },
};

export const DEFAULT_DEADLINE_SETTINGS: DeadlineSettings = {
  targets: Object.fromEntries(
    Types.values.map((type) => [
      type,
      Object.fromEntries(Priorities.values.map((p) => [p, TYPE_TARGETS[type]?.[p] ?? PRIORITY_TARGETS[p]])) as Record<
        WorkOrderPriority,
        Target
      >,
    ]),
  ) as DeadlineSettings['targets'],
  workingTimePriorities: ['normal', 'low'],
  escalation: [
    { level: 1, basis: 'response', percent: 100, notify: ['dispatchers'] },
    { level: 2, basis: 'resolve', percent: 100, notify: ['assignee', 'dispatchers'] },
    { level: 3, basis: 'resolve', percent: 150, notify: ['managers'] },
  ],
};

/** The priority a type gets when whoever raises it does not say (a burst is urgent, an inspection can wait). */
export const DEFAULT_PRIORITY: Record<WorkOrderType, WorkOrderPriority> = {
  leakRepair: 'high',
  burst: 'urgent',
  meterFault: 'normal',
  valve: 'normal',
  noWater: 'high',
  waterQuality: 'high',
  readingException: 'normal',
  inspection: 'low',
  complaintFollowUp: 'normal',
  other: 'normal',
};

export const clockOf = (settings: Pick<DeadlineSettings, 'workingTimePriorities'>, p: WorkOrderPriority): ClockKind =>
  settings.workingTimePriorities.includes(p) ? 'working' : 'hours24';

/** What the deadlines of one order depend on. */
export type DeadlineInput = {
  /** ISO instant the order was created (the clocks start) */
  createdAt: string;
  target: Target;
  clock: ClockKind;
  /** the stretches in which it was deferred or awaiting review; `to` null = still */
  pauses: readonly Pause[];
};

const at = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** The response and resolution due times (null while the clock stands still for good, e.g. deferred now). */
export const dueTimes = (
  input: DeadlineInput,
  cal: WorkCalendar,
): { responseDueAt: string | null; resolveDueAt: string | null } => {
  const start = Date.parse(input.createdAt);
  return {
    responseDueAt: at(addClockTime(start, input.target.responseMinutes, input.clock, cal, input.pauses)),
    resolveDueAt: at(addClockTime(start, input.target.resolveMinutes, input.clock, cal, input.pauses)),
  };
};

/** When a level of the ladder falls due for an order (null: never, as things stand). */
export const escalationTime = (level: EscalationLevel, input: DeadlineInput, cal: WorkCalendar): number | null => {
  const minutes =
    ((level.basis === 'response' ? input.target.responseMinutes : input.target.resolveMinutes) * level.percent) / 100;
  return addClockTime(Date.parse(input.createdAt), minutes, input.clock, cal, input.pauses);
};

/** What the ladder needs of an order beyond its deadline input. */
export type LadderState = {
  status: WorkOrderStatus;
  accepted: boolean;
  /** levels already fired */
  fired: readonly number[];
};

/** Whether a level still applies to an order: open, not fired, and its basis still unmet. */
const applies = (level: EscalationLevel, s: LadderState): boolean => {
  if (s.fired.includes(level.level)) return false;
  if (s.status === 'closed' || s.status === 'cancelled' || s.status === 'completed' || s.status === 'deferred')
    return false;
  return level.basis === 'resolve' || !s.accepted;
};

/**
 * The levels to fire at `now` (due, applicable, not fired: also those that fell due while nobody looked, each once)
 * and the next instant a level falls due (the job's work list), or null.
 */
export const escalationsDue = (
  ladder: readonly EscalationLevel[],
  input: DeadlineInput,
  s: LadderState,
  cal: WorkCalendar,
  now: Date,
): { due: EscalationLevel[]; nextAt: string | null } => {
  const due: EscalationLevel[] = [];
  let next: number | null = null;
  for (const level of [...ladder].sort((a, b) => a.level - b.level)) {
    if (!applies(level, s)) continue;
    const t = escalationTime(level, input, cal);
    if (t === null) continue;
    if (t <= now.getTime()) due.push(level);
    else if (next === null || t < next) next = t;
  }
  return { due, nextAt: at(next) };
};

/** An order's standing against its resolution due time, as every page and export shows it. */
export type DeadlineState = {
  class: DeadlineClass;
  /** the resolution due time in force (null: none, or paused) */
  dueAt: string | null;
  /** ms left (negative: late by that much); null when not running */
  remainingMs: number | null;
};

/** Within this much of its due time an order is "due soon" (or a quarter of its target, when that is less). */
export const DUE_SOON_MS = 2 * 3_600_000;

/** The instant before which a due time means "over `hours` h late" at `now` (the SQL filters' bound). */
export const overdueCutoff = (hours: number, now: Date): Date => new Date(now.getTime() - hours * 3_600_000);

export const deadlineState = (
  o: { status: WorkOrderStatus; resolveDueAt: string | null; resolveTargetMinutes?: number | null },
  now: Date,
): DeadlineState => {
  if (o.status === 'completed' || o.status === 'closed' || o.status === 'cancelled')
    return { class: 'done', dueAt: o.resolveDueAt, remainingMs: null };
  if (o.status === 'deferred') return { class: 'paused', dueAt: null, remainingMs: null };
  if (o.resolveDueAt === null) return { class: 'onTime', dueAt: null, remainingMs: null };
  const remainingMs = Date.parse(o.resolveDueAt) - now.getTime();
  const soon = Math.min(DUE_SOON_MS, ((o.resolveTargetMinutes ?? Number.POSITIVE_INFINITY) * 60_000) / 4);
  let cls: DeadlineClass = 'onTime';
  if (remainingMs <= 0) {
    const late = -remainingMs;
    cls = 'overdue';
    for (const h of OVERDUE_HOURS) if (late >= h * 3_600_000) cls = `over${h}` as DeadlineClass;
  } else if (remainingMs <= soon) cls = 'dueSoon';
  return { class: cls, dueAt: o.resolveDueAt, remainingMs };
};

/** Whether a class counts as late (overdue or worse). */
export const isLate = (c: DeadlineClass): boolean =>
  c === 'overdue' || c === 'over24' || c === 'over48' || c === 'over72';

/** The statuses in which an order's clock stands still: deferred, and completed awaiting review. */
export const PAUSED_STATUSES: readonly WorkOrderStatus[] = ['deferred', 'completed'];

/**
 * The pauses of an order from its status changes, oldest first: each stretch spent deferred or awaiting review
 * (`to` null when it still is).
 */
export const pausesFromHistory = (history: readonly { to: string; at: number }[]): Pause[] => {
  const pauses: Pause[] = [];
  let openFrom: number | null = null;
  for (const h of history) {
    const paused = PAUSED_STATUSES.includes(h.to as WorkOrderStatus);
    if (paused && openFrom === null) openFrom = h.at;
    else if (!paused && openFrom !== null) {
      pauses.push({ from: openFrom, to: h.at });
      openFrom = null;
    }
  }
  if (openFrom !== null) pauses.push({ from: openFrom, to: null });
  return pauses;
};
