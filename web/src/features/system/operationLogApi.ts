// The tenant's operation log, paged.
import type { PageResult } from '@waterops/shared/api';
import { type OperationLogEntry, type OperationLogQuery, USER_PATHS } from '@waterops/shared/user';
import { baseApi } from '../../api/baseApi.ts';
import { formatIsoDateTime } from '../../components/dateRange.ts';

/** The filters as the page holds them: a user name as typed and the picked range. */
export type OperationLogFilters = { username: string; start: Date | null; end: Date | null };

/**
 * The query for one page of the log: the user name trimmed (left out when empty), the range in ISO 8601 with the
 * browser's offset (left out when not picked), so the server does not read it in its own time zone.
 */
export const operationLogQuery = (filters: OperationLogFilters, page: number, limit: number): OperationLogQuery => ({
  page,
  limit,
  ...(filters.username.trim() ? { username: filters.username.trim() } : {}),
  ...(filters.start ? { startTime: formatIsoDateTime(filters.start) } : {}),
  ...(filters.end ? { endTime: formatIsoDateTime(filters.end) } : {}),
});

export const operationLogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    operationLog: build.query<PageResult<OperationLogEntry>, OperationLogQuery>({
      query: (params) => ({ url: USER_PATHS.logs, params }),
      providesTags: ['OperationLog'],
    }),
  }),
});

export const { useOperationLogQuery } = operationLogApi;
