// Regions and areas calls beyond the generic list/save/delete: every region of the tenant for the region selector
// (spec §7/§9: limit 999, page 1), and the resource ids of the two pages (their lists refresh after saves).
import type { PageResult, Result } from '@waterops/shared/api';
import { type Area, type AreaWaterRow, PLACE_PATHS, REGION_LIST_LIMIT, type Region } from '@waterops/shared/place';
import { baseApi } from '../../api/baseApi.ts';

export const REGION_RESOURCE = 'place.region';
export const AREA_RESOURCE = 'place.area';

export const placeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    allRegions: build.query<Region[], void>({
      query: () => ({ url: PLACE_PATHS.regions, params: { page: 1, limit: REGION_LIST_LIMIT } }),
      transformResponse: (r: PageResult<Region>) => r.data ?? [],
      // saving a region on its page refreshes the selectors too
      providesTags: [{ type: 'Resource', id: REGION_RESOURCE }],
    }),
    /** one area (the area drawer) */
    area: build.query<Area | null, number>({
      query: (id) => ({ url: PLACE_PATHS.area(id) }),
      transformResponse: (r: Result<Area | null>) => r.datas ?? null,
      providesTags: [{ type: 'Resource', id: AREA_RESOURCE }],
    }),
    /** how many meters and residents sit in an area (water/list narrowed to its name) */
    areaWater: build.query<AreaWaterRow | null, { id: number; areaName: string }>({
      query: ({ areaName }) => ({ url: PLACE_PATHS.areaWater, params: { page: 1, limit: 50, areaName } }),
      transformResponse: (r: PageResult<AreaWaterRow>, _meta, { id }) =>
        r.data?.find((row) => row.areaId === id) ?? null,
    }),
  }),
});

export const { useAllRegionsQuery, useAreaQuery, useAreaWaterQuery } = placeApi;
