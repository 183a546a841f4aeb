// The topic registry: for each topic of the protocol, what to poll, how (a `since` feed or an ETag-conditional
// snapshot), how often, who may read it, and which room a subscriber belongs to. Rooms are
// `tenant/<companyId>/<channel key>/<audience>` where the audience is the data-scope key (topics every user of the
// same scope sees alike) or the user id (per-user topics): subscribers in one room see exactly the same data, so
// one poll serves them all.
import { PERMISSIONS } from '@waterops/shared/auth';
import { DASHBOARD_PATHS, WIDGET_PERMISSIONS, type WidgetId } from '@waterops/shared/dashboard';
import type { Locale } from '@waterops/shared/i18n';
import { channelKey, TOPICS, type Topic } from '@waterops/shared/live';
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

export type LiveIntervals = { pollMs: number; notificationsPollMs: number; dashboardPollMs: number };

/** A channel's checked subscribe params (checkParams). */
export type TopicParams = Readonly<Record<string, string | number>>;

export type TopicDef = {
  topic: Topic;
  /** permission code(s) the handshake's CurrentUser must carry one of (null: every signed-in user) */
  permission: string | readonly string[] | null;
  /**
   * A further permission decided by one param's value (the dashboard's widget): the subscriber must hold one of the
   * value's codes too (null: none needed). A value not listed is a bad param (400).
   */
  paramPermission?: { param: string; codes: Readonly<Record<string, readonly string[] | null>> };
  source: TopicSource;
  intervalMs: (intervals: LiveIntervals) => number;
  /** the room's last segment for this subscriber (of this channel's params) */
  audience: (principal: LivePrincipal, params: TopicParams) => string;
  /**
   * items carry text in the reader's language (the bell's to-dos): the room is per language too, and its polls ask
   * in that language
   */
  localized?: true;
  /** the one user whose room it is when the audience is a single user (a change hint naming others passes it by) */
  ownerOf?: (principal: LivePrincipal, params: TopicParams) => number | null;
  /**
   * Change hints of other topics that poll this topic's rooms of one channel too: figures computed from that topic's
   * data (the dashboard's alarm widget moves when the alarms do).
   */
  followsHints?: readonly { topic: Topic; key: string }[];
};

const byScope = (p: LivePrincipal) => p.scopeKey;
const byUser = (p: LivePrincipal) => String(p.userId);
/** Work orders: same scope, same queue — except a field crew member, whose list is their own orders. */
const byReach = (p: LivePrincipal) => (p.workOrderReach === 'own' ? `own-${p.userId}` : p.scopeKey);
const ownOrders = (p: LivePrincipal) => (p.workOrderReach === 'own' ? p.userId : null);
/** The dashboard's channel of one widget. */
const widgetKey = (widget: WidgetId) => channelKey({ topic: TOPICS.dashboard, params: { widget } });

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
    ownerOf: ownOrders,
  },
  {
    topic: TOPICS.devicesStatus,
    permission: PERMISSIONS.monitoringStatsView,
    source: { kind: 'etag', path: MONITORING_PATHS.statusBoard },
    intervalMs: (i) => i.pollMs,
    audience: byScope,
  },
  {
    topic: TOPICS.dashboard,
    // some widget is every user's (the advert strip); which one the subscriber may read is the widget's permission
    permission: null,
    paramPermission: { param: 'widget', codes: WIDGET_PERMISSIONS },
    source: { kind: 'etag', path: DASHBOARD_PATHS.homeStatistics },
    intervalMs: (i) => i.dashboardPollMs,
    // the work-order widget counts the orders the caller's lists hold: a crew member's are their own
    audience: (p, params) => (params.widget === 'workOrders' ? byReach(p) : byScope(p)),
    ownerOf: (p, params) => (params.widget === 'workOrders' ? ownOrders(p) : null),
    followsHints: [
      { topic: TOPICS.alarms, key: widgetKey('alarms') },
      { topic: TOPICS.workorders, key: widgetKey('workOrders') },
    ],
  },
];

export const topicDef = (topic: unknown): TopicDef | undefined => TOPIC_DEFS.find((d) => d.topic === topic);

/**
 * What a handshake's permissions are checked against, one bit each: every topic's own permission, then every value of
 * a topic's permission param (the dashboard's widgets).
 */
type Grant = { topic: Topic; value?: string; codes: readonly string[] | null };
const codesOf = (p: string | readonly string[] | null): readonly string[] | null => (p === null ? null : [p].flat());
export const GRANTS: readonly Grant[] = TOPIC_DEFS.flatMap((d): Grant[] => [
  { topic: d.topic, codes: codesOf(d.permission) },
  ...Object.entries(d.paramPermission?.codes ?? {}).map(([value, codes]) => ({ topic: d.topic, value, codes })),
]);
// a mask is a 31-bit integer (bitwise operators): more grants need a second one
if (GRANTS.length > 31) throw new Error('live topics: more than 31 permission grants');

/** The bit mask of grants a permission list allows ('admin' allows all). */
export const topicMaskOf = (permissions: readonly string[]): number => {
  const admin = permissions.includes(PERMISSIONS.admin);
  let mask = 0;
  GRANTS.forEach(({ codes }, i) => {
    if (admin || codes === null || codes.some((c) => permissions.includes(c))) mask |= 1 << i;
  });
  return mask;
};

const granted = (principal: LivePrincipal, topic: Topic, value?: string): boolean => {
  const i = GRANTS.findIndex((g) => g.topic === topic && g.value === value);
  return i >= 0 && (principal.topicMask & (1 << i)) !== 0;
};

/** Whether the handshake's permissions allow the topic, and the channel's permission param when it has one. */
export const topicAllowed = (principal: LivePrincipal, def: TopicDef, params: TopicParams = {}): boolean =>
  granted(principal, def.topic) &&
  (!def.paramPermission || granted(principal, def.topic, String(params[def.paramPermission.param])));

/** The topic's own check of checked params: a permission param must name a listed value. */
export const paramsFit = (def: TopicDef, params: TopicParams): boolean =>
  !def.paramPermission || Object.hasOwn(def.paramPermission.codes, String(params[def.paramPermission.param]));

/** What every room of a tenant starts with (a change hint reaches the tenant's rooms by it). */
export const tenantRoomPrefix = (companyId: number): string => `tenant/${companyId}/`;

export const roomOf = (def: TopicDef, principal: LivePrincipal, key: string, params: TopicParams = {}): string =>
  `${tenantRoomPrefix(principal.companyId)}${key}/${def.audience(principal, params)}${def.localized ? `/${principal.locale}` : ''}`;

/** Whether a change hint of `topic` makes a room of `def`'s channel `key` poll: its own topic's, or one it follows. */
export const hintReaches = (def: TopicDef, key: string, topic: Topic): boolean =>
  def.topic === topic || (def.followsHints ?? []).some((f) => f.topic === topic && f.key === key);

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
