// The signed-in user as the work-order machine sees them (id and permissions: the actions the client shows are
// exactly `allowedActions(machineStateOf(order), caller)`), and the list's `identity` (spec §6: the caller's role
// types, comma-joined, from the session's current user).

import type { CurrentUser } from '@waterops/shared/user';
import {
  allowedActions,
  type Caller,
  machineStateOf,
  type WorkOrder,
  type WorkOrderAction,
} from '@waterops/shared/workorder';
import { useMemo } from 'react';
import { effectivePermissions, useCurrentUserQuery } from '../auth/authApi.ts';

/** Spec §6: the distinct role types of the user, comma-joined ('' when they hold no typed role). */
export const identityOf = (user: Pick<CurrentUser, 'roles'> | null | undefined): string =>
  [...new Set((user?.roles ?? []).map((r) => r.type).filter((type) => type !== ''))].join(',');

export type WorkOrderCaller = Caller & { identity: string; name: string };

/** The caller, or null before the user is known (nothing is actionable then). */
export const useCaller = (): WorkOrderCaller | null => {
  const user = useCurrentUserQuery().data;
  return useMemo(
    () =>
      user
        ? {
            userId: user.id,
            permissions: effectivePermissions(user),
            identity: identityOf(user),
            name: user.nickname || user.username,
          }
        : null,
    [user],
  );
};

/** What the caller may do with an order now: the same rows the server decides with (no caller: nothing). */
export const actionsFor = (order: WorkOrder, caller: Caller | null): WorkOrderAction[] =>
  caller ? allowedActions(machineStateOf(order), caller) : [];
