import type { LiveItem } from '@waterops/shared/live';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Changes, ChannelSource, Failure } from './channelSource.ts';
import { type Lease, localCoordinator } from './coordinator.ts';
import { HINT_MIN_GAP_MS, type PollerHost, RoomPoller, type SnapshotAnswer } from './poller.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const NONE: Changes = { upserts: [], removes: [] };

/** A source whose next answers the test sets; counts its reads. */
const fakeSource = () => {
  const s = {
    items: [{ id: 1 }] as LiveItem[],
    next: NONE as Changes,
    failure: null as Failure | null,
    reads: 0,
    probes: [] as string[],
  };
  const source = {
    snapshot: async () => {
      s.reads++;
      return s.failure ?? { status: 'ok' as const, items: s.items };
    },
    fetchOnce: async () => ({ status: 'ok' as const, items: s.items }),
    probe: async (token: string) => {
      s.probes.push(token);
      return 'ok' as const;
    },
    poll: async () => {
      s.reads++;
      if (s.failure) return s.failure;
      const changes = s.next;
      s.next = NONE;
      return { status: 'ok' as const, changes };
    },
  };
  return { s, source: source as unknown as ChannelSource };
};

const fakeHost = (lingerMs = 30) => {
  const emitted: Array<{ event: string; payload: { seq?: number } & Record<string, unknown> }> = [];
  const stopped: string[] = [];
  const host: PollerHost = {
    coordinator: localCoordinator(),
    emit: (_room, event, payload) => emitted.push({ event, payload: payload as { seq?: number } }),
    tokenRejected: () => {},
    tokenForbidden: () => {},
    onStopped: (p) => stopped.push(p.room),
    onError: (e) => {
      throw e;
    },
    lingerMs,
  };
  return { host, emitted, stopped };
};

const snapshotOf = (poller: RoomPoller, token: string) =>
  new Promise<SnapshotAnswer>((resolve) => void poller.snapshotFor(token, resolve));

