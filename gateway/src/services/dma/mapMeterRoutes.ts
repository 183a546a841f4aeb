// GET /api-workbench/dma/map/meters: the operations map's meter layer as columns (MapMeters), within the account's
// data scope like the meter list (by the meter's residential area).
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { DMA_PATHS, MapMeters } from '@waterops/shared/dma';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { scopeFilter } from '../resource/resourceScope.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { mapMeters } from './mapMeterRepository.ts';

export const mapMeterRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  app.get(
    DMA_PATHS.mapMeters.slice('/api-workbench'.length),
    {
      config: { permission: PERMISSIONS.dmaDistrictView },
      schema: {
        tags: ['dma'],
        summary:
          'Every meter with a position as columns: id, code, lng, lat (BD-09), status 0 online 1 offline 2 alarm',
        response: { 200: Result(MapMeters), 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const scope = scopeFilter({ areaColumn: 'area_id' }, me.scope);
      return ok(await mapMeters(app.db, me.companyId, scope, now()), request.t('common.success'));
    },
  );
};
