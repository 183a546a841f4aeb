// Regions and areas calls beyond the generic list/save/delete: every region of the tenant for the region selector
// (spec §7/§9: limit 999, page 1), and the resource ids of the two pages (their lists refresh after saves).
import type { PageResult } from '@waterops/shared/api';
import { PLACE_PATHS, REGION_LIST_LIMIT, type Region } from '@waterops/shared/place';
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
  }),
});

export const { useAllRegionsQuery } = placeApi;
