// Water meter calls beyond the generic list/save/delete: one meter and its binding history for the detail drawer,
// the residential areas for the list's area filter, detaching meters from their collectors (batchUntie), and the
// resource id of the meter page (its list refreshes after saves).
import type { PageResult, Result } from '@waterops/shared/api';
import { CATALOGUE_PATHS, type Manufacturer, type MeterModel } from '@waterops/shared/catalogue';
import { type Binding, CUSTOMER_PATHS } from '@waterops/shared/customer';
import { DEVICE_PATHS, type Meter } from '@waterops/shared/device';
import { type Area, PLACE_PATHS } from '@waterops/shared/place';
import { baseApi } from '../../api/baseApi.ts';

export const METER_RESOURCE = 'device.meter';

/** Spec §9 "region list (limit 999, page 1)": the area filter and the catalogue choices list the tenant's so. */
const AREA_FILTER_LIMIT = 999;

export const meterApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    meter: build.query<Meter, number>({
      query: (id) => ({ url: DEVICE_PATHS.meter(id) }),
      transformResponse: (r: Result<Meter>) => r.datas,
      providesTags: [{ type: 'Resource', id: METER_RESOURCE }],
    }),
    /** the meter's binding history (data/residentMeter/history, oldest first there), newest first */
    meterBindings: build.query<Binding[], number>({
      query: (meterId) => ({ url: CUSTOMER_PATHS.history, params: { meterId, page: 1, limit: 999 } }),
      transformResponse: (r: Result<Binding[]>) => [...(r.datas ?? [])].reverse(),
      providesTags: [{ type: 'Resource', id: METER_RESOURCE }],
    }),
    meterAreas: build.query<Area[], void>({
      query: () => ({ url: PLACE_PATHS.areas, params: { page: 1, limit: AREA_FILTER_LIMIT } }),
      transformResponse: (r: PageResult<Area>) => r.data ?? [],
    }),
    meterManufacturers: build.query<Manufacturer[], void>({
      query: () => ({ url: CATALOGUE_PATHS.manufacturers, params: { page: 1, limit: AREA_FILTER_LIMIT } }),
      transformResponse: (r: PageResult<Manufacturer>) => r.data ?? [],
    }),
    meterModels: build.query<MeterModel[], void>({
      query: () => ({ url: CATALOGUE_PATHS.meterModels, params: { page: 1, limit: AREA_FILTER_LIMIT } }),
      transformResponse: (r: PageResult<MeterModel>) => r.data ?? [],
    }),
    meterBatchUntie: build.mutation<unknown, number[]>({
      query: (ids) => ({ url: DEVICE_PATHS.meterBatchUntie, method: 'POST', data: { ids } }),
      invalidatesTags: [{ type: 'Resource', id: METER_RESOURCE }],
    }),
  }),
});

export const {
  useMeterQuery,
  useMeterBindingsQuery,
  useMeterAreasQuery,
  useMeterManufacturersQuery,
  useMeterModelsQuery,
  useMeterBatchUntieMutation,
} = meterApi;
