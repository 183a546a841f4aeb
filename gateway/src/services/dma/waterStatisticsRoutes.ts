// /api-workbench dma/dmaWaterStatistics (one district's water balance for a month, with its days) and
// dma/dmaZoneMetering (every district's for a month: the production–sales difference page). Supplied comes from the
// inlet and outlet registers, billed from the member meters' validated days (zoneMeteringFigures.ts says why).

import { Type } from '@sinclair/typebox';
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  DistrictWaterStatistics,
  DMA_PATHS,
  WaterStatisticsQuery,
  ZoneMeteringQuery,
  ZoneMeteringRow,
} from '@waterops/shared/dma';
import { addMonths, chinaMonth } from '@waterops/shared/reading';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { districtOr404 } from './nightFlowRoutes.ts';
import { billedPerDay } from './waterStatisticsRepository.ts';
import { districtMonths, monthDays, round3, zoneMeteringRows } from './zoneMetering.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
/** The contract's query with the month optional: without one, the last full month (a list that opens with no filter). */
const ZoneMeteringListQuery = Type.Object({
  month: Type.Optional(ZoneMeteringQuery.properties.month),
  kind: ZoneMeteringQuery.properties.kind,
});

export const waterStatisticsRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  app.get(
    path(DMA_PATHS.waterStatistics),
    {
      config: { permission: PERMISSIONS.dmaAnalysisView },
      schema: {
        tags: ['dma'],
        summary: 'A district’s water balance for a month (supplied, billed, NRW, loss rates, ILI) and its days',
        querystring: WaterStatisticsQuery,
        response: { 200: Result(DistrictWaterStatistics), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { districtId, month } = request.query;
      const district = await districtOr404(app.db, me.companyId, districtId, me.scope);
      const [m] = await districtMonths(app.db, me.companyId, [district], month);
      const days = monthDays(month);
      const billed = await billedPerDay(app.db, me.companyId, districtId, days[0] as string, days.at(-1) as string);
      return ok(
        {
          districtId,
          districtName: district.name,
          month,
          input: m?.input ?? {},
          balance: m?.balance as DistrictWaterStatistics['balance'],
          billedCoverage: m?.billedCoverage ?? null,
          days: days.map((day) => ({
            day,
            suppliedM3: round3(m?.supplied.perDay.get(day)),
            billedM3: round3(billed.get(day)),
          })),
        },
        request.t('common.success'),
      );
    },
  );

  app.get(
    path(DMA_PATHS.zoneMetering),
    {
      config: { permission: PERMISSIONS.dmaAnalysisView },
      schema: {
        tags: ['dma'],
        summary: 'Every district’s water balance for a month, with its latest nightline and open leak events',
        querystring: ZoneMeteringListQuery,
        response: { 200: Result(Type.Array(ZoneMeteringRow)), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { kind } = request.query;
      const month = request.query.month ?? addMonths(chinaMonth(now()), -1);
      return ok(await zoneMeteringRows(app.db, me.companyId, me.scope, month, kind), request.t('common.success'));
    },
  );
};
