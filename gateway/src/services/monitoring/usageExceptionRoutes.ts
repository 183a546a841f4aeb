// /api-workbench/monitoring useWaterException and updateLeakageWaterState (spec §7): the usage exceptions (zero use,
// reverse flow, sudden increase, continuous flow, stuck meter) with meter, resident and area, filtered and paged; and
// marking pending ones confirmed or dismissed. All or nothing: an id that is not a usage exception the caller may see
// (missing, another tenant's, outside the scope) answers 404; one already handled answers resp_code 1 — nothing is
// written either way. The remark goes to the operation log with the ids.
import { Type } from '@sinclair/typebox';
import { BUSINESS_FAILURE_CODE, ok, PageResult, page, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  AlarmActionResult,
  LeakageStateRequest,
  MONITORING_PATHS,
  STATS_DEFAULT_DAYS,
  STATS_MAX_DAYS,
  type UsageExceptionType,
  UseWaterException,
  UseWaterExceptionQuery,
} from '@waterops/shared/monitoring';
import { notFound } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import { dayWindow, requestDayRange } from '../reading/readingRecordRoutes.ts';
import { scopeFilter } from '../resource/resourceScope.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { ALARM_SCOPE, MONITORING_TAGS, monitoringErrors, monitoringPath } from './monitoringStatsRoutes.ts';
import {
  listUsageExceptions,
  lockUsageExceptions,
  setHandleState,
  type UsageExceptionRow,
} from './usageExceptionRepository.ts';

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

const toException = (r: UsageExceptionRow): UseWaterException => ({
  id: Number(r.id),
  alarmType: r.alarm_type as UsageExceptionType,
  level: r.level as UseWaterException['level'],
  meterId: Number(r.source_id),
  meterCode: r.meter_code ?? r.source_code,
  residentId: num(r.resident_id),
  residentCode: r.resident_code,
  residentName: r.resident_name,
  areaId: num(r.area_id),
  areaName: r.area_name,
  value: num(r.value),
  threshold: num(r.threshold),
  active: Boolean(r.active),
  acknowledged: Boolean(r.acknowledged),
  raisedAt: new Date(r.raised_at).toISOString(),
  clearedAt: r.cleared_at ? new Date(r.cleared_at).toISOString() : null,
  handleState: Number(r.handle_state),
});

export const usageExceptionRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  app.get(
    monitoringPath(MONITORING_PATHS.useWaterException),
    {
      config: { permission: PERMISSIONS.monitoringStatsView },
      schema: {
        tags: MONITORING_TAGS,
        summary: `Usage exceptions raised in the range (default ${STATS_DEFAULT_DAYS} days, at most ${STATS_MAX_DAYS}), newest first`,
        querystring: UseWaterExceptionQuery,
        response: { 200: PageResult(UseWaterException), ...monitoringErrors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const range = requestDayRange(request.query, now(), STATS_DEFAULT_DAYS, STATS_MAX_DAYS);
      const { rows, count } = await listUsageExceptions(
        app.db,
        me.companyId,
        request.query,
        dayWindow(range),
        scopeFilter(ALARM_SCOPE, me.scope),
      );
      return page(rows.map(toException), count, request.t('common.success'));
    },
  );

  app.post(
    monitoringPath(MONITORING_PATHS.updateLeakageWaterState),
    {
      config: { permission: PERMISSIONS.monitoringStatsEdit, operation: 'usageExceptionHandle' },
      schema: {
        tags: MONITORING_TAGS,
        summary: 'Mark pending usage exceptions confirmed (1) or dismissed (2), all or nothing',
        description:
          'An id that is not a usage exception the caller may see answers 404; an exception already handled answers ' +
          'HTTP 200 with resp_code 1 and the message. Nothing is written in either case.',
        body: LeakageStateRequest,
        response: { 200: Result(Type.Union([AlarmActionResult, Type.Null()])), ...monitoringErrors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { state, remark } = request.body;
      const ids = [...new Set(request.body.ids)];
      const at = now();
      return app.db.transaction().execute(async (tx) => {
        const found = await lockUsageExceptions(tx, me.companyId, ids, scopeFilter(ALARM_SCOPE, me.scope));
        if (found.size < ids.length) throw notFound();
        const handled = [...found.values()].filter((f) => f.handleState !== 0).length;
        if (handled > 0)
          return {
            resp_code: BUSINESS_FAILURE_CODE,
            resp_msg: request.t('monitoring.exception.alreadyHandled', { count: handled }),
            datas: null,
          };
        const changed = await setHandleState(tx, me.companyId, ids, state, at);
        const codes = [...found.values()].map((f) => f.sourceCode);
        await recordRequestOperation(tx, request, me, {
          operation: 'usageExceptionHandle',
          detail: `${state === 1 ? 'confirmed' : 'dismissed'} #${ids.join(',#')} (${codes.join(', ')})${remark?.trim() ? `: ${remark.trim()}` : ''}`,
          at,
        });
        return ok({ changed }, request.t('common.success'));
      });
    },
  );
};
