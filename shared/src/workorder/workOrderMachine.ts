// The work order's state machine, as data (issue 15): each action is one row saying from which statuses (and flags)
// it applies, what it leads to, which permissions and which relation to the order the caller needs, and what input
// it takes. `allowedActions` (what the server tells the client, and the client shows) and `decide` (what the server
// accepts) both read the same rows, so they cannot disagree. Every accepted transition appends one event; nothing
// is edited in place.
import { PERMISSIONS } from '../auth/index.ts';
import type { RuleViolation } from '../user/rules.ts';
import type { WorkOrderAction, WorkOrderStatus } from './workOrderModel.ts';

/** What the machine needs of an order: its status, and three facts of its history. */
export type MachineState = {
  status: WorkOrderStatus;
  /** someone is assigned (the dispatcher assigned it) */
  assigned: boolean;
  /** the assignee accepted it (the response clock stopped) */
  accepted: boolean;
  /** the assignee is on site / working (start) */
  started: boolean;
};

type Flags = Omit<MachineState, 'status'>;

/** Who, besides holding one of the permissions, may act: anyone; only the assignee; the assignee or a dispatcher. */
export type Relation = 'any' | 'assignee' | 'assigneeOrDispatcher';
type Need = 'required' | 'optional';

/** The input an action takes (absent: none). `comment` is the reason where an action needs one. */
export type ActionInputs = {
  comment?: Need;
  attachments?: 'optional';
  assignee?: 'required';
  /** a time after now: the new due time of a deferral */
  dueAt?: 'required';
  cause?: 'required';
  materials?: 'optional';
  /** at least one of these must be given (a note: text or a photo) */
  oneOf?: readonly ('comment' | 'attachments')[];
  /** the order's own fields (edit: the save body) */
  fields?: 'required';
};

export type Transition = {
  action: WorkOrderAction;
  from: readonly WorkOrderStatus[];
  /** flags that must hold besides the status */
  when?: Partial<Flags>;
  /** the status after: a status, unchanged ('same'), or back to work after a deferral ('resumed') */
  to: WorkOrderStatus | 'same' | 'resumed';
  /** flags after */
  sets?: Partial<Flags>;
  /** the caller holds at least one ('admin' holds all) */
  permissions: readonly string[];
  relation: Relation;
  inputs: ActionInputs;
};

const P = PERMISSIONS;

/** The dispatcher's permission: assigning, and acting on any order of the queue where the relation allows it. */
export const DISPATCH_PERMISSION = P.workOrderAssign;

export const WORK_ORDER_TRANSITIONS: readonly Transition[] = [
  {
    action: 'edit',
    from: ['pending', 'processing', 'deferred'],
    to: 'same',
    permissions: [P.workOrderCreate],
    relation: 'any',
    inputs: { fields: 'required' },
  },
  {
    action: 'assign',
    from: ['pending', 'processing'],
    to: 'pending',
    sets: { assigned: true, accepted: false, started: false },
    permissions: [P.workOrderAssign],
    relation: 'any',
    inputs: { assignee: 'required', comment: 'optional' },
  },
  {
    action: 'accept',
    from: ['pending'],
    when: { assigned: true },
    to: 'processing',
    sets: { accepted: true },
    permissions: [P.workOrderComplete],
    relation: 'assignee',
    inputs: { comment: 'optional' },
  },
  {
    action: 'start',
    from: ['processing'],
    when: { started: false },
    to: 'same',
    sets: { started: true },
    permissions: [P.workOrderComplete],
    relation: 'assignee',
    inputs: { comment: 'optional', attachments: 'optional' },
  },
  {
    action: 'note',
    from: ['pending', 'processing', 'deferred', 'completed'],
    to: 'same',
    permissions: [P.workOrderComplete, P.workOrderAssign],
    relation: 'assigneeOrDispatcher',
    inputs: { comment: 'optional', attachments: 'optional', oneOf: ['comment', 'attachments'] },
  },
  {
    action: 'complete',
    from: ['processing'],
    to: 'completed',
    permissions: [P.workOrderComplete],
    relation: 'assigneeOrDispatcher',
    inputs: { cause: 'required', materials: 'optional', comment: 'optional', attachments: 'optional' },
  },
  {
    action: 'delay',
    from: ['pending', 'processing'],
    to: 'deferred',
    permissions: [P.workOrderComplete, P.workOrderAssign],
    relation: 'assigneeOrDispatcher',
    inputs: { comment: 'required', dueAt: 'required' },
  },
  {
    action: 'resume',
    from: ['deferred'],
    to: 'resumed',
    permissions: [P.workOrderComplete, P.workOrderAssign],
    relation: 'assigneeOrDispatcher',
    inputs: { comment: 'optional' },
  },
  {
    action: 'remind',
    from: ['pending', 'processing', 'deferred'],
    when: { assigned: true },
    to: 'same',
    permissions: [P.workOrderAssign],
    relation: 'any',
    inputs: { comment: 'optional' },
  },
  {
    action: 'close',
    from: ['completed'],
    to: 'closed',
    permissions: [P.workOrderClose],
    relation: 'any',
    inputs: { comment: 'optional' },
  },
  {
    action: 'reopen',
    from: ['completed'],
    to: 'processing',
    permissions: [P.workOrderClose],
    relation: 'any',
    inputs: { comment: 'required' },
  },
  {
    action: 'cancel',
    from: ['pending', 'processing', 'deferred'],
    to: 'cancelled',
    permissions: [P.workOrderAssign],
    relation: 'any',
    inputs: { comment: 'required' },
  },
];

export const transitionOf = (action: WorkOrderAction): Transition => {
  const t = WORK_ORDER_TRANSITIONS.find((r) => r.action === action);
  if (!t) throw new Error(`no transition for ${action}`);
  return t;
};

