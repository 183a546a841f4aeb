// Residential areas (小区, spec §3 "residential area", §7 data/area): belong to a region; position in BD-09 (the map
// uses the Baidu projection, spec §9). Issue 4 extends them; residents and meters point at an area.
import { type Static, Type } from '@sinclair/typebox';
import { nullableNumber } from '../rules/nullable.ts';
import { NameText } from '../rules/textLimits.ts';
import { checkLatitude, checkLongitude } from '../rules/validators.ts';
import type { RuleViolation } from '../user/rules.ts';

/** One row of the area list (also an area selector item: id, areaName). */
export const Area = Type.Object({
  id: Type.Integer(),
  areaName: Type.String(),
  regionId: Type.Integer(),
  regionName: Type.String(),
  address: Type.Union([Type.String(), Type.Null()]),
  /** BD-09 longitude; null when not placed on the map */
  lng: Type.Union([Type.Number(), Type.Null()]),
  lat: Type.Union([Type.Number(), Type.Null()]),
  remark: Type.Union([Type.String(), Type.Null()]),
  createTime: Type.String({ format: 'date-time' }),
});
export type Area = Static<typeof Area>;

/** `POST data/area/save`: no id = create, id = update. */
export const AreaSave = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  areaName: NameText(),
  regionId: Type.Integer({ minimum: 1 }),
  address: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  // nullable.ts: a union would save a cleared position (null) as 0,0
  lng: Type.Optional(nullableNumber()),
  lat: Type.Optional(nullableNumber()),
  remark: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  tenantId: Type.Optional(Type.Unknown({ description: 'ignored: the tenant comes from the token' })),
});
export type AreaSave = Static<typeof AreaSave>;

export const AreaFilters = Type.Object({
  /** contained in the name */
  areaName: Type.Optional(Type.String({ maxLength: 50 })),
  regionId: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type AreaFilters = Static<typeof AreaFilters>;

export const AREA_SORT_FIELDS = ['areaName', 'createTime'] as const;

/** `POST data/area/delete`. */
export const IdBody = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** The area form's rules (name required and unique, a region chosen, coordinates in range). */
export const validateArea = (a: {
  areaName?: string | null;
  regionId?: number | string | null;
  lng?: number | string | null;
  lat?: number | string | null;
}): RuleViolation[] => {
  const out: RuleViolation[] = [];
  if ((a.areaName ?? '').trim() === '') out.push({ field: 'areaName', message: 'rules.areaName.required' });
  if (a.regionId === undefined || a.regionId === null || String(a.regionId).trim() === '')
    out.push({ field: 'regionId', message: 'rules.areaRegion.required' });
  const lng = checkLongitude(a.lng);
  if (lng) out.push({ field: 'lng', message: lng });
  const lat = checkLatitude(a.lat);
  if (lat) out.push({ field: 'lat', message: lat });
  return out;
};
