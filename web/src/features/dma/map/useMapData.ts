// The map's data in the display frame: every query the user may make (layers they may not see are skipped), the
// BD-09 → display conversion done once per answer, meter colours as typed arrays, and the meter cells cached per
// integer zoom. Under the bench flag the meters are synthetic.
import { PERMISSIONS } from '@waterops/shared/auth';
import type { MapCoordinateSystem, MapDistrict } from '@waterops/shared/dma';
import type { LngLat } from '@waterops/shared/geo';
import { useMemo, useRef } from 'react';
import { usePermission } from '../../../components/Permission.tsx';
import { meterIndex } from './alarmPulses.ts';
import { probe } from './automation.ts';
import { bd09ToDisplay, convertColumns } from './displayCoordinates.ts';
import { polygonCentroid } from './geometry.ts';
import {
  useMapConfigQuery,
  useMapDistrictsQuery,
  useMapMetersQuery,
  useMapPipesQuery,
  useMapValvesQuery,
  useMapWellsQuery,
} from './mapApi.ts';
import { meterColours } from './mapColours.ts';
import type { CellData, DisplayDistrict, DisplayMeters, DisplayPipe, DisplayPoint } from './mapLayers.ts';
import { aggregateMeters, cellAttributes, cellDegrees, METER_POINT_ZOOM } from './meterGrid.ts';
import { syntheticMeters } from './syntheticMeters.ts';

export type MapMeterData = DisplayMeters & {
  ids: ArrayLike<number>;
  codes: readonly string[] | null;
  status: ArrayLike<number>;
  row: Map<number, number>;
};

const EMPTY: never[] = [];

export type MapData = ReturnType<typeof useMapData>;

export function useMapData(bench: { count: number } | null) {
  const can = usePermission();
  const config = useMapConfigQuery();
  const crs: MapCoordinateSystem = config.data?.coordinateSystem ?? 'wgs84';
  const canDistricts = can([PERMISSIONS.dmaDistrictView]);
  const districtsQ = useMapDistrictsQuery(undefined, { skip: !canDistricts });
  const metersQ = useMapMetersQuery(undefined, { skip: !canDistricts || bench !== null });
  const pipesQ = useMapPipesQuery(undefined, { skip: !can([PERMISSIONS.networkPipelineView]) });
  const wellsQ = useMapWellsQuery(undefined, { skip: !can([PERMISSIONS.networkWellView]) });
  const canValves = can([PERMISSIONS.deviceValveView]);
  const valvesQ = useMapValvesQuery(undefined, { skip: !canValves });
  const ready = config.isSuccess || config.isError;

  const districts = useMemo<DisplayDistrict[]>(() => {
    const convert = bd09ToDisplay(crs);
    return (districtsQ.data ?? EMPTY)
      .filter((d: MapDistrict) => d.polygon.length >= 3)
      .map((d: MapDistrict) => {
        const polygon = d.polygon.map((p) => convert(p as LngLat));
        return { district: d, polygon, centre: polygonCentroid(polygon) };
      });
  }, [districtsQ.data, crs]);

  const meters = useMemo<MapMeterData | null>(() => {
    const started = performance.now();
    let data: MapMeterData | null = null;
    if (bench) {
      const s = syntheticMeters(bench.count);
      const ids = new Uint32Array(s.length).map((_, i) => i + 1);
      data = {
        length: s.length,
        positions: convertColumns(s.lng, s.lat, crs),
        colours: meterColours(s.status),
        ids,
        codes: null,
        status: s.status,
        row: meterIndex(ids),
      };
    } else if (metersQ.data) {
      const m = metersQ.data;
      data = {
        length: m.id.length,
        positions: convertColumns(m.lng, m.lat, crs),
        colours: meterColours(m.status),
        ids: m.id,
        codes: m.code,
        status: m.status,
        row: meterIndex(m.id),
      };
    }
    const p = probe();
    if (p && data) {
      p.meters = data.length;
      p.convertMs = performance.now() - started;
    }
    return data;
  }, [metersQ.data, crs, bench]);

  // cells per integer zoom, dropped when the meters change
  const cellCache = useRef<{ meters: MapMeterData | null; byZoom: Map<number, CellData> }>({
    meters: null,
    byZoom: new Map(),
  });
  const cellsAt = (zoom: number): CellData | null => {
    if (!meters || zoom >= METER_POINT_ZOOM) return null;
    const z = Math.floor(zoom);
    if (cellCache.current.meters !== meters) cellCache.current = { meters, byZoom: new Map() };
    let c = cellCache.current.byZoom.get(z);
    if (!c) {
      const cells = aggregateMeters(meters.positions, meters.status, cellDegrees(z));
      c = { cells, ...cellAttributes(cells) };
      cellCache.current.byZoom.set(z, c);
    }
    return c;
  };

  const pipes = useMemo<DisplayPipe[]>(() => {
    const convert = bd09ToDisplay(crs);
    return (pipesQ.data ?? EMPTY).map((p) => ({
      id: p.id,
      code: p.code,
      diameterMm: p.diameterMm,
      material: p.material,
      status: p.status,
      path: p.path.map((q) => convert(q as LngLat)),
    }));
  }, [pipesQ.data, crs]);

  const points = useMemo<DisplayPoint[]>(() => {
    const convert = bd09ToDisplay(crs);
    const wells: DisplayPoint[] = (wellsQ.data ?? EMPTY).map((w) => ({
      id: w.id,
      code: w.code,
      position: convert([w.lng, w.lat]),
      kind: 'well',
      state: w.type,
    }));
    const valves: DisplayPoint[] = (valvesQ.data ?? EMPTY)
      .filter((v) => v.lng !== null && v.lat !== null)
      .map((v) => ({
        id: v.id,
        code: v.valveCode,
        position: convert([v.lng as number, v.lat as number]),
        kind: 'valve',
        state: v.valveState,
      }));
    return [...wells, ...valves];
  }, [wellsQ.data, valvesQ.data, crs]);

  return {
    ready,
    styleUrl: config.data?.styleUrl ?? null,
    crs,
    districts,
    districtsLoaded: !canDistricts || districtsQ.isSuccess || districtsQ.isError,
    // the first view is fitted around the districts and the devices: it waits for all of them (answered or failed)
    extentLoaded:
      (!canDistricts ||
        ((districtsQ.isSuccess || districtsQ.isError) && (bench !== null || metersQ.isSuccess || metersQ.isError))) &&
      (!canValves || valvesQ.isSuccess || valvesQ.isError),
    meters,
    cellsAt,
    pipes,
    points,
  };
}
