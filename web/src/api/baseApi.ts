// The one RTK Query api. Features add their endpoints with `baseApi.injectEndpoints` in `<feature>Api.ts`.
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import { type RequestConfig, RequestError, type RequestFailure, request } from './request.ts';

/** RTK Query's base query over our request layer; the error is the serializable RequestFailure. */
export const requestBaseQuery: BaseQueryFn<RequestConfig, unknown, RequestFailure> = async (config) => {
  try {
    return { data: await request(config) };
  } catch (error) {
    if (error instanceof RequestError) return { error: error.failure };
    return { error: { kind: 'unknown', message: String(error) } };
  }
};

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: requestBaseQuery,
  tagTypes: ['CurrentUser', 'Menus', 'Company', 'OperationLog', 'Resource'],
  endpoints: () => ({}),
});
