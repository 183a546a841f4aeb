// GET /api-workbench/dma/map/config: the operations map's optional base map. The style URL and its coordinate system
// come from the environment (WATEROPS_MAP_STYLE_URL, WATEROPS_MAP_CRS), so a site with its own tile server turns it
// on without a rebuild; unset, the map draws on a plain background and requests nothing outside the app.
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { DMA_PATHS, MapConfig } from '@waterops/shared/dma';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import type { ServiceOptions } from '../serviceOptions.ts';

const path = (full: string) => full.slice('/api-workbench'.length);

export const mapConfigRoutes: ServicePlugin<ServiceOptions> = async (app, { config }) => {
  const datas: MapConfig = {
    styleUrl: config.WATEROPS_MAP_STYLE_URL ?? null,
    coordinateSystem: config.WATEROPS_MAP_CRS,
  };
  app.get(
    path(DMA_PATHS.mapConfig),
    {
      // the work-order pages draw their small map on the same base map
      config: {
        permission: PERMISSIONS.dmaDistrictView,
        alsoPermitted: [PERMISSIONS.workOrderView, PERMISSIONS.workOrderComplete],
      },
      schema: {
        tags: ['dma-map'],
        summary: "The operations map's base map: style URL (null = offline background) and its coordinate system",
        response: { 200: Result(MapConfig), 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => ok(datas, request.t('common.success')),
  );
};
