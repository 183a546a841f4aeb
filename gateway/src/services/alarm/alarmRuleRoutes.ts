// /api-workbench/monitoring alarm rules (spec §7 get/update voltage, csq, rsrp warnings, getIncreaseValues,
// updateIncrease, cloneUseWaterException, batchCloneUseWaterException; and ALARM_RULE_PATHS). Rules live in
// parameter config (alarmRuleRepository.ts); a form rule broken (severe above alarm, offline hours out of order)
// answers 400 naming the field with the rule's message and writes nothing. Every change is in the operation log.
import type { Static, TSchema } from '@sinclair/typebox';
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import type { MessageKey } from '@waterops/shared/i18n';
import {
  ALARM_RULE_PATHS,
  AlarmRules,
  AlarmRulesQuery,
  AreaRuleReset,
  BatchCloneUseWaterException,
  CloneResult,
  CloneUseWaterException,
  checkIncreaseRule,
  checkOfflineRule,
  checkThresholdRule,
  checkUsageRule,
  DelayRule,
  IncreaseRule,
  IncreaseUpdate,
  MONITORING_PATHS,
  OfflineRule,
  ThresholdRule,
  type ThresholdRuleKind,
  UsageRule,
  UsageRuleUpdate,
} from '@waterops/shared/monitoring';
import type { FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import { tenantIdsAmong } from '../resource/resourceRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { deleteAreaRule, loadAlarmRules, saveRuleFields, type TenantAlarmRules } from './alarmRuleRepository.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const tags = ['alarm rules'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const read = { permission: PERMISSIONS.monitoringRuleView };
const update = { permission: PERMISSIONS.monitoringRuleEdit, operation: 'alarmRuleUpdate' as const };
const clone = { permission: PERMISSIONS.monitoringRuleEdit, operation: 'alarmRuleClone' as const };

/** The field a broken rule is about, for the 400. */
const RULE_FIELDS: Record<string, string> = {
  'rules.alarm.severeAboveAlarm': 'severeValue',
  'rules.alarm.alarmAboveSevere': 'increasePercent',
  'rules.alarm.offlineOrder': 'severeHours',
};
const ruleBroken = (key: string, field?: string) =>
  new AppError(400, key as MessageKey, field ?? RULE_FIELDS[key] ?? 'alarmValue', {});

const THRESHOLD_PATHS: [ThresholdRuleKind, string, string][] = [
  ['voltage', MONITORING_PATHS.getVoltageWarning, MONITORING_PATHS.updateVoltageWarning],
  ['csq', MONITORING_PATHS.getCsqWarning, MONITORING_PATHS.updateCsqWarning],
  ['rsrp', MONITORING_PATHS.getRsrpWarning, MONITORING_PATHS.updateRsrpWarning],
];

const pick = <T extends object>(from: T, fields: readonly (keyof T)[]): Record<string, number> =>
  Object.fromEntries(fields.map((f) => [f, from[f] as number]));

export const alarmRuleRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  /** The usage rule of an area (its overrides, else the tenant's), or the tenant's; 404 for an area not the tenant's. */
  const usageOf = async (companyId: number, rules: TenantAlarmRules, areaId: number | undefined) => {
    if (areaId === undefined) return rules.usage;
    if (!(await tenantIdsAmong(app.db, 'areas', companyId, [areaId])).has(areaId)) throw notFound();
    return rules.usageByArea.get(areaId) ?? rules.usage;
  };

  const get = <S extends TSchema>(summary: string, datas: S, querystring?: TSchema) => ({
    config: read,
    schema: { tags, summary, ...(querystring ? { querystring } : {}), response: { 200: Result(datas), ...errors } },
  });

  for (const [kind, getPath, updatePath] of THRESHOLD_PATHS) {
    app.get(
      path(getPath),
      get(`The ${kind} warning: alarm and severe values (low is bad)`, ThresholdRule),
      async (request) => {
        const rules = await loadAlarmRules(app.db, app.principalOf(request).companyId);
        return ok(rules[kind], request.t('common.success'));
      },
    );
    app.post(
      path(updatePath),
      {
        config: update,
        schema: {
          tags,
          summary: `Set the ${kind} warning (the severe value not above the alarm value)`,
          body: ThresholdRule,
          response: { 200: Result(ThresholdRule), ...errors },
        },
      },
      async (request) => {
        const me = app.principalOf(request);
        const rule = request.body;
        const broken = checkThresholdRule(kind, rule);
        if (broken) throw ruleBroken(broken, broken.endsWith('.range') ? 'alarmValue' : undefined);
        await saveRuleFields(app.db, me.companyId, kind, pick(rule, ['alarmValue', 'severeValue']), now());
        await recordRequestOperation(app.db, request, me, {
          operation: 'alarmRuleUpdate',
          detail: `${kind}: alarm ${rule.alarmValue}, severe ${rule.severeValue}`,
          at: now(),
        });
        return ok((await loadAlarmRules(app.db, me.companyId))[kind], request.t('common.success'));
      },
    );
  }

  app.get(
    path(MONITORING_PATHS.getIncreaseValues),
    get('The sudden-increase rule (of an area with areaId)', IncreaseRule, AlarmRulesQuery),
    async (request) => {
      const me = app.principalOf(request);
      const { areaId } = request.query as Static<typeof AlarmRulesQuery>;
      const usage = await usageOf(me.companyId, await loadAlarmRules(app.db, me.companyId), areaId);
      return ok(
        pick(usage, ['increasePercent', 'increaseSeverePercent', 'increaseMinM3', 'increaseMeanDays']) as IncreaseRule,
        request.t('common.success'),
      );
    },
  );

  /** Saves usage fields for the tenant, or for an area (then the area's whole rule, so it overrides every field). */
  const saveUsage = async (request: FastifyRequest, fields: Partial<UsageRule>, areaId: number | undefined) => {
    const me = app.principalOf(request);
    const rules = await loadAlarmRules(app.db, me.companyId);
    const merged = { ...(await usageOf(me.companyId, rules, areaId)), ...fields };
    const broken = checkUsageRule(merged);
    if (broken) throw ruleBroken(broken);
    const write = areaId === undefined ? (fields as Record<string, number>) : (merged as Record<string, number>);
    await saveRuleFields(app.db, me.companyId, 'usage', write, now(), areaId);
    await recordRequestOperation(app.db, request, me, {
      operation: 'alarmRuleUpdate',
      detail: `usage${areaId === undefined ? '' : ` of area ${areaId}`}: ${Object.entries(fields)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')}`,
      at: now(),
    });
    return usageOf(me.companyId, await loadAlarmRules(app.db, me.companyId), areaId);
  };

  app.post(
    path(MONITORING_PATHS.updateIncrease),
    {
      config: update,
      schema: {
        tags,
        summary: 'Set the sudden-increase rule (of an area with areaId; the alarm percentage not above the severe one)',
        body: IncreaseUpdate,
        response: { 200: Result(IncreaseRule), ...errors },
      },
    },
    async (request) => {
      const { areaId, ...fields } = request.body;
      const broken = checkIncreaseRule(fields);
      if (broken) throw ruleBroken(broken);
      const usage = await saveUsage(request, fields, areaId);
      return ok(
        pick(usage, ['increasePercent', 'increaseSeverePercent', 'increaseMinM3', 'increaseMeanDays']) as IncreaseRule,
        request.t('common.success'),
      );
    },
  );

  app.get(
    path(ALARM_RULE_PATHS.alarmRules),
    get('Every alarm rule; usage as the area sees it with areaId', AlarmRules, AlarmRulesQuery),
    async (request) => {
      const me = app.principalOf(request);
      const { areaId } = request.query as Static<typeof AlarmRulesQuery>;
      const rules = await loadAlarmRules(app.db, me.companyId);
      const usage = await usageOf(me.companyId, rules, areaId);
      const { usageByArea, ...rest } = rules;
      return ok(
        { ...rest, usage, overridingAreaIds: [...usageByArea.keys()].sort((a, b) => a - b) },
        request.t('common.success'),
      );
    },
  );

  app.post(
    path(ALARM_RULE_PATHS.updateUseWaterRule),
    {
      config: update,
      schema: {
        tags,
        summary: 'Set the usage-exception rule: the tenant default, or with areaId an area of its own',
        body: UsageRuleUpdate,
        response: { 200: Result(UsageRule), ...errors },
      },
    },
    async (request) => {
      const { areaId, ...fields } = request.body;
      return ok(await saveUsage(request, fields, areaId), request.t('common.success'));
    },
  );

  app.post(
    path(ALARM_RULE_PATHS.resetUseWaterRule),
    {
      config: update,
      schema: {
        tags,
        summary: "Drop an area's usage-exception rule: it follows the tenant default again",
        body: AreaRuleReset,
        response: { 200: Result(UsageRule), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { areaId } = request.body;
      if (!(await tenantIdsAmong(app.db, 'areas', me.companyId, [areaId])).has(areaId)) throw notFound();
      await deleteAreaRule(app.db, me.companyId, areaId);
      await recordRequestOperation(app.db, request, me, {
        operation: 'alarmRuleUpdate',
        detail: `usage of area ${areaId}: back to the default`,
        at: now(),
      });
      return ok((await loadAlarmRules(app.db, me.companyId)).usage, request.t('common.success'));
    },
  );

  app.post(
    path(ALARM_RULE_PATHS.updateOfflineWarning),
    {
      config: update,
      schema: {
        tags,
        summary: 'Set the offline escalation hours (alarm < severe < urgent)',
        body: OfflineRule,
        response: { 200: Result(OfflineRule), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const broken = checkOfflineRule(request.body);
      if (broken) throw ruleBroken(broken);
      await saveRuleFields(app.db, me.companyId, 'offline', { ...request.body }, now());
      const { alarmHours, severeHours, urgentHours } = request.body;
      await recordRequestOperation(app.db, request, me, {
        operation: 'alarmRuleUpdate',
        detail: `offline: ${alarmHours} / ${severeHours} / ${urgentHours} h`,
        at: now(),
      });
      return ok((await loadAlarmRules(app.db, me.companyId)).offline, request.t('common.success'));
    },
  );

  app.post(
    path(ALARM_RULE_PATHS.updateAlarmDelay),
    {
      config: update,
      schema: {
        tags,
        summary: 'Set the on-delay and off-delay (seconds) against chattering',
        body: DelayRule,
        response: { 200: Result(DelayRule), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      await saveRuleFields(app.db, me.companyId, 'delay', { ...request.body }, now());
      const { onDelaySeconds, offDelaySeconds } = request.body;
      await recordRequestOperation(app.db, request, me, {
        operation: 'alarmRuleUpdate',
        detail: `delays: on ${onDelaySeconds} s, off ${offDelaySeconds} s`,
        at: now(),
      });
      return ok((await loadAlarmRules(app.db, me.companyId)).delay, request.t('common.success'));
    },
  );

  /** Copies the source area's effective usage rule to the targets; 404 when any is not the tenant's. */
  const cloneTo = async (request: FastifyRequest, fromAreaId: number, toAreaIds: number[]) => {
    const me = app.principalOf(request);
    if (toAreaIds.includes(fromAreaId)) throw ruleBroken('rules.alarm.cloneSameArea', 'toAreaId');
    const known = await tenantIdsAmong(app.db, 'areas', me.companyId, [fromAreaId, ...toAreaIds]);
    if (![fromAreaId, ...toAreaIds].every((id) => known.has(id))) throw notFound();
    const rules = await loadAlarmRules(app.db, me.companyId);
    const source = (await usageOf(me.companyId, rules, fromAreaId)) as unknown as Record<string, number>;
    const targets = [...new Set(toAreaIds)];
    await app.db.transaction().execute(async (tx) => {
      for (const to of targets) await saveRuleFields(tx, me.companyId, 'usage', source, now(), to);
    });
    await recordRequestOperation(app.db, request, me, {
      operation: 'alarmRuleClone',
      detail: `usage of area ${fromAreaId} → areas ${targets.join(',')}`,
      at: now(),
    });
    return { cloned: targets.length };
  };

  app.post(
    path(MONITORING_PATHS.cloneUseWaterException),
    {
      config: clone,
      schema: {
        tags,
        summary: "Copy one residential area's usage-exception settings to another",
        body: CloneUseWaterException,
        response: { 200: Result(CloneResult), ...errors },
      },
    },
    async (request) =>
      ok(await cloneTo(request, request.body.fromAreaId, [request.body.toAreaId]), request.t('common.success')),
  );

  app.post(
    path(MONITORING_PATHS.batchCloneUseWaterException),
    {
      config: clone,
      schema: {
        tags,
        summary: "Copy one residential area's usage-exception settings to several",
        body: BatchCloneUseWaterException,
        response: { 200: Result(CloneResult), ...errors },
      },
    },
    async (request) =>
      ok(await cloneTo(request, request.body.fromAreaId, request.body.toAreaIds), request.t('common.success')),
  );
};
