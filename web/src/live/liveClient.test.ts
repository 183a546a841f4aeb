import type { SubscribeRequest } from '@waterops/shared/live';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeLiveSocket } from './fakeLiveSocket.ts';
import { type ChannelState, createLiveClient, type LiveChange, patchItems } from './liveClient.ts';

type Item = { id: number; name: string };
const ALARMS: SubscribeRequest = { topic: 'alarms' };

const setUp = (token: { value: string | null } = { value: 't1' }) => {
  const sockets: FakeLiveSocket[] = [];
  const ended: unknown[] = [];
  const client = createLiveClient({
    getToken: () => token.value,
    createSocket: () => {
      const socket = new FakeLiveSocket(token.value);
      sockets.push(socket);
      return socket;
    },
    onSessionEnded: (event) => ended.push(event),
    lingerMs: 2000,
    tokenCheckMs: 1000,
  });
  const watch = (request = ALARMS) => {
    const states: ChannelState<Item>[] = [];
    const subscription = client.channel<Item>(request).subscribe((s) => states.push(s));
    return {
      states,
      last: () => states[states.length - 1] as ChannelState<Item>,
      stop: () => subscription.unsubscribe(),
    };
  };
  const socket = () => sockets[sockets.length - 1] as FakeLiveSocket;
  return { client, sockets, socket, ended, watch, token };
};

