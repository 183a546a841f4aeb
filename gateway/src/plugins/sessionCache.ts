// A short in-process cache of token lookups, so an authenticated request does not cost a database round trip every
// time. Entries live SESSION_CACHE_MS at most: a token revoked by another instance (or a permission changed there)
// takes effect here within that time. Revocations made by this instance (sign-out, password change) drop the
// entries at once.
import type { DataScope } from '@waterops/shared/place';

export const SESSION_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

export type Principal = {
  companyId: number;
  userId: number;
  username: string;
  /** codes of the permission entries granted to the user's roles, plus 'admin' for administrators */
  permissions: string[];
  /** codes of permission entries not open for the company: refused even to an administrator (menuOpening.ts) */
  notOpened?: readonly string[];
  /** data scope (regions / residential areas) every scoped resource is limited to; null = unrestricted */
  scope: DataScope | null;
  /** SHA-256 of the bearer token (identifies the session; never the token itself) */
  tokenHash: string;
  expiresAt: Date;
  /**
   * set when the bearer is a wall screen's display token (services/display), not a user's session: read-only, its
   * userId is DISPLAY_USER_ID (no account)
   */
  display?: { id: number; name: string };
};

type Entry = { principal: Principal; cachedUntil: number };

export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  // Bumped by every drop. A lookup that read the database before a drop may hold what the drop revoked (a
  // sign-out racing a request of the same token): it passes the epoch it started at, and its entry is not kept.
  #epoch = 0;

  constructor(readonly ttlMs = SESSION_CACHE_MS) {}

  /** The cached principal of a token hash, if fresh and the token has not expired meanwhile. */
  get(tokenHash: string, now: Date): Principal | undefined {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.cachedUntil <= now.getTime() || entry.principal.expiresAt.getTime() <= now.getTime()) {
      this.#entries.delete(tokenHash);
      return undefined;
    }
    return entry.principal;
  }

  /** Where a lookup starts: pass it to `set`, which keeps nothing if a drop came in between. */
  get epoch(): number {
    return this.#epoch;
  }

  set(principal: Principal, now: Date, lookedUpAt = this.#epoch): void {
    if (this.ttlMs <= 0 || lookedUpAt !== this.#epoch) return;
    // Map keeps insertion order: when full, drop the oldest entry.
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(principal.tokenHash, { principal, cachedUntil: now.getTime() + this.ttlMs });
  }

  /** Forget one session (sign-out). */
  drop(tokenHash: string): void {
    this.#epoch++;
    this.#entries.delete(tokenHash);
  }

  /** Forget every session of a user except one (password change keeps the session that made it). */
  dropUser(companyId: number, userId: number, exceptTokenHash?: string): void {
    this.#epoch++;
    for (const [hash, { principal }] of this.#entries)
      if (principal.companyId === companyId && principal.userId === userId && hash !== exceptTokenHash)
        this.#entries.delete(hash);
  }

  /** Forget every session of these users (their roles' grants changed, they were disabled or deleted). */
  dropUsers(companyId: number, userIds: readonly number[]): void {
    this.#epoch++;
    const ids = new Set(userIds);
    for (const [hash, { principal }] of this.#entries)
      if (principal.companyId === companyId && ids.has(principal.userId)) this.#entries.delete(hash);
  }

  get size(): number {
    return this.#entries.size;
  }
}
