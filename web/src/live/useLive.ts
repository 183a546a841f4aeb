// React's view of the live client: a channel's state, its status alone, and the socket's state.
import type { LiveItem, SubscribeRequest } from '@waterops/shared/live';
import { channelKey } from '@waterops/shared/live';
import { useEffect, useMemo, useState } from 'react';
import { appLiveClient } from './appLiveClient.ts';
import type { ChannelState, ChannelStatus, ConnectionState } from './liveClient.ts';

const EMPTY_STATE: ChannelState<LiveItem> = { items: [], seq: null, status: 'connecting', error: null, change: null };

/** Watches a topic channel while mounted; null request = watch nothing (e.g. no permission). */
export function useLiveChannel<T extends LiveItem>(request: SubscribeRequest | null): ChannelState<T> {
  // the key, not the object, decides when to resubscribe (callers pass literals)
  const key = request ? channelKey(request) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the request is captured through its key
  const stable = useMemo(() => request, [key]);
  const [state, setState] = useState<ChannelState<T>>(EMPTY_STATE as ChannelState<T>);
  useEffect(() => {
    if (!stable) return;
    const subscription = appLiveClient()
      .channel<T>(stable)
      .subscribe((next) => setState(next));
    return () => subscription.unsubscribe();
  }, [stable]);
  return state;
}

/** A channel's status for a "live / reconnecting / degraded" line (holds the channel open while mounted). */
export function useLiveStatus(request: SubscribeRequest | null): ChannelStatus {
  return useLiveChannel(request).status;
}

/** The socket's state: the bell polls over REST only while this is not 'connected'. */
export function useLiveConnection(): ConnectionState {
  const [state, setState] = useState<ConnectionState>('idle');
  useEffect(() => {
    const subscription = appLiveClient().connection$.subscribe(setState);
    return () => subscription.unsubscribe();
  }, []);
  return state;
}
