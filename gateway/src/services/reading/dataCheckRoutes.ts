// /api-workbench data verification (数据校验, spec §7 meter/meterBase): readingCheck lists the validated days that
// failed a rule or were estimated, with the raw values beside the validated ones; dataCheck revalidates meters (listed,
// or all of an area) over a range now and counts what the rules found (the page waits up to 60 s, spec §9). Meters
// are scoped by their area; another tenant's or an out-of-scope meter or area answers 404.
import { ErrorBody, ok, PageResult, page, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  chinaDay,
  DATA_CHECK_DEFAULT_DAYS,
  DATA_CHECK_MAX_SPAN,
  DATA_CHECK_PATHS,
  DataCheckBody,
  DataCheckResult,
  isDataCheckRefusal,
  type QualityCode,
  ReadingCheckQuery,
  ReadingCheckRow,
  RULE_CODES,
  type RuleCode,
  validateDataCheck,
} from '@waterops/shared/reading';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import { scopeFilter } from '../resource/resourceScope.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { areaVisible, exceptionPage, metersToCheck } from './dataCheckRepository.ts';
import { METER_SCOPE, requestDayRange } from './readingRecordRoutes.ts';
import { revalidateMeters } from './revalidate.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
/** Areas are scoped by their own id and their region (as the area resource). */
const AREA_SCOPE = { areaColumn: 'id', regionColumn: 'region_id' };

export const dataCheckRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
  const tags = ['reading'];

  app.get(
    path(DATA_CHECK_PATHS.readingCheck),
    {
      config: { permission: PERMISSIONS.readingDataCheckView },
      schema: {
        tags,
        summary: 'Validated days that failed a rule or were estimated, newest first (from/to: China days, ≤ 93)',
        querystring: ReadingCheckQuery,
        response: { 200: PageResult(ReadingCheckRow), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const q = request.query;
      const range = requestDayRange(q, now(), DATA_CHECK_DEFAULT_DAYS, DATA_CHECK_MAX_SPAN);
      const meterCode = q.meterCode?.trim();
      const { rows, count } = await exceptionPage(
        app.db,
        me.companyId,
        { ...range, areaId: q.areaId, regionId: q.regionId, meterCode, rule: q.rule, quality: q.quality },
        scopeFilter(METER_SCOPE, me.scope),
        q.page,
        q.limit,
      );
      const data = rows.map((r) => ({ ...r, quality: r.quality as QualityCode, rule: r.rule as RuleCode | null }));
      return page(data, count, request.t('common.success'));
    },
  );

  app.post(
    path(DATA_CHECK_PATHS.dataCheck),
    {
      config: { permission: PERMISSIONS.readingDataCheckEdit, operation: 'dataCheck' },
      schema: {
        tags,
        summary: 'Revalidate meters (listed, or every meter of an area) over a range now; counts per rule and quality',
        description: 'At most 93 days and 10,000 listed meters. A meter or area not visible to the caller: 404.',
        body: DataCheckBody,
        response: { 200: Result(DataCheckResult), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const body = request.body;
      const at = now();
      const range = validateDataCheck(body, chinaDay(at));
      if (isDataCheckRefusal(range)) throw new AppError(400, range.message, range.field, range.params);
      if (
        body.areaId !== undefined &&
        !(await areaVisible(app.db, me.companyId, body.areaId, scopeFilter(AREA_SCOPE, me.scope)))
      )
        throw notFound();
      const ids = body.meterIds?.length ? [...new Set(body.meterIds)] : undefined;
      const meters = await metersToCheck(
        app.db,
        me.companyId,
        { meterIds: ids, areaId: body.areaId },
        scopeFilter(METER_SCOPE, me.scope),
      );
      if (ids && meters.length !== ids.length) throw notFound();
      const counts = await revalidateMeters(app.db, me.companyId, meters, range.from, range.to, at);
      const rules = Object.fromEntries(RULE_CODES.map((r) => [r, counts.rules[r] ?? 0])) as Record<RuleCode, number>;
      const target =
        body.areaId !== undefined ? `area #${body.areaId}` : `meters ${meters.map((m) => `#${m.id}`).join(',')}`;
      await recordRequestOperation(app.db, request, me, {
        operation: 'dataCheck',
        detail: `${target} ${range.from}..${range.to}: ${counts.meters} meters, ${counts.days} days`,
        at,
      });
      return ok(
        {
          from: range.from,
          to: range.to,
          meters: counts.meters,
          days: counts.days,
          rules,
          qualities: counts.qualities,
        },
        request.t('common.success'),
      );
    },
  );
};
