import { createEntityAdapter, createNextState, type EntityState } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { FakeLiveSocket } from './fakeLiveSocket.ts';
import { createLiveClient } from './liveClient.ts';
import { applyToEntities, streamIntoCache } from './streamIntoCache.ts';

type Item = { id: number; name: string };
const adapter = createEntityAdapter<Item>();

describe('streamIntoCache', () => {
  it('fills the cache from the snapshot, applies patches, and stops when the entry is removed', async () => {
    const socket = new FakeLiveSocket('t');
    const client = createLiveClient({ getToken: () => 't', createSocket: () => socket, onSessionEnded: () => {} });
    let cache: EntityState<Item, number> = adapter.getInitialState();
    let remove: () => void = () => {};
    const removed = new Promise<void>((r) => {
      remove = r;
    });
    const done = streamIntoCache<Item, EntityState<Item, number>>(
      { topic: 'alarms' },
      {
        cacheDataLoaded: Promise.resolve(),
        cacheEntryRemoved: removed,
        // as RTK Query does: the recipe edits an immer draft
        updateCachedData: (recipe) => {
          cache = createNextState(cache, recipe);
        },
      },
      applyToEntities(adapter),
      client,
    );
    await Promise.resolve();
    socket.connect();
    socket.push('snapshot', {
      topic: 'alarms',
      key: 'alarms',
      seq: 1,
      items: [
        { id: 1, name: 'a' },
        { id: 2, name: 'b' },
      ],
    });
    socket.push('patch', { topic: 'alarms', key: 'alarms', seq: 2, upserts: [{ id: 3, name: 'c' }], removes: [1] });
    expect(adapter.getSelectors().selectAll(cache)).toEqual([
      { id: 2, name: 'b' },
      { id: 3, name: 'c' },
    ]);
    remove();
    await done;
    socket.push('patch', { topic: 'alarms', key: 'alarms', seq: 3, upserts: [{ id: 4, name: 'd' }], removes: [] });
    expect(adapter.getSelectors().selectIds(cache)).toEqual([2, 3]);
    client.close();
  });
});
