// The alarm rules page's calls (spec §7 get/update voltage, csq, rsrp warnings, the usage-exception rule and its
// clones; the offline hours and the delays): one read of every rule (per area for the usage part), and one save per
// group. Every save refreshes the rules read.
import type { Result } from '@waterops/shared/api';
import {
  ALARM_RULE_PATHS,
  type AlarmRules,
  type BatchCloneUseWaterException,
  type DelayRule,
  MONITORING_PATHS,
  type OfflineRule,
  type ThresholdRule,
  type ThresholdRuleKind,
  type UsageRule,
  type UsageRuleUpdate,
} from '@waterops/shared/monitoring';
import { baseApi } from '../../api/baseApi.ts';

const RULES_TAG = { type: 'Resource' as const, id: 'monitoring.alarmRules' };

const UPDATE_THRESHOLD: Record<ThresholdRuleKind, string> = {
  voltage: MONITORING_PATHS.updateVoltageWarning,
  csq: MONITORING_PATHS.updateCsqWarning,
  rsrp: MONITORING_PATHS.updateRsrpWarning,
};

export const warningRulesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    alarmRules: build.query<AlarmRules, { areaId?: number }>({
      query: ({ areaId }) => ({ url: ALARM_RULE_PATHS.alarmRules, params: areaId ? { areaId } : {} }),
      transformResponse: (r: Result<AlarmRules>) => r.datas,
      providesTags: [RULES_TAG],
    }),
    updateThresholdRule: build.mutation<ThresholdRule, { kind: ThresholdRuleKind; rule: ThresholdRule }>({
      query: ({ kind, rule }) => ({ url: UPDATE_THRESHOLD[kind], method: 'POST', data: rule }),
      transformResponse: (r: Result<ThresholdRule>) => r.datas,
      invalidatesTags: [RULES_TAG],
    }),
    updateUsageRule: build.mutation<UsageRule, UsageRuleUpdate>({
      query: (data) => ({ url: ALARM_RULE_PATHS.updateUseWaterRule, method: 'POST', data }),
      transformResponse: (r: Result<UsageRule>) => r.datas,
      invalidatesTags: [RULES_TAG],
    }),
    resetUsageRule: build.mutation<UsageRule, { areaId: number }>({
      query: (data) => ({ url: ALARM_RULE_PATHS.resetUseWaterRule, method: 'POST', data }),
      transformResponse: (r: Result<UsageRule>) => r.datas,
      invalidatesTags: [RULES_TAG],
    }),
    updateOfflineRule: build.mutation<OfflineRule, OfflineRule>({
      query: (data) => ({ url: ALARM_RULE_PATHS.updateOfflineWarning, method: 'POST', data }),
      transformResponse: (r: Result<OfflineRule>) => r.datas,
      invalidatesTags: [RULES_TAG],
    }),
    updateDelayRule: build.mutation<DelayRule, DelayRule>({
      query: (data) => ({ url: ALARM_RULE_PATHS.updateAlarmDelay, method: 'POST', data }),
      transformResponse: (r: Result<DelayRule>) => r.datas,
      invalidatesTags: [RULES_TAG],
    }),
    cloneUsageRule: build.mutation<{ cloned: number }, BatchCloneUseWaterException>({
      query: (data) => ({ url: MONITORING_PATHS.batchCloneUseWaterException, method: 'POST', data }),
      transformResponse: (r: Result<{ cloned: number }>) => r.datas,
      invalidatesTags: [RULES_TAG],
    }),
  }),
});

export const {
  useAlarmRulesQuery,
  useUpdateThresholdRuleMutation,
  useUpdateUsageRuleMutation,
  useResetUsageRuleMutation,
  useUpdateOfflineRuleMutation,
  useUpdateDelayRuleMutation,
  useCloneUsageRuleMutation,
} = warningRulesApi;
