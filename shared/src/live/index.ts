// @waterops/shared/live — the live-push protocol between the gateway's Socket.IO server and the web client
// (architecture §5). A topic is a keyed collection per tenant (and per data scope or user); the client subscribes,
// gets a snapshot with a sequence number, then patches carrying only what changed. A client that sees a gap in
// `seq` asks for a resync and gets a fresh snapshot.

/** The Socket.IO path (next to the REST API, so one reverse-proxy rule covers both). */
export const LIVE_PATH = '/live/socket.io';

export const TOPICS = {
  /** the tenant's live alarm set (active or unacknowledged), in the subscriber's data scope; items: Alarm */
  alarms: 'alarms',
  /** the subscriber's own notices and to-dos (unread first); items: Notification */
  notifications: 'notifications',
  /** online / offline counts per device kind and area, in the subscriber's data scope; items: DeviceStatusCell */
  devicesStatus: 'devices.status',
  /** the open work orders (pending, processing, deferred, awaiting review) the subscriber may see: the tenant's in
   * their data scope, or a field crew member's own; items: WorkOrder (without per-caller actions) */
  workorders: 'workorders',
  /** one home-dashboard widget's figures in the subscriber's data scope (params `{ widget }`, a WidgetId; the route
   * refuses a widget the caller may not see); items: WidgetItem (@waterops/shared/dashboard), one */
  dashboard: 'dashboard',
} as const;
export type Topic = (typeof TOPICS)[keyof typeof TOPICS];
export const TOPIC_NAMES: readonly Topic[] = Object.values(TOPICS);

/** Every item of a topic has a stable id (number or string) the patches refer to. */
export type LiveItem = { id: number | string };

export type SubscribeRequest = { topic: Topic; params?: Record<string, string | number> };
/** The acknowledgement of subscribe / resync: ok, or why not (unknown topic, no permission, bad params). */
export type SubscribeAck = { ok: true; key: string } | { ok: false; code: 400 | 401 | 403 | 404; message: string };

/** The whole collection. `key` names the channel (topic plus params) the client subscribed to. */
export type SnapshotEvent<T extends LiveItem = LiveItem> = { topic: Topic; key: string; seq: number; items: T[] };
/** What changed since seq - 1: items added or changed (whole items) and ids that left the collection. */
export type PatchEvent<T extends LiveItem = LiveItem> = {
  topic: Topic;
  key: string;
  seq: number;
  upserts: T[];
  removes: Array<T['id']>;
};
/** The upstream behind a channel fails (the client keeps its last state and shows it as stale) / works again. */
export type DegradedEvent = { topic: Topic; key: string; reason: string; since: string };
export type RecoveredEvent = { topic: Topic; key: string };
/** Sent just before the server drops a socket whose token was revoked or expired. */
export type SessionEndedEvent = { reason: 'revoked' | 'expired' };

export interface ServerToClientEvents {
  snapshot: (event: SnapshotEvent) => void;
  patch: (event: PatchEvent) => void;
  degraded: (event: DegradedEvent) => void;
  recovered: (event: RecoveredEvent) => void;
  sessionEnded: (event: SessionEndedEvent) => void;
}

export interface ClientToServerEvents {
  subscribe: (request: SubscribeRequest, ack: (answer: SubscribeAck) => void) => void;
  unsubscribe: (request: SubscribeRequest) => void;
  /** the client saw a gap (or lost track): send me a fresh snapshot of this channel */
  resync: (request: SubscribeRequest, ack: (answer: SubscribeAck) => void) => void;
}

/** The handshake: `io(url, { path: LIVE_PATH, auth: { token } })` — the same bearer token as the REST calls. */
export type LiveAuth = {
  token: string;
  /** the app's language ('zh-CN' | 'en'): what the handshake's Accept-Language says otherwise (a browser's own) */
  locale?: string;
};

/** The channel key of a subscription: the topic plus its params in a stable order ("alarms", "alarms?areaId=3"). */
export const channelKey = ({ topic, params }: SubscribeRequest): string => {
  const entries = Object.entries(params ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return entries.length ? `${topic}?${entries.map(([k, v]) => `${k}=${v}`).join('&')}` : topic;
};

/** Applies a patch to a collection held by id; pure (returns a new map). Upserts replace whole items. */
export const applyPatch = <T extends LiveItem>(
  items: ReadonlyMap<T['id'], T>,
  patch: PatchEvent<T>,
): Map<T['id'], T> => {
  const next = new Map(items);
  for (const id of patch.removes) next.delete(id);
  for (const item of patch.upserts) next.set(item.id, item);
  return next;
};

/** The patch turning `before` into `after` (the snapshot-diff fallback): changed = not deep-equal as JSON. */
export const diffCollections = <T extends LiveItem>(
  before: ReadonlyMap<T['id'], T>,
  after: ReadonlyMap<T['id'], T>,
): { upserts: T[]; removes: Array<T['id']> } => {
  const upserts: T[] = [];
  const removes: Array<T['id']> = [];
  for (const [id, item] of after) {
    const old = before.get(id);
    if (old === undefined || JSON.stringify(old) !== JSON.stringify(item)) upserts.push(item);
  }
  for (const id of before.keys()) if (!after.has(id)) removes.push(id);
  return { upserts, removes };
};
