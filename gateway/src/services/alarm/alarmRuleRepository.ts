// The alarm rules of a tenant in parameter config: key type `alarm.<group>`, code the field, value the number as
// text. A residential area's usage-exception overrides are entries `<field>@<areaId>` of `alarm.usage` (written
// whole: cloning or saving an area's rule writes every field). Missing or unreadable entries fall back to the
// defaults of shared/src/monitoring/alarmRules.ts, so a half-configured tenant still evaluates sensibly.

import { paramEntryName } from '@waterops/shared/catalogue';
import {
  ALARM_RULE_KEY_TYPES,
  type AlarmRuleGroup,
  type AlarmRules,
  areaRuleCode,
  DEFAULT_ALARM_RULES,
  USAGE_RULE_FIELDS,
  type UsageRule,
} from '@waterops/shared/monitoring';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';

type Db = Kysely<DB> | Transaction<DB>;

export type TenantAlarmRules = Omit<AlarmRules, 'overridingAreaIds'> & {
  /** the areas that override the usage defaults, with their whole effective rule */
  usageByArea: Map<number, UsageRule>;
};

const GROUPS = Object.keys(ALARM_RULE_KEY_TYPES) as AlarmRuleGroup[];

/** Every rule of the tenant, defaults filled in. */
export const loadAlarmRules = async (db: Db, companyId: number): Promise<TenantAlarmRules> => {
  const rows = await db
    .selectFrom('param_configs')
    .select(['key_type', 'code', 'value'])
    .where('company_id', '=', companyId)
    .where('key_type', 'in', Object.values(ALARM_RULE_KEY_TYPES))
    .where('enabled', '=', true)
    .execute();
  const rules = structuredClone(DEFAULT_ALARM_RULES) as Omit<AlarmRules, 'overridingAreaIds'>;
  const areaValues = new Map<number, Partial<Record<keyof UsageRule, number>>>();
  for (const r of rows) {
    const value = Number(r.value);
    if (r.value === null || r.value.trim() === '' || !Number.isFinite(value)) continue;
    const group = GROUPS.find((g) => ALARM_RULE_KEY_TYPES[g] === r.key_type) as AlarmRuleGroup;
    const [field, area] = r.code.split('@') as [string, string | undefined];
    if (area !== undefined) {
      const areaId = Number(area);
      if (group !== 'usage' || !Number.isInteger(areaId) || !USAGE_RULE_FIELDS.includes(field as keyof UsageRule))
        continue;
      const values = areaValues.get(areaId) ?? {};
      values[field as keyof UsageRule] = value;
      areaValues.set(areaId, values);
      continue;
    }
    const target = rules[group] as Record<string, number>;
    if (field in target) target[field] = value;
  }
  const usageByArea = new Map<number, UsageRule>();
  for (const [areaId, values] of areaValues) usageByArea.set(areaId, { ...rules.usage, ...values });
  return { ...rules, usageByArea };
};

/** Writes fields of a group (one area's usage overrides when areaId is given); one upsert per field. */
export const saveRuleFields = async (
  db: Db,
  companyId: number,
  group: AlarmRuleGroup,
  fields: Record<string, number>,
  at: Date,
  areaId?: number,
): Promise<void> => {
  const keyType = ALARM_RULE_KEY_TYPES[group];
  for (const [field, value] of Object.entries(fields)) {
    const code = areaId === undefined ? field : areaRuleCode(field, areaId);
    const base = paramEntryName(keyType, field);
    const name = areaId === undefined ? base : `${base}[小区${areaId}]`;
    await sql`
      insert into param_configs (company_id, key_type, code, name, value, enabled, sort, created_at, updated_at)
      values (${companyId}, ${keyType}, ${code}, ${name}, ${String(value)}, true, 1000, ${at}, ${at})
      on conflict (company_id, key_type, code) do update set value = excluded.value, enabled = true,
        updated_at = excluded.updated_at`.execute(db);
  }
};

/** Drops one area's usage overrides; returns how many entries went. */
export const deleteAreaRule = async (db: Db, companyId: number, areaId: number): Promise<number> => {
  const r = await db
    .deleteFrom('param_configs')
    .where('company_id', '=', companyId)
    .where('key_type', '=', ALARM_RULE_KEY_TYPES.usage)
    .where('code', 'like', `%@${areaId}`)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
};

/** The default rules of a new tenant (createTenant); entries already there stay as they are. */
export const seedAlarmRules = async (db: Db, companyId: number): Promise<void> => {
  let sort = 10;
  for (const group of GROUPS) {
    const keyType = ALARM_RULE_KEY_TYPES[group];
    for (const [field, value] of Object.entries(DEFAULT_ALARM_RULES[group])) {
      await sql`
        insert into param_configs (company_id, key_type, code, name, value, enabled, sort)
        values (${companyId}, ${keyType}, ${field}, ${paramEntryName(keyType, field)}, ${String(value)}, true, ${sort})
        on conflict (company_id, key_type, code) do nothing`.execute(db);
      sort += 10;
    }
  }
};
