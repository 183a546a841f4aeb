// The generic endpoints behind descriptor pages: one list query and one mutation, tagged by resource id so a save
// or delete refreshes that resource's lists.
import type { PageResult } from '@waterops/shared/api';
import { baseApi } from '../api/baseApi.ts';
import type { RequestConfig } from '../api/request.ts';
import { formatIsoDateTime } from '../components/dateRange.ts';
import type { FilterValues, ListRequest } from './types.ts';

type Call = { resource: string; config: RequestConfig };

export const resourceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    resourceList: build.query<PageResult<unknown>, Call>({
      query: ({ config }) => config,
      providesTags: (_result, _error, { resource }) => [{ type: 'Resource', id: resource }],
    }),
    resourceMutation: build.mutation<unknown, Call>({
      query: ({ config }) => config,
      invalidatesTags: (_result, _error, { resource }) => [{ type: 'Resource', id: resource }],
    }),
  }),
});

export const { useResourceListQuery, useResourceMutationMutation } = resourceApi;

/**
 * The default query of one page: text trimmed and left out when empty, dates in ISO 8601 with the browser's
 * offset, then page, limit and the sort as `sort` (column key) and `order` (asc | desc).
 */
export const defaultListQuery = <Filters extends FilterValues>(request: ListRequest<Filters>) => {
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(request.filters)) {
    if (value instanceof Date) params[key] = formatIsoDateTime(value);
    else if (typeof value === 'string' && value.trim() !== '') params[key] = value.trim();
  }
  params.page = request.page;
  params.limit = request.limit;
  if (request.sort) {
    params.sort = request.sort.key;
    params.order = request.sort.direction;
  }
  return params;
};