const snapshot = (seq: number, items: Item[], key = 'alarms') => ({ topic: 'alarms', key, seq, items });
const patch = (seq: number, upserts: Item[], removes: number[] = [], key = 'alarms') => ({
  topic: 'alarms',
  key,
  seq,
  upserts,
  removes,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the live client', () => {
  it('opens no socket until a channel is watched, subscribes once connected and goes live on the snapshot', () => {
    const live = setUp();
    expect(live.sockets).toHaveLength(0);
    const a = live.watch();
    expect(a.last().status).toBe('connecting');
    live.socket().connect();
    expect(live.socket().sentOf('subscribe')).toEqual([ALARMS]);
    live.socket().push('snapshot', snapshot(1, [{ id: 1, name: 'a' }]));
    expect(a.last()).toMatchObject({ status: 'live', seq: 1, items: [{ id: 1, name: 'a' }] });
  });

  it('applies patches in order and ignores one it already has', () => {
    const live = setUp();
    const a = live.watch();
    live.socket().connect();
    live.socket().push(
      'snapshot',
      snapshot(5, [
        { id: 1, name: 'a' },
        { id: 2, name: 'b' },
      ]),
    );
    live.socket().push(
      'patch',
      patch(
        6,
        [
          { id: 2, name: 'B' },
          { id: 3, name: 'c' },
        ],
        [1],
      ),
    );
    live.socket().push('patch', patch(6, [{ id: 9, name: 'dup' }]));
    expect(a.last().items).toEqual([
      { id: 2, name: 'B' },
      { id: 3, name: 'c' },
    ]);
    expect(a.last().seq).toBe(6);
  });

  it('asks for a resync on a seq gap, ignores patches until the new snapshot, then carries on from it', () => {
    const live = setUp();
    const a = live.watch();
    live.socket().connect();
    live.socket().push('snapshot', snapshot(1, [{ id: 1, name: 'a' }]));
    live.socket().push('patch', patch(3, [{ id: 2, name: 'gap' }]));
    expect(live.socket().sentOf('resync')).toEqual([ALARMS]);
    expect(a.last().items).toEqual([{ id: 1, name: 'a' }]);
    live.socket().push('patch', patch(4, [{ id: 3, name: 'still stale' }]));
    expect(a.last().seq).toBe(1);
    live.socket().push(
      'snapshot',
      snapshot(4, [
        { id: 1, name: 'a' },
        { id: 2, name: 'gap' },
      ]),
    );
    live.socket().push('patch', patch(5, [{ id: 5, name: 'e' }]));
    expect(a.last().items.map((i) => i.id)).toEqual([1, 2, 5]);
    expect(live.socket().sentOf('resync')).toHaveLength(1);
  });

  it('shares one server subscription per channel, replays the last state to a late subscriber', () => {
    const live = setUp();
    const a = live.watch();
    live.socket().connect();
    live.socket().push('snapshot', snapshot(1, [{ id: 1, name: 'a' }]));
    const b = live.watch();
    expect(b.states).toHaveLength(1);
    expect(b.last().items).toEqual([{ id: 1, name: 'a' }]);
    expect(live.socket().sentOf('subscribe')).toHaveLength(1);
    a.stop();
    b.stop();
  });

  it('lingers 2 s after the last subscriber leaves: coming back in time keeps the subscription, later it ends', () => {
    const live = setUp();
    const a = live.watch();
    live.socket().connect();
    live.socket().push('snapshot', snapshot(1, [{ id: 1, name: 'a' }]));
    a.stop();
    vi.advanceTimersByTime(1500);
    const back = live.watch();
    expect(back.last().items).toEqual([{ id: 1, name: 'a' }]);
    expect(live.socket().sentOf('subscribe')).toHaveLength(1);
    back.stop();
    vi.advanceTimersByTime(1999);
    expect(live.socket().sentOf('unsubscribe')).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(live.socket().sentOf('unsubscribe')).toEqual([ALARMS]);
    // the last channel gone: the socket is closed too
    expect(live.socket().connected).toBe(false);
  });

  it('marks channels offline when the connection drops and re-subscribes every channel after reconnecting', () => {
    const live = setUp();
    const a = live.watch();
    const b = live.watch({ topic: 'alarms', params: { areaId: 3 } });
    const connection: string[] = [];
    live.client.connection$.subscribe((s) => connection.push(s));
    live.socket().connect();
    live.socket().push('snapshot', snapshot(7, [{ id: 1, name: 'a' }]));
    live.socket().drop();
    expect(a.last()).toMatchObject({ status: 'offline', items: [{ id: 1, name: 'a' }] });
    expect(b.last().status).toBe('offline');
    live.socket().connect();
    expect(live.socket().sentOf('subscribe')).toEqual([
      ALARMS,
      { topic: 'alarms', params: { areaId: 3 } },
      ALARMS,
      { topic: 'alarms', params: { areaId: 3 } },
    ]);
    // a patch numbered after the old seq is not applied onto the stale items: the snapshot comes first
    live.socket().push('patch', patch(8, [{ id: 8, name: 'h' }]));
    expect(a.last().items).toEqual([{ id: 1, name: 'a' }]);
    live.socket().push('snapshot', snapshot(20, [{ id: 2, name: 'b' }]));
    expect(a.last()).toMatchObject({ status: 'live', seq: 20, items: [{ id: 2, name: 'b' }] });
    expect(connection).toEqual(['connecting', 'connected', 'disconnected', 'connected']);
  });

  it('shows degraded while the server says so, keeping the items, and live again on recovered', () => {
    const live = setUp();
    const a = live.watch();
    live.socket().connect();
    live.socket().push('snapshot', snapshot(1, [{ id: 1, name: 'a' }]));
    live.socket().push('degraded', { topic: 'alarms', key: 'alarms', reason: 'upstream', since: '' });
    expect(a.last()).toMatchObject({ status: 'degraded', items: [{ id: 1, name: 'a' }] });
    live.socket().push('recovered', { topic: 'alarms', key: 'alarms' });
    expect(a.last().status).toBe('live');
  });

  it('keeps a refused subscription offline with the reason', () => {
    const live = setUp();
    const a = live.watch();
    live.socket().answer = { ok: false, code: 403, message: 'no permission' };
    live.socket().connect();
    expect(a.last()).toMatchObject({ status: 'offline', error: { code: 403, message: 'no permission' } });
  });

  it('hands sessionEnded to the app and closes the socket', () => {
    const live = setUp();
    const a = live.watch();
    live.socket().connect();
    live.socket().push('sessionEnded', { reason: 'revoked' });
    expect(live.ended).toEqual([{ reason: 'revoked' }]);
    expect(live.socket().connected).toBe(false);
    expect(a.last().status).toBe('offline');
  });

  it('reconnects with the new token when the stored token changes, and closes the socket on sign-out', () => {
    const live = setUp();
    live.watch();
    live.socket().connect();
    live.token.value = 't2';
    vi.advanceTimersByTime(1000);
    expect(live.sockets).toHaveLength(2);
    expect(live.sockets[0]?.connected).toBe(false);
    expect(live.socket().token).toBe('t2');
    live.socket().connect();
    live.token.value = null;
    vi.advanceTimersByTime(1000);
    expect(live.sockets).toHaveLength(2);
    expect(live.socket().connected).toBe(false);
  });

  it('gives a late changes() subscriber the current collection as a snapshot, then patches', () => {
    const live = setUp();
    live.watch();
    live.socket().connect();
    live.socket().push('snapshot', snapshot(1, [{ id: 1, name: 'a' }]));
    const changes: LiveChange<Item>[] = [];
    live.client.changes<Item>(ALARMS).subscribe((c) => changes.push(c));
    live.socket().push('degraded', { topic: 'alarms', key: 'alarms', reason: 'x', since: '' });
    live.socket().push('patch', patch(2, [{ id: 2, name: 'b' }]));
    expect(changes).toEqual([
      { kind: 'snapshot', items: [{ id: 1, name: 'a' }] },
      { kind: 'patch', upserts: [{ id: 2, name: 'b' }], removes: [] },
    ]);
  });
});

describe('patchItems', () => {
  it.each([
    ['changes in place', [1, 2, 3], [2], [], [1, 2, 3]],
    ['appends new', [1, 2], [4], [], [1, 2, 4]],
    ['removes', [1, 2, 3], [], [2], [1, 3]],
    ['an id both removed and upserted stays', [1, 2], [2], [2], [1, 2]],
  ])('%s', (_, before, upserts, removes, after) => {
    const items = before.map((id) => ({ id, v: 0 }));
    const next = patchItems(
      items,
      upserts.map((id) => ({ id, v: 1 })),
      removes,
    );
    expect(next.map((i) => i.id)).toEqual(after);
    for (const id of upserts) expect(next.find((i) => i.id === id)?.v).toBe(1);
  });
});
