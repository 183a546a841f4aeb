// The generic endpoints behind descriptor pages: one list query and one mutation, tagged by resource id so a save
// or delete refreshes that resource's lists.
import { type ImportJob, type PageResult, type Result, sheetPaths } from '@waterops/shared/api';
import { baseApi } from '../api/baseApi.ts';
import type { RequestConfig } from '../api/request.ts';
import { formatIsoDateTime } from '../components/dateRange.ts';
import type { FilterValues, ImportDef, ListRequest } from './types.ts';

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
    /** an import job by its path, polled by the import dialog while it runs (no cache between dialogs) */
    importJob: build.query<Result<ImportJob>, string>({
      query: (url) => ({ url, not_msg: true }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useResourceListQuery, useResourceMutationMutation, useImportJobQuery } = resourceApi;

/** The import paths under a list path (the server's registration adds them there). */
export const importDefOf = (listPath: string, permissions?: readonly string[]): ImportDef => {
  const p = sheetPaths(listPath);
  return {
    templatePath: p.template,
    uploadPath: p.import,
    jobPath: p.job,
    failuresPath: p.failures,
    ...(permissions ? { permissions } : {}),
  };
};

/** The export query of a list: the page's query (same filters and sort) without page and limit. */
export const exportQuery = (query: Record<string, unknown>): Record<string, unknown> => {
  const { page: _page, limit: _limit, ...rest } = query;
  return rest;
};

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
