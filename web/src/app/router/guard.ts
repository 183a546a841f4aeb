// The navigation guard (spec §2) as a pure decision, so it can be tested without a router.
import { hasAnyPermission } from '@waterops/shared/auth';
import { settings } from '../settings.ts';

export type GuardInput = {
  path: string;
  /** query string including '?', or '' */
  search: string;
  hasToken: boolean;
  /** menu routes are loaded */
  routesReady: boolean;
  /** the route matching `path` once routes are ready; null when none */
  match: { permissions?: readonly string[] } | null;
  permissions: readonly string[];
  /** route paths of the tenant's pages the user is not granted: /401 rather than /404 */
  withheld?: readonly string[];
  whiteList?: readonly string[];
  recordRoute?: boolean;
};

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** wait: user info and menus are loading */
  | { kind: 'load' };

export const loginPathFor = (path: string, search: string, record: boolean = settings.recordRoute): string =>
  record && path !== '/' && path !== '/login' ? `/login?redirect=${encodeURIComponent(path + search)}` : '/login';

export const decideNavigation = (input: GuardInput): GuardDecision => {
  const whiteList = input.whiteList ?? settings.routesWhiteList;
  const record = input.recordRoute ?? settings.recordRoute;
  if (!input.hasToken) {
    if (whiteList.includes(input.path)) return { kind: 'allow' };
    return { kind: 'redirect', to: loginPathFor(input.path, input.search, record) };
  }
  // Signed in on /login (also right after sign-in): on to the recorded page, else '/'.
  if (input.path === '/login') return { kind: 'redirect', to: redirectTarget(input.search) };
  if (whiteList.includes(input.path)) return { kind: 'allow' };
  if (input.path === '/' || input.path === '' || settings.homeAliases.includes(input.path))
    return { kind: 'redirect', to: `${settings.homePath}${input.search}` };
  if (!input.routesReady) return { kind: 'load' };
  if (!input.match) return { kind: 'redirect', to: input.withheld?.includes(input.path) ? '/401' : '/404' };
  const needed = input.match.permissions ?? [];
  if (!hasAnyPermission(input.permissions, needed)) return { kind: 'redirect', to: '/401' };
  return { kind: 'allow' };
};

/** Where to go after sign-in: the recorded redirect if it is a local path, else '/'. */
export const redirectTarget = (search: string): string => {
  const target = new URLSearchParams(search).get('redirect');
  return target?.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login') ? target : '/';
};
