// The operations map's deck.gl layers, built from data already in the display frame. Meters never become JS objects:
// points and cells are binary attributes (typed arrays), so a million of them cost one upload, and panning only
// moves the view. Layer ids are stable so deck.gl diffs props rather than rebuilding GPU state each render.
import type { Layer, PickingInfo } from '@deck.gl/core';
import { PathLayer, PolygonLayer, ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import type { MapDistrict } from '@waterops/shared/dma';
import type { LngLat } from '@waterops/shared/geo';
import { type DistrictColouring, districtFill, pipeColour, pipeWidth, type Rgba } from './mapColours.ts';
import { METER_POINT_ZOOM, type MeterCells } from './meterGrid.ts';
import { buildWorkOrderLayer, type MapWorkOrder, WORK_ORDER_LAYER_ID } from './workOrderLayer.ts';

export const LAYER_KEYS = ['districts', 'meters', 'pipes', 'wells', 'valves', 'alarms', 'workorders'] as const;
export type LayerKey = (typeof LAYER_KEYS)[number];
export type LayerToggles = Record<LayerKey, boolean>;
export const ALL_LAYERS_ON: LayerToggles = {
  districts: true,
  meters: true,
  pipes: true,
  wells: true,
  valves: true,
  alarms: true,
  workorders: true,
};

/** District names show from this zoom (below it they crowd each other). */
export const LABEL_ZOOM = 13;
/** Wells and valves show from this zoom. */
export const ASSET_ZOOM = 15;

export type DisplayDistrict = { district: MapDistrict; polygon: LngLat[]; centre: LngLat | null };
export type DisplayPipe = {
  id: number;
  code: string;
  diameterMm: number | null;
  material: string | null;
  status: number;
  path: LngLat[];
};
export type DisplayPoint = { id: number; code: string; position: LngLat; kind: 'well' | 'valve'; state: number };
/** Meters as columns in the display frame. */
export type DisplayMeters = { length: number; positions: Float64Array; colours: Uint8Array };
export type CellData = { cells: MeterCells; radii: Float32Array; colours: Uint8Array };
export type PulseDatum = { position: LngLat; radius: number; alpha: number };

export type LayerInput = {
  zoom: number;
  toggles: LayerToggles;
  colouring: DistrictColouring;
  selectedDistrictId: number | null;
  districts: readonly DisplayDistrict[];
  meters: DisplayMeters | null;
  /** the meters aggregated for the current integer zoom (below METER_POINT_ZOOM) */
  cells: CellData | null;
  pipes: readonly DisplayPipe[];
  points: readonly DisplayPoint[];
  pulses: readonly PulseDatum[];
  steady: readonly LngLat[];
  /** the outline being drawn, in display coordinates */
  drawing: readonly LngLat[] | null;
  /** the open work orders placed on the map (workOrderLayer.ts) */
  orders?: readonly MapWorkOrder[];
};

const OUTLINE: Rgba = [40, 50, 65, 200];
const SELECTED: Rgba = [24, 32, 38, 255];
/** System fonts with CJK glyphs (Debian's Noto CJK, Windows' YaHei, macOS' PingFang); no font is downloaded. */
export const LABEL_FONTS = '"Noto Sans CJK SC", "Noto Serif CJK SC", "Microsoft YaHei", "PingFang SC", sans-serif';

export function buildLayers(input: LayerInput): Layer[] {
  const { zoom, toggles } = input;
  const layers: Layer[] = [];
  if (toggles.districts) {
    layers.push(
      new PolygonLayer<DisplayDistrict>({
        id: 'districts',
        data: input.districts,
        getPolygon: (d) => d.polygon,
        getFillColor: (d) => districtFill(d.district, input.colouring),
        getLineColor: (d) => (d.district.id === input.selectedDistrictId ? SELECTED : OUTLINE),
        getLineWidth: (d) => (d.district.id === input.selectedDistrictId ? 3 : 1.5),
        lineWidthUnits: 'pixels',
        stroked: true,
        filled: true,
        pickable: true,
        updateTriggers: {
          getFillColor: input.colouring,
          getLineColor: input.selectedDistrictId,
          getLineWidth: input.selectedDistrictId,
        },
      }),
    );
  }
  if (toggles.pipes && input.pipes.length > 0) {
    layers.push(
      new PathLayer<DisplayPipe>({
        id: 'pipes',
        data: input.pipes,
        getPath: (p) => p.path,
        getColor: (p) => pipeColour(p.material, p.status),
        getWidth: (p) => pipeWidth(p.diameterMm),
        widthUnits: 'pixels',
        capRounded: true,
        jointRounded: true,
        pickable: true,
      }),
    );
  }
  if (toggles.meters && input.meters && input.meters.length > 0) {
    if (zoom >= METER_POINT_ZOOM) layers.push(meterPointLayer('meters', input.meters, true));
    else if (input.cells)
      layers.push(
        new ScatterplotLayer({
          id: 'meter-cells',
          data: {
            length: input.cells.cells.length,
            attributes: {
              getPosition: { value: input.cells.cells.positions, size: 2 },
              getRadius: { value: input.cells.radii, size: 1 },
              getFillColor: { value: input.cells.colours, size: 4, normalized: true },
            },
          },
          radiusUnits: 'pixels',
          stroked: true,
          getLineColor: [255, 255, 255, 230],
          lineWidthMinPixels: 1,
          pickable: true,
        }),
      );
  }
  const points = input.points.filter((p) => (p.kind === 'well' ? toggles.wells : toggles.valves));
  if (zoom >= ASSET_ZOOM && points.length > 0) {
    layers.push(
      new ScatterplotLayer<DisplayPoint>({
        id: 'assets',
        data: points,
        getPosition: (p) => p.position,
        getFillColor: (p) =>
          p.kind === 'well' ? [106, 76, 156, 255] : p.state === 1 ? [35, 133, 81, 255] : [205, 66, 70, 255],
        getRadius: 6,
        radiusUnits: 'pixels',
        stroked: true,
        getLineColor: [255, 255, 255, 255],
        lineWidthMinPixels: 2,
        pickable: true,
      }),
    );
  }
  if (toggles.districts && zoom >= LABEL_ZOOM) {
    layers.push(
      new TextLayer<DisplayDistrict>({
        id: 'district-names',
        data: input.districts.filter((d) => d.centre),
        getPosition: (d) => d.centre as LngLat,
        getText: (d) => d.district.districtName,
        getSize: 14,
        getColor: [24, 32, 38, 255],
        // 'auto' collects every character of the names, so CJK names get their glyphs in the atlas
        characterSet: 'auto',
        fontFamily: LABEL_FONTS,
        fontWeight: 600,
        outlineWidth: 3,
        outlineColor: [255, 255, 255, 230],
        fontSettings: { sdf: true },
      }),
    );
  }
  if (toggles.alarms) {
    if (input.steady.length > 0)
      layers.push(
        new ScatterplotLayer<LngLat>({
          id: 'alarm-steady',
          data: input.steady,
          getPosition: (p) => p,
          getRadius: 12,
          radiusUnits: 'pixels',
          filled: false,
          stroked: true,
          getLineColor: [205, 66, 70, 255],
          lineWidthMinPixels: 3,
        }),
      );
    if (input.pulses.length > 0)
      layers.push(
        new ScatterplotLayer<PulseDatum>({
          id: 'alarm-pulses',
          data: input.pulses,
          getPosition: (p) => p.position,
          getRadius: (p) => p.radius,
          getLineColor: (p) => [205, 66, 70, p.alpha],
          getFillColor: (p) => [205, 66, 70, Math.round(p.alpha / 4)],
          radiusUnits: 'pixels',
          stroked: true,
          lineWidthMinPixels: 2,
          // the pulse data is new each frame: let attributes follow without a trigger per accessor
          updateTriggers: { getRadius: input.pulses, getLineColor: input.pulses, getFillColor: input.pulses },
        }),
      );
  }
  if (toggles.workorders && input.orders && input.orders.length > 0) layers.push(buildWorkOrderLayer(input.orders));
  if (input.drawing && input.drawing.length > 0) {
    const ring = input.drawing.length >= 3 ? [...input.drawing, input.drawing[0] as LngLat] : [...input.drawing];
    layers.push(
      new PathLayer<LngLat[]>({
        id: 'draw-outline',
        data: [ring],
        getPath: (r) => r,
        getColor: [19, 124, 189, 255],
        getWidth: 2,
        widthUnits: 'pixels',
      }),
      new ScatterplotLayer<LngLat>({
        id: 'draw-vertices',
        data: [...input.drawing],
        getPosition: (p) => p,
        getRadius: 5,
        radiusUnits: 'pixels',
        getFillColor: [255, 255, 255, 255],
        stroked: true,
        getLineColor: [19, 124, 189, 255],
        lineWidthMinPixels: 2,
      }),
    );
  }
  return layers;
}

/** Meters as single points from binary attributes (the bench draws the same layer). */
export function meterPointLayer(id: string, meters: DisplayMeters, pickable: boolean): ScatterplotLayer {
  return new ScatterplotLayer({
    id,
    data: {
      length: meters.length,
      attributes: {
        getPosition: { value: meters.positions, size: 2 },
        getFillColor: { value: meters.colours, size: 4, normalized: true },
      },
    },
    getRadius: 4,
    radiusUnits: 'pixels',
    radiusMinPixels: 2,
    pickable,
  });
}

/** What a click hit, in the terms of the detail panel. */
export type Picked =
  | { kind: 'district'; district: MapDistrict }
  | { kind: 'meter'; index: number }
  | { kind: 'cell'; count: number }
  | { kind: 'pipe'; pipe: DisplayPipe }
  | { kind: 'asset'; point: DisplayPoint }
  | { kind: 'workorder'; order: MapWorkOrder }
  /** a place with nothing drawn on it (where a work order may be raised), in the district it lies in */
  | { kind: 'point'; district: MapDistrict | null };

export function describePick(info: PickingInfo, cells: CellData | null): Picked | null {
  const id = info.layer?.id;
  if (id === 'districts' && info.object)
    return { kind: 'district', district: (info.object as DisplayDistrict).district };
  if (id === 'meters' && info.index >= 0) return { kind: 'meter', index: info.index };
  if (id === 'meter-cells' && info.index >= 0 && cells)
    return { kind: 'cell', count: cells.cells.counts[info.index] as number };
  if (id === 'pipes' && info.object) return { kind: 'pipe', pipe: info.object as DisplayPipe };
  if (id === 'assets' && info.object) return { kind: 'asset', point: info.object as DisplayPoint };
  if (id === WORK_ORDER_LAYER_ID && info.object) return { kind: 'workorder', order: info.object as MapWorkOrder };
  return null;
}
