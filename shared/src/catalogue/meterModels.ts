// Meter models (表型, spec §1 "meter models"): a type name, the manufacturer, the kind of meter and its defaults
// (caliber, maximum reading, decimals, valve control) that a new water meter of the model starts from.
import { type Static, Type } from '@sinclair/typebox';
import { nullableInteger, nullableNumber } from '../rules/nullable.ts';
import { NameText } from '../rules/textLimits.ts';
import type { RuleViolation } from '../user/rules.ts';
import { validateTypeName } from './typeName.ts';

/** 1 mechanical, 2 wired remote, 3 wireless remote (LoRa), 4 NB-IoT, 5 prepaid IC card (migration m0011). */
export const METER_KINDS = [1, 2, 3, 4, 5] as const;
export type MeterKind = (typeof METER_KINDS)[number];

/** Decimals a reading keeps (spec §9 "base decimals: none, 1 or 2"; 3 for the m³ litre digit of remote meters). */
export const MAX_PRECISION = 3;

export const MeterModel = Type.Object({
  id: Type.Integer(),
  typeName: Type.String(),
  manufacturerId: Type.Union([Type.Integer(), Type.Null()]),
  manufacturerName: Type.Union([Type.String(), Type.Null()]),
  meterKind: Type.Integer({ minimum: 1, maximum: 5 }),
  /** DN, mm */
  caliber: Type.Union([Type.Integer(), Type.Null()]),
  /** m³ */
  maxReading: Type.Union([Type.Number(), Type.Null()]),
  precision: Type.Union([Type.Integer(), Type.Null()]),
  valveControl: Type.Boolean(),
  remark: Type.Union([Type.String(), Type.Null()]),
  createTime: Type.String({ format: 'date-time' }),
});
export type MeterModel = Static<typeof MeterModel>;

export const MeterModelSave = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  typeName: NameText(),
  manufacturerId: Type.Optional(nullableInteger({ minimum: 1 })),
  meterKind: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  // ranges are the form rules below, with their messages; nullable.ts says why these are not unions
  caliber: Type.Optional(nullableInteger()),
  maxReading: Type.Optional(nullableNumber()),
  precision: Type.Optional(nullableInteger()),
  valveControl: Type.Optional(Type.Boolean()),
  remark: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  tenantId: Type.Optional(Type.Unknown({ description: 'ignored: the tenant comes from the token' })),
});
export type MeterModelSave = Static<typeof MeterModelSave>;

export const MeterModelFilters = Type.Object({
  typeName: Type.Optional(Type.String({ maxLength: 50 })),
  manufacturerId: Type.Optional(Type.Integer({ minimum: 1 })),
  meterKind: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
});
export type MeterModelFilters = Static<typeof MeterModelFilters>;

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';
const wholeIn = (v: unknown, min: number, max: number) =>
  /^\d+$/.test(String(v).trim()) && Number(v) >= min && Number(v) <= max;

/** Largest caliber (DN, mm) and maximum reading (m³) a form accepts. */
export const MAX_CALIBER = 3000;
export const MAX_READING = 99_999_999_999;

/**
 * The meter model form's rules: a type name; when given, a caliber DN 1–3000, a maximum reading above 0 and a
 * precision of 0–3 decimals.
 */
export const validateMeterModel = (m: {
  typeName?: string | null;
  caliber?: number | string | null;
  maxReading?: number | string | null;
  precision?: number | string | null;
}) => {
  const out: RuleViolation[] = validateTypeName(m);
  if (!blank(m.caliber) && !wholeIn(m.caliber, 1, MAX_CALIBER))
    out.push({ field: 'caliber', message: 'rules.caliber.range' });
  const reading = Number(m.maxReading);
  if (!blank(m.maxReading) && !(reading > 0 && reading <= MAX_READING))
    out.push({ field: 'maxReading', message: 'rules.maxReading.positive' });
  if (!blank(m.precision) && !wholeIn(m.precision, 0, MAX_PRECISION))
    out.push({ field: 'precision', message: 'rules.precision.range' });
  return out;
};
