// The access rules every route follows, as pure functions: a route must say who may call it (a permission, or
// public), and a caller passes when signed in and holding that permission ('admin' holds every permission).
import { hasPermission } from '@waterops/shared/auth';

/** What a route declares in its `config`. */
export type RouteAccess = {
  /** the permission code the caller must hold (PERMISSIONS in @waterops/shared/auth) */
  permission?: string;
  /**
   * other permissions that also pass: a lookup that pages of other permissions select from (the region list behind
   * the area page's and the account form's region selectors), so that holding such a page is enough to use it
   */
  alsoPermitted?: readonly string[];
  /** open to anyone: sign-in, captcha, health, docs, static files, proxied prefixes (the upstream checks) */
  public?: boolean;
};

/** Why a route's declaration is unacceptable, or null. Checked when the route is registered, so nothing is open by mistake. */
export const routeAccessProblem = (access: RouteAccess | undefined): string | null => {
  if (access?.public === true) return access.permission ? 'declares both a permission and public: true' : null;
  if (typeof access?.permission === 'string' && access.permission.length > 0) return null;
  return 'declares neither config.permission nor config.public: every route must say who may call it';
};

export type AccessDecision = 'allow' | 'unauthorized' | 'forbidden';

/**
 * The decision for a caller (their permissions, or null when not signed in) on a route. A permission whose menu entry
 * is not open for the caller's company (`notOpened`) is refused even to 'admin': opening is a licensing switch.
 */
export const decideAccess = (
  access: RouteAccess,
  held: readonly string[] | null,
  notOpened: readonly string[] = [],
): AccessDecision => {
  if (access.public === true) return 'allow';
  if (held === null) return 'unauthorized';
  const passing = access.permission ? [access.permission, ...(access.alsoPermitted ?? [])] : [];
  const open = passing.filter((permission) => !notOpened.includes(permission));
  return open.some((permission) => hasPermission(held, permission)) ? 'allow' : 'forbidden';
};
