// Data verification endpoints (数据校验): the exception list goes through the generic resource list (tagged
// DATA_CHECK_RESOURCE); the check revalidates on the server with the spec's 60 s timeout and refreshes that list.
import type { Result } from '@waterops/shared/api';
import {
  DATA_CHECK_PATHS,
  DATA_CHECK_TIMEOUT_MS,
  type DataCheckBody,
  type DataCheckResult,
} from '@waterops/shared/reading';
import { baseApi } from '../../api/baseApi.ts';

export const DATA_CHECK_RESOURCE = 'reading.dataCheck';

export const dataCheckApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    runDataCheck: build.mutation<DataCheckResult, DataCheckBody>({
      query: (body) => ({
        url: DATA_CHECK_PATHS.dataCheck,
        method: 'POST',
        data: body,
        timeout: DATA_CHECK_TIMEOUT_MS,
      }),
      transformResponse: (r: Result<DataCheckResult>) => r.datas,
      invalidatesTags: [{ type: 'Resource', id: DATA_CHECK_RESOURCE }],
    }),
  }),
});

export const { useRunDataCheckMutation } = dataCheckApi;
