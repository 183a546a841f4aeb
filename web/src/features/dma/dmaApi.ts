// District metering calls beyond the district list's generic list/save/delete (DMA_PATHS): the districts as
// choices (parent, the night-flow picker), an outline save, the month's balance of every district and of one, the
// night flow (nightlines, events, day curves), a re-analysis and the inlet-flow CSV import. Saves refresh what
// depends on them through the resource tags.
import type { PageResult, Result } from '@waterops/shared/api';
import {
  type District,
  type DistrictPositionSave,
  type DistrictWaterStatistics,
  DMA_PATHS,
  type InletFlowImport,
  type InletFlowUnit,
  type NightFlowBaseline,
  type NightFlowCurves,
  type NightFlowRun,
  type NightFlowSeries,
  type ZoneMeteringRow,
} from '@waterops/shared/dma';
import { baseApi } from '../../api/baseApi.ts';

/** The resource id of the district list (its saves refresh the choices too). */
export const DISTRICT_RESOURCE = 'dma.district';
/** What the analysis reads: refreshed after an import or a re-analysis. */
export const DMA_ANALYSIS_RESOURCE = 'dma.analysis';

/** An inlet-flow upload: the file, its zone and unit, and a wide file's header → meter id (null: skipped). */
export type InletFlowUpload = {
  districtId: number;
  file: File;
  /** a long file's meter for lines without a code */
  meterId?: number;
  timeZone: string;
  unit: InletFlowUnit;
  columns?: Record<string, number | null>;
};

/** Spec §9 "limit 999": every district of the tenant fits one page of choices. */
const CHOICES_LIMIT = 999;

export const dmaApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    districtChoices: build.query<District[], void>({
      query: () => ({ url: DMA_PATHS.districts, params: { page: 1, limit: CHOICES_LIMIT } }),
      transformResponse: (r: PageResult<District>) => r.data ?? [],
      providesTags: [{ type: 'Resource', id: DISTRICT_RESOURCE }],
    }),
    saveDistrictPosition: build.mutation<unknown, DistrictPositionSave>({
      query: (body) => ({ url: DMA_PATHS.districtPosition, method: 'POST', data: body, not_filter: true }),
      invalidatesTags: [
        { type: 'Resource', id: DISTRICT_RESOURCE },
        { type: 'Resource', id: DMA_ANALYSIS_RESOURCE },
      ],
    }),
    zoneMetering: build.query<ZoneMeteringRow[], { month: string; kind?: number }>({
      query: (params) => ({ url: DMA_PATHS.zoneMetering, params }),
      transformResponse: (r: Result<ZoneMeteringRow[]>) => r.datas ?? [],
      providesTags: [{ type: 'Resource', id: DMA_ANALYSIS_RESOURCE }],
    }),
    waterStatistics: build.query<DistrictWaterStatistics, { districtId: number; month: string }>({
      query: (params) => ({ url: DMA_PATHS.waterStatistics, params }),
      transformResponse: (r: Result<DistrictWaterStatistics>) => r.datas,
      providesTags: [{ type: 'Resource', id: DMA_ANALYSIS_RESOURCE }],
    }),
    nightFlow: build.query<NightFlowSeries, { districtId: number; from: string; to: string }>({
      query: (params) => ({ url: DMA_PATHS.nightFlow, params }),
      transformResponse: (r: Result<NightFlowSeries>) => r.datas,
      providesTags: [{ type: 'Resource', id: DMA_ANALYSIS_RESOURCE }],
    }),
    nightFlowCurves: build.query<NightFlowCurves, { districtId: number; days: string }>({
      query: (params) => ({ url: DMA_PATHS.nightFlowCurves, params }),
      transformResponse: (r: Result<NightFlowCurves>) => r.datas,
      providesTags: [{ type: 'Resource', id: DMA_ANALYSIS_RESOURCE }],
    }),
    nightFlowAnalyse: build.mutation<NightFlowRun, { districtId: number; from?: string; to?: string }>({
      query: (params) => ({ url: DMA_PATHS.nightFlowAnalyse, method: 'POST', params }),
      transformResponse: (r: Result<NightFlowRun>) => r.datas,
      invalidatesTags: [{ type: 'Resource', id: DMA_ANALYSIS_RESOURCE }],
    }),
    nightFlowBaseline: build.mutation<NightFlowRun, NightFlowBaseline>({
      query: (body) => ({ url: DMA_PATHS.nightFlowBaseline, method: 'POST', body }),
      transformResponse: (r: Result<NightFlowRun>) => r.datas,
      invalidatesTags: [{ type: 'Resource', id: DMA_ANALYSIS_RESOURCE }],
    }),
    inletFlowImport: build.mutation<InletFlowImport, InletFlowUpload>({
      query: ({ districtId, file, meterId, timeZone, unit, columns }) => {
        const data = new FormData();
        // the mapping before the file: the gateway reads the file as it streams in
        if (columns) data.append('columns', JSON.stringify(columns));
        data.append('file', file);
        const params = { districtId, timeZone, unit, ...(meterId ? { meterId } : {}) };
        return { url: DMA_PATHS.inletFlowImport, method: 'POST', params, data };
      },
      transformResponse: (r: Result<InletFlowImport>) => r.datas,
      invalidatesTags: [{ type: 'Resource', id: DMA_ANALYSIS_RESOURCE }],
    }),
  }),
});

export const {
  useDistrictChoicesQuery,
  useSaveDistrictPositionMutation,
  useZoneMeteringQuery,
  useWaterStatisticsQuery,
  useNightFlowQuery,
  useNightFlowCurvesQuery,
  useNightFlowAnalyseMutation,
  useNightFlowBaselineMutation,
  useInletFlowImportMutation,
} = dmaApi;
