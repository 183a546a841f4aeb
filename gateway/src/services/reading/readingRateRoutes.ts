// /api-workbench reading rate (抄表率, spec §7 meter/meterBase/readingRate): the share of expected meter-days that
// have a read, per residential area, concentrator or day, over at most 93 China days, for the meters in use inside
// the caller's data scope and the page's region / area / concentrator filters.
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { RATE_MAX_SPAN, READING_RECORD_PATHS, ReadingRate, ReadingRateQuery } from '@waterops/shared/reading';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { scopeFilter } from '../resource/resourceScope.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { RATE_DEFAULT_DAYS, readingRateOf } from './readingRate.ts';
import { METER_SCOPE, requestDayRange } from './readingRecordRoutes.ts';

const path = (full: string) => full.slice('/api-workbench'.length);

export const readingRateRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  app.get(
    path(READING_RECORD_PATHS.readingRate),
    {
      config: { permission: PERMISSIONS.readingRateView },
      schema: {
        tags: ['reading'],
        summary: 'Reading rate per area, concentrator or day (read meter-days / meters in use × days)',
        querystring: ReadingRateQuery,
        response: { 200: Result(ReadingRate), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const q = request.query;
      const { from, to } = requestDayRange(q, now(), RATE_DEFAULT_DAYS, RATE_MAX_SPAN);
      const me = app.principalOf(request);
      const predicates = scopeFilter(METER_SCOPE, me.scope);
      const filters = { regionId: q.regionId, areaId: q.areaId, concentratorId: q.concentratorId };
      const rate = await readingRateOf(app.db, me.companyId, predicates, { groupBy: q.groupBy, from, to, filters });
      return ok(rate, request.t('common.success'));
    },
  );
};