describe('RoomPoller', () => {
  it('serves the first read as a snapshot, then emits a patch with seq + 1 only when something changed', async () => {
    const { s, source } = fakeSource();
    const { host, emitted } = fakeHost();
    const poller = new RoomPoller('tenant/1/alarms/all', 'alarms', 'alarms', 10, source, host);
    poller.add('sock1', 'tok');
    const answer = await snapshotOf(poller, 'tok');
    expect(answer).toMatchObject({ ok: true, snapshot: { seq: 1, items: [{ id: 1 }] }, verified: true });
    await sleep(50);
    expect(emitted.filter((e) => e.event === 'patch')).toEqual([]);
    s.next = { upserts: [{ id: 2 }], removes: [1] };
    await sleep(50);
    s.next = { upserts: [{ id: 3 }], removes: [] };
    await sleep(50);
    expect(emitted.filter((e) => e.event === 'patch').map((e) => [e.payload.seq, e.payload.upserts])).toEqual([
      [2, [{ id: 2 }]],
      [3, [{ id: 3 }]],
    ]);
    // a later subscriber with another token: the current state, after a permission probe with its own token
    expect(await snapshotOf(poller, 'other')).toMatchObject({ snapshot: { seq: 3, items: [{ id: 2 }, { id: 3 }] } });
    expect(s.probes).toEqual(['other']);
    await poller.stop();
  });

  it('says degraded once, backs off, then recovered with a fresh snapshot', async () => {
    const { s, source } = fakeSource();
    const { host, emitted } = fakeHost();
    const poller = new RoomPoller('r', 'alarms', 'alarms', 10, source, host);
    poller.add('sock1', 'tok');
    await snapshotOf(poller, 'tok');
    s.failure = { status: 'failed', reason: 'upstreamTimeout' };
    const readsBefore = s.reads;
    await sleep(300);
    // 10 ms apart without backoff would be ~30 reads; doubling (20, 40, 80, 160 ms) gives a handful
    expect(s.reads - readsBefore).toBeLessThan(8);
    expect(emitted.filter((e) => e.event === 'degraded')).toHaveLength(1);
    expect(emitted.find((e) => e.event === 'degraded')?.payload).toMatchObject({ reason: 'upstreamTimeout' });
    s.failure = null;
    s.items = [{ id: 7 }];
    for (let i = 0; i < 150 && !emitted.some((e) => e.event === 'recovered'); i++) await sleep(20);
    await sleep(20);
    const names = emitted.map((e) => e.event);
    expect(names.slice(-2)).toEqual(['recovered', 'snapshot']);
    expect(emitted.at(-1)?.payload).toMatchObject({ seq: 2, items: [{ id: 7 }] });
    await poller.stop();
  });

  it('stops a linger after its last subscriber left, unless one comes back in time', async () => {
    const { s, source } = fakeSource();
    const { host, stopped } = fakeHost(60);
    const poller = new RoomPoller('r', 'alarms', 'alarms', 10, source, host);
    poller.add('a', 'tok');
    await snapshotOf(poller, 'tok');
    poller.remove('a');
    await sleep(30);
    poller.add('b', 'tok'); // back within the linger: keeps running
    await sleep(80);
    expect(stopped).toEqual([]);
    poller.remove('b');
    await sleep(100);
    expect(stopped).toEqual(['r']);
    const reads = s.reads;
    await sleep(50);
    expect(s.reads).toBe(reads);
  });

  describe('when it polls (fake clock)', () => {
    afterEach(() => vi.useRealTimers());

    /** A source whose reads take `tookMs` and note when each started. */
    const slowSource = (tookMs: number) => {
      const { s, source } = fakeSource();
      const starts: number[] = [];
      const slow = source as unknown as Record<'snapshot' | 'poll', () => Promise<unknown>>;
      for (const name of ['snapshot', 'poll'] as const) {
        const read = slow[name].bind(source);
        slow[name] = async () => {
          starts.push(Date.now());
          await new Promise((r) => setTimeout(r, tookMs));
          return read();
        };
      }
      return { s, source, starts };
    };
    const gaps = (starts: number[]) => starts.slice(1).map((t, i) => t - (starts[i] as number));

    it('starts a tick one interval after the previous one STARTED, however long a read takes', async () => {
      vi.useFakeTimers();
      const { source, starts } = slowSource(300);
      const poller = new RoomPoller('r', 'alarms', 'alarms', 1_000, source, fakeHost().host);
      poller.add('a', 'tok');
      await vi.advanceTimersByTimeAsync(5_050);
      // waiting the interval after each read ended would space them 1,300 ms apart
      expect(gaps(starts)).toEqual([1_000, 1_000, 1_000, 1_000, 1_000]);
      await poller.stop();
    });

    it('polls at once on a hint, not sooner than the minimum gap after a start, and not while backing off', async () => {
      vi.useFakeTimers();
      const { s, source, starts } = slowSource(50);
      const poller = new RoomPoller('r', 'alarms', 'alarms', 10_000, source, fakeHost().host);
      poller.add('a', 'tok');
      await vi.advanceTimersByTimeAsync(3_000);
      expect(starts).toHaveLength(1);
      poller.pollSoon(); // waiting: at once
      await vi.advanceTimersByTimeAsync(10);
      expect(gaps(starts)).toEqual([3_000]);
      poller.pollSoon(); // 10 ms after a start, while that read runs: HINT_MIN_GAP_MS after it started
      await vi.advanceTimersByTimeAsync(HINT_MIN_GAP_MS + 10);
      expect(gaps(starts)).toEqual([3_000, HINT_MIN_GAP_MS]);
      // then the regular interval again, counted from that last start
      await vi.advanceTimersByTimeAsync(10_000);
      expect(gaps(starts)).toEqual([3_000, HINT_MIN_GAP_MS, 10_000]);
      // a failing upstream keeps its backoff (here the 10 s cap): a hint does not hammer it
      s.failure = { status: 'failed', reason: 'upstreamTimeout' };
      await vi.advanceTimersByTimeAsync(100); // the read in flight answers the failure
      const failedAt = starts.length;
      poller.pollSoon();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(starts).toHaveLength(failedAt);
      await poller.stop();
    });
  });

  it('re-bases the room on a snapshot when the lease is known again after Redis was away', async () => {
    // Redis away ('unknown': poll alone, seq counted here), then back: held here, or held by another instance
    for (const [after, expected] of [
      ['held', { local: false, seq: 3 }],
      ['other', { local: true, seq: 40 }],
    ] as const) {
      const { s, source } = fakeSource();
      const { host, emitted } = fakeHost();
      const leases: Lease[] = ['held', 'unknown', after];
      const local: boolean[] = [];
      host.coordinator = {
        ...localCoordinator(),
        lead: async () => (leases.length > 1 ? (leases.shift() as Lease) : (leases[0] as Lease)),
        // the room's seq in Redis: another instance's count (for the snapshot sent by one that lost the lease)
        currentSeq: async () => 40,
      };
      host.emit = (_room, event, payload, opts) => {
        local.push(opts?.local === true);
        emitted.push({ event, payload: payload as { seq?: number } });
      };
      const poller = new RoomPoller('tenant/1/alarms/all', 'alarms', 'alarms', 10, source, host);
      poller.add('sock1', 'tok');
      await snapshotOf(poller, 'tok');
      s.next = { upserts: [{ id: 2 }], removes: [] };
      await sleep(60);
      // the first read (seq 1), a patch while alone (seq 2), then one re-basing snapshot (the source's items)
      expect(emitted.map((e) => [e.event, e.payload.seq])).toEqual([
        ['snapshot', 1],
        ['patch', 2],
        ['snapshot', expected.seq],
      ]);
      expect(local.at(-1)).toBe(expected.local);
      expect(emitted.at(-1)?.payload.items).toEqual([{ id: 1 }]);
      await poller.stop();
    }
  });
});
