import { BehaviorSubject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionState } from '../../../live/liveClient.ts';
import { countMisses, gatewayLink$, type LinkState, PROBE_EVERY_MS } from './gatewayLink.ts';

describe("a wall screen's link to the gateway", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('counts misses in a row, and one good answer starts again', () => {
    expect([true, false, false, true, false].reduce(countMisses, 0)).toBe(1);
    expect([false, false, false].reduce(countMisses, 0)).toBe(3);
  });

  it('is lost after two missed probes (within 5 s of the cut) or when the socket drops, and back on recovery', async () => {
    vi.useFakeTimers();
    let up = true;
    vi.stubGlobal('fetch', () => (up ? Promise.resolve({ ok: true }) : Promise.reject(new TypeError('offline'))));
    const socket = new BehaviorSubject<ConnectionState>('connected');
    const seen: LinkState[] = [];
    const sub = gatewayLink$(socket, () => Date.now()).subscribe((s) => seen.push(s));
    await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS * 3);
    expect(seen.map((s) => s.online)).toEqual([true]);

    const cutAt = Date.now();
    up = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(seen.map((s) => s.online)).toEqual([true, false]);
    expect((seen[1]?.since ?? Infinity) - cutAt).toBeLessThanOrEqual(5_000);

    up = true;
    await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS);
    expect(seen.map((s) => s.online)).toEqual([true, false, true]);

    socket.next('disconnected');
    expect(seen.at(-1)?.online).toBe(false);
    socket.next('connected');
    expect(seen.at(-1)?.online).toBe(true);
    sub.unsubscribe();
  });
});
