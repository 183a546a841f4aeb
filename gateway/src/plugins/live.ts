// The live layer's Socket.IO server, attached to fastify.server at LIVE_PATH (architecture §5; the community
// fastify-socket.io plugin does not support Fastify 5). The handshake authenticates the bearer token through
// `users/current` (the same call a browser makes, embedded or proxied); subscribe / resync / unsubscribe put a
// socket in its room and hand it the room's state; pollers (live/poller.ts) push what changed. With REDIS_URL the
// rooms span gateway instances (Redis adapter) and one instance polls each room (coordinator.ts).
import { randomUUID } from 'node:crypto';
import { createAdapter } from '@socket.io/redis-adapter';
import { type Locale, localeFromHeader, type MessageKey, translate } from '@waterops/shared/i18n';
import {
  type ClientToServerEvents,
  channelKey,
  LIVE_PATH,
  type ServerToClientEvents,
  type SubscribeAck,
  type SubscribeRequest,
} from '@waterops/shared/live';
import { type CurrentUser, USER_PATHS } from '@waterops/shared/user';
import { listReach } from '@waterops/shared/workorder';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { Config } from '../config.ts';
import { createUpstreamClient, type UpstreamClient } from '../edge/upstreamClient.ts';
import type { ChangeHint } from '../live/changeHints.ts';
import { ChannelSource } from '../live/channelSource.ts';
import { type Coordinator, localCoordinator, redisCoordinator } from '../live/coordinator.ts';
import { HandshakeCache } from '../live/handshakeCache.ts';
import { type PollerHost, RoomPoller } from '../live/poller.ts';
import { scopeKeyOf } from '../live/scopeKey.ts';
import { LiveSessions } from '../live/sessions.ts';
import {
  checkParams,
  hintReaches,
  type LivePrincipal,
  paramsFit,
  roomOf,
  tenantRoomPrefix,
  topicAllowed,
  topicDef,
  topicMaskOf,
} from '../live/topics.ts';

/** Between gateway instances (through the Redis adapter): change hints, so the lease holder of a room polls it. */
type InterServerEvents = { changeHint: (hint: ChangeHint) => void };
export type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, LivePrincipal>;
export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, LivePrincipal>;

declare module 'fastify' {
  interface FastifyInstance {
    /** the live layer: its Socket.IO server and what tests and benchmarks count */
    live: { io: LiveServer; pollerCount(): number; instanceId: string };
  }
}

export type LiveOptions = { config: Config };

/** A poll through a remote upstream gives up sooner than a proxied request: the next tick asks again. */
const POLL_TIMEOUT_CAP_MS = 15_000;

/** A handshake remembers an accepted token this long at most (and never longer than LIVE_AUTH_CHECK_MS). */
const HANDSHAKE_CACHE_MS = 5_000;

type TokenPrincipal = Omit<LivePrincipal, 'locale'>;
type Authenticated = { status: 'ok'; principal: TokenPrincipal } | { status: 'refused' | 'forbidden' | 'unreachable' };

/** The principal of a token, from the upstream's users/current (401 → refused, 403 → forbidden). */
const authenticate = async (upstream: UpstreamClient, token: string): Promise<Authenticated> => {
  const answer = await upstream.get(USER_PATHS.currentUser, { token, timeoutMs: POLL_TIMEOUT_CAP_MS });
  if (answer.status === 401) return { status: 'refused' };
  if (answer.status === 403) return { status: 'forbidden' };
  const user = (answer.body as { resp_code?: number; datas?: CurrentUser } | null)?.datas;
  if (answer.status !== 200 || !user || typeof user.id !== 'number' || typeof user.companyId !== 'number')
    return { status: 'unreachable' };
  return {
    status: 'ok',
    principal: {
      token,
      companyId: user.companyId,
      userId: user.id,
      scopeKey: scopeKeyOf(user),
      topicMask: topicMaskOf(Array.isArray(user.permissions) ? user.permissions : []),
      workOrderReach: listReach(null, Array.isArray(user.roles) ? user.roles.map((r) => String(r.type)) : []),
    },
  };
};

