import type { LiveItem } from '@waterops/shared/live';
import { describe, expect, it } from 'vitest';
import type { Changes, ChannelSource, Failure } from './channelSource.ts';
import { localCoordinator } from './coordinator.ts';
import { type PollerHost, RoomPoller, type SnapshotAnswer } from './poller.ts';

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
});
