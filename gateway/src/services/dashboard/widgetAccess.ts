// Who may see a home-dashboard widget: a holder of one of its source page's permissions (WIDGET_PERMISSIONS), by the
// routes' own rule (admin passes, a page not opened for the company is refused even to admin).
import { WIDGET_PERMISSIONS, type WidgetId } from '@waterops/shared/dashboard';
import { decideAccess } from '../../plugins/routeAccess.ts';
import type { Principal } from '../../plugins/sessionCache.ts';

export const widgetAllowed = (widget: WidgetId, me: Pick<Principal, 'permissions' | 'notOpened'>): boolean => {
  const codes = WIDGET_PERMISSIONS[widget];
  if (codes === null) return true;
  const [permission, ...alsoPermitted] = codes;
  return decideAccess({ permission, alsoPermitted }, me.permissions, me.notOpened) === 'allow';
};
