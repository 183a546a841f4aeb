// How each action's button looks: an icon (rows show icon buttons, named by the action's label) and an intent for
// the ones that move the order forward or end it.
import { type IconName, Intent } from '@blueprintjs/core';
import type { WorkOrderAction } from '@waterops/shared/workorder';

export const ACTION_ICON: Record<WorkOrderAction, IconName> = {
  edit: 'edit',
  assign: 'person',
  accept: 'tick',
  start: 'walk',
  note: 'comment',
  complete: 'tick-circle',
  delay: 'time',
  resume: 'play',
  remind: 'notifications',
  close: 'endorsed',
  reopen: 'undo',
  cancel: 'disable',
};

export const ACTION_INTENT: Record<WorkOrderAction, Intent> = {
  edit: Intent.NONE,
  assign: Intent.PRIMARY,
  accept: Intent.PRIMARY,
  start: Intent.PRIMARY,
  note: Intent.NONE,
  complete: Intent.SUCCESS,
  delay: Intent.WARNING,
  resume: Intent.PRIMARY,
  remind: Intent.NONE,
  close: Intent.SUCCESS,
  reopen: Intent.WARNING,
  cancel: Intent.DANGER,
};

/** The action a row shows with its text: the first of these it allows (the next step of the work; assigning
 * comes last, as on an order already assigned it is a reassignment), the rest as icons. */
export const PRIMARY_ACTIONS: readonly WorkOrderAction[] = ['accept', 'start', 'complete', 'close', 'resume', 'assign'];
