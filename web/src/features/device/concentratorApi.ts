// Concentrator calls beyond the generic list/save/delete: one concentrator and its collectors for the detail drawer,
// the stored parameters for the settings dialog, the residential areas and concentrators for the list filters, and
// the resource ids of the concentrator and collector pages (their lists and drawers refresh after saves).
import type { PageResult, Result } from '@waterops/shared/api';
import {
  type Collector,
  type Concentrator,
  type ConcentratorParams,
  type ConcentratorTime,
  DEVICE_PATHS,
} from '@waterops/shared/device';
import { type Area, PLACE_PATHS } from '@waterops/shared/place';
import { baseApi } from '../../api/baseApi.ts';

export const CONCENTRATOR_RESOURCE = 'device.concentrator';
export const COLLECTOR_RESOURCE = 'device.collector';

/** The area filter lists the tenant's areas the way the region selector does (limit 999, page 1). */
const AREA_FILTER_LIMIT = 999;
/** The drawer lists a concentrator's collectors, a page of at most this many. */
const DRAWER_COLLECTORS = 200;

const tags = [
  { type: 'Resource' as const, id: CONCENTRATOR_RESOURCE },
  { type: 'Resource' as const, id: COLLECTOR_RESOURCE },
];

export const concentratorApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    concentrator: build.query<Concentrator, number>({
      query: (id) => ({ url: DEVICE_PATHS.concentrator(id), not_msg: true }),
      transformResponse: (r: Result<Concentrator>) => r.datas,
      providesTags: tags,
    }),
    collectorsOfConcentrator: build.query<PageResult<Collector>, number>({
      query: (concentratorId) => ({
        url: DEVICE_PATHS.collectors,
        params: { concentratorId, page: 1, limit: DRAWER_COLLECTORS },
      }),
      providesTags: tags,
    }),
    /** the concentrator's clock as reckoned from the offset it reported with its last batch */
    concentratorTime: build.query<ConcentratorTime, number>({
      query: (id) => ({ url: DEVICE_PATHS.concentratorTime, params: { id }, not_msg: true }),
      transformResponse: (r: Result<ConcentratorTime>) => r.datas,
      keepUnusedDataFor: 0,
    }),
    concentratorParams: build.query<ConcentratorParams, number>({
      query: (id) => ({ url: DEVICE_PATHS.concentratorParams(id) }),
      transformResponse: (r: Result<ConcentratorParams>) => r.datas,
      keepUnusedDataFor: 0,
    }),
    saveConcentratorParams: build.mutation<unknown, ConcentratorParams>({
      // every parameter is sent, null clearing it
      // the dialog shows a failure itself (under its field, or as a message)
      query: (data) => ({
        url: DEVICE_PATHS.concentratorParamsSave,
        method: 'POST',
        data,
        not_filter: true,
        not_msg: true,
      }),
      invalidatesTags: tags,
    }),
    /** the collector page's concentrator filter: the tenant's concentrators (limit 999, page 1) */
    deviceConcentrators: build.query<Concentrator[], void>({
      query: () => ({ url: DEVICE_PATHS.concentrators, params: { page: 1, limit: AREA_FILTER_LIMIT } }),
      transformResponse: (r: PageResult<Concentrator>) => r.data ?? [],
      providesTags: tags,
    }),
    deviceAreas: build.query<Area[], void>({
      query: () => ({ url: PLACE_PATHS.areas, params: { page: 1, limit: AREA_FILTER_LIMIT } }),
      transformResponse: (r: PageResult<Area>) => r.data ?? [],
    }),
  }),
});

export const {
  useConcentratorQuery,
  useCollectorsOfConcentratorQuery,
  useConcentratorTimeQuery,
  useConcentratorParamsQuery,
  useSaveConcentratorParamsMutation,
  useDeviceAreasQuery,
  useDeviceConcentratorsQuery,
} = concentratorApi;
