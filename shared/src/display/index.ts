// @waterops/shared/display — display tokens (issue 18): an administrator issues a read-only token bound to one wall
// screen (page 大屏终端, permission sys:display:*); the screen opens `#/bigScreen?display=<token>` and calls the API
// and the live socket with `Authorization: bearer <token>` as a signed-in user would, holding only DISPLAY_PERMISSIONS.
// The token is answered once, at issue; the gateway keeps only its hash.
import { type Static, Type } from '@sinclair/typebox';
import { PageQuery } from '../api/paging.ts';
import { Instant, Nullable } from '../api/schemaParts.ts';
import { PERMISSIONS } from '../auth/permissions.ts';
import { WIDGET_PERMISSIONS } from '../dashboard/index.ts';
import { NameText } from '../rules/textLimits.ts';
import type { RuleViolation } from '../user/rules.ts';

export const DISPLAY_PATHS = {
  /** GET: the tenant's display tokens, paged (page, limit, name, state), newest first; never a token */
  list: '/api-user/displays',
  /** POST DisplayIssue → Result(DisplayIssued): the token in clear, this once */
  issue: '/api-user/displays/issue',
  /** PUT DisplayRename: a new name for the screen */
  rename: (id: number | string) => `/api-user/displays/${id}`,
  /** POST: revoke; the screen's next request (and its live socket, within LIVE_AUTH_CHECK_MS) is refused */
  revoke: (id: number | string) => `/api-user/displays/${id}/revoke`,
} as const;

/** How long a token is good for, in days: default half a year, at most two years. */
export const DISPLAY_DAYS = { min: 1, max: 730, default: 180 } as const;

/** The big screen's route and the query parameter that carries the token (`#/bigScreen?display=<token>`). */
export const BIG_SCREEN_ROUTE = '/bigScreen';
export const DISPLAY_TOKEN_PARAM = 'display';

/** The address a screen opens: the web app's origin, the hash route and the token. */
export const displayScreenUrl = (origin: string, token: string): string =>
  `${origin.replace(/\/+$/, '')}/#${BIG_SCREEN_ROUTE}?${DISPLAY_TOKEN_PARAM}=${encodeURIComponent(token)}`;

/**
 * What a display may read: the source permission of every home / big-screen widget, the alarm console's, the
 * operations map's, the water balance's and the work-order queue's, and users/current (profile view). Nothing that
 * changes anything, and no system page; tenant-wide (no data scope).
 */
export const DISPLAY_PERMISSIONS: readonly string[] = [
  ...new Set([
    ...Object.values(WIDGET_PERMISSIONS).flatMap((codes) => codes ?? []),
    PERMISSIONS.monitoringAlarmView,
    PERMISSIONS.dmaDistrictView,
    PERMISSIONS.dmaAnalysisView,
    PERMISSIONS.workOrderView,
    PERMISSIONS.profileView,
  ]),
].sort();

/** HTTP methods a display may use: it reads, never writes. */
export const DISPLAY_METHODS: readonly string[] = ['GET', 'HEAD'];

export const DISPLAY_STATES = ['active', 'expired', 'revoked'] as const;
export type DisplayState = (typeof DISPLAY_STATES)[number];

/** A token's state at `now`: revoked wins over expired. */
export const displayStateOf = (t: { revokedAt: Date | null; expiresAt: Date }, now: Date): DisplayState =>
  t.revokedAt !== null ? 'revoked' : t.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';

/** One display token as the list shows it: never the token, nor its hash. */
export const DisplayToken = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** the user name of the administrator who issued it */
  createdBy: Nullable(Type.String()),
  createTime: Instant,
  expiresAt: Instant,
  revokedAt: Nullable(Instant),
  /** the screen's last request (recorded at most once a minute) and the address it came from */
  lastSeenTime: Nullable(Instant),
  lastSeenAddress: Nullable(Type.String()),
  state: Type.Union(DISPLAY_STATES.map((s) => Type.Literal(s))),
});
export type DisplayToken = Static<typeof DisplayToken>;

export const DisplayFilters = Type.Object({
  /** contained in the name */
  name: Type.Optional(Type.String({ maxLength: 50 })),
  state: Type.Optional(Type.Union(DISPLAY_STATES.map((s) => Type.Literal(s)))),
});
export type DisplayFilters = Static<typeof DisplayFilters>;
export const DisplayListQuery = Type.Composite([PageQuery, DisplayFilters]);

/** `POST displays/issue`: the screen's name and how many days the token is good for (default 180). */
export const DisplayIssue = Type.Object({
  name: NameText(),
  days: Type.Optional(Type.Integer({ minimum: DISPLAY_DAYS.min, maximum: DISPLAY_DAYS.max })),
});
export type DisplayIssue = Static<typeof DisplayIssue>;

/** The answer to an issue: the token in clear, this once, and the new list row. */
export const DisplayIssued = Type.Object({ token: Type.String(), display: DisplayToken });
export type DisplayIssued = Static<typeof DisplayIssued>;

export const DisplayRename = Type.Object({ name: NameText() });
export type DisplayRename = Static<typeof DisplayRename>;

/** The form's rules (the route checks the same): a name is required; days, when given, within 1–730. */
export const validateDisplayIssue = (v: { name?: string | null; days?: number | string | null }): RuleViolation[] => {
  const violations: RuleViolation[] = [];
  if ((v.name ?? '').trim() === '') violations.push({ field: 'name', message: 'rules.displayName.required' });
  const days = v.days;
  if (days !== undefined && days !== null && String(days).trim() !== '') {
    const n = Number(days);
    if (!Number.isInteger(n) || n < DISPLAY_DAYS.min || n > DISPLAY_DAYS.max)
      violations.push({ field: 'days', message: 'rules.displayDays.range' });
  }
  return violations;
};

export * from './displayMessages.ts';
