// What an order's events do to the record it was raised from (issue 15): an alarm gets a note in its history when an
// order is raised from it, completed (with the cause), sent back from review or cancelled; a leak event records the
// repair its order reported on completion (withdrawn when the review sends the order back). Called by the core
// (workOrderService.ts) inside the transaction that wrote the event, so a note never outlives a rolled-back change.
import { type AlarmNoteKey, alarmNoteText, type WorkOrderEventAction } from '@waterops/shared/workorder';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { addAlarmNote, recordLeakRepair } from './raiseRepository.ts';

/** The order as the effects see it (its links), and the event just written. */
export type EffectOrder = {
  companyId: number;
  id: number;
  code: string;
  source: string;
  alarmId: number | null;
  leakEventId: number | null;
  complaintId: number | null;
};
export type EffectEvent = {
  action: WorkOrderEventAction;
  toStatus: string;
  username: string | null;
  cause: string | null;
  at: Date;
};

/** The alarm note each event leaves (none for the others). */
const NOTES: Partial<Record<WorkOrderEventAction, AlarmNoteKey>> = {
  created: 'workOrder.alarmNote.raised',
  complete: 'workOrder.alarmNote.completed',
  reopen: 'workOrderRaise.alarmNote.reopened',
  cancel: 'workOrderRaise.alarmNote.cancelled',
};

export const afterWorkOrderEvent = async (
  tx: Transaction<DB>,
  order: EffectOrder,
  event: EffectEvent,
): Promise<void> => {
  const note = NOTES[event.action];
  if (note && order.alarmId !== null)
    await addAlarmNote(
      tx,
      order.companyId,
      order.alarmId,
      // the event's user: the note says who raised or completed it (null: the system)
      { userId: null, username: event.username },
      alarmNoteText(note, { code: order.code, cause: event.cause }),
      event.at,
    );
  if (order.leakEventId !== null) {
    if (event.action === 'complete') await recordLeakRepair(tx, order.companyId, order.leakEventId, order.id, event.at);
    else if (event.action === 'reopen') await recordLeakRepair(tx, order.companyId, order.leakEventId, order.id, null);
  }
};
