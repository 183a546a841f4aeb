// Parameter config (spec §7 /api-business/paramconfig): named values grouped by key type (an alarm group, a loss
// threshold…), each code unique in its group and each entry enabled or not. Features such as the alarm engine
// (issue 6) read their group with getByKeyType / getCode; the page edits values in place.
import { type Static, Type } from '@sinclair/typebox';
import type { RuleViolation } from '../user/rules.ts';

export const ParamConfig = Type.Object({
  id: Type.Integer(),
  keyType: Type.String(),
  code: Type.String(),
  name: Type.String(),
  value: Type.Union([Type.String(), Type.Null()]),
  enabled: Type.Boolean(),
  sort: Type.Integer(),
  remark: Type.Union([Type.String(), Type.Null()]),
  updateTime: Type.String({ format: 'date-time' }),
});
export type ParamConfig = Static<typeof ParamConfig>;

/** One row of `batchSaveAndBatchUpdate`: with id it updates that entry, without it creates one. */
export const ParamConfigSave = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  keyType: Type.String({ maxLength: 50 }),
  code: Type.String({ maxLength: 50 }),
  name: Type.String({ maxLength: 50 }),
  value: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
  enabled: Type.Optional(Type.Boolean()),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
  remark: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
});
export type ParamConfigSave = Static<typeof ParamConfigSave>;

/** The batch: all rows are written or none. */
export const ParamConfigBatch = Type.Array(ParamConfigSave, { maxItems: 500 });

/** Without keyType: every group (every GET list answers without parameters). */
export const ParamKeyTypeQuery = Type.Object({ keyType: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })) });
export const ParamCodeQuery = Type.Object({
  keyType: Type.String({ minLength: 1, maxLength: 50 }),
  code: Type.String({ minLength: 1, maxLength: 50 }),
});
export const ParamSetEnabledQuery = Type.Object({ id: Type.Integer({ minimum: 1 }), enabled: Type.Boolean() });

const blank = (v: string | null | undefined) => (v ?? '').trim() === '';

/** One row's rules: group, code and name are required. */
export const validateParamConfig = (p: {
  keyType?: string | null;
  code?: string | null;
  name?: string | null;
}): RuleViolation[] => {
  const out: RuleViolation[] = [];
  if (blank(p.keyType)) out.push({ field: 'keyType', message: 'rules.paramKeyType.required' });
  if (blank(p.code)) out.push({ field: 'code', message: 'rules.paramCode.required' });
  if (blank(p.name)) out.push({ field: 'name', message: 'rules.paramName.required' });
  return out;
};

/**
 * The batch's rules: spec §5 "at least one value set to save" (an empty batch, or one whose values are all empty,
 * saves nothing), then each row's own (the field is named `<index>.<field>`).
 */
export const validateParamBatch = (rows: readonly ParamConfigSave[]): RuleViolation[] => {
  if (!rows.some((r) => !blank(r.value))) return [{ field: 'value', message: 'rules.paramValues.required' }];
  return rows.flatMap((r, i) => validateParamConfig(r).map((v) => ({ ...v, field: `${i}.${v.field}` })));
};
