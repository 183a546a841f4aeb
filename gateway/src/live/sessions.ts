// The sockets of each bearer token, and the periodic re-check that ends the sessions whose token the upstream no
// longer accepts (signed out, password changed, expired). One timer for the whole process, never one per socket:
// every interval the distinct tokens are checked, a few at a time.
import type { SessionEndedEvent } from '@waterops/shared/live';
import { exhaustMap, from, interval, mergeMap, type Subscription } from 'rxjs';

/** What a session needs of a socket (a Socket.IO socket fits). */
export type SessionSocket = {
  id: string;
  emit(event: 'sessionEnded', payload: SessionEndedEvent): unknown;
  disconnect(close?: boolean): unknown;
};

/** 'dead': the upstream refused the token (401); 'unknown': it could not be asked (it keeps the session). */
export type TokenCheck = (token: string) => Promise<'ok' | 'dead' | 'unknown'>;

const CHECK_CONCURRENCY = 8;

export class LiveSessions<S extends SessionSocket = SessionSocket> {
  readonly #byToken = new Map<string, Set<S>>();
  #checks: Subscription | null = null;

  add(token: string, socket: S): void {
    const set = this.#byToken.get(token);
    if (set) set.add(socket);
    else this.#byToken.set(token, new Set([socket]));
  }

  remove(token: string, socket: S): void {
    const set = this.#byToken.get(token);
    if (!set) return;
    set.delete(socket);
    if (!set.size) this.#byToken.delete(token);
  }

  socketsOf(token: string): readonly S[] {
    return [...(this.#byToken.get(token) ?? [])];
  }

  get tokenCount(): number {
    return this.#byToken.size;
  }

  /** Tells every socket of the token why, then drops it. */
  end(token: string, reason: SessionEndedEvent['reason'] = 'revoked'): void {
    const set = this.#byToken.get(token);
    if (!set) return;
    this.#byToken.delete(token);
    for (const socket of set) {
      socket.emit('sessionEnded', { reason });
      socket.disconnect(true);
    }
  }

  /** Re-checks every token every `everyMs`; a dead one ends its sessions. */
  startChecks(everyMs: number, check: TokenCheck, onError: (e: unknown) => void): void {
    this.#checks = interval(everyMs)
      .pipe(
        // a round that takes longer than the interval is not overlapped: ticks that come while it runs are skipped
        exhaustMap(() => this.#round(check, onError)),
      )
      .subscribe();
  }

  stopChecks(): void {
    this.#checks?.unsubscribe();
    this.#checks = null;
  }

  #round(check: TokenCheck, onError: (e: unknown) => void): Promise<void> {
    return new Promise((resolve) => {
      from([...this.#byToken.keys()])
        .pipe(
          mergeMap(
            (token) =>
              check(token).then((verdict) => {
                if (verdict === 'dead') this.end(token, 'revoked');
              }, onError),
            CHECK_CONCURRENCY,
          ),
        )
        .subscribe({ complete: resolve, error: resolve });
    });
  }
}
