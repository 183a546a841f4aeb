// The dispatch page's small map of the open orders (loaded lazily, like the operations map: maplibre and deck.gl
// stay out of the page's first bundle). Stored positions are BD-09, converted to the base map's frame with the
// operations map's pieces; districts (night-flow status) and live alarms are drawn for users who may see them.
// Clicking an order opens its drawer.
import 'maplibre-gl/dist/maplibre-gl.css';
import type { PickingInfo } from '@deck.gl/core';
import { PERMISSIONS } from '@waterops/shared/auth';
import type { MapDistrict } from '@waterops/shared/dma';
import { type LngLat, MAP_CENTER_BD09, MAP_CENTER_WGS84, MAP_MAX_ZOOM, MAP_MIN_ZOOM } from '@waterops/shared/geo';
import { TOPICS } from '@waterops/shared/live';
import type { Alarm } from '@waterops/shared/monitoring';
import { deadlineState, type WorkOrder } from '@waterops/shared/workorder';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Map as MapView, NavigationControl } from 'react-map-gl/maplibre';
import { usePermission } from '../../components/Permission.tsx';
import { useLiveChannel } from '../../live/useLive.ts';
import { makeLocator, meterIndex, steadyAlarms } from '../dma/map/alarmPulses.ts';
import { DeckOverlay } from '../dma/map/DeckOverlay.tsx';
import { bd09ToDisplay, convertColumns } from '../dma/map/displayCoordinates.ts';
import { polygonCentroid } from '../dma/map/geometry.ts';
import { useMapConfigQuery, useMapDistrictsQuery, useMapMetersQuery } from '../dma/map/mapApi.ts';
import type { DisplayDistrict } from '../dma/map/mapLayers.ts';
import { OFFLINE_STYLE } from '../dma/map/offlineStyle.ts';
import { buildWorkOrderLayers, centreOf, DEADLINE_COLOURS, type MapOrder } from './workOrderMapLayers.ts';

export type WorkOrderMapProps = {
  /** the open orders (those with a position are drawn) */
  orders: readonly WorkOrder[];
  now: Date;
  /** the order whose drawer is open */
  selectedId: number | null;
  /** an order's point was clicked */
  onPick: (order: WorkOrder) => void;
};

const ALARMS = { topic: TOPICS.alarms } as const;
const SMALL_MAP_ZOOM = 12;

export function WorkOrderMap({ orders, now, selectedId, onPick }: WorkOrderMapProps) {
  const { t } = useTranslation();
  const can = usePermission();
  const config = useMapConfigQuery();
  const crs = config.data?.coordinateSystem ?? 'wgs84';
  const canDistricts = can([PERMISSIONS.dmaDistrictView]);
  const canAlarms = can([PERMISSIONS.monitoringAlarmView]);
  const districtsQ = useMapDistrictsQuery(undefined, { skip: !canDistricts });
  // meter positions place the alarms (the operations map's cached answer when it was opened before)
  const metersQ = useMapMetersQuery(undefined, { skip: !canDistricts || !canAlarms });
  const alarms = useLiveChannel<Alarm>(canAlarms ? ALARMS : null);

  const convert = useMemo(() => bd09ToDisplay(crs), [crs]);
  const districts = useMemo<DisplayDistrict[]>(
    () =>
      (districtsQ.data ?? [])
        .filter((d: MapDistrict) => d.polygon.length >= 3)
        .map((d: MapDistrict) => {
          const polygon = d.polygon.map((p) => convert(p as LngLat));
          return { district: d, polygon, centre: polygonCentroid(polygon) };
        }),
    [districtsQ.data, convert],
  );
  const placed = useMemo(() => orders.filter((o) => o.lng !== null && o.lat !== null), [orders]);
  const mapOrders = useMemo<MapOrder[]>(
    () =>
      placed.map((o) => ({
        id: o.id,
        position: convert([o.lng as number, o.lat as number]),
        deadline: deadlineState(o, now).class,
        priority: o.priority,
      })),
    [placed, convert, now],
  );
  const alarmPoints = useMemo<LngLat[]>(() => {
    const steady = steadyAlarms(alarms.items);
    if (steady.length === 0) return [];
    const m = metersQ.data;
    const centres = new Map<number, LngLat>();
    for (const d of districts) if (d.centre) centres.set(d.district.id, d.centre);
    const locate = makeLocator(
      m ? meterIndex(m.id) : new Map(),
      m ? convertColumns(m.lng, m.lat, crs) : new Float64Array(0),
      centres,
    );
    return steady.flatMap((a) => locate(a) ?? []) as unknown as LngLat[];
  }, [alarms.items, metersQ.data, districts, crs]);

  const layers = useMemo(
    () => buildWorkOrderLayers({ districts, orders: mapOrders, alarms: alarmPoints, selectedId }),
    [districts, mapOrders, alarmPoints, selectedId],
  );
  const byId = useMemo(() => new Map(placed.map((o) => [o.id, o])), [placed]);
  const handleClick = useCallback(
    (info: PickingInfo) => {
      if (info.layer?.id !== 'wo-orders' || !info.object) return;
      const order = byId.get((info.object as MapOrder).id);
      if (order) onPick(order);
    },
    [byId, onPick],
  );

  const centre =
    centreOf(mapOrders.map((o) => o.position)) ??
    (crs === 'wgs84' ? MAP_CENTER_WGS84 : bd09ToDisplay(crs)(MAP_CENTER_BD09));
  if (!config.isSuccess && !config.isError) return <div className="wo-wo-map wo-wo-map-loading" />;
  return (
    <div className="wo-wo-map" data-orders={mapOrders.length}>
      <MapView
        initialViewState={{ longitude: centre[0], latitude: centre[1], zoom: SMALL_MAP_ZOOM }}
        minZoom={MAP_MIN_ZOOM}
        maxZoom={MAP_MAX_ZOOM}
        mapStyle={config.data?.styleUrl ?? OFFLINE_STYLE}
        attributionControl={false}
      >
        <DeckOverlay
          layers={layers}
          onClick={handleClick}
          getCursor={({ isHovering }) => (isHovering ? 'pointer' : 'grab')}
        />
        <NavigationControl position="top-right" showCompass={false} />
      </MapView>
      <ul className="wo-wo-map-legend" aria-label={t('workOrderPage.map.legend')}>
        {(['onTime', 'dueSoon', 'overdue', 'over24', 'over48', 'over72', 'paused', 'done'] as const).map((c) => (
          <li key={c}>
            <span
              className="wo-wo-map-dot"
              style={{ background: `rgb(${DEADLINE_COLOURS[c].slice(0, 3).join(',')})` }}
            />
            {t(`workOrder.deadline.${c}`)}
          </li>
        ))}
        {alarmPoints.length > 0 && (
          <li>
            <span className="wo-wo-map-ring" />
            {t('workOrderPage.map.alarm')}
          </li>
        )}
      </ul>
      {placed.length < orders.length && (
        <div className="wo-wo-map-note">
          {t('workOrderPage.map.unplaced', { count: orders.length - placed.length })}
        </div>
      )}
    </div>
  );
}