const tokenOf = (auth: unknown): string => {
  const token = (auth as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' ? token.replace(/^bearer\s+/i, '').trim() : '';
};

const refusal = (key: MessageKey, locale: Locale, code: number): Error =>
  Object.assign(new Error(translate(key, locale)), { data: { code } });

const livePlugin: FastifyPluginAsync<LiveOptions> = async (fastify, { config }) => {
  const upstream = createUpstreamClient(fastify, config);
  const pollUpstream: UpstreamClient = {
    get: (path, opts) =>
      upstream.get(path, { timeoutMs: Math.min(config.UPSTREAM_TIMEOUT_MS, POLL_TIMEOUT_CAP_MS), ...opts }),
  };
  const instanceId = randomUUID();
  const io: LiveServer = new Server(fastify.server, { path: LIVE_PATH, serveClient: false });
  const onError = (e: unknown) => fastify.log.warn({ err: e }, 'live layer');

  const intervals = {
    pollMs: config.LIVE_POLL_MS,
    notificationsPollMs: config.LIVE_NOTIFICATIONS_POLL_MS,
    dashboardPollMs: config.LIVE_DASHBOARD_POLL_MS,
  };

  let coordinator: Coordinator = localCoordinator();
  const redisClients: Redis[] = [];
  if (config.REDIS_URL) {
    const pub = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    // The adapter's own publisher queues nothing while Redis is away: a patch held back and sent after the restart
    // would reach other instances' clients out of order (a stale snapshot after the fresh one). Its sockets here get
    // every broadcast anyway; and the adapter does not catch a failed publish, which would end the process.
    const broadcast = pub.duplicate({ enableOfflineQueue: false });
    const publish = broadcast.publish.bind(broadcast);
    broadcast.publish = ((...args: Parameters<typeof publish>) =>
      publish(...args).catch((e: unknown) => {
        onError(e);
        return 0;
      })) as typeof broadcast.publish;
    for (const client of [pub, sub, broadcast]) client.on('error', onError);
    redisClients.push(pub, sub, broadcast);
    io.adapter(createAdapter(broadcast, sub));
    coordinator = redisCoordinator(pub, {
      instanceId,
      // three ticks: a holder that misses two renewals in a row (died, stuck) loses the room to another instance
      leaseMs: (room) => {
        // the room's channel key (`tenant/<id>/<key>/…`) starts with its topic
        const def = topicDef((room.split('/')[2] ?? '').split('?')[0]);
        return Math.max(3 * (def ? def.intervalMs(intervals) : config.LIVE_POLL_MS), 1_000);
      },
      onError,
    });
  }

  const sessions = new LiveSessions<LiveSocket>();
  const pollers = new Map<string, RoomPoller>();
  const host: PollerHost = {
    coordinator,
    lingerMs: config.LIVE_LINGER_MS,
    emit: (room, event, payload, opts) => (opts?.local ? io.local : io).to(room).emit(event, payload as never),
    tokenRejected: (token) => endSessions(token),
    tokenForbidden: (room, token) => {
      for (const socket of sessions.socketsOf(token)) socket.leave(room);
    },
    onStopped: (poller) => {
      if (pollers.get(poller.room) === poller) pollers.delete(poller.room);
    },
    onError,
  };

  // A service says a tenant's topic changed: its rooms poll now, and the rooms of channels that follow the topic
  // (TopicDef.followsHints: the dashboard's alarm widget on alarms) — the lease holder's tick reads it; an instance
  // that does not hold a room's lease finds so and stops. Relayed to the other instances with REDIS_URL.
  const pollTenantSoon = ({ companyId, topic, users }: ChangeHint) => {
    const prefix = tenantRoomPrefix(companyId);
    for (const poller of pollers.values()) {
      const def = topicDef(poller.topic);
      if (
        def &&
        poller.room.startsWith(prefix) &&
        hintReaches(def, poller.key, topic) &&
        (!users || poller.owner === null || users.includes(poller.owner))
      )
        poller.pollSoon();
    }
  };
  io.on('changeHint', pollTenantSoon);
  const stopHints = fastify.changeHints.listen((hint) => {
    pollTenantSoon(hint);
    if (config.REDIS_URL) io.serverSideEmit('changeHint', hint);
  });

  const handshakes = new HandshakeCache(
    (token) => authenticate(upstream, token),
    Math.min(HANDSHAKE_CACHE_MS, config.LIVE_AUTH_CHECK_MS),
  );
  /** The upstream refused this token: its sockets go, and its next handshake asks again. */
  const endSessions = (token: string) => {
    handshakes.drop(token);
    sessions.end(token, 'revoked');
  };

  io.use((socket, next) => {
    // the app's language when the client says it (a browser cannot set a WebSocket's headers), else the header's
    const asked = (socket.handshake.auth as { locale?: unknown } | undefined)?.locale;
    const locale =
      asked === 'en' || asked === 'zh-CN' ? asked : localeFromHeader(socket.handshake.headers['accept-language']);
    const token = tokenOf(socket.handshake.auth);
    if (!token) return next(refusal('errors.unauthorized', locale, 401));
    handshakes.get(token).then(
      (result) => {
        if (result.status === 'refused') return next(refusal('errors.unauthorized', locale, 401));
        if (result.status === 'forbidden') return next(refusal('errors.forbidden', locale, 403));
        if (result.status !== 'ok') return next(refusal('errors.upstreamDown', locale, 502));
        socket.data = { ...result.principal, locale };
        next();
      },
      (e) => {
        onError(e);
        next(refusal('errors.upstreamDown', locale, 502));
      },
    );
  });

  const subscribe = async (socket: LiveSocket, request: SubscribeRequest, ack: unknown): Promise<void> => {
    const principal = socket.data;
    const answer = (a: SubscribeAck) => {
      if (typeof ack === 'function') ack(a);
    };
    const refuse = (code: 400 | 401 | 403 | 404, key: MessageKey) =>
      answer({ ok: false, code, message: translate(key, principal.locale) });
    const def = topicDef(request?.topic);
    if (!def) return refuse(404, 'live.unknownTopic');
    const params = checkParams(request.params);
    if (!params || !paramsFit(def, params)) return refuse(400, 'live.badParams');
    const key = channelKey({ topic: def.topic, params });
    const room = roomOf(def, principal, key, params);
    let poller = pollers.get(room);
    if (!poller || poller.stopped) {
      const source = new ChannelSource(pollUpstream, def.source, params, def.localized ? principal.locale : undefined);
      poller = new RoomPoller(
        room,
        def.topic,
        key,
        def.intervalMs(intervals),
        source,
        host,
        def.ownerOf?.(principal, params) ?? null,
      );
      pollers.set(room, poller);
    }
    const joined = poller;
    joined.add(socket.id, principal.token);
    await joined.snapshotFor(principal.token, (a) => {
      if (!socket.connected) return joined.remove(socket.id);
      if (!a.ok || (!a.verified && !topicAllowed(principal, def, params))) {
        // never in a room it may not read: out of it, even if a resync finds it there
        socket.leave(room);
        joined.remove(socket.id);
        const code = a.ok ? 403 : a.code;
        refuse(code, code === 401 ? 'errors.unauthorized' : 'errors.forbidden');
        if (code === 401) endSessions(principal.token);
        return;
      }
      answer({ ok: true, key });
      if (a.snapshot) socket.emit('snapshot', a.snapshot);
      if (a.degraded) socket.emit('degraded', a.degraded);
      socket.join(room);
    });
  };

  const unsubscribe = (socket: LiveSocket, request: SubscribeRequest): void => {
    const def = topicDef(request?.topic);
    const params = def && checkParams(request.params);
    if (!def || !params) return;
    const room = roomOf(def, socket.data, channelKey({ topic: def.topic, params }), params);
    socket.leave(room);
    pollers.get(room)?.remove(socket.id);
  };

  // One set of handlers for every socket (`this` is the socket), not closures per connection: memory per socket
  // is what limits how many clients one gateway holds.
  function onSubscribe(this: LiveSocket, request: SubscribeRequest, ack: unknown) {
    subscribe(this, request, ack).catch(onError);
  }
  function onUnsubscribe(this: LiveSocket, request: SubscribeRequest) {
    unsubscribe(this, request);
  }
  function onDisconnecting(this: LiveSocket) {
    sessions.remove(this.data.token, this);
    for (const room of this.rooms) pollers.get(room)?.remove(this.id);
  }

  io.on('connection', (socket) => {
    // The handshake has been read (token, language): let go of the upgrade request and its headers, which would
    // otherwise stay referenced for the socket's lifetime (socket.io's memory advice).
    (socket.conn as { request: unknown }).request = null;
    socket.handshake.headers = {};
    sessions.add(socket.data.token, socket);
    socket.on('subscribe', onSubscribe);
    socket.on('resync', onSubscribe);
    socket.on('unsubscribe', onUnsubscribe);
    socket.on('disconnecting', onDisconnecting);
  });

  sessions.startChecks(
    config.LIVE_AUTH_CHECK_MS,
    async (token) => {
      const answer = await upstream.get(USER_PATHS.currentUser, { token, timeoutMs: POLL_TIMEOUT_CAP_MS });
      if (answer.status === 401) {
        handshakes.drop(token);
        return 'dead';
      }
      return answer.status === 200 ? 'ok' : 'unknown';
    },
    onError,
  );

  fastify.decorate('live', { io, pollerCount: () => pollers.size, instanceId });

  // Before the HTTP server closes: stop polling (releasing leases), drop the sockets (a long-polling request or a
  // WebSocket would otherwise keep the server open), then let go of Redis.
  fastify.addHook('preClose', async () => {
    stopHints();
    sessions.stopChecks();
    await Promise.all([...pollers.values()].map((p) => p.stop()));
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  fastify.addHook('onClose', async () => {
    await Promise.resolve(io.of('/').adapter.close()).catch(() => undefined);
    await Promise.all(redisClients.map((c) => c.quit().catch(() => c.disconnect())));
  });
};

export const live = fp(livePlugin, { name: 'waterops-live' });
