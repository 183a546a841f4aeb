// /api-workbench dma/map/districts: the operations map's district layer — every district with an outline, its
// 产销差率 of the last full month, its night-flow status and latest nightline. The whole tenant's districts (a few
// hundred at most), so one answer without paging.

import { Type } from '@sinclair/typebox';
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { DMA_PATHS, MapDistrict, type NightFlowStatus } from '@waterops/shared/dma';
import { addDays, addMonths, chinaDay, chinaMonth } from '@waterops/shared/reading';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { visibleDistrictIds } from './districtRepository.ts';
import { openEventCounts } from './leakEventRepository.ts';
import { latestNightlines, loadDistricts } from './nightFlowRepository.ts';
import { districtMonths } from './zoneMetering.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
/** A district whose latest nightline is older than this many days has an unknown night-flow status. */
export const NIGHTLINE_FRESH_DAYS = 7;

/** 'leak' with an open event; else 'normal' when a nightline of the last week exists; else 'unknown'. */
export const nightFlowStatus = (openEvents: number, latestDay: string | undefined, today: string): NightFlowStatus => {
  if (openEvents > 0) return 'leak';
  return latestDay !== undefined && latestDay > addDays(today, -NIGHTLINE_FRESH_DAYS) ? 'normal' : 'unknown';
};

export const mapDistrictRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  app.get(
    path(DMA_PATHS.mapDistricts),
    {
      config: { permission: PERMISSIONS.dmaDistrictView, alsoPermitted: [PERMISSIONS.dmaAnalysisView] },
      schema: {
        tags: ['dma'],
        summary: 'Every district with an outline: last full month’s loss rate, night-flow status, latest nightline',
        response: { 200: Result(Type.Array(MapDistrict)), 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const at = now();
      const today = chinaDay(at);
      const month = addMonths(chinaMonth(at), -1);
      const visible = await visibleDistrictIds(app.db, me.companyId, me.scope);
      const districts = (await loadDistricts(app.db, me.companyId)).filter(
        (d) => (d.polygon?.length ?? 0) >= 3 && (!visible || visible.has(d.id)),
      );
      const months = await districtMonths(app.db, me.companyId, districts, month);
      const nightlines = await latestNightlines(app.db, me.companyId);
      const open = await openEventCounts(app.db, me.companyId);
      return ok(
        months.map((m) => {
          const latest = nightlines.get(m.district.id);
          const events = open.get(m.district.id) ?? 0;
          return {
            id: m.district.id,
            districtName: m.district.name,
            kind: m.district.kind,
            parentId: m.district.parentId,
            polygon: m.district.polygon ?? [],
            lossRate: m.balance.productionSalesDifferenceRate,
            month,
            nightFlowStatus: nightFlowStatus(events, latest?.day, today),
            nightline: latest?.nightline ?? null,
            openLeakEvents: events,
            inletCount: m.inletCount,
            memberMeterCount: m.memberMeterCount,
          };
        }),
        request.t('common.success'),
      );
    },
  );
};
