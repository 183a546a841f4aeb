// The topic registry: for each topic of the protocol, what to poll, how (a `since` feed or an ETag-conditional
// snapshot), how often, who may read it, and which room a subscriber belongs to. Rooms are
// `tenant/<companyId>/<channel key>/<audience>` where the audience is the data-scope key (topics every user of the
// same scope sees alike) or the user id (per-user topics): subscribers in one room see exactly the same data, so
// one poll serves them all.
import { PERMISSIONS } from '@waterops/shared/auth';
import type { Locale } from '@waterops/shared/i18n';
import { TOPICS, type Topic } from '@waterops/shared/live';
import { MONITORING_PATHS } from '@waterops/shared/monitoring';
import { NOTICE_PATHS } from '@waterops/shared/notice';
import { isOpenStatus, WORK_ORDER_PATHS, type WorkOrderStatus } from '@waterops/shared/workorder';

/** What the live layer keeps of a socket's user: small (10,000 sockets per process), no permissions list. */
export type LivePrincipal = {
  token: string;
  companyId: number;
  userId: number;
  /** 'all', a hash of the data scope, or `user-<id>` when the upstream did not say (see scopeKey.ts) */
  scopeKey: string;
  /** bit i set: the handshake's permissions allow TOPIC_DEFS[i] (the fallback check while the upstream is down) */
  topicMask: number;
  /** the handshake's Accept-Language: the language of this socket's refusals */
  locale: Locale;
  /** whose work orders the user's lists hold (role types, shared listReach): a crew member's own never share a room */
  workOrderReach: 'tenant' | 'own';
};

/**
 * How a topic's collection is read:
 * - `feed`: `?since=<cursor>` change feed answering Result(AlarmFeed); items that fail `isLive` are removes.
 *   An upstream without it (404) falls back to paging `fallbackPath` (a PageResult list) and diffing.
 * - `etag`: a Result(items[]) snapshot polled with If-None-Match (304 = unchanged); without ETags, diffed.
 */
export type TopicSource =
  | { kind: 'feed'; path: string; fallbackPath: string; isLive: (item: Record<string, unknown>) => boolean }
  | { kind: 'etag'; path: string };

export type LiveIntervals = { pollMs: number; notificationsPollMs: number };

export type TopicDef = {
  topic: Topic;
  /** permission code(s) the handshake's CurrentUser must carry one of (null: every signed-in user) */
  permission: string | readonly string[] | null;
  source: TopicSource;
  intervalMs: (intervals: LiveIntervals) => number;
  /** the room's last segment for this subscriber */
  audience: (principal: LivePrincipal) => string;
  /**
   * items carry text in the reader's language (the bell's to-dos): the room is per language too, and its polls ask
   * in that language
   */
  localized?: true;
  /** the one user whose room it is when the audience is a single user (a change hint naming others passes it by) */
  ownerOf?: (principal: LivePrincipal) => number | null;
};

const byScope = (p: LivePrincipal) => p.scopeKey;
const byUser = (p: LivePrincipal) => String(p.userId);
/** Work orders: same scope, same queue — except a field crew member, whose list is their own orders. */
const byReach = (p: LivePrincipal) => (p.workOrderReach === 'own' ? `own-${p.userId}` : p.scopeKey);

export const TOPIC_DEFS: readonly TopicDef[] = [
  {
    topic: TOPICS.alarms,
    permission: PERMISSIONS.monitoringAlarmView,
    source: {
      kind: 'feed',
      path: MONITORING_PATHS.alarmFeed,
      fallbackPath: MONITORING_PATHS.alarms,
      // the live set (shared isLiveAlarm): active, or returned to normal and not yet acknowledged
      isLive: (a) => a.active === true || a.acknowledged !== true,
    },
    intervalMs: (i) => i.pollMs,
    audience: byScope,
  },
  {
    topic: TOPICS.notifications,
    permission: null,
    source: { kind: 'etag', path: NOTICE_PATHS.showNotice },
    intervalMs: (i) => i.notificationsPollMs,
    audience: byUser,
    ownerOf: (p) => p.userId,
    localized: true,
  },
  {
    topic: TOPICS.workorders,
    // the dispatcher's queue, or the crew member's own orders: the feed itself decides by the caller's role types
    permission: [PERMISSIONS.workOrderView, PERMISSIONS.workOrderComplete],
    source: {
      kind: 'feed',
      path: WORK_ORDER_PATHS.feed,
      fallbackPath: WORK_ORDER_PATHS.list,
      isLive: (o) => isOpenStatus(o.status as WorkOrderStatus),
    },
    intervalMs: (i) => i.pollMs,
    audience: byReach,
    ownerOf: (p) => (p.workOrderReach === 'own' ? p.userId : null),
  },
  {
    topic: TOPICS.devicesStatus,
    permission: PERMISSIONS.monitoringStatsView,
    source: { kind: 'etag', path: MONITORING_PATHS.statusBoard },
    intervalMs: (i) => i.pollMs,
    audience: byScope,
  },
];

export const topicDef = (topic: unknown): TopicDef | undefined => TOPIC_DEFS.find((d) => d.topic === topic);

/** The bit mask of topics a permission list allows ('admin' allows all). */
export const topicMaskOf = (permissions: readonly string[]): number => {
  const admin = permissions.includes(PERMISSIONS.admin);
  let mask = 0;
  TOPIC_DEFS.forEach((d, i) => {
    const codes = d.permission === null ? null : [d.permission].flat();
    if (admin || codes === null || codes.some((c) => permissions.includes(c))) mask |= 1 << i;
  });
  return mask;
};

export const topicAllowed = (principal: LivePrincipal, def: TopicDef): boolean =>
  (principal.topicMask & (1 << TOPIC_DEFS.indexOf(def))) !== 0;

/** What every room of a tenant starts with (a change hint reaches the tenant's rooms by it). */
export const tenantRoomPrefix = (companyId: number): string => `tenant/${companyId}/`;

export const roomOf = (def: TopicDef, principal: LivePrincipal, key: string): string =>
  `${tenantRoomPrefix(principal.companyId)}${key}/${def.audience(principal)}${def.localized ? `/${principal.locale}` : ''}`;

/** The topic's subscribe params, checked: a few short scalar values with plain names, or null (400). */
export const checkParams = (params: unknown): Record<string, string | number> | null => {
  if (params === undefined || params === null) return {};
  if (typeof params !== 'object' || Array.isArray(params)) return null;
  const entries = Object.entries(params as Record<string, unknown>);
  if (entries.length > 5) return null;
  const out: Record<string, string | number> = {};
  for (const [k, v] of entries) {
    if (!/^[A-Za-z][A-Za-z0-9]{0,30}$/.test(k)) return null;
    if (typeof v === 'number' ? !Number.isFinite(v) : typeof v !== 'string' || v.length > 40) return null;
    if (String(v).length > 40 || /[&=/?#]/.test(String(v))) return null;
    out[k] = v as string | number;
  }
  return out;
};
