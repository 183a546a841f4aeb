// Starting an action on an order, wherever its button sits (a queue row, the drawer, a crew member's card): edit
// opens the order's form, every other action the generic action dialog.
import type { WorkOrder, WorkOrderAction } from '@waterops/shared/workorder';
import { type ReactNode, useCallback, useState } from 'react';
import { WorkOrderActionDialog } from './WorkOrderActionDialog.tsx';
import { WorkOrderFormDialog } from './WorkOrderFormDialog.tsx';

export type StartAction = (action: WorkOrderAction, order: WorkOrder) => void;

export const useActionDialogs = (onDone?: (order: WorkOrder) => void): { start: StartAction; dialogs: ReactNode } => {
  const [acting, setActing] = useState<{ action: WorkOrderAction; order: WorkOrder } | null>(null);
  const start = useCallback<StartAction>((action, order) => setActing({ action, order }), []);
  const close = () => setActing(null);
  let dialogs: ReactNode = null;
  if (acting?.action === 'edit')
    dialogs = <WorkOrderFormDialog order={acting.order} onClose={close} onSaved={onDone} />;
  else if (acting)
    dialogs = (
      <WorkOrderActionDialog
        key={`${acting.action}:${acting.order.id}`}
        action={acting.action}
        order={acting.order}
        onClose={close}
        onDone={onDone}
      />
    );
  return { start, dialogs };
};
