// The rule the three "type" catalogues share (spec §5 "type name must be unique"): meter models, collector types and
// resident categories are each named by a type name, required here and unique in the tenant on the server.
import type { RuleViolation } from '../user/rules.ts';

export const validateTypeName = (v: { typeName?: string | null }): RuleViolation[] =>
  (v.typeName ?? '').trim() === '' ? [{ field: 'typeName', message: 'rules.typeName.required' }] : [];

/** The filter every type catalogue list takes. */
export const TYPE_SORT_FIELDS = ['typeName', 'createTime'] as const;