/** The caller as the machine sees them: who they are and what they hold. */
export type Caller = { userId: number; permissions: readonly string[] };
/** The order as the machine sees it: its state and its assignee. */
export type MachineOrder = MachineState & { assigneeId: number | null };

const holds = (caller: Caller, codes: readonly string[]) =>
  caller.permissions.includes(P.admin) || codes.some((c) => caller.permissions.includes(c));

export const isDispatcher = (caller: Caller): boolean => holds(caller, [DISPATCH_PERMISSION]);

const relates = (t: Transition, order: MachineOrder, caller: Caller): boolean => {
  const isAssignee = order.assigneeId !== null && order.assigneeId === caller.userId;
  if (t.relation === 'assignee') return isAssignee;
  if (t.relation === 'assigneeOrDispatcher') return isAssignee || isDispatcher(caller);
  return true;
};

const stateFits = (t: Transition, s: MachineState): boolean =>
  t.from.includes(s.status) && Object.entries(t.when ?? {}).every(([flag, value]) => s[flag as keyof Flags] === value);

/** Why an action does not apply: the order's state, or the caller. */
export type Refusal = 'state' | 'forbidden';

/** Whether the action applies to the order for the caller (input aside); the refusal when not. */
export const refusalOf = (action: WorkOrderAction, order: MachineOrder, caller: Caller): Refusal | null => {
  const t = transitionOf(action);
  if (!holds(caller, t.permissions) || !relates(t, order, caller)) return 'forbidden';
  return stateFits(t, order) ? null : 'state';
};

/** The actions the caller may take on the order now, in the table's order: what the client shows. */
export const allowedActions = (order: MachineOrder, caller: Caller): WorkOrderAction[] =>
  WORK_ORDER_TRANSITIONS.filter((t) => refusalOf(t.action, order, caller) === null).map((t) => t.action);

/** The state after an action that applies (refusalOf null). */
export const nextState = (action: WorkOrderAction, s: MachineState): MachineState => {
  const t = transitionOf(action);
  const flags = { assigned: s.assigned, accepted: s.accepted, started: s.started, ...t.sets };
  const status = t.to === 'same' ? s.status : t.to === 'resumed' ? (s.accepted ? 'processing' : 'pending') : t.to;
  return { status, ...flags };
};

/** What an action was given (the common body of the action routes). */
export type ActionInput = {
  comment?: string | null;
  attachments?: readonly string[] | null;
  assigneeId?: number | null;
  dueAt?: string | null;
  cause?: string | null;
  materials?: string | null;
};

/** A deferral's new due time may be at most this far ahead. */
export const MAX_DEFER_DAYS = 90;

const blank = (v: string | null | undefined) => (v ?? '').trim() === '';

/** The input rules of an action, with the messages the dialog shows and the route answers; [] when fine. */
export const actionInputViolations = (action: WorkOrderAction, input: ActionInput, now: Date): RuleViolation[] => {
  const need = transitionOf(action).inputs;
  const out: RuleViolation[] = [];
  if (need.assignee === 'required' && !input.assigneeId)
    out.push({ field: 'assigneeId', message: 'workOrder.rules.assigneeRequired' });
  if (need.cause === 'required' && blank(input.cause))
    out.push({ field: 'cause', message: 'workOrder.rules.causeRequired' });
  if (need.comment === 'required' && blank(input.comment))
    out.push({
      field: 'comment',
      message:
        action === 'delay' || action === 'cancel' || action === 'reopen'
          ? 'workOrder.rules.reasonRequired'
          : 'workOrder.rules.commentRequired',
    });
  if (need.oneOf && blank(input.comment) && (input.attachments ?? []).length === 0)
    out.push({ field: 'comment', message: 'workOrder.rules.noteEmpty' });
  if (need.dueAt === 'required') {
    const at = input.dueAt ? Date.parse(input.dueAt) : Number.NaN;
    if (Number.isNaN(at)) out.push({ field: 'dueAt', message: 'workOrder.rules.dueAtRequired' });
    else if (at <= now.getTime()) out.push({ field: 'dueAt', message: 'workOrder.rules.dueAtPast' });
    else if (at > now.getTime() + MAX_DEFER_DAYS * 86_400_000)
      out.push({ field: 'dueAt', message: 'workOrder.rules.dueAtTooFar' });
  }
  return out;
};

/** The server's decision on one action: the next state, or why not. */
export type Decision =
  | { ok: true; from: MachineState; to: MachineState }
  | { ok: false; refusal: Refusal }
  | { ok: false; refusal: 'input'; violations: RuleViolation[] };

/** Decides an action on an order for a caller with an input: the one function behind every action route. */
export const decide = (
  action: WorkOrderAction,
  order: MachineOrder,
  caller: Caller,
  input: ActionInput,
  now: Date,
): Decision => {
  const refusal = refusalOf(action, order, caller);
  if (refusal) return { ok: false, refusal };
  const violations = actionInputViolations(action, input, now);
  if (violations.length) return { ok: false, refusal: 'input', violations };
  const from: MachineState = {
    status: order.status,
    assigned: order.assigned,
    accepted: order.accepted,
    started: order.started,
  };
  return { ok: true, from, to: nextState(action, from) };
};

/** The machine state of a stored order (its timestamps say which flags hold). */
export const machineStateOf = (o: {
  status: WorkOrderStatus;
  assigneeId: number | null;
  acceptedAt: string | null;
  startedAt: string | null;
}): MachineOrder => ({
  status: o.status,
  assigned: o.assigneeId !== null,
  accepted: o.acceptedAt !== null,
  started: o.startedAt !== null,
  assigneeId: o.assigneeId,
});
