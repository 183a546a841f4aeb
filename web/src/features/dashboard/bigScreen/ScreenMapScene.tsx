// The big screen's operations map: the operations map's own data and deck.gl layers (districts coloured by night-flow
// status, meters, pipes, valves, open work orders) with live alarms pulsing at their source, fitted once to the
// districts and left alone — nothing to click on a wall. Loaded with the scene (lazy), so maplibre and deck.gl stay
// out of the other scenes' bundle.
import 'maplibre-gl/dist/maplibre-gl.css';
import { PERMISSIONS } from '@waterops/shared/auth';
import { MAP_CENTER_BD09, MAP_CENTER_WGS84, MAP_MAX_ZOOM, MAP_MIN_ZOOM } from '@waterops/shared/geo';
import { TOPICS } from '@waterops/shared/live';
import type { Alarm } from '@waterops/shared/monitoring';
import { useMemo, useState } from 'react';
import { Map as MapView } from 'react-map-gl/maplibre';
import { usePermission } from '../../../components/Permission.tsx';
import { useLiveChannel } from '../../../live/useLive.ts';
import { DeckOverlay } from '../../dma/map/DeckOverlay.tsx';
import { bd09ToDisplay } from '../../dma/map/displayCoordinates.ts';
import { FIT_MAX_ZOOM, initialView } from '../../dma/map/initialView.ts';
import { MapLegend } from '../../dma/map/MapLegend.tsx';
import { ALL_LAYERS_ON, buildLayers } from '../../dma/map/mapLayers.ts';
import { OFFLINE_STYLE_DARK } from '../../dma/map/offlineStyle.ts';
import { useAlarmPulses } from '../../dma/map/useAlarmPulses.ts';
import { useMapData } from '../../dma/map/useMapData.ts';
import { useMapWorkOrders } from '../../dma/map/useMapWorkOrders.ts';
import '../../dma/OperationsMapPage.css';

const ALARMS = { topic: TOPICS.alarms } as const;
/** a wall reads districts by their night flow (where water is being lost now), not last month's loss rate */
const COLOURING = 'nightFlow' as const;
/** what the room needs at a glance from across it: no wells (detail for the desk) */
const SCREEN_LAYERS = { ...ALL_LAYERS_ON, wells: false };

export function ScreenMapScene() {
  const can = usePermission();
  const data = useMapData(null);
  const alarms = useLiveChannel<Alarm>(can([PERMISSIONS.monitoringAlarmView]) ? ALARMS : null);
  const { pulses, steady } = useAlarmPulses(alarms, data);
  const orders = useMapWorkOrders(data.crs, can([PERMISSIONS.workOrderView]));
  const [zoom, setZoom] = useState(12);
  const cells = data.cellsAt(zoom);
  const layers = useMemo(
    () =>
      buildLayers({
        zoom,
        toggles: SCREEN_LAYERS,
        colouring: COLOURING,
        selectedDistrictId: null,
        districts: data.districts,
        meters: data.meters,
        cells,
        pipes: data.pipes,
        points: data.points,
        pulses,
        steady,
        drawing: null,
        orders,
      }),
    [zoom, data.districts, data.meters, cells, data.pipes, data.points, pulses, steady, orders],
  );
  const centre = useMemo(
    () => (data.crs === 'wgs84' ? MAP_CENTER_WGS84 : bd09ToDisplay(data.crs)(MAP_CENTER_BD09)),
    [data.crs],
  );
  // read once, when the map mounts: the first view is fitted around the districts and devices
  const firstView = useMemo(
    () =>
      initialView(
        {
          districts: data.districts,
          positions: data.meters?.positions,
          points: data.points.filter((q) => q.kind === 'valve'),
        },
        centre,
      ),
    [data.districts, data.meters, data.points, centre],
  );
  if (!data.ready || !data.extentLoaded) return <div className="wo-screen-map" aria-busy="true" />;
  return (
    <div className="wo-screen-map">
      <MapView
        initialViewState={firstView}
        minZoom={MAP_MIN_ZOOM}
        maxZoom={MAP_MAX_ZOOM}
        mapStyle={data.styleUrl ?? OFFLINE_STYLE_DARK}
        interactive={false}
        attributionControl={false}
        onLoad={(e) => {
          if ('bounds' in firstView)
            e.target.fitBounds(firstView.bounds, { padding: 48, maxZoom: FIT_MAX_ZOOM, duration: 0 });
          setZoom(Math.floor(e.target.getZoom()));
        }}
      >
        <DeckOverlay layers={layers} />
      </MapView>
      <MapLegend colouring={COLOURING} workOrders={orders.length > 0} />
    </div>
  );
}
