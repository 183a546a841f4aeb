// /api-workbench/monitoring typeCount, trend, topTenArea (spec §7): the monitoring overview's figures — live alarms
// per type and level, alarms raised per day and level over a range (≤ 90 days), and the ten residential areas with
// most alarms — in the caller's data scope. An area outside the scope or of another tenant counts nothing.
import { Type } from '@sinclair/typebox';
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  MONITORING_PATHS,
  STATS_DEFAULT_DAYS,
  STATS_MAX_DAYS,
  StatsRangeQuery,
  TOP_AREAS,
  TopArea,
  Trend,
  TypeCount,
  TypeCountQuery,
} from '@waterops/shared/monitoring';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { dayWindow, requestDayRange } from '../reading/readingRecordRoutes.ts';
import { scopeFilter } from '../resource/resourceScope.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { topAreasOf, trendOf, typeCountOf } from './monitoringStats.ts';
import { type AlarmScope, liveAlarmCounts, raisedPerArea, raisedPerDay } from './monitoringStatsRepository.ts';

export const monitoringPath = (full: string) => full.slice('/api-workbench'.length);
export const MONITORING_TAGS = ['monitoring'];
export const monitoringErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
/** Alarms are placed by their residential area. */
export const ALARM_SCOPE = { areaColumn: 'area_id', field: 'areaId' } as const;

export const monitoringStatsRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  const config = { permission: PERMISSIONS.monitoringStatsView };
  const scopeOf = (request: Parameters<typeof app.principalOf>[0], areaId: number | undefined): AlarmScope => {
    const me = app.principalOf(request);
    return { companyId: me.companyId, predicates: scopeFilter(ALARM_SCOPE, me.scope), areaId };
  };

  app.get(
    monitoringPath(MONITORING_PATHS.typeCount),
    {
      config,
      schema: {
        tags: MONITORING_TAGS,
        summary: 'Live alarms per type and level (suppressed children not counted), optionally of one area',
        querystring: TypeCountQuery,
        response: { 200: Result(TypeCount), ...monitoringErrors },
      },
    },
    async (request) => {
      const rows = await liveAlarmCounts(app.db, scopeOf(request, request.query.areaId));
      return ok(typeCountOf(rows), request.t('common.success'));
    },
  );

  app.get(
    monitoringPath(MONITORING_PATHS.trend),
    {
      config,
      schema: {
        tags: MONITORING_TAGS,
        summary: `Alarms raised per China day and level, every day of the range (default ${STATS_DEFAULT_DAYS} days, at most ${STATS_MAX_DAYS})`,
        querystring: StatsRangeQuery,
        response: { 200: Result(Trend), ...monitoringErrors },
      },
    },
    async (request) => {
      const range = requestDayRange(request.query, now(), STATS_DEFAULT_DAYS, STATS_MAX_DAYS);
      const rows = await raisedPerDay(app.db, scopeOf(request, request.query.areaId), dayWindow(range));
      return ok(trendOf(range, rows), request.t('common.success'));
    },
  );

  app.get(
    monitoringPath(MONITORING_PATHS.topTenArea),
    {
      config,
      schema: {
        tags: MONITORING_TAGS,
        summary: `The ${TOP_AREAS} residential areas with most alarms raised in the range, most first`,
        querystring: StatsRangeQuery,
        response: { 200: Result(Type.Array(TopArea)), ...monitoringErrors },
      },
    },
    async (request) => {
      const range = requestDayRange(request.query, now(), STATS_DEFAULT_DAYS, STATS_MAX_DAYS);
      const rows = await raisedPerArea(app.db, scopeOf(request, request.query.areaId), dayWindow(range), TOP_AREAS);
      return ok(topAreasOf(rows, TOP_AREAS), request.t('common.success'));
    },
  );
};
