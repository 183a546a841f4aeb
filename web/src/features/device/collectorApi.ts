// Collector calls beyond the generic list/save/delete: one collector and its meters' codes for the detail drawer,
// the stored ip address and upload frequency for the settings dialog, the meter archive (setDeviceArchives) and
// the batch deletion. The dialogs show a failure themselves (under its field, or as a message): no second toast.
import type { Result } from '@waterops/shared/api';
import { type Collector, type CollectorArchives, type CollectorIpAddress, DEVICE_PATHS } from '@waterops/shared/device';
import { baseApi } from '../../api/baseApi.ts';
import { COLLECTOR_RESOURCE, CONCENTRATOR_RESOURCE } from './concentratorApi.ts';

const tags = [
  { type: 'Resource' as const, id: CONCENTRATOR_RESOURCE },
  { type: 'Resource' as const, id: COLLECTOR_RESOURCE },
];

type Nullable<T> = { [K in keyof T]: T[K] | null };

export const collectorApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    collector: build.query<Collector, number>({
      query: (id) => ({ url: DEVICE_PATHS.collector(id), not_msg: true }),
      transformResponse: (r: Result<Collector>) => r.datas,
      providesTags: tags,
    }),
    collectorArchives: build.query<CollectorArchives, number>({
      query: (id) => ({ url: DEVICE_PATHS.collectorDeviceArchives(id) }),
      transformResponse: (r: Result<CollectorArchives>) => r.datas,
      providesTags: tags,
    }),
    saveCollectorArchives: build.mutation<unknown, { id: number; meterCodes: string }>({
      query: ({ id, meterCodes }) => ({
        url: DEVICE_PATHS.collectorDeviceArchives(id),
        method: 'POST',
        data: { meterCodes },
        not_filter: true,
        not_msg: true,
      }),
      invalidatesTags: tags,
    }),
    collectorIpAddress: build.query<Nullable<CollectorIpAddress>, number>({
      query: (id) => ({ url: DEVICE_PATHS.collectorIpAddress(id) }),
      transformResponse: (r: Result<Nullable<CollectorIpAddress>>) => r.datas,
      keepUnusedDataFor: 0,
    }),
    saveCollectorIpAddress: build.mutation<unknown, { id: number } & CollectorIpAddress>({
      query: ({ id, ...data }) => ({ url: DEVICE_PATHS.collectorIpAddress(id), method: 'POST', data, not_msg: true }),
      invalidatesTags: tags,
    }),
    collectorUploadFrequency: build.query<{ uploadFrequency: number | null }, number>({
      query: (id) => ({ url: DEVICE_PATHS.collectorUploadFrequency(id) }),
      transformResponse: (r: Result<{ uploadFrequency: number | null }>) => r.datas,
      keepUnusedDataFor: 0,
    }),
    saveCollectorUploadFrequency: build.mutation<unknown, { id: number; uploadFrequency: number }>({
      query: ({ id, uploadFrequency }) => ({
        url: DEVICE_PATHS.collectorUploadFrequency(id),
        method: 'POST',
        data: { uploadFrequency },
        not_msg: true,
      }),
      invalidatesTags: tags,
    }),
    batchDeleteCollectors: build.mutation<unknown, number[]>({
      query: (ids) => ({ url: DEVICE_PATHS.collectorBatchDelete, method: 'POST', data: { ids }, not_msg: true }),
      invalidatesTags: tags,
    }),
  }),
});

export const {
  useCollectorQuery,
  useCollectorArchivesQuery,
  useSaveCollectorArchivesMutation,
  useCollectorIpAddressQuery,
  useSaveCollectorIpAddressMutation,
  useCollectorUploadFrequencyQuery,
  useSaveCollectorUploadFrequencyMutation,
  useBatchDeleteCollectorsMutation,
} = collectorApi;
