// The signed-in user's permissions ('admin' when the list is empty, spec §3), for rules that need all of several.
import { useMemo } from 'react';
import { effectivePermissions, useCurrentUserQuery } from '../auth/authApi.ts';

export const useHeldPermissions = (): readonly string[] => {
  const user = useCurrentUserQuery().data;
  return useMemo(() => effectivePermissions(user), [user]);
};
