// One poller per room: an RxJS loop started by the room's first subscriber and stopped a linger after its last.
// It polls with the token of one of the room's current subscribers, keeps the collection and its seq, pushes a patch
// to the room only when something changed, and says when the upstream fails (degraded, with backoff) and works
// again (recovered + a fresh snapshot). With Redis only the lease holder polls; the others serve snapshots read
// with the subscriber's own token, stamped with the room's seq read first (see snapshotFor).
import type { DegradedEvent, LiveItem, PatchEvent, SnapshotEvent, Topic } from '@waterops/shared/live';
import { defer, type Observable, race, repeat, Subject, type Subscription, switchMap, take, timer } from 'rxjs';
import { type ChannelSource, type Collection, type Failure, toCollection } from './channelSource.ts';
import type { Coordinator } from './coordinator.ts';

/** Polls after failures back off (interval × 2^failures) up to this. */
export const BACKOFF_CAP_MS = 10_000;

/**
 * A hint (pollSoon) starts a tick no sooner than this after the previous one started: a burst of ingest calls
 * raising alarms one after another costs a few polls a second, not one per call.
 */
export const HINT_MIN_GAP_MS = 200;

export type PollerHost = {
  coordinator: Coordinator;
  /** to the room's sockets on every instance, or with `local` on this one only */
  emit(
    room: string,
    event: 'snapshot' | 'patch' | 'degraded' | 'recovered',
    payload: unknown,
    opts?: { local?: boolean },
  ): void;
  /** the upstream said 401 to this token: end its sessions (their sockets leave every room) */
  tokenRejected(token: string): void;
  /** the upstream said 403 to this token for this room: its sockets leave the room */
  tokenForbidden(room: string, token: string): void;
  onStopped(poller: RoomPoller): void;
  onError(e: unknown): void;
  lingerMs: number;
};

/** What a subscriber gets: the state to send (null when there is none to send), or why it may not. */
export type SnapshotAnswer =
  | { ok: true; snapshot: SnapshotEvent | null; degraded: DegradedEvent | null; verified: boolean }
  | { ok: false; code: 401 | 403 };

export class RoomPoller {
  /** socket id → token of the room's subscribers on this instance */
  readonly #members = new Map<string, string>();
  #items: Collection | null = null;
  #seq = 0;
  /** the token whose read produced the current state (a subscriber with it needs no permission check) */
  #stateToken: string | null = null;
  #leader = false;
  /** the last tick polled without knowing the lease (Redis away): this instance's seq is its own, not the room's */
  #leaseUnknown = false;
  #degraded: DegradedEvent | null = null;
  #failures = 0;
  #delayMs: number;
  #pollToken: string | null = null;
  #loop: Subscription | null = null;
  #linger: Subscription | null = null;
  #stopped = false;
  /** when the current (or last) tick started: the next starts one interval after it (fixed rate) */
  #tickStartedAt = 0;
  /** a hint came while a tick ran or was scheduled: the next tick is due at once */
  #hinted = false;
  readonly #hints = new Subject<void>();
  readonly #firstTick: Promise<void>;
  #firstTickDone!: () => void;

