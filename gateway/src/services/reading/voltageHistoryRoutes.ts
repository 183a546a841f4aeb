// /api-workbench/monitoring/voltageHistory: a meter's battery voltage, CSQ and RSRP over time for the status chart
// (meter drawer, device status page, reading records), averaged into at most ~1,000 buckets. Open to meter viewers,
// device-status viewers and reading-record viewers; the meter must be inside the caller's data scope.
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  READING_RECORD_PATHS,
  READINGS_MAX_SPAN,
  STATUS_CHART_DAYS,
  VOLTAGE_MAX_POINTS,
  VoltageHistory,
  VoltageHistoryQuery,
} from '@waterops/shared/reading';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { dayWindow, meterOfRequest, requestDayRange } from './readingRecordRoutes.ts';
import { bucketSecondsFor, statusBuckets } from './voltageHistoryRepository.ts';

const path = (full: string) => full.slice('/api-workbench'.length);

export const voltageHistoryRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  app.get(
    path(READING_RECORD_PATHS.voltageHistory),
    {
      config: {
        permission: PERMISSIONS.deviceMeterView,
        alsoPermitted: [PERMISSIONS.deviceStatusView, PERMISSIONS.readingRecordView],
      },
      schema: {
        tags: ['reading'],
        summary: "A meter's voltage, CSQ and RSRP over time, averaged per bucket (at most ~1,000 points)",
        querystring: VoltageHistoryQuery,
        response: { 200: Result(VoltageHistory), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const q = request.query;
      const range = requestDayRange(q, now(), STATUS_CHART_DAYS, READINGS_MAX_SPAN);
      const meter = await meterOfRequest(app, request, q.meterId);
      const me = app.principalOf(request);
      const window = dayWindow(range);
      const bucketSeconds = bucketSecondsFor(window, VOLTAGE_MAX_POINTS);
      const points = await statusBuckets(app.db, me.companyId, meter.id, window, bucketSeconds);
      return ok({ meterId: meter.id, ...range, bucketSeconds, points }, request.t('common.success'));
    },
  );
};
