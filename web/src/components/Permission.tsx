// The permission directive of spec §6: an element is hidden unless the signed-in user holds at least one of the
// listed permissions; 'admin' holds them all (the shared `hasAnyPermission`, the same check as the route guard).
import { hasAnyPermission } from '@waterops/shared/auth';
import { type ReactNode, useCallback, useMemo } from 'react';
import { effectivePermissions, useCurrentUserQuery } from '../features/auth/authApi.ts';

/** A check for the signed-in user: `can(['sys:log:view'])`. No user yet means no permission (nothing flashes). */
export const usePermission = () => {
  const user = useCurrentUserQuery().data;
  const held = useMemo(() => effectivePermissions(user), [user]);
  return useCallback((needed: readonly string[] = []) => hasAnyPermission(held, needed), [held]);
};

export type PermissionProps = {
  /** shown when the user holds at least one of these; an empty list shows it to every signed-in user */
  any: readonly string[];
  /** the guarded element */
  children: ReactNode;
};

export function Permission({ any, children }: PermissionProps) {
  const can = usePermission();
  const user = useCurrentUserQuery().data;
  return user && can(any) ? children : null;
}
