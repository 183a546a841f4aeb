// The operations map (spec §9, issue 7 item 5): districts coloured by 产销差率 or night-flow status, meters by status
// (cells at low zoom, points from binary attributes at high zoom), pipes, wells, valves and live alarms pulsing at
// their source, over an offline background or a configured base map. Click for details; editors draw outlines.
// Loaded lazily (pageRegistry), so maplibre and deck.gl stay out of the shell's bundle.
import 'maplibre-gl/dist/maplibre-gl.css';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import type { PickingInfo } from '@deck.gl/core';
import { PERMISSIONS } from '@waterops/shared/auth';
import type { LngLat } from '@waterops/shared/geo';
import { MAP_CENTER_BD09, MAP_CENTER_WGS84, MAP_DEFAULT_ZOOM, MAP_MAX_ZOOM, MAP_MIN_ZOOM } from '@waterops/shared/geo';
import { TOPICS } from '@waterops/shared/live';
import type { Alarm } from '@waterops/shared/monitoring';
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type MapLayerMouseEvent,
  Map as MapView,
  NavigationControl,
  type ViewStateChangeEvent,
} from 'react-map-gl/maplibre';
import { useLocation, useNavigate } from 'react-router-dom';
import { showMessage } from '../../api/message.ts';
import { usePermission } from '../../components/Permission.tsx';
import { useLiveChannel } from '../../live/useLive.ts';
import { workOrderPath } from '../notice/workOrderLink.ts';
import { WorkOrderFormDialog, type WorkOrderPlace } from '../workorder/WorkOrderFormDialog.tsx';
import { benchRequest, probe } from './map/automation.ts';
import { DeckOverlay } from './map/DeckOverlay.tsx';
import { bd09ToDisplay, displayToBd09 } from './map/displayCoordinates.ts';
import { DRAW_OFF, drawReducer, ringToSave } from './map/drawState.ts';
import { FIT_MAX_ZOOM, fitPadding, initialView } from './map/initialView.ts';
import { MapDetailPanel } from './map/MapDetailPanel.tsx';
import { MapLegend } from './map/MapLegend.tsx';
import { MapToolbar } from './map/MapToolbar.tsx';
import { useSaveDistrictPositionMutation } from './map/mapApi.ts';
import type { DistrictColouring } from './map/mapColours.ts';
import {
  ALL_LAYERS_ON,
  buildLayers,
  describePick,
  type LayerToggles,
  meterPointLayer,
  type Picked,
} from './map/mapLayers.ts';
import { OFFLINE_STYLE } from './map/offlineStyle.ts';
import { useAlarmPulses } from './map/useAlarmPulses.ts';
import { useMapData } from './map/useMapData.ts';
import { useMapWorkOrders } from './map/useMapWorkOrders.ts';
import { districtAt } from './map/workOrderLayer.ts';
import './OperationsMapPage.css';

const ALARMS = { topic: TOPICS.alarms } as const;

