// The alarm rules of a tenant in parameter config: key type `alarm.<group>`, code the field, value the number as
// text. A residential area's usage-exception overrides are entries `<field>@<areaId>` of `alarm.usage` (written
// whole: cloning or saving an area's rule writes every field). Missing or unreadable entries fall back to the
// defaults of shared/src/monitoring/alarmRules.ts, so a half-configured tenant still evaluates sensibly.
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

/** The names new entries get (what the parameter config page shows). */
const FIELD_NAMES: Record<string, string> = {
  'alarm.voltage.alarmValue': '电压告警值(V)',
  'alarm.voltage.severeValue': '电压严重值(V)',
  'alarm.csq.alarmValue': '信号强度告警值(CSQ)',
  'alarm.csq.severeValue': '信号强度严重值(CSQ)',
  'alarm.rsrp.alarmValue': 'RSRP告警值(dBm)',
  'alarm.rsrp.severeValue': 'RSRP严重值(dBm)',
  'alarm.usage.zeroUseDays': '零用水天数',
  'alarm.usage.reverseFlowMin': '倒流最小量(m³)',
  'alarm.usage.increasePercent': '突增告警比例(%)',
  'alarm.usage.increaseSeverePercent': '突增严重比例(%)',
  'alarm.usage.increaseMinM3': '突增最小量(m³)',
  'alarm.usage.increaseMeanDays': '突增均值天数',
  'alarm.usage.continuousFlowHours': '连续流量小时数',
  'alarm.usage.continuousFlowMin': '连续流量下限(m³/h)',
  'alarm.usage.stuckMeterDays': '表停走天数',
  'alarm.offline.alarmHours': '离线告警小时数',
  'alarm.offline.severeHours': '离线严重小时数',
  'alarm.offline.urgentHours': '离线紧急小时数',
  'alarm.delay.onDelaySeconds': '告警延时(秒)',
  'alarm.delay.offDelaySeconds': '恢复延时(秒)',
};

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
    const base = FIELD_NAMES[`${keyType}.${field}`] ?? field;
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
        values (${companyId}, ${keyType}, ${field}, ${FIELD_NAMES[`${keyType}.${field}`] ?? field}, ${String(value)}, true, ${sort})
        on conflict (company_id, key_type, code) do nothing`.execute(db);
      sort += 10;
    }
  }
};
