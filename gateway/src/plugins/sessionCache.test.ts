import { describe, expect, it } from 'vitest';
import { type Principal, SessionCache } from './sessionCache.ts';

const t0 = new Date('2024-05-01T08:00:00Z');
const later = (ms: number) => new Date(t0.getTime() + ms);
const principal = (tokenHash: string, userId = 1, expiresInMs = 3600_000): Principal => ({
  companyId: 1,
  userId,
  username: `u${userId}`,
  permissions: [],
  scope: null,
  tokenHash,
  expiresAt: later(expiresInMs),
});

describe('SessionCache', () => {
  it('keeps a lookup for its time to live, then forgets it', () => {
    const cache = new SessionCache(5_000);
    cache.set(principal('a'), t0);
    expect(cache.get('a', later(4_999))?.userId).toBe(1);
    expect(cache.get('a', later(5_000))).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never returns a session whose token has expired meanwhile', () => {
    const cache = new SessionCache(60_000);
    cache.set(principal('a', 1, 1_000), t0);
    expect(cache.get('a', later(999))).toBeDefined();
    expect(cache.get('a', later(1_000))).toBeUndefined();
  });

  it('drops one session on sign-out and all but one of a user on password change', () => {
    const cache = new SessionCache();
    cache.set(principal('a', 1), t0);
    cache.set(principal('b', 1), t0);
    cache.set(principal('c', 1), t0);
    cache.set(principal('d', 2), t0);
    cache.drop('a');
    expect(cache.get('a', t0)).toBeUndefined();
    cache.dropUser(1, 1, 'b');
    expect(cache.get('b', t0)).toBeDefined();
    expect(cache.get('c', t0)).toBeUndefined();
    expect(cache.get('d', t0)).toBeDefined();
  });

  it('caches nothing with a time to live of 0', () => {
    const cache = new SessionCache(0);
    cache.set(principal('a'), t0);
    expect(cache.get('a', t0)).toBeUndefined();
  });

  it('keeps nothing from a lookup that started before a drop (a sign-out racing a request of the same token)', () => {
    const cache = new SessionCache();
    const startedAt = cache.epoch;
    cache.drop('a');
    cache.set(principal('a'), t0, startedAt);
    expect(cache.get('a', t0)).toBeUndefined();
    const after = cache.epoch;
    cache.set(principal('a'), t0, after);
    expect(cache.get('a', t0)?.userId).toBe(1);
    const beforeUsers = cache.epoch;
    cache.dropUsers(1, [2]);
    cache.set(principal('b', 1), t0, beforeUsers);
    expect(cache.get('b', t0)).toBeUndefined();
  });
});
