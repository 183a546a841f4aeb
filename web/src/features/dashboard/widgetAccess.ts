// Which widgets a user sees and where each links: a widget needs its permission (the shared hasAnyPermission, the
// check the route guard makes); its link goes to the first of its source pages that the user's menus hold (found by
// component key, as buildMenuRoutes resolves them), that is open for the company and whose page permission the user
// has — so a link never leads to a 401, a 404 or an apply-to-open note.
import { hasAnyPermission } from '@waterops/shared/auth';
import { WIDGET_IDS, type WidgetId } from '@waterops/shared/dashboard';
import type { MenuEntry } from '@waterops/shared/user';
import { useMemo } from 'react';
import { type AppRoute, buildMenuRoutes, flattenRoutes } from '../../app/router/buildMenuRoutes.ts';
import { pageFor } from '../../app/router/pageRegistry.tsx';
import { effectivePermissions, useCurrentMenusQuery, useCurrentUserQuery } from '../auth/authApi.ts';
import { WIDGETS } from './widgetRegistry.ts';

/** The route of the first of `pages` the user can open, or null. */
export const sourcePathFor = (
  pages: readonly string[],
  routes: readonly AppRoute[],
  held: readonly string[],
): string | null => {
  for (const key of pages) {
    const route = routes.find((r) => r.component === key && r.opened);
    if (route && hasAnyPermission(held, pageFor(key)?.permissions ?? [])) return route.path;
  }
  return null;
};

export type WidgetAccess = {
  /** the widgets the user may see */
  allowed: ReadonlySet<WidgetId>;
  /** each allowed widget's link, null when none of its pages can be opened */
  sourcePath: Partial<Record<WidgetId, string | null>>;
};

export const widgetAccess = (held: readonly string[], menus: readonly MenuEntry[] | undefined): WidgetAccess => {
  const routes = flattenRoutes(buildMenuRoutes(menus ?? []));
  const allowed = new Set(WIDGET_IDS.filter((id) => hasAnyPermission(held, WIDGETS[id].permissions ?? [])));
  const sourcePath: WidgetAccess['sourcePath'] = {};
  for (const id of allowed) sourcePath[id] = sourcePathFor(WIDGETS[id].sourcePages, routes, held);
  return { allowed, sourcePath };
};

const NO_ACCESS: WidgetAccess = { allowed: new Set(), sourcePath: {} };

/** The signed-in user's widgets; none until the user is known (nothing flashes). */
export const useWidgetAccess = (): WidgetAccess => {
  const user = useCurrentUserQuery().data;
  const menus = useCurrentMenusQuery().data;
  return useMemo(() => (user ? widgetAccess(effectivePermissions(user), menus) : NO_ACCESS), [user, menus]);
};

/** Where a figure links: the route of the first of its pages the user can open, or null. */
export type PageLinker = (pages: readonly string[]) => string | null;

export const NO_LINKS: PageLinker = () => null;

/** The signed-in user's figure links, by the rule of the widgets' own (sourcePathFor); none until the user is known. */
export const usePageLinker = (): PageLinker => {
  const user = useCurrentUserQuery().data;
  const menus = useCurrentMenusQuery().data;
  return useMemo(() => {
    if (!user) return NO_LINKS;
    const routes = flattenRoutes(buildMenuRoutes(menus ?? []));
    const held = effectivePermissions(user);
    return (pages) => sourcePathFor(pages, routes, held);
  }, [user, menus]);
};
