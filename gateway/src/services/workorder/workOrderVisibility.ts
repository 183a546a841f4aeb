// Whose work orders a caller sees (spec §6 identity, narrowed to the role types they hold; data scope): the one rule
// of the work-order routes, the statistics and the home dashboards' work-order widget.
import { hasPermission, PERMISSIONS } from '@waterops/shared/auth';
import { listReach, parseIdentity } from '@waterops/shared/workorder';
import type { Principal } from '../../plugins/sessionCache.ts';
import { type Db, roleTypesOf, type Visibility } from './workOrderRepository.ts';

export const workOrderVisibility = async (
  db: Db,
  me: Pick<Principal, 'companyId' | 'userId' | 'permissions' | 'scope'>,
  identity?: string,
): Promise<Visibility> => {
  const held = await roleTypesOf(db, me.companyId, me.userId);
  const reach = listReach(parseIdentity(identity), held);
  if (reach === 'own' || !hasPermission(me.permissions, PERMISSIONS.workOrderView))
    return { kind: 'own', userId: me.userId };
  return me.scope ? { kind: 'scope', scope: me.scope, userId: me.userId } : { kind: 'tenant' };
};
