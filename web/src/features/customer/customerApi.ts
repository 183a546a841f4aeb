// Resident calls beyond the generic list/save: one resident and its binding history for the drawer, the bound
// meters of a resident, the resident categories for the form and filter, and the changes of the binding, the batch
// delete, closing and the app accounts. A change refreshes the resident list and the meter page's caches (a meter's
// drawer shows its resident).
import type { PageResult, Result } from '@waterops/shared/api';
import { CATALOGUE_PATHS, type ResidentCategory } from '@waterops/shared/catalogue';
import {
  type AppAccount,
  type Binding,
  CUSTOMER_PATHS,
  type Resident,
  type ResidentWater,
} from '@waterops/shared/customer';
import { baseApi } from '../../api/baseApi.ts';

export const RESIDENT_RESOURCE = 'customer.resident';
/** the meter page's resource id (its list and drawer show the binding too) */
const METER_RESOURCE = 'device.meter';
const CHANGED = [
  { type: 'Resource' as const, id: RESIDENT_RESOURCE },
  { type: 'Resource' as const, id: METER_RESOURCE },
];

/** Spec §7: the resident category list is asked for with page 1 and limit 100. */
const CATEGORY_LIMIT = 100;

const ids = (list: readonly number[]) => list.join(',');

export const customerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    resident: build.query<Resident, number>({
      query: (id) => ({ url: CUSTOMER_PATHS.resident(id) }),
      transformResponse: (r: Result<Resident>) => r.datas,
      providesTags: [{ type: 'Resource', id: RESIDENT_RESOURCE }],
    }),
    residentBindings: build.query<Binding[], number>({
      query: (residentId) => ({ url: CUSTOMER_PATHS.history, params: { residentId, page: 1, limit: 999 } }),
      transformResponse: (r: Result<Binding[]>) => r.datas ?? [],
      providesTags: [{ type: 'Resource', id: RESIDENT_RESOURCE }],
    }),
    residentWater: build.query<ResidentWater[], number>({
      query: (residentId) => ({ url: CUSTOMER_PATHS.residentWater, params: { residentId, page: 1, limit: 999 } }),
      transformResponse: (r: Result<ResidentWater[]>) => r.datas ?? [],
      providesTags: [{ type: 'Resource', id: RESIDENT_RESOURCE }],
    }),
    residentCategories: build.query<ResidentCategory[], void>({
      query: () => ({ url: CATALOGUE_PATHS.residentCategories, params: { page: 1, limit: CATEGORY_LIMIT } }),
      transformResponse: (r: PageResult<ResidentCategory>) => r.data ?? [],
    }),
    bindMeters: build.mutation<unknown, { residentId: number; meterIds: number[] }>({
      query: (data) => ({ url: CUSTOMER_PATHS.bind, method: 'POST', data }),
      invalidatesTags: CHANGED,
    }),
    unbindMeter: build.mutation<unknown, { meterId: number; kind: 'relieve' | 'takeOff' }>({
      query: ({ meterId, kind }) => ({
        url: kind === 'takeOff' ? CUSTOMER_PATHS.takeOff : CUSTOMER_PATHS.relieve,
        params: { meterId },
      }),
      invalidatesTags: CHANGED,
    }),
    closeResidents: build.mutation<unknown, number[]>({
      query: (residentIds) => ({ url: CUSTOMER_PATHS.batchClearance, params: { residentIds: ids(residentIds) } }),
      invalidatesTags: CHANGED,
    }),
    deleteResidents: build.mutation<unknown, number[]>({
      query: (list) => ({ url: CUSTOMER_PATHS.residentDeleteBatch, method: 'POST', data: { ids: list } }),
      invalidatesTags: CHANGED,
    }),
    generateAppAccounts: build.mutation<AppAccount[], number[]>({
      query: (list) => ({ url: CUSTOMER_PATHS.appAccountBatch, method: 'POST', data: { ids: list } }),
      transformResponse: (r: Result<AppAccount[]>) => r.datas ?? [],
      invalidatesTags: [{ type: 'Resource', id: RESIDENT_RESOURCE }],
    }),
    nextResidentCode: build.mutation<string, void>({
      query: () => ({ url: CUSTOMER_PATHS.residentNextCode, method: 'POST' }),
      transformResponse: (r: Result<string>) => r.datas,
    }),
  }),
});

export const {
  useResidentQuery,
  useResidentBindingsQuery,
  useResidentWaterQuery,
  useResidentCategoriesQuery,
  useBindMetersMutation,
  useUnbindMeterMutation,
  useCloseResidentsMutation,
  useDeleteResidentsMutation,
  useGenerateAppAccountsMutation,
  useNextResidentCodeMutation,
} = customerApi;
