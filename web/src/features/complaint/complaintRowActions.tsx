// A complaint's actions as the list and the drawer offer them: each is one of the shared COMPLAINT_ACTIONS, shown when
// the complaint's state allows it (`complaintActions`, the rule the routes apply) and the user may take it — every
// change needs complaint:edit, turning into a work order also workorder:create.
import type { IconName, Intent } from '@blueprintjs/core';
import { hasPermission, PERMISSIONS } from '@waterops/shared/auth';
import { type Complaint, type ComplaintAction, complaintActions } from '@waterops/shared/complaint';
import type { ReactNode } from 'react';
import {
  ComplaintCloseDialog,
  ComplaintDeleteConfirm,
  type ComplaintDialogProps,
  ComplaintOrderDialog,
  ComplaintReopenDialog,
} from './ComplaintActionDialogs.tsx';
import { ComplaintFormDialog } from './ComplaintFormDialog.tsx';

export type ComplaintActionLook = {
  action: ComplaintAction;
  labelKey: string;
  icon: IconName;
  intent?: Intent;
  /** every one of these is needed ('admin' holds all) */
  permissions: readonly string[];
  dialog: (props: ComplaintDialogProps) => ReactNode;
};

const EDIT = PERMISSIONS.complaintEdit;

export const COMPLAINT_ACTION_LOOKS: readonly ComplaintActionLook[] = [
  {
    action: 'edit',
    labelKey: 'complaintPage.action.edit',
    icon: 'edit',
    permissions: [EDIT],
    dialog: ({ complaint, onClose }) => <ComplaintFormDialog complaint={complaint} onClose={onClose} />,
  },
  {
    action: 'workOrder',
    labelKey: 'complaintPage.action.workOrder',
    icon: 'clipboard',
    intent: 'primary',
    permissions: [EDIT, PERMISSIONS.workOrderCreate],
    dialog: (props) => <ComplaintOrderDialog {...props} />,
  },
  {
    action: 'over',
    labelKey: 'complaintPage.action.over',
    icon: 'tick-circle',
    intent: 'success',
    permissions: [EDIT],
    dialog: (props) => <ComplaintCloseDialog {...props} />,
  },
  {
    action: 'reopen',
    labelKey: 'complaintPage.action.reopen',
    icon: 'undo',
    intent: 'warning',
    permissions: [EDIT],
    dialog: (props) => <ComplaintReopenDialog {...props} />,
  },
  {
    action: 'delete',
    labelKey: 'complaintPage.action.delete',
    icon: 'trash',
    intent: 'danger',
    permissions: [EDIT],
    dialog: (props) => <ComplaintDeleteConfirm {...props} />,
  },
];

/** Whether a user holding `held` may take the action at all (whatever the complaint's state). */
export const mayTake = (look: ComplaintActionLook, held: readonly string[]): boolean =>
  look.permissions.every((p) => hasPermission(held, p));

/** The actions a complaint offers now to a user holding `held`, in the page's order. */
export const offeredActions = (c: Complaint, held: readonly string[], now: Date): ComplaintActionLook[] => {
  const allowed = new Set(complaintActions(c, now));
  return COMPLAINT_ACTION_LOOKS.filter((look) => allowed.has(look.action) && mayTake(look, held));
};
