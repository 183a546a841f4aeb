// Districts (spec §7 dma/district, dmadistrictposition): metering zones (计量分区) and supervision areas (考核区),
// sub-zones by parent, the outline as a closed BD-09 ring, the meters by role and the member residential areas, and
// what the water balance and night flow need to know of the network. Rules in districtRules.ts.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, OptionalNullable } from '../api/schemaParts.ts';
import { NAME_MAX } from '../rules/textLimits.ts';

/** 1 metering zone, 2 supervision area. */
export const DISTRICT_KINDS = [1, 2] as const;
/** A meter's role in a district: 1 inlet, 2 outlet, 3 supervision point, 4 member meter (beyond member areas). */
export const DISTRICT_METER_ROLES = [1, 2, 3, 4] as const;
export const DISTRICT_NAME_MAX = NAME_MAX;
/** An outline: 3 to 2,000 distinct points (closed or not: the server closes it). */
export const POLYGON_MAX_POINTS = 2000;

/** [lng, lat] in BD-09. */
export const Position = Type.Tuple([
  Type.Number({ minimum: -180, maximum: 180 }),
  Type.Number({ minimum: -90, maximum: 90 }),
]);
export type Position = Static<typeof Position>;
export const Polygon = Type.Array(Position, { minItems: 3, maxItems: POLYGON_MAX_POINTS + 1 });

export const DistrictMeter = Type.Object({
  meterId: Type.Integer(),
  meterCode: Type.String(),
  role: Type.Integer(),
  lng: Nullable(Type.Number()),
  lat: Nullable(Type.Number()),
});
export type DistrictMeter = Static<typeof DistrictMeter>;

export const District = Type.Object({
  id: Type.Integer(),
  districtName: Type.String(),
  kind: Type.Integer(),
  parentId: Nullable(Type.Integer()),
  parentName: Nullable(Type.String()),
  polygon: Nullable(Type.Array(Position)),
  mainsLengthKm: Nullable(Type.Number()),
  /** as entered; null = counted from the member meters */
  connections: Nullable(Type.Integer()),
  privatePipeKm: Nullable(Type.Number()),
  meanPressureM: Nullable(Type.Number()),
  /** legitimate night use per connection, L/h; null = the tenant default (param dma.nightFlow) */
  nightUsePerConnectionLh: Nullable(Type.Number()),
  /** night-day factor, hours; null = from the pressure, else the tenant default */
  nightDayFactorHours: Nullable(Type.Number()),
  /** legitimate night use stated directly, m³/h; wins over connections × L/h when set (issue 19) */
  nightUseM3h: Type.Optional(Nullable(Type.Number())),
  remark: Nullable(Type.String()),
  meters: Type.Array(DistrictMeter),
  areas: Type.Array(Type.Object({ areaId: Type.Integer(), areaName: Type.String() })),
  /** household meters of the member areas plus member meters */
  memberMeterCount: Type.Integer(),
  subZoneCount: Type.Integer(),
  createTime: Type.String({ format: 'date-time' }),
});
export type District = Static<typeof District>;

/** the network figures' bounds, shared by the districts page and the archive sync */
export const MainsLengthKm = Type.Number({ minimum: 0, maximum: 100000 });
export const MeanPressureM = Type.Number({ minimum: 0, maximum: 1000 });
/** The largest legitimate night use a district may state, m³/h (a trunk main's whole flow is rarely more). */
export const NIGHT_USE_M3H_MAX = 100000;
export const NightUseM3h = Type.Number({ minimum: 0, maximum: NIGHT_USE_M3H_MAX });

const Ids = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 5000 });

/** `POST dma/district/save` (no id) and `update` (id). */
export const DistrictSave = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  districtName: Type.String({ maxLength: DISTRICT_NAME_MAX }),
  kind: Type.Optional(Type.Union(DISTRICT_KINDS.map((k) => Type.Literal(k)))),
  parentId: OptionalNullable(Type.Integer({ minimum: 1 })),
  polygon: OptionalNullable(Polygon),
  mainsLengthKm: OptionalNullable(MainsLengthKm),
  connections: OptionalNullable(Type.Integer({ minimum: 0, maximum: 10000000 })),
  privatePipeKm: OptionalNullable(Type.Number({ minimum: 0, maximum: 100000 })),
  meanPressureM: OptionalNullable(MeanPressureM),
  nightUsePerConnectionLh: OptionalNullable(Type.Number({ minimum: 0, maximum: 1000 })),
  nightDayFactorHours: OptionalNullable(Type.Number({ minimum: 0, maximum: 24 })),
  nightUseM3h: OptionalNullable(NightUseM3h),
  remark: OptionalNullable(Type.String({ maxLength: 200 })),
  inletMeterIds: Type.Optional(Ids),
  outletMeterIds: Type.Optional(Ids),
  supervisionMeterIds: Type.Optional(Ids),
  memberMeterIds: Type.Optional(Ids),
  areaIds: Type.Optional(Ids),
});
export type DistrictSave = Static<typeof DistrictSave>;

export const DistrictFilters = Type.Object({
  /** contained in the name */
  districtName: Type.Optional(Type.String({ maxLength: DISTRICT_NAME_MAX })),
  kind: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
  /** sub-zones of; 0 = top-level districts only */
  parentId: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type DistrictFilters = Static<typeof DistrictFilters>;

/** `GET dmadistrictposition`: every outline (and the districts without one, polygon null). */
export const DistrictPosition = Type.Object({
  id: Type.Integer(),
  districtName: Type.String(),
  kind: Type.Integer(),
  parentId: Nullable(Type.Integer()),
  polygon: Nullable(Type.Array(Position)),
});
export type DistrictPosition = Static<typeof DistrictPosition>;

/** `POST dmadistrictposition`: set (or clear, null) one district's outline. */
export const DistrictPositionSave = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  polygon: Nullable(Polygon),
});
export type DistrictPositionSave = Static<typeof DistrictPositionSave>;
