// Loaded INTO the gateway process by the live benchmark (`node --import tsx --import tests/bench/liveProbe.ts
// gateway/src/main.ts`, spawned with an IPC channel): nothing of it ships in the product. It answers the bench's
// questions over IPC, so the product needs no debug endpoint:
//   probe      → heap and RSS (after a full GC when the process runs with --expose-gc), the event-loop delay since the
//                last probe (monitorEventLoopDelay: p50, p99, max), sockets connected;
//   broadcast  → sends `count` patches to every socket of the largest room, either through Socket.IO's room
//                broadcast (what the live layer uses: one encoding and one pre-built WebSocket frame per patch) or as a
//                raw `ws` send loop over the very same sockets; answers how long the send loop itself took.
// It finds the Socket.IO server by wrapping Server.prototype.attach, which the server's constructor calls.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Server } from 'socket.io';

type Probe = { type: 'probe'; gc?: boolean };
type Broadcast = { type: 'broadcast'; mode: 'live' | 'raw'; count: number; event: Record<string, unknown> };
export type ProbeCommand = Probe | Broadcast;
export type ProbeRequest = ProbeCommand & { id: number };

export type ProbeAnswer = {
  heapUsed: number;
  rss: number;
  external: number;
  /** event-loop delay in ms since the previous probe (beyond the 10 ms sampling interval) */
  lagP50Ms: number;
  lagP99Ms: number;
  lagMaxMs: number;
  /** Engine.IO connections (sockets) open */
  connections: number;
};
export type BroadcastAnswer = { room: string; members: number; sendMs: number };

let io: Server | undefined;
const attach = Server.prototype.attach;
Server.prototype.attach = function (this: Server, ...args: Parameters<Server['attach']>) {
  io = this;
  return attach.apply(this, args);
};

// Sampled every 10 ms (finer sampling costs the loop itself; a p99 of tens of ms is what matters). The histogram
// records the whole interval between two samples, so the delay is what exceeds the 10 ms.
const RESOLUTION_MS = 10;
const lag = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
lag.enable();

const ms = (ns: number) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 100) / 100);

const probe = (request: Probe): ProbeAnswer => {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (request.gc && gc) {
    // twice: the first pass can leave finalizable garbage for the second
    gc();
    gc();
  }
  const memory = process.memoryUsage();
  const answer = {
    heapUsed: memory.heapUsed,
    rss: memory.rss,
    external: memory.external,
    lagP50Ms: ms(lag.percentile(50)),
    lagP99Ms: ms(lag.percentile(99)),
    lagMaxMs: ms(lag.max),
    connections: io?.engine.clientsCount ?? 0,
  };
  lag.reset();
  return answer;
};

/** The room with the most sockets that is not a socket's own room: the subscribers of the bench's channel. */
const largestRoom = (server: Server): [string, Set<string>] => {
  const { rooms, sids } = server.of('/').adapter;
  let best: [string, Set<string>] = ['', new Set()];
  for (const [room, members] of rooms) if (!sids.has(room) && members.size > best[1].size) best = [room, members];
  return best;
};

const broadcast = (request: Broadcast): BroadcastAnswer => {
  if (!io) throw new Error('no Socket.IO server in this process');
  const [room, members] = largestRoom(io);
  const namespace = io.of('/');
  const started = performance.now();
  if (request.mode === 'live') {
    for (let seq = 1; seq <= request.count; seq++) io.to(room).emit('patch', { ...request.event, seq });
  } else {
    // the underlying ws sockets of the same Socket.IO connections
    type Raw = { socket: { send: (data: string) => void } };
    const sockets = [...members].flatMap((id) => {
      const transport = namespace.sockets.get(id)?.conn.transport as unknown as Raw | undefined;
      return transport ? [transport.socket] : [];
    });
    for (let seq = 1; seq <= request.count; seq++) {
      const frame = `42${JSON.stringify(['patch', { ...request.event, seq }])}`;
      for (const ws of sockets) ws.send(frame);
    }
  }
  return { room, members: members.size, sendMs: Math.round((performance.now() - started) * 10) / 10 };
};

process.on('message', (message: ProbeRequest) => {
  try {
    const answer = message.type === 'probe' ? probe(message) : broadcast(message);
    process.send?.({ id: message.id, answer });
  } catch (error) {
    process.send?.({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
