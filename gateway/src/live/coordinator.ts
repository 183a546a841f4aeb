// Who polls a room, and the room's sequence number. Alone (no REDIS_URL) this instance always polls and counts seq in
// memory. With Redis, a lease `live:poller:<room>` elects one instance per room across gateways (renewed at every
// tick, released when the poller stops; when its holder dies it expires and another instance with subscribers
// takes over), and the seq lives in `live:seq:<room>` so a new holder continues it and an instance that does not
// poll the room can stamp the snapshots it serves.
import type { Redis } from 'ioredis';

/**
 * The answer to "may this instance poll the room?": `held` (the lease is ours), `other` (another instance's), or
 * `unknown` (Redis unreachable: every instance polls, each counting seq alone, until it is back).
 */
export type Lease = 'held' | 'other' | 'unknown';

export type Coordinator = {
  /** May this instance poll `room` now? Acquires or renews the lease. */
  lead(room: string): Promise<Lease>;
  /** Gives the lease up (the poller stops). */
  release(room: string): Promise<void>;
  /** The seq of the room's next snapshot or patch, after `local` (the last one this instance used). */
  nextSeq(room: string, local: number): Promise<number>;
  /** The room's current seq (0 when unknown), for a snapshot served by an instance that does not poll it. */
  currentSeq(room: string): Promise<number>;
};

export const localCoordinator = (): Coordinator => ({
  lead: async () => 'held',
  release: async () => {},
  nextSeq: async (_room, local) => local + 1,
  currentSeq: async () => 0,
});

const LEAD = `
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if holder then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
// Never hand out a seq at or below one this instance already used: should the key vanish (Redis restarted, memory
// evicted), clients would otherwise ignore every later patch as old.
const NEXT_SEQ = `
local v = redis.call('INCR', KEYS[1])
local floor = tonumber(ARGV[1])
if v <= floor then v = floor + 1 redis.call('SET', KEYS[1], v) end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return v`;
const SEQ_TTL_MS = 24 * 3_600_000;

export type RedisCoordinatorOptions = {
  instanceId: string;
  leaseMs: (room: string) => number;
  onError: (e: unknown) => void;
};

export const redisCoordinator = (redis: Redis, opts: RedisCoordinatorOptions): Coordinator => ({
  lead: async (room) => {
    try {
      return (await redis.eval(LEAD, 1, `live:poller:${room}`, opts.instanceId, opts.leaseMs(room))) === 1
        ? 'held'
        : 'other';
    } catch (e) {
      // Redis unreachable: better every instance polls than none (the upstream sees a few more requests)
      opts.onError(e);
      return 'unknown';
    }
  },
  release: async (room) => {
    await redis.eval(RELEASE, 1, `live:poller:${room}`, opts.instanceId).catch(opts.onError);
  },
  nextSeq: async (room, local) => {
    try {
      return Number(await redis.eval(NEXT_SEQ, 1, `live:seq:${room}`, local, SEQ_TTL_MS));
    } catch (e) {
      opts.onError(e);
      return local + 1;
    }
  },
  currentSeq: async (room) => {
    try {
      return Number((await redis.get(`live:seq:${room}`)) ?? 0);
    } catch (e) {
      opts.onError(e);
      return 0;
    }
  },
});
