// The operations map's layer of open work orders (issue 15): a point per placed order, filled by its priority and
// ringed by its deadline state (the shared deadlineState's class: late orders get a dark red ring, orders due soon an
// orange one), built by a pure function with a stable id; and the point-in-district test that places a click.
import { ScatterplotLayer } from '@deck.gl/layers';
import type { LngLat } from '@waterops/shared/geo';
import type { DeadlineClass, WorkOrderPriority } from '@waterops/shared/workorder';
import { isLate } from '@waterops/shared/workorder';
import type { Rgba } from './mapColours.ts';
import type { DisplayDistrict } from './mapLayers.ts';

/** An open order on the map, in the display frame. */
export type MapWorkOrder = {
  id: number;
  code: string;
  title: string;
  priority: WorkOrderPriority;
  deadline: DeadlineClass;
  position: LngLat;
};

export const PRIORITY_COLOURS: Record<WorkOrderPriority, Rgba> = {
  urgent: [205, 66, 70, 255],
  high: [236, 154, 60, 255],
  normal: [45, 114, 210, 255],
  low: [143, 153, 168, 255],
};
/** The ring: late (overdue and worse), due soon, or neither. */
export const LATE_RING: Rgba = [110, 20, 25, 255];
export const DUE_SOON_RING: Rgba = [236, 154, 60, 255];
const PLAIN_RING: Rgba = [255, 255, 255, 255];

export const deadlineRing = (c: DeadlineClass): { colour: Rgba; width: number } =>
  isLate(c)
    ? { colour: LATE_RING, width: 4 }
    : c === 'dueSoon'
      ? { colour: DUE_SOON_RING, width: 3 }
      : { colour: PLAIN_RING, width: 2 };

export const WORK_ORDER_LAYER_ID = 'workorders';

export function buildWorkOrderLayer(orders: readonly MapWorkOrder[]): ScatterplotLayer<MapWorkOrder> {
  return new ScatterplotLayer<MapWorkOrder>({
    id: WORK_ORDER_LAYER_ID,
    data: orders,
    getPosition: (o) => o.position,
    getFillColor: (o) => PRIORITY_COLOURS[o.priority],
    getLineColor: (o) => deadlineRing(o.deadline).colour,
    getLineWidth: (o) => deadlineRing(o.deadline).width,
    getRadius: 8,
    radiusUnits: 'pixels',
    lineWidthUnits: 'pixels',
    stroked: true,
    pickable: true,
    // a new array whenever an order or a deadline class changes
    updateTriggers: { getFillColor: orders, getLineColor: orders, getLineWidth: orders },
  });
}

/** Whether a point lies inside a ring (ray casting; the ring in the same frame as the point). */
export const insideRing = (p: LngLat, ring: readonly LngLat[]): boolean => {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as LngLat;
    const [xj, yj] = ring[j] as LngLat;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
};

/** The district a display point lies in (the first whose outline holds it), or null. */
export const districtAt = (p: LngLat, districts: readonly DisplayDistrict[]): DisplayDistrict | null =>
  districts.find((d) => d.polygon.length >= 3 && insideRing(p, d.polygon)) ?? null;
