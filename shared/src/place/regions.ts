// Regions (片区, spec §3 "region", §7 data/region): a tenant's service regions, each holding residential areas. The
// region list is also the region selector's source (spec §7/§9: limit 999, page 1).
import { type Static, Type } from '@sinclair/typebox';
import { NameText } from '../rules/textLimits.ts';
import type { RuleViolation } from '../user/rules.ts';

/** Spec §9: the region selector loads the whole list in one page of 999. */
export const REGION_LIST_LIMIT = 999;

/** One row of the region list (also a region selector item: id, regionName). */
export const Region = Type.Object({
  id: Type.Integer(),
  regionName: Type.String(),
  remark: Type.Union([Type.String(), Type.Null()]),
  /** residential areas in the region */
  areaCount: Type.Integer({ minimum: 0 }),
  createTime: Type.String({ format: 'date-time' }),
});
export type Region = Static<typeof Region>;

/** `POST data/region/save` (create) and `data/region/update` (with id). tenantId/companyId are ignored. */
export const RegionSave = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  regionName: NameText(),
  remark: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  tenantId: Type.Optional(Type.Unknown({ description: 'ignored: the tenant comes from the token' })),
  companyId: Type.Optional(Type.Unknown({ description: 'ignored: the tenant comes from the token' })),
});
export type RegionSave = Static<typeof RegionSave>;

export const RegionFilters = Type.Object({
  /** contained in the name */
  regionName: Type.Optional(Type.String({ maxLength: 50 })),
});
export type RegionFilters = Static<typeof RegionFilters>;

export const REGION_SORT_FIELDS = ['regionName', 'createTime'] as const;

/** The region form's rules (spec §5: the name is required and unique), with the messages the form shows. */
export const validateRegion = (r: { regionName?: string | null }): RuleViolation[] =>
  (r.regionName ?? '').trim() === '' ? [{ field: 'regionName', message: 'rules.regionName.required' }] : [];
