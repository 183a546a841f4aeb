// Resident categories (用户类别, the resident's "user type": 居民, 商业, 工业…). The selector item is (id, typeName),
// spec §2; the selector loads page 1 of 100 (spec §7/§9).
import { type Static, Type } from '@sinclair/typebox';
import { NameText } from '../rules/textLimits.ts';

export const ResidentCategory = Type.Object({
  id: Type.Integer(),
  typeName: Type.String(),
  remark: Type.Union([Type.String(), Type.Null()]),
  /** residents of the category */
  residentCount: Type.Integer({ minimum: 0 }),
  createTime: Type.String({ format: 'date-time' }),
});
export type ResidentCategory = Static<typeof ResidentCategory>;

export const ResidentCategorySave = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  typeName: NameText(),
  remark: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  tenantId: Type.Optional(Type.Unknown({ description: 'ignored: the tenant comes from the token' })),
});
export type ResidentCategorySave = Static<typeof ResidentCategorySave>;

export const ResidentCategoryFilters = Type.Object({
  typeName: Type.Optional(Type.String({ maxLength: 30 })),
});
export type ResidentCategoryFilters = Static<typeof ResidentCategoryFilters>;
