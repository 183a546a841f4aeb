// Wells (spec §7 pipeNetWell): the points of the network — inspection, valve and meter wells, and the junctions,
// tanks and reservoirs an EPANET import brings — with depth, elevation, BD-09 position and district.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, OptionalNullable } from '../api/schemaParts.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { checkLatitude, checkLongitude } from '../rules/index.ts';
import { NameText } from '../rules/textLimits.ts';
import type { RuleViolation } from '../user/rules.ts';

/** 1 inspection, 2 valve, 3 meter, 4 junction, 5 tank, 6 reservoir (m0016). */
export const WELL_TYPES = [1, 2, 3, 4, 5, 6] as const;
export const WELL_CODE_MAX = 50;

export const Well = Type.Object({
  id: Type.Integer(),
  wellCode: Type.String(),
  name: Nullable(Type.String()),
  wellType: Type.Integer(),
  depthM: Nullable(Type.Number()),
  elevationM: Nullable(Type.Number()),
  lng: Nullable(Type.Number()),
  lat: Nullable(Type.Number()),
  districtId: Nullable(Type.Integer()),
  districtName: Nullable(Type.String()),
  address: Nullable(Type.String()),
  remark: Nullable(Type.String()),
  createTime: Type.String({ format: 'date-time' }),
});
export type Well = Static<typeof Well>;

/** `POST pipeNetWell/saveOrUpdate`: no id = create, id = update. */
export const WellSave = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  wellCode: Type.String({ maxLength: WELL_CODE_MAX }),
  name: OptionalNullable(NameText()),
  wellType: Type.Union(WELL_TYPES.map((k) => Type.Literal(k))),
  depthM: OptionalNullable(Type.Number({ minimum: 0, maximum: 1000 })),
  elevationM: OptionalNullable(Type.Number({ minimum: -1000, maximum: 10_000 })),
  lng: OptionalNullable(Type.Union([Type.Number(), Type.String({ maxLength: 30 })])),
  lat: OptionalNullable(Type.Union([Type.Number(), Type.String({ maxLength: 30 })])),
  districtId: OptionalNullable(Type.Integer({ minimum: 1 })),
  address: OptionalNullable(Type.String({ maxLength: 200 })),
  remark: OptionalNullable(Type.String({ maxLength: 200 })),
});
export type WellSave = Static<typeof WellSave>;

export const WellFilters = Type.Object({
  /** contained in the code */
  wellCode: Type.Optional(Type.String({ maxLength: 50 })),
  /** contained in the name */
  name: Type.Optional(Type.String({ maxLength: 50 })),
  wellType: Type.Optional(Type.Integer({ minimum: 1, maximum: 6 })),
  districtId: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type WellFilters = Static<typeof WellFilters>;

export const WELL_SORT_FIELDS = ['wellCode', 'createTime'] as const;

/** A well on the map. */
export const MapWell = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  type: Type.Integer(),
  lng: Type.Number(),
  lat: Type.Number(),
});
export type MapWell = Static<typeof MapWell>;

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/** The well form's rules: code required; a position, when given, in range and with both halves. */
export const validateWell = (v: {
  wellCode?: string | null;
  lng?: number | string | null;
  lat?: number | string | null;
}): RuleViolation[] => {
  const out: RuleViolation[] = [];
  const push = (field: string, message: MessageKey | null) => {
    if (message) out.push({ field, message });
  };
  if (blank(v.wellCode)) push('wellCode', 'rules.wellCode.required');
  push('lng', checkLongitude(v.lng ?? null));
  push('lat', checkLatitude(v.lat ?? null));
  if (blank(v.lng) !== blank(v.lat)) push(blank(v.lng) ? 'lng' : 'lat', 'rules.wellPosition.half');
  return out;
};
