// Whether a wall screen can reach the gateway, for the "connection lost" banner (issue 18: within 5 s of losing it).
// The socket alone can take tens of seconds to notice a silent cut (Engine.IO's ping timeout), so the screen also
// asks /healthz every 1.5 s with a 1 s timeout: two misses in a row, or a socket that says it is down, and the
// banner shows (≤ ~4 s). One good answer with the socket up again and it goes.
import { combineLatest, distinctUntilChanged, exhaustMap, from, map, type Observable, scan, timer } from 'rxjs';
import type { ConnectionState } from '../../../live/liveClient.ts';

export const PROBE_EVERY_MS = 1_500;
export const PROBE_TIMEOUT_MS = 1_000;
/** misses in a row before the link counts as lost (one is a blip) */
export const MISSES_TO_LOSE = 2;

export type LinkState = { online: boolean; since: number };

/** Counts misses in a row: a good answer starts again from 0. */
export const countMisses = (misses: number, ok: boolean): number => (ok ? 0 : misses + 1);

const probe = (url: string): Observable<boolean> =>
  from(
    fetch(url, { cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }).then(
      (r) => r.ok,
      () => false,
    ),
  );

/** online/offline with the time it last changed (epoch ms), from the probes and the socket's state. */
export const gatewayLink$ = (
  connection$: Observable<ConnectionState>,
  now: () => number = Date.now,
  url = '/healthz',
): Observable<LinkState> => {
  const reachable$ = timer(0, PROBE_EVERY_MS).pipe(
    exhaustMap(() => probe(url)),
    scan(countMisses, 0),
    map((misses) => misses < MISSES_TO_LOSE),
  );
  return combineLatest([reachable$, connection$]).pipe(
    // 'connecting' and 'idle' are the first seconds of a screen: not a lost link
    map(([reachable, socket]) => reachable && socket !== 'disconnected'),
    distinctUntilChanged(),
    map((online) => ({ online, since: now() })),
  );
};

export const initialLink = (): LinkState => ({ online: true, since: Date.now() });
