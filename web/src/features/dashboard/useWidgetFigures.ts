// One widget's figures from the live topic `dashboard` (params { widget }): the snapshot on subscribing, a patch
// whenever the gateway recomputes them. The channel keeps the last item through a drop or a degraded upstream, so
// the card goes on showing it (stale) with its "as of" time.
import type { WidgetId, WidgetItem } from '@waterops/shared/dashboard';
import { TOPICS } from '@waterops/shared/live';
import type { ChannelState } from '../../live/liveClient.ts';
import { useLiveChannel } from '../../live/useLive.ts';

export type WidgetFiguresState<W extends WidgetId> = Pick<ChannelState<WidgetItem<W>>, 'status' | 'error'> & {
  /** the latest figures with their time, null until the first snapshot */
  item: WidgetItem<W> | null;
};

export const useWidgetFigures = <W extends WidgetId>(widget: W): WidgetFiguresState<W> => {
  const state = useLiveChannel<WidgetItem<W>>({ topic: TOPICS.dashboard, params: { widget } });
  const item = state.items.find((i) => i.id === widget) ?? null;
  return { item, status: state.status, error: state.error };
};