  constructor(
    readonly room: string,
    readonly topic: Topic,
    readonly key: string,
    private readonly intervalMs: number,
    private readonly source: ChannelSource,
    private readonly host: PollerHost,
    /** the user whose own room it is (TopicDef.ownerOf), null when a scope shares it */
    readonly owner: number | null = null,
  ) {
    this.#delayMs = intervalMs;
    this.#firstTick = new Promise((resolve) => {
      this.#firstTickDone = resolve;
    });
  }

  get memberCount(): number {
    return this.#members.size;
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  /** A socket joins (idempotent); the first one starts the loop, and any cancels a pending stop. */
  add(socketId: string, token: string): void {
    this.#members.set(socketId, token);
    this.#linger?.unsubscribe();
    this.#linger = null;
    if (!this.#loop) this.#start();
  }

  has(socketId: string): boolean {
    return this.#members.has(socketId);
  }

  /** A socket leaves; after the last one the poller stops once the linger has passed without a newcomer. */
  remove(socketId: string): void {
    if (!this.#members.delete(socketId) || this.#members.size > 0 || this.#stopped) return;
    this.#linger?.unsubscribe();
    this.#linger = timer(this.host.lingerMs).subscribe(() => void this.stop());
  }

  /**
   * The room's data has just changed (a change hint): poll at once rather than at the end of the interval. Not
   * while the upstream fails (the backoff stands) and never more often than HINT_MIN_GAP_MS.
   */
  pollSoon(): void {
    if (this.#stopped || !this.#loop) return;
    this.#hinted = true;
    this.#hints.next();
  }

  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#loop?.unsubscribe();
    this.#linger?.unsubscribe();
    this.#firstTickDone();
    this.host.onStopped(this);
    if (this.#leader) await this.host.coordinator.release(this.room);
  }

  /**
   * The state for a subscriber with `token`, handed to `deliver` synchronously with no await between reading the
   * state and delivering it, so the caller can send it and join the room before any later patch goes out.
   *
   * On the instance that polls the room: its state, after a cheap request with the subscriber's own token (the
   * permission check; skipped when that token produced the state). On an instance that does not poll it (Redis,
   * another holds the lease): the room's seq S is read FIRST, then the snapshot is fetched with the subscriber's
   * token and sent as seq S. The fetched items are at least as new as the holder's state at S; the patches S+1…
   * carry whole items (upserts replace, removes delete), so applying one whose change the snapshot already shows
   * changes nothing, and the client converges on the holder's state. Read the other way round (seq after the fetch)
   * a patch made between the two would be skipped as old and its change lost.
   */
  async snapshotFor(token: string, deliver: (answer: SnapshotAnswer) => void): Promise<void> {
    await this.#firstTick;
    if (this.#leader && this.#items) {
      let verified = token === this.#stateToken;
      if (!verified && !this.#degraded) {
        const probe = await this.source.probe(token);
        if (probe !== 'ok' && probe.status === 'refused') return deliver({ ok: false, code: probe.code });
        verified = probe === 'ok';
      }
      if (this.#leader && this.#items) return deliver(this.#answer(verified));
    }
    if (this.#leader) {
      // polling, but no state yet (the upstream fails): the client learns the channel is degraded
      const probe = this.#degraded ? null : await this.source.probe(token);
      if (probe && probe !== 'ok' && probe.status === 'refused') return deliver({ ok: false, code: probe.code });
      return deliver({ ok: true, snapshot: null, degraded: this.#degraded, verified: probe === 'ok' });
    }
    const seq = await this.host.coordinator.currentSeq(this.room);
    const read = await this.source.fetchOnce(token);
    if (read.status === 'refused') return deliver({ ok: false, code: read.code });
    if (read.status === 'failed')
      return deliver({ ok: true, snapshot: null, degraded: this.#degradedEvent(read.reason), verified: false });
    deliver({
      ok: true,
      snapshot: { topic: this.topic, key: this.key, seq, items: read.items },
      degraded: null,
      verified: true,
    });
  }

  #answer(verified: boolean): SnapshotAnswer {
    const items = [...(this.#items ?? new Map<LiveItem['id'], LiveItem>()).values()];
    return {
      ok: true,
      snapshot: { topic: this.topic, key: this.key, seq: this.#seq, items },
      degraded: this.#degraded,
      verified,
    };
  }

  #degradedEvent(reason: string): DegradedEvent {
    return { topic: this.topic, key: this.key, reason, since: new Date().toISOString() };
  }

  #start(): void {
    // One tick at a time: the next is scheduled only when this one has finished (a slow upstream never piles up
    // requests) — see #nextTick for when.
    this.#loop = defer(() => this.#tick())
      .pipe(repeat({ delay: () => this.#nextTick() }))
      .subscribe({ error: (e) => this.host.onError(e) });
  }

  /**
   * When the next tick starts. At a fixed rate: one interval after the previous tick STARTED, so a tick's own
   * duration does not add to how late a change is seen (a tick longer than the interval is followed at once). While
   * failing, the backoff after the failed tick; at once to retry with another token. A hint, before or while
   * waiting, brings it forward to HINT_MIN_GAP_MS after the previous start.
   */
  #nextTick(): Observable<unknown> {
    const sinceStart = Date.now() - this.#tickStartedAt;
    if (this.#failures > 0 || this.#delayMs === 0) return timer(this.#delayMs);
    const afterGap = () => timer(Math.max(0, HINT_MIN_GAP_MS - (Date.now() - this.#tickStartedAt)));
    if (this.#hinted) return afterGap();
    return race(timer(Math.max(0, this.#delayMs - sinceStart)), this.#hints.pipe(take(1), switchMap(afterGap)));
  }

  /** A token of a current subscriber: the one in use while it is still here, else any. */
  #chooseToken(): string | null {
    if (this.#pollToken !== null) for (const t of this.#members.values()) if (t === this.#pollToken) return t;
    const next = this.#members.values().next();
    this.#pollToken = next.done ? null : next.value;
    return this.#pollToken;
  }

  async #tick(): Promise<void> {
    this.#tickStartedAt = Date.now();
    this.#hinted = false;
    try {
      await this.#pollOnce();
    } catch (e) {
      this.host.onError(e);
      this.#delayMs = this.intervalMs;
    } finally {
      this.#firstTickDone();
    }
  }

  async #pollOnce(): Promise<void> {
    this.#delayMs = this.intervalMs;
    const token = this.#chooseToken();
    if (token === null) return;
    const lease = await this.host.coordinator.lead(this.room);
    if (this.#stopped) {
      if (lease !== 'other') await this.host.coordinator.release(this.room);
      return;
    }
    // Redis is back after every instance polled alone, each stamping its own seqs: the room's clients hold seqs that
    // disagree (a client behind a lower one would ignore every patch as old). Re-base the whole room on a snapshot.
    const wasAlone = this.#leaseUnknown;
    if (lease === 'held' && wasAlone) this.#items = null;
    this.#leaseUnknown = lease === 'unknown';
    if (lease === 'other') {
      // another instance polls this room now: whatever this one held is no longer kept up to date
      this.#leader = false;
      this.#items = null;
      this.#degraded = null;
      if (wasAlone) await this.#rebaseHere(token);
      return;
    }
    this.#leader = true;
    if (this.#items === null || this.#degraded) {
      const read = await this.source.snapshot(token);
      if (read.status !== 'ok') return this.#failed(token, read);
      const items = toCollection(read.items);
      const seq = await this.host.coordinator.nextSeq(this.room, this.#seq);
      if (this.#stopped) return;
      const wasDegraded = this.#degraded !== null;
      this.#items = items;
      this.#seq = seq;
      this.#stateToken = token;
      this.#degraded = null;
      this.#failures = 0;
      if (wasDegraded) this.host.emit(this.room, 'recovered', { topic: this.topic, key: this.key });
      // to the room: subscribers on other instances (a takeover) re-base on it; on a first read the room is empty
      this.host.emit(this.room, 'snapshot', this.#answerSnapshot());
      return;
    }
    const read = await this.source.poll(token, this.#items);
    if (read.status !== 'ok') return this.#failed(token, read);
    this.#failures = 0;
    const { upserts, removes } = read.changes;
    if (!upserts.length && !removes.length) return;
    const seq = await this.host.coordinator.nextSeq(this.room, this.#seq);
    if (this.#stopped || !this.#items) return;
    for (const id of removes) this.#items.delete(id);
    for (const item of upserts) this.#items.set(item.id, item);
    this.#seq = seq;
    this.#stateToken = token;
    const patch: PatchEvent = { topic: this.topic, key: this.key, seq, upserts, removes };
    this.host.emit(this.room, 'patch', patch);
  }

  /**
   * After polling alone, this instance's subscribers hold its own seqs and may have missed the holder's re-basing
   * snapshot (this instance's Redis connection came back later): send them one stamped with the room's seq, read
   * first as in snapshotFor. Should it be behind the holder's, their next patch shows a gap and they resync.
   */
  async #rebaseHere(token: string): Promise<void> {
    const seq = await this.host.coordinator.currentSeq(this.room);
    const read = await this.source.fetchOnce(token);
    if (read.status !== 'ok' || this.#stopped) return;
    this.host.emit(
      this.room,
      'snapshot',
      { topic: this.topic, key: this.key, seq, items: read.items },
      { local: true },
    );
  }

  #answerSnapshot(): SnapshotEvent {
    return { topic: this.topic, key: this.key, seq: this.#seq, items: [...(this.#items?.values() ?? [])] };
  }

  #failed(token: string, failure: Failure): void {
    if (failure.status === 'refused') {
      // that subscriber may no longer read this (signed out: every room; lost the permission: this room); poll on
      // at once with another subscriber's token
      if (failure.code === 401) this.host.tokenRejected(token);
      else this.host.tokenForbidden(this.room, token);
      for (const [id, t] of this.#members) if (t === token) this.remove(id);
      if (this.#pollToken === token) this.#pollToken = null;
      this.#delayMs = 0;
      return;
    }
    this.#failures++;
    this.#delayMs = Math.min(this.intervalMs * 2 ** this.#failures, BACKOFF_CAP_MS);
    if (this.#degraded) return;
    this.#degraded = this.#degradedEvent(failure.reason);
    this.host.emit(this.room, 'degraded', this.#degraded);
  }
}
