import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../auth/index.ts';
import {
  type ActionInput,
  allowedActions,
  type Caller,
  decide,
  type MachineOrder,
  type MachineState,
  nextState,
  WORK_ORDER_TRANSITIONS,
} from './workOrderMachine.ts';
import { WorkOrderAction, WorkOrderStatus } from './workOrderModel.ts';

const P = PERMISSIONS;
const NOW = new Date('2026-11-27T02:00:00Z');
const DISPATCHER: Caller = {
  userId: 1,
  permissions: [P.workOrderView, P.workOrderCreate, P.workOrderAssign, P.workOrderClose],
};
const CREW_A: Caller = { userId: 2, permissions: [P.workOrderComplete] };
const CREW_B: Caller = { userId: 3, permissions: [P.workOrderComplete] };
const VIEWER: Caller = { userId: 4, permissions: [P.workOrderView] };
const ADMIN: Caller = { userId: 5, permissions: [P.admin] };
const CALLERS = [DISPATCHER, CREW_A, CREW_B, VIEWER, ADMIN];

/** An input that meets every rule of every action (the assignee: crew A or B). */
const fullInput = (assigneeId: number): ActionInput => ({
  comment: '现场处理',
  attachments: ['/api-file/files/1.png'],
  assigneeId,
  dueAt: new Date(NOW.getTime() + 86_400_000).toISOString(),
  cause: 'pipeLeak',
  materials: 'DN100 管箍 1 个',
});

const NEW: MachineOrder = { status: 'pending', assigned: false, accepted: false, started: false, assigneeId: null };

/** The invariants of a reachable state. */
const consistent = (s: MachineState): boolean =>
  WorkOrderStatus.values.includes(s.status) &&
  (!s.started || s.accepted) &&
  (!s.accepted || s.assigned) &&
  (s.status !== 'processing' || s.accepted) &&
  (s.status !== 'pending' || !s.accepted);

describe('the work-order state machine', () => {
  it('has one row per action, each leading somewhere from somewhere', () => {
    expect(WORK_ORDER_TRANSITIONS.map((t) => t.action).sort()).toEqual([...WorkOrderAction.values].sort());
    for (const t of WORK_ORDER_TRANSITIONS) {
      expect(t.from.length).toBeGreaterThan(0);
      expect(t.permissions.length).toBeGreaterThan(0);
    }
  });

  it('takes the issue’s path: pending → processing (assign, accept) → completed → closed', () => {
    let o: MachineOrder = NEW;
    const step = (action: Parameters<typeof decide>[0], caller: Caller) => {
      const d = decide(action, o, caller, fullInput(CREW_A.userId), NOW);
      if (!d.ok) throw new Error(`${action} refused: ${d.refusal}`);
      o = { ...d.to, assigneeId: action === 'assign' ? CREW_A.userId : o.assigneeId };
      return o.status;
    };
    expect(step('assign', DISPATCHER)).toBe('pending');
    expect(step('accept', CREW_A)).toBe('processing');
    expect(step('start', CREW_A)).toBe('processing');
    expect(step('note', CREW_A)).toBe('processing');
    expect(step('complete', CREW_A)).toBe('completed');
    expect(step('close', DISPATCHER)).toBe('closed');
    expect(allowedActions(o, ADMIN)).toEqual([]);
  });

  it('lets only the assignee accept, and a deferral resume where it left off', () => {
    const assigned: MachineOrder = { ...NEW, assigned: true, assigneeId: CREW_A.userId };
    expect(decide('accept', assigned, CREW_B, {}, NOW)).toEqual({ ok: false, refusal: 'forbidden' });
    expect(decide('accept', assigned, DISPATCHER, {}, NOW)).toEqual({ ok: false, refusal: 'forbidden' });
    const working: MachineOrder = { ...assigned, status: 'processing', accepted: true };
    const deferred = nextState('delay', working);
    expect(deferred.status).toBe('deferred');
    expect(nextState('resume', deferred).status).toBe('processing');
    expect(nextState('resume', nextState('delay', assigned)).status).toBe('pending');
  });

  it('asks each action for its input with the rule messages', () => {
    const working: MachineOrder = {
      status: 'processing',
      assigned: true,
      accepted: true,
      started: true,
      assigneeId: 2,
    };
    expect(decide('complete', working, CREW_A, {}, NOW)).toEqual({
      ok: false,
      refusal: 'input',
      violations: [{ field: 'cause', message: 'workOrder.rules.causeRequired' }],
    });
    expect(decide('delay', working, CREW_A, { comment: '等配件', dueAt: '2026-11-26T00:00:00Z' }, NOW)).toEqual({
      ok: false,
      refusal: 'input',
      violations: [{ field: 'dueAt', message: 'workOrder.rules.dueAtPast' }],
    });
    expect(decide('note', working, CREW_A, { attachments: ['/a.png'] }, NOW).ok).toBe(true);
    expect(decide('note', working, CREW_A, { comment: ' ' }, NOW)).toMatchObject({ refusal: 'input' });
    expect(decide('cancel', working, DISPATCHER, {}, NOW)).toMatchObject({
      violations: [{ field: 'comment', message: 'workOrder.rules.reasonRequired' }],
    });
  });

  // (that every accepted transition appends exactly one event is the server's part: workOrderRoutes.test.ts walks
  // random sequences over HTTP and counts them)
  it('over 100,000 random action sequences: no undefined state, and the allowed actions are exactly those accepted', () => {
    const action = fc.constantFrom(...WorkOrderAction.values);
    const caller = fc.constantFrom(...CALLERS);
    const step = fc.record({
      action,
      caller,
      assignee: fc.constantFrom(CREW_A.userId, CREW_B.userId),
      valid: fc.boolean(),
    });
    let sequences = 0;
    // plain checks (no expect) inside: a property returning false, or throwing, fails with its shrunk sequence
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 25 }), (steps) => {
        sequences++;
        let o = NEW;
        for (const s of steps) {
          const allowed = allowedActions(o, s.caller).includes(s.action);
          // what the server is told it may do is exactly what it accepts (with an input that meets the rules)
          if (decide(s.action, o, s.caller, fullInput(s.assignee), NOW).ok !== allowed) return false;
          const d = decide(s.action, o, s.caller, s.valid ? fullInput(s.assignee) : {}, NOW);
          if (!d.ok) {
            if (d.refusal !== 'input' && allowed) return false;
            continue;
          }
          if (d.from.status !== o.status || d.from.accepted !== o.accepted) return false;
          o = { ...d.to, assigneeId: s.action === 'assign' ? s.assignee : o.assigneeId };
          if (!consistent(o)) return false;
        }
        return true;
      }),
      { numRuns: 100_000 },
    );
    expect(sequences).toBe(100_000);
  });
});
