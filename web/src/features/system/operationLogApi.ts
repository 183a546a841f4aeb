// The tenant's operation log, paged and filtered.
import type { PageResult } from '@waterops/shared/api';
import {
  OPERATION_RESULTS,
  OPERATIONS,
  type OperationLogEntry,
  type OperationLogQuery,
  USER_PATHS,
} from '@waterops/shared/user';
import { baseApi } from '../../api/baseApi.ts';
import { formatIsoDateTime } from '../../components/dateRange.ts';

/**
 * The filters as the page holds them: user name and IP prefix as typed, the chosen operation and result ('' = all)
 * and the picked range.
 */
export type OperationLogFilters = {
  username: string;
  operation: string;
  result: string;
  ip: string;
  start: Date | null;
  end: Date | null;
};

export const emptyOperationLogFilters: OperationLogFilters = {
  username: '',
  operation: '',
  result: '',
  ip: '',
  start: null,
  end: null,
};

const isOperation = (v: string): v is NonNullable<OperationLogQuery['operation']> =>
  (OPERATIONS as readonly string[]).includes(v);
const isResult = (v: string): v is NonNullable<OperationLogQuery['result']> =>
  (OPERATION_RESULTS as readonly string[]).includes(v);

/**
 * The query for one page of the log: texts trimmed, what is not filtered left out, the range in ISO 8601 with the
 * browser's offset (so the server does not read it in its own time zone).
 */
export const operationLogQuery = (filters: OperationLogFilters, page: number, limit: number): OperationLogQuery => {
  const username = filters.username.trim();
  const ip = filters.ip.trim();
  return {
    page,
    limit,
    ...(username ? { username } : {}),
    ...(isOperation(filters.operation) ? { operation: filters.operation } : {}),
    ...(isResult(filters.result) ? { result: filters.result } : {}),
    ...(ip ? { ip } : {}),
    ...(filters.start ? { startTime: formatIsoDateTime(filters.start) } : {}),
    ...(filters.end ? { endTime: formatIsoDateTime(filters.end) } : {}),
  };
};

export const operationLogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    operationLog: build.query<PageResult<OperationLogEntry>, OperationLogQuery>({
      query: (params) => ({ url: USER_PATHS.logs, params }),
      providesTags: ['OperationLog'],
    }),
  }),
});

export const { useOperationLogQuery } = operationLogApi;
