// The tenant's operation log, paged.
import type { PageResult } from '@waterops/shared/api';
import { type OperationLogEntry, type OperationLogQuery, USER_PATHS } from '@waterops/shared/user';
import { baseApi } from '../../api/baseApi.ts';

export const operationLogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    operationLog: build.query<PageResult<OperationLogEntry>, OperationLogQuery>({
      query: (params) => ({ url: USER_PATHS.logs, params }),
      providesTags: ['OperationLog'],
    }),
  }),
});

export const { useOperationLogQuery } = operationLogApi;
