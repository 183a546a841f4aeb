// Parameter config calls (spec §7 /api-business/paramconfig) for the page: every entry, the batch save, the
// enabled switch and delete; each change refreshes the list.
import type { Result } from '@waterops/shared/api';
import { CATALOGUE_PATHS, type ParamConfig, type ParamConfigSave } from '@waterops/shared/catalogue';
import { baseApi } from '../../api/baseApi.ts';

export const PARAM_CONFIG_RESOURCE = 'catalogue.paramConfig';
const tag = [{ type: 'Resource' as const, id: PARAM_CONFIG_RESOURCE }];

export const paramConfigApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    paramConfigs: build.query<ParamConfig[], void>({
      query: () => ({ url: CATALOGUE_PATHS.params }),
      transformResponse: (r: Result<ParamConfig[]>) => r.datas ?? [],
      providesTags: tag,
    }),
    paramConfigsSaved: build.mutation<unknown, ParamConfigSave[]>({
      // empty values are meaningful here (a cleared value), so the body goes as it is
      query: (rows) => ({ url: CATALOGUE_PATHS.paramBatchSave, method: 'POST', data: rows, not_filter: true }),
      invalidatesTags: tag,
    }),
    paramEnabledSet: build.mutation<unknown, { id: number; enabled: boolean }>({
      query: (params) => ({ url: CATALOGUE_PATHS.paramSetEnabled, params }),
      invalidatesTags: tag,
    }),
    paramDeleted: build.mutation<unknown, number>({
      query: (id) => ({ url: `${CATALOGUE_PATHS.paramDelete}/${id}`, method: 'DELETE' }),
      invalidatesTags: tag,
    }),
  }),
});

export const {
  useParamConfigsQuery,
  useParamConfigsSavedMutation,
  useParamEnabledSetMutation,
  useParamDeletedMutation,
} = paramConfigApi;
