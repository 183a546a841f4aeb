// The one live connection of the web client (architecture §5, §6): a Socket.IO socket opened only while some topic
// channel is watched, ref-counted channels that replay their last state to late subscribers and linger ~2 s after
// the last one leaves, seq-gap → resync, re-subscribe after a reconnect, degraded / recovered, and the server's
// sessionEnded handed to the app (the expired-login path). RxJS lives here, at the edge; nothing of it enters Redux.
import {
  channelKey,
  type DegradedEvent,
  type LiveItem,
  type PatchEvent,
  type RecoveredEvent,
  type SessionEndedEvent,
  type SnapshotEvent,
  type SubscribeAck,
  type SubscribeRequest,
} from '@waterops/shared/live';
import {
  BehaviorSubject,
  defer,
  distinctUntilChanged,
  EMPTY,
  interval,
  mergeMap,
  Observable,
  of,
  ReplaySubject,
  type Subscription,
  share,
  timer,
} from 'rxjs';

/** The part of a Socket.IO client socket the live client uses (a fake in tests). */
export interface LiveSocket {
  readonly connected: boolean;
  /** false once the socket gave up reconnecting by itself (server-side disconnect, refused handshake) */
  readonly active: boolean;
  on(event: string, handler: (...args: never[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

/** Opens a socket that authenticates with whatever `getToken()` answers at each (re)connection attempt. */
export type SocketFactory = (getToken: () => string | null) => LiveSocket;

/** idle: nothing watched, no socket; connecting: first attempt; connected; disconnected: lost, trying again. */
export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'disconnected';

/** connecting: waiting for the first snapshot; live; degraded: the server's upstream fails (items may be stale);
 * offline: the socket is down (items are the last known). */
export type ChannelStatus = 'connecting' | 'live' | 'degraded' | 'offline';

/** What changed the items: a whole collection or a patch. */
export type LiveChange<T extends LiveItem> =
  | { kind: 'snapshot'; items: T[] }
  | { kind: 'patch'; upserts: T[]; removes: Array<T['id']> };

export type ChannelState<T extends LiveItem> = {
  /** the collection, in the server's order (snapshot order, new items appended) */
  items: T[];
  /** the last applied seq; null before the first snapshot */
  seq: number | null;
  status: ChannelStatus;
  /** the subscription was refused (no permission, bad params) */
  error: { code: number; message: string } | null;
  /** the change that produced this state (null when only the status changed) */
  change: LiveChange<T> | null;
};

export type LiveClientOptions = {
  createSocket: SocketFactory;
  getToken: () => string | null;
  /** the server ended the session (token revoked or expired): the app's expired-login path */
  onSessionEnded: (event: SessionEndedEvent) => void;
  /** how long a channel stays subscribed after its last subscriber leaves (default 2000 ms) */
  lingerMs?: number;
  /** how often the stored token is compared with the socket's (default 1000 ms) */
  tokenCheckMs?: number;
  /** a refused handshake is retried after this long (default 5000 ms) */
  retryMs?: number;
};

export type LiveClient = {
  /** the topic channel: shared per channel key, replays its last state; subscribe to hold it open */
  channel<T extends LiveItem>(request: SubscribeRequest): Observable<ChannelState<T>>;
  /** the channel as changes: a snapshot first (also to a late subscriber), then patches and later snapshots */
  changes<T extends LiveItem>(request: SubscribeRequest): Observable<LiveChange<T>>;
  /** the socket's state */
  connection$: Observable<ConnectionState>;
  /** closes the socket and forgets every channel (sign-out, tests) */
  close(): void;
};

type ChannelEntry = {
  request: SubscribeRequest;
  push: (update: (state: ChannelState<LiveItem>) => ChannelState<LiveItem> | null) => void;
  state: () => ChannelState<LiveItem>;
  /** a resync is on its way: patches are ignored until its snapshot */
  awaitingSnapshot: boolean;
};

const initialState = <T extends LiveItem>(): ChannelState<T> => ({
  items: [],
  seq: null,
  status: 'connecting',
  error: null,
  change: null,
});

/** Applies a patch to an array keeping the order: changed items in place, new ones appended. Pure. */
export const patchItems = <T extends LiveItem>(items: readonly T[], upserts: T[], removes: Array<T['id']>): T[] => {
  const removed = new Set<T['id']>(removes);
  const fresh = new Map<T['id'], T>(upserts.map((item) => [item.id, item]));
  const next: T[] = [];
  for (const item of items) {
    if (removed.has(item.id) && !fresh.has(item.id)) continue;
    const replacement = fresh.get(item.id);
    next.push(replacement ?? item);
    fresh.delete(item.id);
  }
  for (const item of fresh.values()) next.push(item);
  return next;
};

export const createLiveClient = (options: LiveClientOptions): LiveClient => {
  const lingerMs = options.lingerMs ?? 2000;
  const tokenCheckMs = options.tokenCheckMs ?? 1000;
  const retryMs = options.retryMs ?? 5000;
  const connection = new BehaviorSubject<ConnectionState>('idle');
  const entries = new Map<string, ChannelEntry>();
  const shared = new Map<string, Observable<ChannelState<LiveItem>>>();
  let socket: LiveSocket | null = null;
  let socketToken: string | null = null;
  let tokenWatch: Subscription | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const eachEntry = (key: string, fn: (entry: ChannelEntry) => void) => {
    const entry = entries.get(key);
    if (entry) fn(entry);
  };

  const subscribeOnServer = (entry: ChannelEntry, event: 'subscribe' | 'resync') => {
    const key = channelKey(entry.request);
    socket?.emit(event, entry.request, (ack: SubscribeAck) => {
      if (ack.ok) return;
      eachEntry(key, (e) =>
        e.push((s) => ({ ...s, status: 'offline', error: { code: ack.code, message: ack.message }, change: null })),
      );
    });
  };

  const handleSnapshot = (event: SnapshotEvent) =>
    eachEntry(event.key, (entry) => {
      entry.awaitingSnapshot = false;
      entry.push((s) => ({
        items: event.items,
        seq: event.seq,
        // a snapshot while degraded keeps the flag: only `recovered` clears it
        status: s.status === 'degraded' ? 'degraded' : 'live',
        error: null,
        change: { kind: 'snapshot', items: event.items },
      }));
    });

  const handlePatch = (event: PatchEvent) =>
    eachEntry(event.key, (entry) => {
      const state = entry.state();
      if (entry.awaitingSnapshot || state.seq === null || event.seq <= state.seq) return; // old or pre-snapshot
      if (event.seq !== state.seq + 1) {
        // a patch went missing: the items can no longer be trusted to patch onto; ask for a fresh snapshot
        entry.awaitingSnapshot = true;
        subscribeOnServer(entry, 'resync');
        return;
      }
      entry.push((s) => ({
        ...s,
        items: patchItems(s.items, event.upserts, event.removes),
        seq: event.seq,
        change: { kind: 'patch', upserts: event.upserts, removes: event.removes },
      }));
    });

  const handleDegraded = (event: DegradedEvent) =>
    eachEntry(event.key, (entry) => entry.push((s) => ({ ...s, status: 'degraded', change: null })));
  const handleRecovered = (event: RecoveredEvent) =>
    eachEntry(event.key, (entry) =>
      entry.push((s) => ({ ...s, status: s.seq === null ? 'connecting' : 'live', change: null })),
    );

  const markAll = (status: ChannelStatus) => {
    for (const entry of entries.values())
      entry.push((s) => (s.status === status ? null : { ...s, status, change: null }));
  };

  const closeSocket = () => {
    if (retry) clearTimeout(retry);
    retry = null;
    const old = socket;
    socket = null;
    socketToken = null;
    old?.disconnect();
  };

  const openSocket = () => {
    socketToken = options.getToken();
    if (!socketToken) {
      // signed out: nothing to connect with; the token watch connects once a token is stored again
      connection.next('disconnected');
      markAll('offline');
      return;
    }
    const s = options.createSocket(options.getToken);
    socket = s;
    connection.next('connecting');
    s.on('connect', () => {
      if (socket !== s) return;
      connection.next('connected');
      for (const entry of entries.values()) {
        // a fresh snapshot follows every subscribe: whatever happened while away is in it
        entry.awaitingSnapshot = true;
        entry.push((st) => ({ ...st, status: st.seq === null ? 'connecting' : st.status, change: null }));
        subscribeOnServer(entry, 'subscribe');
      }
    });
    s.on('disconnect', () => {
      if (socket !== s) return;
      connection.next('disconnected');
      markAll('offline');
      if (!s.active) scheduleRetry(s);
    });
    s.on('connect_error', () => {
      if (socket !== s) return;
      connection.next('disconnected');
      markAll('offline');
      if (!s.active) scheduleRetry(s);
    });
    s.on('snapshot', handleSnapshot);
    s.on('patch', handlePatch);
    s.on('degraded', handleDegraded);
    s.on('recovered', handleRecovered);
    s.on('sessionEnded', (event: SessionEndedEvent) => {
      if (socket !== s) return;
      closeSocket();
      connection.next('disconnected');
      markAll('offline');
      options.onSessionEnded(event);
    });
  };

  /** The socket gave up by itself (a refused handshake, a server-side disconnect): try again later. */
  const scheduleRetry = (s: LiveSocket) => {
    if (retry) return;
    retry = setTimeout(() => {
      retry = null;
      if (socket === s && !s.connected) s.connect();
    }, retryMs);
  };

  /** The first channel opens the socket and starts following the stored token (sign-in as someone else, sign-out
   * in this tab): a changed token reconnects with the new one, no token closes the socket. */
  const ensureSocket = () => {
    if (tokenWatch) return;
    openSocket();
    tokenWatch = interval(tokenCheckMs).subscribe(() => {
      if (options.getToken() === socketToken) return;
      closeSocket();
      openSocket();
    });
  };

  const stopAll = () => {
    tokenWatch?.unsubscribe();
    tokenWatch = null;
    closeSocket();
    connection.next('idle');
  };

  const channelSource = (request: SubscribeRequest, key: string) =>
    new Observable<ChannelState<LiveItem>>((subscriber) => {
      let state = initialState<LiveItem>();
      const entry: ChannelEntry = {
        request,
        awaitingSnapshot: true,
        state: () => state,
        push: (update) => {
          const next = update(state);
          if (!next) return;
          state = next;
          subscriber.next(state);
        },
      };
      entries.set(key, entry);
      ensureSocket();
      if (socket?.connected) subscribeOnServer(entry, 'subscribe');
      else if (connection.value === 'disconnected') state = { ...state, status: 'offline' };
      subscriber.next(state);
      return () => {
        if (entries.get(key) !== entry) return; // closed already
        entries.delete(key);
        shared.delete(key);
        if (socket?.connected) socket.emit('unsubscribe', request);
        if (entries.size === 0) stopAll();
      };
    });

  const channel = <T extends LiveItem>(request: SubscribeRequest): Observable<ChannelState<T>> => {
    const key = channelKey(request);
    let observable = shared.get(key);
    if (!observable) {
      observable = channelSource(request, key).pipe(
        share({
          connector: () => new ReplaySubject(1),
          resetOnError: true,
          resetOnComplete: true,
          // the linger: a page switch (leave, come back) does not unsubscribe and resubscribe on the server
          resetOnRefCountZero: () => timer(lingerMs),
        }),
      );
      shared.set(key, observable);
    }
    return observable as unknown as Observable<ChannelState<T>>;
  };

  const changes = <T extends LiveItem>(request: SubscribeRequest): Observable<LiveChange<T>> =>
    defer(() => {
      let first = true;
      return channel<T>(request).pipe(
        mergeMap((state): Observable<LiveChange<T>> => {
          if (state.seq === null) return EMPTY;
          if (first) {
            first = false;
            return of({ kind: 'snapshot', items: state.items });
          }
          return state.change ? of(state.change) : EMPTY;
        }),
      );
    });

  return {
    channel,
    changes,
    connection$: connection.pipe(distinctUntilChanged()),
    close: () => {
      entries.clear();
      shared.clear();
      stopAll();
    },
  };
};
