// The rest of spec §7 data/area and data/region: name lists for selectors, areas of regions, placing an area on the
// map, moving several areas to a region, per-area meter and resident counts, the GET forms of adding a region and
// deleting an area, and an account's scope read from the region side.
import { type Static, Type } from '@sinclair/typebox';
import { PageQuery } from '../api/paging.ts';
import { NameText } from '../rules/textLimits.ts';
import { checkLatitude, checkLongitude, splitCodes } from '../rules/validators.ts';
import type { RuleViolation } from '../user/rules.ts';

/** `findAreaIdAndNameList`, `findAreaByRegionIds` items. */
export const AreaIdName = Type.Object({ id: Type.Integer(), areaName: Type.String(), regionId: Type.Integer() });
export type AreaIdName = Static<typeof AreaIdName>;

/** `GET findAreaByRegionIds?regionIds=1,2` (comma-joined; spaces also separate); without regionIds: every area. */
export const AreaByRegionIdsQuery = Type.Object({ regionIds: Type.Optional(Type.String({ maxLength: 2000 })) });

/** `GET findAreaNameList` / `findAreaIdAndNameList`: optionally narrowed by a contained name. */
export const AreaNameQuery = Type.Object({ areaName: Type.Optional(Type.String({ maxLength: 50 })) });

/** `POST data/area/location`: place an area on the map (BD-09). */
export const AreaLocation = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  // a number typed in a form arrives as text; the rules say what is wrong with it
  lng: Type.Union([Type.Number(), Type.String({ maxLength: 30 })]),
  lat: Type.Union([Type.Number(), Type.String({ maxLength: 30 })]),
});
export type AreaLocation = Static<typeof AreaLocation>;

/** `GET data/area/batchEdit?ids=1,2 3&regionId=4`: move the areas to the region. */
export const AreaBatchEditQuery = Type.Object({
  ids: Type.String({ maxLength: 2000 }),
  regionId: Type.Integer({ minimum: 1 }),
});

/** `GET data/area/water/list`: one row per area with what sits in it. */
export const AreaWaterRow = Type.Object({
  areaId: Type.Integer(),
  areaName: Type.String(),
  regionId: Type.Integer(),
  regionName: Type.String(),
  meterCount: Type.Integer({ minimum: 0 }),
  residentCount: Type.Integer({ minimum: 0 }),
});
export type AreaWaterRow = Static<typeof AreaWaterRow>;
export const AreaWaterQuery = Type.Composite([
  PageQuery,
  Type.Object({
    areaName: Type.Optional(Type.String({ maxLength: 50 })),
    regionId: Type.Optional(Type.Integer({ minimum: 1 })),
  }),
]);

/** `GET data/area/repairManual`: what the check found (see the route for what it repairs). */
export const AreaRepairResult = Type.Object({
  checked: Type.Integer({ minimum: 0 }),
  repaired: Type.Integer({ minimum: 0 }),
});

/** `GET data/region/addRegion?regionName&remark`. */
export const AddRegionQuery = Type.Object({
  regionName: NameText(),
  remark: Type.Optional(Type.String({ maxLength: 200 })),
});

/** The location form's rules: both coordinates required and in range. */
export const validateAreaLocation = (l: { lng?: unknown; lat?: unknown }): RuleViolation[] => {
  const out: RuleViolation[] = [];
  const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';
  const lng = blank(l.lng) ? 'rules.longitude.format' : checkLongitude(l.lng as string);
  const lat = blank(l.lat) ? 'rules.latitude.format' : checkLatitude(l.lat as string);
  if (lng) out.push({ field: 'lng', message: lng });
  if (lat) out.push({ field: 'lat', message: lat });
  return out;
};

/**
 * Ids typed or joined by the client ("1,2 3"): commas (also the full-width one) and any white space separate (spec §5 batch fields); a
 * non-number, or an id given twice, makes the list invalid (null).
 */
export const parseIdList = (text: string): number[] | null => {
  const { codes, message } = splitCodes(text.replace(/[,\uFF0C]/g, ' '));
  if (message || codes.length === 0 || !codes.every((c) => /^[1-9]\d{0,15}$/.test(c))) return null;
  return codes.map(Number);
};
