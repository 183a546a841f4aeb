// Live patches into RTK Query caches (architecture §6): an endpoint's onCacheEntryAdded hands its lifecycle here
// and the topic's snapshot and patches are applied to the cached data (an entity adapter's state, typically)
// until the cache entry is removed.
import type { EntityAdapter, EntityId, EntityState } from '@reduxjs/toolkit';
import type { LiveItem, SubscribeRequest } from '@waterops/shared/live';
import { appLiveClient } from './appLiveClient.ts';
import type { LiveChange, LiveClient } from './liveClient.ts';

/** The part of RTK Query's onCacheEntryAdded lifecycle used here. */
export type CacheLifecycle<D> = {
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
  updateCachedData: (recipe: (draft: D) => void) => unknown;
};

/** Streams a topic into one cache entry; resolves when the entry is removed. */
export const streamIntoCache = async <T extends LiveItem, D>(
  request: SubscribeRequest,
  lifecycle: CacheLifecycle<D>,
  apply: (draft: D, change: LiveChange<T>) => void,
  client: LiveClient = appLiveClient(),
): Promise<void> => {
  try {
    await lifecycle.cacheDataLoaded;
  } catch {
    return; // the entry went away before its first data: nothing to stream into
  }
  const subscription = client
    .changes<T>(request)
    .subscribe((change) => lifecycle.updateCachedData((draft) => apply(draft, change)));
  await lifecycle.cacheEntryRemoved;
  subscription.unsubscribe();
};

/** `apply` for an entity adapter's state: a snapshot replaces all, a patch upserts and removes. */
export const applyToEntities =
  <T extends LiveItem & object, Id extends EntityId = T['id'] & EntityId>(adapter: EntityAdapter<T, Id>) =>
  (draft: EntityState<T, Id>, change: LiveChange<T>): void => {
    if (change.kind === 'snapshot') {
      adapter.setAll(draft, change.items);
      return;
    }
    adapter.removeMany(draft, change.removes as unknown as Id[]);
    adapter.upsertMany(draft, change.upserts);
  };
