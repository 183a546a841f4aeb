// In-process hints that a tenant's live data has just changed, so the live layer polls that topic's rooms at once
// instead of waiting out the rest of the interval (an alarm raised by an ingest call reaches the console in one tick,
// not up to one poll interval). A hint carries no data: the poll still reads the upstream, which stays the truth,
// and a lost hint only costs the wait it would have saved. Our embedded services announce; a utility's own back
// end cannot, and there polling alone carries every change. With REDIS_URL the live plugin relays hints to the
// other gateway instances (whichever holds a room's lease polls it).
import type { Topic } from '@waterops/shared/live';

/**
 * `users`: only these users' own rooms changed (a bell, a crew member's orders) — rooms of one other user need not
 * poll; rooms shared by a scope always do. Absent: every room of the tenant's topic.
 */
export type ChangeHint = { companyId: number; topic: Topic; users?: readonly number[] };
export type ChangeListener = (hint: ChangeHint) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /** announce that a tenant's live topic changed (services) / listen for it (the live layer) */
    changeHints: ChangeHints;
  }
}

export class ChangeHints {
  readonly #listeners = new Set<ChangeListener>();

  /** Tells every listener; a listener that throws never fails the caller (a hint is never worth a failed request). */
  announce(hint: ChangeHint): void {
    for (const listener of this.#listeners)
      try {
        listener(hint);
      } catch {
        // a hint is best effort: the next regular poll carries the change anyway
      }
  }

  /** Listens until the returned function is called. */
  listen(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
