// The monitoring pages' calls (spec §7 /api-workbench/monitoring/*): the status board, the overview's figures
// (typeCount, trend, topTenArea) and handling usage exceptions. The usage-exception and device lists are resource
// lists over their paths (resource id = cache tag), so a handling refreshes the exception list.

import type { Static } from '@sinclair/typebox';
import type { Result } from '@waterops/shared/api';
import {
  type AlarmActionResult,
  type DeviceStatusCell,
  type LeakageStateRequest,
  MONITORING_PATHS,
  type StatsRangeQuery,
  type TopArea,
  type Trend,
  type TypeCount,
  type TypeCountQuery,
} from '@waterops/shared/monitoring';
import { baseApi } from '../../api/baseApi.ts';

/** The usage-exception list's resource id (its cache tag). */
export const USAGE_EXCEPTION_RESOURCE = 'monitoring.useWaterException';
/** The status board's drawer lists (one per kind). */
export const BOARD_DEVICES_RESOURCE = 'monitoring.boardDevices';

/** How often the status board asks again over REST while the live channel is not delivering (ms). */
export const BOARD_POLL_MS = 30_000;

const params = (q: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));

export const monitoringApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    statusBoard: build.query<DeviceStatusCell[], void>({
      query: () => ({ url: MONITORING_PATHS.statusBoard }),
      transformResponse: (r: Result<DeviceStatusCell[]>) => r.datas,
    }),
    typeCount: build.query<TypeCount, TypeCountQuery>({
      query: (q) => ({ url: MONITORING_PATHS.typeCount, params: params(q) }),
      transformResponse: (r: Result<TypeCount>) => r.datas,
    }),
    trend: build.query<Trend, StatsRangeQuery>({
      query: (q) => ({ url: MONITORING_PATHS.trend, params: params(q) }),
      transformResponse: (r: Result<Trend>) => r.datas,
    }),
    topTenArea: build.query<TopArea[], StatsRangeQuery>({
      query: (q) => ({ url: MONITORING_PATHS.topTenArea, params: params(q) }),
      transformResponse: (r: Result<TopArea[]>) => r.datas,
    }),
    updateLeakageWaterState: build.mutation<Static<typeof AlarmActionResult>, LeakageStateRequest>({
      query: (data) => ({ url: MONITORING_PATHS.updateLeakageWaterState, method: 'POST', data }),
      transformResponse: (r: Result<Static<typeof AlarmActionResult>>) => r.datas,
      invalidatesTags: [{ type: 'Resource', id: USAGE_EXCEPTION_RESOURCE }],
    }),
  }),
});

export const {
  useStatusBoardQuery,
  useTypeCountQuery,
  useTrendQuery,
  useTopTenAreaQuery,
  useUpdateLeakageWaterStateMutation,
} = monitoringApi;
