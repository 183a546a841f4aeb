// The open work orders the map shows: the `workorders` topic (snapshot, then patches — a raise or an assignment
// elsewhere moves the map at once), the placed ones converted from BD-09 into the base map's frame, each with its
// deadline class as of the current minute.
import type { MapCoordinateSystem } from '@waterops/shared/dma';
import { TOPICS } from '@waterops/shared/live';
import { deadlineState, isOpenStatus, type WorkOrder } from '@waterops/shared/workorder';
import { useEffect, useMemo, useState } from 'react';
import { useLiveChannel } from '../../../live/useLive.ts';
import { bd09ToDisplay } from './displayCoordinates.ts';
import type { MapWorkOrder } from './workOrderLayer.ts';

const WORK_ORDERS = { topic: TOPICS.workorders } as const;
const MINUTE = 60_000;

/** The placed open orders (none while `enabled` is false: no permission, layer off, the bench). */
export function useMapWorkOrders(crs: MapCoordinateSystem, enabled: boolean): MapWorkOrder[] {
  const channel = useLiveChannel<WorkOrder>(enabled ? WORK_ORDERS : null);
  const [minute, setMinute] = useState(() => Math.floor(Date.now() / MINUTE));
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => setMinute(Math.floor(Date.now() / MINUTE)), MINUTE);
    return () => clearInterval(timer);
  }, [enabled]);
  return useMemo(() => {
    if (!enabled) return [];
    const convert = bd09ToDisplay(crs);
    const now = new Date(minute * MINUTE);
    return channel.items
      .filter((o) => isOpenStatus(o.status) && o.lng !== null && o.lat !== null)
      .map((o) => ({
        id: o.id,
        code: o.code,
        title: o.title,
        priority: o.priority,
        deadline: deadlineState(o, now).class,
        position: convert([o.lng as number, o.lat as number]),
      }));
  }, [channel.items, crs, enabled, minute]);
}
