// The dispatcher's small map, as deck.gl layers built by one pure function: district outlines coloured by their
// night-flow status (a leak event shows as a red district, the operations map's colours), steady rings at live
// severe and urgent alarms, and the open orders as points coloured by their deadline class (the queue's colours),
// larger the higher their priority. Positions arrive already in the display frame.
import type { Layer } from '@deck.gl/core';
import { PolygonLayer, ScatterplotLayer } from '@deck.gl/layers';
import type { LngLat } from '@waterops/shared/geo';
import type { DeadlineClass, WorkOrderPriority } from '@waterops/shared/workorder';
import { districtFill, type Rgba } from '../dma/map/mapColours.ts';
import type { DisplayDistrict } from '../dma/map/mapLayers.ts';

export const DEADLINE_COLOURS: Record<DeadlineClass, Rgba> = {
  onTime: [35, 133, 81, 255],
  dueSoon: [236, 154, 60, 255],
  overdue: [231, 106, 110, 255],
  over24: [205, 66, 70, 255],
  over48: [172, 47, 51, 255],
  over72: [110, 20, 25, 255],
  paused: [143, 153, 168, 255],
  done: [45, 114, 210, 255],
};

const PRIORITY_RADIUS: Record<WorkOrderPriority, number> = { urgent: 10, high: 8, normal: 7, low: 6 };

/** An open order placed on the map. */
export type MapOrder = { id: number; position: LngLat; deadline: DeadlineClass; priority: WorkOrderPriority };

export type WorkOrderLayerInput = {
  districts: readonly DisplayDistrict[];
  orders: readonly MapOrder[];
  alarms: readonly LngLat[];
  /** the order whose drawer is open */
  selectedId: number | null;
};

export function buildWorkOrderLayers(input: WorkOrderLayerInput): Layer[] {
  const layers: Layer[] = [];
  if (input.districts.length > 0)
    layers.push(
      new PolygonLayer<DisplayDistrict>({
        id: 'wo-districts',
        data: input.districts,
        getPolygon: (d) => d.polygon,
        getFillColor: (d) => districtFill(d.district, 'nightFlow', 60),
        getLineColor: [40, 50, 65, 160],
        getLineWidth: 1,
        lineWidthUnits: 'pixels',
        stroked: true,
        filled: true,
      }),
    );
  if (input.alarms.length > 0)
    layers.push(
      new ScatterplotLayer<LngLat>({
        id: 'wo-alarms',
        data: input.alarms,
        getPosition: (p) => p,
        getRadius: 13,
        radiusUnits: 'pixels',
        filled: false,
        stroked: true,
        getLineColor: [205, 66, 70, 255],
        lineWidthMinPixels: 2,
      }),
    );
  layers.push(
    new ScatterplotLayer<MapOrder>({
      id: 'wo-orders',
      data: input.orders,
      getPosition: (o) => o.position,
      getRadius: (o) => PRIORITY_RADIUS[o.priority] + (o.id === input.selectedId ? 3 : 0),
      getFillColor: (o) => DEADLINE_COLOURS[o.deadline],
      getLineColor: (o) => (o.id === input.selectedId ? [24, 32, 38, 255] : [255, 255, 255, 255]),
      getLineWidth: (o) => (o.id === input.selectedId ? 3 : 2),
      radiusUnits: 'pixels',
      lineWidthUnits: 'pixels',
      stroked: true,
      pickable: true,
      updateTriggers: {
        getRadius: input.selectedId,
        getLineColor: input.selectedId,
        getLineWidth: input.selectedId,
      },
    }),
  );
  return layers;
}

/** The view's centre: the middle of the orders' extent, or null without any. */
export const centreOf = (points: readonly LngLat[]): LngLat | null => {
  if (points.length === 0) return null;
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  return [(minX + maxX) / 2, (minY + maxY) / 2];
};
