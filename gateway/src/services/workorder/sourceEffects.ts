// What an order's events do to the record it was raised from (issue 15): an alarm gets a note when an order is raised
// from it and when that order is completed; a leak event records the repair its order reported. Called by the core
// (workOrderService.ts) inside the transaction that wrote the event. Owned by H-SOURCES; a placeholder until then.

import type { WorkOrderEventAction } from '@waterops/shared/workorder';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';

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

export const afterWorkOrderEvent = async (
  _tx: Transaction<DB>,
  _order: EffectOrder,
  _event: EffectEvent,
): Promise<void> => {};
