// Collector types (采集器类型, spec §1): a type name, wired or wireless, and the manufacturer.
import { type Static, Type } from '@sinclair/typebox';
import { nullableInteger } from '../rules/nullable.ts';
import { NameText } from '../rules/textLimits.ts';

/** 1 wired, 2 wireless (the collector pages' findWiredList / findWirelessList). */
export const LINK_KINDS = [1, 2] as const;

export const CollectorType = Type.Object({
  id: Type.Integer(),
  typeName: Type.String(),
  linkKind: Type.Integer({ minimum: 1, maximum: 2 }),
  manufacturerId: Type.Union([Type.Integer(), Type.Null()]),
  manufacturerName: Type.Union([Type.String(), Type.Null()]),
  remark: Type.Union([Type.String(), Type.Null()]),
  createTime: Type.String({ format: 'date-time' }),
});
export type CollectorType = Static<typeof CollectorType>;

export const CollectorTypeSave = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  typeName: NameText(),
  linkKind: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
  manufacturerId: Type.Optional(nullableInteger({ minimum: 1 })),
  remark: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  tenantId: Type.Optional(Type.Unknown({ description: 'ignored: the tenant comes from the token' })),
});
export type CollectorTypeSave = Static<typeof CollectorTypeSave>;

export const CollectorTypeFilters = Type.Object({
  typeName: Type.Optional(Type.String({ maxLength: 50 })),
  linkKind: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
});
export type CollectorTypeFilters = Static<typeof CollectorTypeFilters>;
