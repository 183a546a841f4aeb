// Valves (spec §7 deviceValve): a valve on the network, its kind, caliber and state, the meter it controls when it
// sits at one, and where it is (area, address, BD-09 position).
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, OptionalNullable } from '../api/schemaParts.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { checkLatitude, checkLongitude } from '../rules/index.ts';
import { NameText } from '../rules/textLimits.ts';
import type { RuleViolation } from '../user/rules.ts';

/** 1 gate, 2 butterfly, 3 ball, 4 pressure-reducing, 5 other (m0011). */
export const VALVE_KINDS = [1, 2, 3, 4, 5] as const;
/** 1 open, 0 closed. */
export const VALVE_STATES = [1, 0] as const;

export const Valve = Type.Object({
  id: Type.Integer(),
  valveCode: Type.String(),
  name: Nullable(Type.String()),
  valveKind: Type.Integer(),
  caliber: Nullable(Type.Integer()),
  valveState: Type.Integer(),
  meterId: Nullable(Type.Integer()),
  meterCode: Nullable(Type.String()),
  areaId: Nullable(Type.Integer()),
  areaName: Nullable(Type.String()),
  address: Nullable(Type.String()),
  lng: Nullable(Type.Number()),
  lat: Nullable(Type.Number()),
  remark: Nullable(Type.String()),
  createTime: Type.String({ format: 'date-time' }),
});
export type Valve = Static<typeof Valve>;

/** `POST deviceValve/insertOrUpdate`: no id = create, id = update. */
export const ValveSave = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  valveCode: Type.String({ maxLength: 50 }),
  name: OptionalNullable(NameText()),
  valveKind: Type.Union(VALVE_KINDS.map((k) => Type.Literal(k))),
  caliber: OptionalNullable(Type.Integer({ minimum: 0, maximum: 10000 })),
  valveState: Type.Union(VALVE_STATES.map((k) => Type.Literal(k))),
  meterId: OptionalNullable(Type.Integer({ minimum: 1 })),
  areaId: OptionalNullable(Type.Integer({ minimum: 1 })),
  address: OptionalNullable(Type.String({ maxLength: 200 })),
  lng: OptionalNullable(Type.Union([Type.Number(), Type.String({ maxLength: 30 })])),
  lat: OptionalNullable(Type.Union([Type.Number(), Type.String({ maxLength: 30 })])),
  remark: OptionalNullable(Type.String({ maxLength: 200 })),
});
export type ValveSave = Static<typeof ValveSave>;

export const ValveFilters = Type.Object({
  /** contained in the code */
  valveCode: Type.Optional(Type.String({ maxLength: 50 })),
  areaId: Type.Optional(Type.Integer({ minimum: 1 })),
  valveKind: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  valveState: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  meterId: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type ValveFilters = Static<typeof ValveFilters>;

export const VALVE_SORT_FIELDS = ['valveCode', 'createTime'] as const;

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/** The valve form's rules: code and area required, coordinates in range. */
export const validateValve = (v: {
  valveCode?: string | null;
  areaId?: number | string | null;
  lng?: number | string | null;
  lat?: number | string | null;
}): RuleViolation[] => {
  const out: RuleViolation[] = [];
  const push = (field: string, message: MessageKey | null) => {
    if (message) out.push({ field, message });
  };
  if (blank(v.valveCode)) push('valveCode', 'rules.valveCode.required');
  if (blank(v.areaId)) push('areaId', 'rules.valveArea.required');
  push('lng', checkLongitude(v.lng ?? null));
  push('lat', checkLatitude(v.lat ?? null));
  return out;
};
