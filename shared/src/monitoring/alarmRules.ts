// The alarm rules a tenant sets (spec §1 voltage/signal alerts and usage exceptions, §5 "alarm value not greater than
// severe value", §7 get/update voltage, csq, rsrp warnings, getIncreaseValues, updateIncrease, clone usage
// exceptions). They are kept in parameter config (param_configs), one entry per field: key type `alarm.<group>`, code
// the field's name; a residential area's usage-exception overrides use the code `<field>@<areaId>` (the area's value
// wins over the tenant's). The form and the route check a rule with the same function (checkX) and message.
import { type Static, Type } from '@sinclair/typebox';

const M = '/api-workbench/monitoring';

/** The rule calls beyond the spec's (designed in the same style). */
export const ALARM_RULE_PATHS = {
  /** GET AlarmRulesQuery → Result(AlarmRules): every group; usage with the area's overrides applied */
  alarmRules: `${M}/alarmRules`,
  /** POST OfflineRule → Result(OfflineRule) */
  updateOfflineWarning: `${M}/updateOfflineWarning`,
  /** POST DelayRule → Result(DelayRule) */
  updateAlarmDelay: `${M}/updateAlarmDelay`,
  /** POST UsageRuleUpdate → Result(UsageRule): the tenant's defaults, or one area's overrides */
  updateUseWaterRule: `${M}/updateUseWaterRule`,
  /** POST AreaRuleReset → Result(UsageRule): drop an area's overrides (it follows the tenant's defaults again) */
  resetUseWaterRule: `${M}/resetUseWaterRule`,
} as const;

/** Param-config key types of the rule groups. */
export const ALARM_RULE_KEY_TYPES = {
  voltage: 'alarm.voltage',
  csq: 'alarm.csq',
  rsrp: 'alarm.rsrp',
  usage: 'alarm.usage',
  offline: 'alarm.offline',
  delay: 'alarm.delay',
} as const;
export type AlarmRuleGroup = keyof typeof ALARM_RULE_KEY_TYPES;

/** The param-config code of an area's override of a usage field. */
export const areaRuleCode = (field: string, areaId: number): string => `${field}@${areaId}`;

// ── voltage, csq, rsrp: below the alarm value raises an `alarm`, below the severe value a `severe` alarm ──────────

export const THRESHOLD_RULES = ['voltage', 'csq', 'rsrp'] as const;
export type ThresholdRuleKind = (typeof THRESHOLD_RULES)[number];

/** The range a value of each kind may take: battery volts, CSQ 0–31, RSRP dBm. */
export const THRESHOLD_BOUNDS: Record<ThresholdRuleKind, { min: number; max: number; unit: string }> = {
  voltage: { min: 0, max: 12, unit: 'V' },
  csq: { min: 0, max: 31, unit: '' },
  rsrp: { min: -156, max: -44, unit: 'dBm' },
};

/**
 * A threshold warning. For all three kinds a LOW value is bad, so the severe value lies at or below the alarm value
 * (e.g. voltage: alarm below 3.4 V, severe below 3.2 V).
 */
export const ThresholdRule = Type.Object({
  alarmValue: Type.Number({ minimum: -156, maximum: 31 }),
  severeValue: Type.Number({ minimum: -156, maximum: 31 }),
});
export type ThresholdRule = Static<typeof ThresholdRule>;

export const DEFAULT_THRESHOLD_RULES: Record<ThresholdRuleKind, ThresholdRule> = {
  voltage: { alarmValue: 3.4, severeValue: 3.2 },
  csq: { alarmValue: 10, severeValue: 5 },
  rsrp: { alarmValue: -110, severeValue: -120 },
};

/** The message key of the first broken rule, or null. Values outside the kind's range, then the order. */
export const checkThresholdRule = (kind: ThresholdRuleKind, r: ThresholdRule): string | null => {
  const { min, max } = THRESHOLD_BOUNDS[kind];
  for (const v of [r.alarmValue, r.severeValue]) if (!(v >= min && v <= max)) return `rules.alarm.${kind}.range`;
  return r.severeValue > r.alarmValue ? 'rules.alarm.severeAboveAlarm' : null;
};

// ── usage exceptions (from the daily series and the readings) ─────────────────────────────────────────────────────

export const UsageRule = Type.Object({
  /** zero use: this many days in a row at 0 m³ on a meter that used water before */
  zeroUseDays: Type.Integer({ minimum: 1, maximum: 90 }),
  /** reverse flow: a day's (or a reading's) consumption below minus this many m³ */
  reverseFlowMin: Type.Number({ minimum: 0, maximum: 100 }),
  /** sudden increase: a day above the mean of the previous `increaseMeanDays` days by this percentage → alarm … */
  increasePercent: Type.Number({ minimum: 1, maximum: 100000 }),
  /** … by this percentage → severe */
  increaseSeverePercent: Type.Number({ minimum: 1, maximum: 100000 }),
  /** and by at least this many m³ (a household's 0.1 → 0.4 m³ is no alarm) */
  increaseMinM3: Type.Number({ minimum: 0, maximum: 100000 }),
  increaseMeanDays: Type.Integer({ minimum: 1, maximum: 60 }),
  /** continuous flow (a leak): never below `continuousFlowMin` m³/h for this many hours */
  continuousFlowHours: Type.Integer({ minimum: 1, maximum: 168 }),
  continuousFlowMin: Type.Number({ minimum: 0, maximum: 100 }),
  /** stuck meter: the register did not move for this many days though the meter used water before */
  stuckMeterDays: Type.Integer({ minimum: 1, maximum: 90 }),
});
export type UsageRule = Static<typeof UsageRule>;
export const USAGE_RULE_FIELDS = Object.keys(UsageRule.properties) as (keyof UsageRule)[];

