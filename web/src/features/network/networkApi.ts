// Pipe-network calls beyond the pipeline and well lists' generic list/save/delete (NETWORK_PATHS): the districts
// and wells as choices, the monitoring summary and the EPANET import (which refreshes both lists).
import type { PageResult, Result } from '@waterops/shared/api';
import { type District, DMA_PATHS } from '@waterops/shared/dma';
import { type EpanetImport, NETWORK_PATHS, type NetworkMonitoring, type Well } from '@waterops/shared/network';
import { baseApi } from '../../api/baseApi.ts';

export const PIPELINE_RESOURCE = 'network.pipeline';
export const WELL_RESOURCE = 'network.well';

/** Spec §9 "limit 999": the choices of a selector fit one page. */
const CHOICES_LIMIT = 999;

export const networkApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    networkDistricts: build.query<District[], void>({
      query: () => ({ url: DMA_PATHS.districts, params: { page: 1, limit: CHOICES_LIMIT }, not_msg: true }),
      transformResponse: (r: PageResult<District>) => r.data ?? [],
    }),
    networkWells: build.query<Well[], void>({
      query: () => ({ url: NETWORK_PATHS.wells, params: { page: 1, limit: CHOICES_LIMIT } }),
      transformResponse: (r: PageResult<Well>) => r.data ?? [],
      providesTags: [{ type: 'Resource', id: WELL_RESOURCE }],
    }),
    networkMonitoring: build.query<NetworkMonitoring, { districtId?: number }>({
      query: (params) => ({ url: NETWORK_PATHS.monitoring, params }),
      transformResponse: (r: Result<NetworkMonitoring>) => r.datas,
      providesTags: [
        { type: 'Resource', id: PIPELINE_RESOURCE },
        { type: 'Resource', id: WELL_RESOURCE },
      ],
    }),
    epanetImport: build.mutation<EpanetImport, FormData>({
      query: (data) => ({ url: NETWORK_PATHS.epanetImport, method: 'POST', data, not_msg: true }),
      transformResponse: (r: Result<EpanetImport>) => r.datas,
      invalidatesTags: [
        { type: 'Resource', id: PIPELINE_RESOURCE },
        { type: 'Resource', id: WELL_RESOURCE },
      ],
    }),
  }),
});

export const { useNetworkDistrictsQuery, useNetworkWellsQuery, useNetworkMonitoringQuery, useEpanetImportMutation } =
  networkApi;
