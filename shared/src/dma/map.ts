// The operations map's layers from the gateway: districts with their loss and night-flow status, and every meter
// with a position as columns (a million meters as objects would not fit the wire or the heap). Positions BD-09;
// the client converts for display (shared/src/geo).
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../api/schemaParts.ts';
import { Position } from './districts.ts';

/** 'normal' no open leak event; 'leak' an open event; 'unknown' no nightline in the last 7 days. */
export const NIGHT_FLOW_STATUSES = ['normal', 'leak', 'unknown'] as const;
export type NightFlowStatus = (typeof NIGHT_FLOW_STATUSES)[number];

export const MapDistrict = Type.Object({
  id: Type.Integer(),
  districtName: Type.String(),
  kind: Type.Integer(),
  parentId: Nullable(Type.Integer()),
  polygon: Type.Array(Position),
  /** the last full month's 产销差率 (fraction) */
  lossRate: Nullable(Type.Number()),
  month: Type.String(),
  nightFlowStatus: Type.Union(NIGHT_FLOW_STATUSES.map((s) => Type.Literal(s))),
  nightline: Nullable(Type.Number()),
  openLeakEvents: Type.Integer(),
  inletCount: Type.Integer(),
  memberMeterCount: Type.Integer(),
});
export type MapDistrict = Static<typeof MapDistrict>;

/** Meter status on the map: 0 online, 1 offline, 2 in alarm (a live alarm on the meter). */
export const MAP_METER_STATUS = { online: 0, offline: 1, alarm: 2 } as const;

/** Columns, one entry per meter with a position. */
export const MapMeters = Type.Object({
  id: Type.Array(Type.Integer()),
  code: Type.Array(Type.String()),
  lng: Type.Array(Type.Number()),
  lat: Type.Array(Type.Number()),
  status: Type.Array(Type.Integer()),
});
export type MapMeters = Static<typeof MapMeters>;

/** The coordinate systems a base map may draw in; positions are converted from BD-09 to this one for display. */
export const MAP_COORDINATE_SYSTEMS = ['wgs84', 'gcj02', 'bd09'] as const;
export type MapCoordinateSystem = (typeof MAP_COORDINATE_SYSTEMS)[number];

/** `GET dma/map/config`: the optional base map (WATEROPS_MAP_STYLE_URL; null = offline, background only). */
export const MapConfig = Type.Object({
  styleUrl: Nullable(Type.String()),
  coordinateSystem: Type.Union(MAP_COORDINATE_SYSTEMS.map((s) => Type.Literal(s))),
});
export type MapConfig = Static<typeof MapConfig>;
