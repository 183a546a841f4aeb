// Manufacturers (厂家, spec §1 device management, §7 data/manufacturer): who made a meter, collector type, meter model
// or concentrator. Name and code unique in the tenant (spec §5 "code must be unique").
import { type Static, Type } from '@sinclair/typebox';
import { NameText } from '../rules/textLimits.ts';
import { checkPhone } from '../rules/validators.ts';
import type { RuleViolation } from '../user/rules.ts';

const nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const Manufacturer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  code: nullable(Type.String()),
  contact: nullable(Type.String()),
  phone: nullable(Type.String()),
  address: nullable(Type.String()),
  remark: nullable(Type.String()),
  createTime: Type.String({ format: 'date-time' }),
});
export type Manufacturer = Static<typeof Manufacturer>;

/** `POST data/manufacturer/save` (no id) and `update` (id). tenantId is ignored: the tenant comes from the token. */
export const ManufacturerSave = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  name: NameText(),
  code: Type.Optional(nullable(Type.String({ maxLength: 30 }))),
  contact: Type.Optional(nullable(Type.String({ maxLength: 30 }))),
  phone: Type.Optional(nullable(Type.String({ maxLength: 20 }))),
  address: Type.Optional(nullable(Type.String({ maxLength: 200 }))),
  remark: Type.Optional(nullable(Type.String({ maxLength: 200 }))),
  tenantId: Type.Optional(Type.Unknown({ description: 'ignored: the tenant comes from the token' })),
});
export type ManufacturerSave = Static<typeof ManufacturerSave>;

export const ManufacturerFilters = Type.Object({
  /** contained in the name */
  name: Type.Optional(Type.String({ maxLength: 50 })),
  /** contained in the code */
  code: Type.Optional(Type.String({ maxLength: 30 })),
});
export type ManufacturerFilters = Static<typeof ManufacturerFilters>;

export const MANUFACTURER_SORT_FIELDS = ['name', 'code', 'createTime'] as const;

/** `GET data/manufacturer/findArea?id`: an area where the manufacturer's meters are installed. */
export const ManufacturerArea = Type.Object({ id: Type.Integer(), areaName: Type.String() });
export type ManufacturerArea = Static<typeof ManufacturerArea>;
/** Without id: the areas holding meters of any manufacturer (every GET list answers without parameters). */
export const ManufacturerAreaQuery = Type.Object({ id: Type.Optional(Type.Integer({ minimum: 1 })) });

/** The manufacturer form's rules: a name; a phone, when given, a mobile or landline number. */
export const validateManufacturer = (m: { name?: string | null; phone?: string | null }): RuleViolation[] => {
  const out: RuleViolation[] = [];
  if ((m.name ?? '').trim() === '') out.push({ field: 'name', message: 'rules.manufacturerName.required' });
  const phone = checkPhone(m.phone);
  if (phone) out.push({ field: 'phone', message: phone });
  return out;
};
