// The operations map's calls: its base-map config, districts and meter columns (dma/map/*), pipes and wells
// (pipeNetPipeLine/map, pipeNetWell/map), valves from the valve list, and saving an outline (dmadistrictposition).
// Layers a user may not see (no permission) are simply not asked for: the page passes `skip`.
import type { PageResult, Result } from '@waterops/shared/api';
import { DEVICE_PATHS, type Valve } from '@waterops/shared/device';
import {
  type DistrictPositionSave,
  DMA_PATHS,
  type MapConfig,
  type MapDistrict,
  type MapMeters,
} from '@waterops/shared/dma';
import { type MapPipe, type MapWell, NETWORK_PATHS } from '@waterops/shared/network';
import { baseApi } from '../../../api/baseApi.ts';

/** The valve list is paged; the map asks for its first page at the largest size (valves number in the hundreds). */
export const VALVE_MAP_LIMIT = 999;

export type MapValve = Pick<Valve, 'id' | 'valveCode' | 'valveState' | 'lng' | 'lat'>;

const MAP_TAG = { type: 'Resource' as const, id: 'dma.map' };

export const mapApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    mapConfig: build.query<MapConfig, void>({
      query: () => ({ url: DMA_PATHS.mapConfig }),
      transformResponse: (r: Result<MapConfig>) => r.datas,
    }),
    mapDistricts: build.query<MapDistrict[], void>({
      query: () => ({ url: DMA_PATHS.mapDistricts }),
      transformResponse: (r: Result<MapDistrict[]>) => r.datas,
      providesTags: [MAP_TAG],
    }),
    mapMeters: build.query<MapMeters, void>({
      query: () => ({ url: DMA_PATHS.mapMeters }),
      transformResponse: (r: Result<MapMeters>) => r.datas,
    }),
    mapPipes: build.query<MapPipe[], void>({
      query: () => ({ url: NETWORK_PATHS.pipelineMap }),
      transformResponse: (r: Result<MapPipe[]>) => r.datas,
    }),
    mapWells: build.query<MapWell[], void>({
      query: () => ({ url: NETWORK_PATHS.wellMap }),
      transformResponse: (r: Result<MapWell[]>) => r.datas,
    }),
    mapValves: build.query<MapValve[], void>({
      query: () => ({ url: DEVICE_PATHS.valves, params: { page: 1, limit: VALVE_MAP_LIMIT } }),
      transformResponse: (r: PageResult<Valve>) =>
        r.data.map(({ id, valveCode, valveState, lng, lat }) => ({ id, valveCode, valveState, lng, lat })),
    }),
    saveDistrictPosition: build.mutation<unknown, DistrictPositionSave>({
      query: (data) => ({ url: DMA_PATHS.districtPosition, method: 'POST', data }),
      invalidatesTags: [MAP_TAG],
    }),
  }),
});

export const {
  useMapConfigQuery,
  useMapDistrictsQuery,
  useMapMetersQuery,
  useMapPipesQuery,
  useMapWellsQuery,
  useMapValvesQuery,
  useSaveDistrictPositionMutation,
} = mapApi;