export const DEFAULT_USAGE_RULE: UsageRule = {
  zeroUseDays: 7,
  reverseFlowMin: 0.01,
  increasePercent: 200,
  increaseSeverePercent: 500,
  increaseMinM3: 1,
  increaseMeanDays: 7,
  continuousFlowHours: 24,
  continuousFlowMin: 0.005,
  stuckMeterDays: 3,
};

/** The spec's rule (alarm value not greater than severe value) for the sudden increase, where HIGH is bad. */
export const checkUsageRule = (r: UsageRule): string | null =>
  r.increasePercent > r.increaseSeverePercent ? 'rules.alarm.alarmAboveSevere' : null;

/** getIncreaseValues / updateIncrease: the sudden-increase part of the usage rule. */
export const IncreaseRule = Type.Pick(UsageRule, [
  'increasePercent',
  'increaseSeverePercent',
  'increaseMinM3',
  'increaseMeanDays',
]);
export type IncreaseRule = Static<typeof IncreaseRule>;
export const checkIncreaseRule = (r: IncreaseRule): string | null =>
  r.increasePercent > r.increaseSeverePercent ? 'rules.alarm.alarmAboveSevere' : null;

const AreaId = Type.Integer({ minimum: 1 });

/** ?areaId: the area's effective rule (its overrides over the tenant's defaults); none: the tenant's defaults. */
export const AlarmRulesQuery = Type.Object({ areaId: Type.Optional(AreaId) });
export type AlarmRulesQuery = Static<typeof AlarmRulesQuery>;
export const IncreaseQuery = AlarmRulesQuery;

export const IncreaseUpdate = Type.Composite([IncreaseRule, Type.Object({ areaId: Type.Optional(AreaId) })]);
export type IncreaseUpdate = Static<typeof IncreaseUpdate>;
export const UsageRuleUpdate = Type.Composite([UsageRule, Type.Object({ areaId: Type.Optional(AreaId) })]);
export type UsageRuleUpdate = Static<typeof UsageRuleUpdate>;
export const AreaRuleReset = Type.Object({ areaId: AreaId });

/** cloneUseWaterException: copy one area's usage-exception settings (its effective rule) to another. */
export const CloneUseWaterException = Type.Object({ fromAreaId: AreaId, toAreaId: AreaId });
export type CloneUseWaterException = Static<typeof CloneUseWaterException>;
/** batchCloneUseWaterException: … to several areas at once. */
export const BatchCloneUseWaterException = Type.Object({
  fromAreaId: AreaId,
  toAreaIds: Type.Array(AreaId, { minItems: 1, maxItems: 500 }),
});
export type BatchCloneUseWaterException = Static<typeof BatchCloneUseWaterException>;
/** How many areas received the settings. */
export const CloneResult = Type.Object({ cloned: Type.Integer({ minimum: 0 }) });

// ── offline escalation and on/off delays ──────────────────────────────────────────────────────────────────────────

/**
 * A device marked offline raises a `general` alarm at once; offline for `alarmHours` it becomes `alarm`, for
 * `severeHours` `severe`, for `urgentHours` `urgent`.
 */
export const OfflineRule = Type.Object({
  alarmHours: Type.Integer({ minimum: 1, maximum: 8760 }),
  severeHours: Type.Integer({ minimum: 1, maximum: 8760 }),
  urgentHours: Type.Integer({ minimum: 1, maximum: 8760 }),
});
export type OfflineRule = Static<typeof OfflineRule>;
export const DEFAULT_OFFLINE_RULE: OfflineRule = { alarmHours: 24, severeHours: 48, urgentHours: 72 };
export const checkOfflineRule = (r: OfflineRule): string | null =>
  r.alarmHours < r.severeHours && r.severeHours < r.urgentHours ? null : 'rules.alarm.offlineOrder';

/**
 * Against chattering: a condition raises an alarm only once it held for `onDelaySeconds` (0: at once, so that an
 * ingested reading raises its alarm within the same call), and an alarm returns to normal only once the condition
 * was absent for `offDelaySeconds`.
 */
export const DelayRule = Type.Object({
  onDelaySeconds: Type.Integer({ minimum: 0, maximum: 86400 }),
  offDelaySeconds: Type.Integer({ minimum: 0, maximum: 86400 }),
});
export type DelayRule = Static<typeof DelayRule>;
export const DEFAULT_DELAY_RULE: DelayRule = { onDelaySeconds: 0, offDelaySeconds: 300 };

/** Every rule of a tenant (GET alarmRules). */
export const AlarmRules = Type.Object({
  voltage: ThresholdRule,
  csq: ThresholdRule,
  rsrp: ThresholdRule,
  /** the tenant's defaults, or the area's effective rule when asked with areaId */
  usage: UsageRule,
  offline: OfflineRule,
  delay: DelayRule,
  /** the residential areas that override the usage defaults */
  overridingAreaIds: Type.Array(Type.Integer()),
});
export type AlarmRules = Static<typeof AlarmRules>;

export const DEFAULT_ALARM_RULES: Omit<AlarmRules, 'overridingAreaIds'> = {
  ...DEFAULT_THRESHOLD_RULES,
  usage: DEFAULT_USAGE_RULE,
  offline: DEFAULT_OFFLINE_RULE,
  delay: DEFAULT_DELAY_RULE,
};