export function OperationsMapPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const location = useLocation();
  const bench = useMemo(() => benchRequest(location.search), [location.search]);
  const data = useMapData(bench);
  const [zoom, setZoom] = useState(Math.floor(MAP_DEFAULT_ZOOM));
  const [toggles, setToggles] = useState<LayerToggles>(ALL_LAYERS_ON);
  const [colouring, setColouring] = useState<DistrictColouring>('lossRate');
  const [picked, setPicked] = useState<Picked | null>(null);
  const [draw, dispatch] = useReducer(drawReducer, DRAW_OFF);
  const [saveOutline] = useSaveDistrictPositionMutation();
  const canEdit = can([PERMISSIONS.dmaDistrictEdit]);
  // — open work orders (a layer) and raising one where the map was clicked (BD-09) —
  const navigate = useNavigate();
  const canRaise = can([PERMISSIONS.workOrderCreate]);
  const showOrders = can([PERMISSIONS.workOrderView, PERMISSIONS.workOrderComplete]) && !bench;
  const orders = useMapWorkOrders(data.crs, showOrders && toggles.workorders);
  const [clickedAt, setClickedAt] = useState<LngLat | null>(null);
  const [raisingAt, setRaisingAt] = useState<WorkOrderPlace | null>(null);

  // — live alarms: pulse the new ones, ring the severe/urgent ones —
  const alarms = useLiveChannel<Alarm>(can([PERMISSIONS.monitoringAlarmView]) && !bench ? ALARMS : null);
  const { pulses: pulseData, steady } = useAlarmPulses(alarms, data);

  // — draw mode —
  const drawing = draw.mode === 'draw' || draw.mode === 'saving' ? draw : null;
  const drawingName = drawing
    ? (data.districts.find((d) => d.district.id === drawing.districtId)?.district.districtName ??
      `#${drawing.districtId}`)
    : null;
  useEffect(() => {
    if (draw.mode === 'off') return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') dispatch({ type: 'cancel' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [draw.mode]);
  useEffect(() => {
    if (draw.mode !== 'saving') return;
    const polygon = ringToSave(draw.vertices, displayToBd09(data.crs));
    saveOutline({ id: draw.districtId, polygon })
      .unwrap()
      .then(() => {
        showMessage(t('operationsMap.draw.saved'), 'success');
        dispatch({ type: 'saved' });
      })
      .catch(() => dispatch({ type: 'failed' }));
  }, [draw, data.crs, saveOutline, t]);

  // — layers —
  const cells = data.cellsAt(zoom);
  const layers = useMemo(() => {
    if (bench?.layer === 'bare' && data.meters) return [meterPointLayer('bare-meters', data.meters, false)];
    return buildLayers({
      zoom,
      toggles,
      colouring,
      selectedDistrictId: picked?.kind === 'district' ? picked.district.id : null,
      districts: data.districts,
      meters: data.meters,
      cells,
      pipes: data.pipes,
      points: data.points,
      pulses: pulseData,
      steady,
      drawing: drawing?.vertices ?? null,
      orders,
    });
  }, [
    orders,
    bench,
    zoom,
    toggles,
    colouring,
    picked,
    data.districts,
    data.meters,
    cells,
    data.pipes,
    data.points,
    pulseData,
    steady,
    drawing,
  ]);

  // read once, when the map mounts (below, after the districts and devices have come)
  const firstView = useMemo(
    () =>
      initialView(
        {
          districts: data.districts,
          positions: data.meters?.positions,
          points: data.points.filter((q) => q.kind === 'valve'),
        },
        centreIn(data.crs),
      ),
    [data.districts, data.meters, data.points, data.crs],
  );

  const p = probe();
  if (p) {
    p.layerIds = layers.map((l) => l.id);
    p.zoom = zoom;
    p.bench = bench;
    p.districts = data.districts.map((d) => ({ id: d.district.id, name: d.district.districtName, centre: d.centre }));
  }

  const onDeckClick = useCallback(
    (info: PickingInfo) => {
      const hit = describePick(info, cells);
      if (draw.mode === 'pick') {
        if (hit?.kind === 'district') dispatch({ type: 'pick', districtId: hit.district.id });
        return;
      }
      if (draw.mode !== 'off') return;
      if (hit?.kind === 'workorder') {
        navigate(workOrderPath(hit.order.code));
        return;
      }
      const [x, y] = info.coordinate ?? [];
      const at: LngLat | null = x === undefined || y === undefined ? null : [x, y];
      setClickedAt(at ? displayToBd09(data.crs)(at) : null);
      // an empty place: where a work order may be raised, in the district that holds it
      if (!hit && at && canRaise)
        setPicked({ kind: 'point', district: districtAt(at, data.districts)?.district ?? null });
      else setPicked(hit);
    },
    [cells, draw.mode, navigate, data.crs, data.districts, canRaise],
  );
  const onMapClick = useCallback(
    (e: MapLayerMouseEvent) => {
      if (draw.mode === 'draw') dispatch({ type: 'add', point: [e.lngLat.lng, e.lngLat.lat] });
    },
    [draw.mode],
  );
  const onMove = useCallback((e: ViewStateChangeEvent) => {
    const z = Math.floor(e.viewState.zoom);
    setZoom((old) => (old === z ? old : z));
  }, []);
  const meterLookup = useCallback(
    (i: number) => {
      const m = data.meters;
      if (!m || i < 0 || i >= m.length) return null;
      return { code: m.codes?.[i] ?? String(m.ids[i]), status: m.status[i] as number };
    },
    [data.meters],
  );

  // a district or an empty place was clicked: a work order may be raised there
  const placeDistrict = picked?.kind === 'district' || picked?.kind === 'point' ? picked.district : undefined;
  const raiseHere =
    canRaise && clickedAt && placeDistrict !== undefined
      ? () =>
          setRaisingAt({
            lng: clickedAt[0],
            lat: clickedAt[1],
            districtId: placeDistrict?.id ?? null,
            districtName: placeDistrict?.districtName ?? null,
          })
      : undefined;

  if (!data.ready || !data.extentLoaded) return <NonIdealState icon={<Spinner />} title={t('operationsMap.loading')} />;
  return (
    <div className="wo-opsmap-page">
      <MapToolbar
        toggles={toggles}
        onToggle={(key, on) => setToggles((s) => ({ ...s, [key]: on }))}
        colouring={colouring}
        onColouring={setColouring}
        draw={canEdit && !bench ? draw : null}
        drawingName={drawingName}
        onDraw={(type) => dispatch({ type })}
      />
      <div className={`wo-opsmap${draw.mode !== 'off' ? ' wo-opsmap-drawing' : ''}`}>
        <MapView
          initialViewState={firstView}
          minZoom={MAP_MIN_ZOOM}
          maxZoom={MAP_MAX_ZOOM}
          mapStyle={data.styleUrl ?? OFFLINE_STYLE}
          doubleClickZoom={draw.mode !== 'draw'}
          onMove={onMove}
          onClick={onMapClick}
          onDblClick={() => dispatch({ type: 'finish' })}
          onLoad={(e) => {
            // fit again now that the map's and the legend's sizes are known: no district starts under the legend
            if ('bounds' in firstView) {
              const box = e.target.getContainer();
              const legend = box.closest('.wo-opsmap')?.querySelector('.wo-opsmap-legend');
              const padding = fitPadding(
                { width: box.clientWidth, height: box.clientHeight },
                legend ? { width: legend.clientWidth, height: legend.clientHeight } : null,
              );
              e.target.fitBounds(firstView.bounds, { padding, maxZoom: FIT_MAX_ZOOM, duration: 0 });
            }
            // the fitted first view sets its own zoom: the layers follow it (onMove only reports later moves)
            setZoom(Math.floor(e.target.getZoom()));
            const probeNow = probe();
            if (probeNow) probeNow.map = e.target;
          }}
          attributionControl={false}
        >
          <DeckOverlay
            layers={layers}
            onClick={onDeckClick}
            getCursor={({ isHovering }) => (draw.mode !== 'off' ? 'crosshair' : isHovering ? 'pointer' : 'grab')}
            onAfterRender={() => {
              const probeNow = probe();
              if (probeNow) probeNow.afterRenders++;
            }}
          />
          <NavigationControl position="top-right" showCompass={false} />
        </MapView>
        <MapLegend colouring={colouring} workOrders={showOrders && toggles.workorders} />
        {data.districtsLoaded && data.districts.length === 0 && !bench && (
          <div className="wo-opsmap-empty">{t('operationsMap.noDistricts')}</div>
        )}
        {picked && (
          <MapDetailPanel picked={picked} meter={meterLookup} onClose={() => setPicked(null)} onRaiseHere={raiseHere} />
        )}
      </div>
      {raisingAt && <WorkOrderFormDialog place={raisingAt} onClose={() => setRaisingAt(null)} />}
    </div>
  );
}

/** The default centre in the base map's frame (stored BD-09, converted like every position). */
function centreIn(crs: Parameters<typeof bd09ToDisplay>[0]): LngLat {
  return crs === 'wgs84' ? MAP_CENTER_WGS84 : bd09ToDisplay(crs)(MAP_CENTER_BD09);
}
