// Where a to-do leads (spec §2: "opens the work-order page with a code query taken from the item's param"): the
// dispatch page for a user who has it in their menus, otherwise the crew's own orders (a crew member has only
// /workorder/mine: the dispatch page would be a 404 for them). The paths are the menus' own, the registry's keys
// find them.
import type { MenuEntry } from '@waterops/shared/user';
import { useCallback, useMemo } from 'react';
import { buildMenuRoutes, flattenRoutes } from '../../app/router/buildMenuRoutes.ts';
import { useCurrentMenusQuery } from '../auth/authApi.ts';

export const WORK_ORDER_ROUTE = '/workorder';
export const MY_WORK_ORDERS_ROUTE = '/workorder/mine';
const DISPATCH_PAGE = 'workorder/WorkOrderPage';
const MINE_PAGE = 'workorder/MyWorkOrdersPage';

export const workOrderPath = (code: string | null, route: string = WORK_ORDER_ROUTE): string =>
  code ? `${route}?code=${encodeURIComponent(code)}` : route;

/** The page a to-do opens for a user with these menus (null menus: not known yet, the dispatch page). */
export const workOrderRouteFor = (menus: readonly MenuEntry[] | undefined): string => {
  if (!menus) return WORK_ORDER_ROUTE;
  const routes = flattenRoutes(buildMenuRoutes(menus));
  const dispatch = routes.find((r) => r.component === DISPATCH_PAGE);
  if (dispatch) return dispatch.path;
  return routes.find((r) => r.component === MINE_PAGE)?.path ?? MY_WORK_ORDERS_ROUTE;
};

/** The signed-in user's to-do link: `(code) => path`. */
export const useWorkOrderPath = (): ((code: string | null) => string) => {
  const menus = useCurrentMenusQuery().data;
  const route = useMemo(() => workOrderRouteFor(menus), [menus]);
  return useCallback((code: string | null) => workOrderPath(code, route), [route]);
};
