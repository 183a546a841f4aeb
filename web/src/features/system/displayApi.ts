// Display token calls beyond the descriptor's list: issuing a token (answered once, in clear), renaming a screen and
// revoking its token. Each refreshes the list (its resource tag).
import type { Result } from '@waterops/shared/api';
import {
  DISPLAY_PATHS,
  type DisplayIssue,
  type DisplayIssued,
  type DisplayRename,
  type DisplayToken,
} from '@waterops/shared/display';
import { baseApi } from '../../api/baseApi.ts';

export const DISPLAY_RESOURCE = 'system.display';

export const displayApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    issueDisplay: build.mutation<DisplayIssued, DisplayIssue>({
      query: (body) => ({ url: DISPLAY_PATHS.issue, method: 'POST', data: body, not_msg: true }),
      transformResponse: (r: Result<DisplayIssued>) => r.datas,
      invalidatesTags: [{ type: 'Resource', id: DISPLAY_RESOURCE }],
    }),
    renameDisplay: build.mutation<DisplayToken, DisplayRename & { id: number }>({
      query: ({ id, name }) => ({ url: DISPLAY_PATHS.rename(id), method: 'PUT', data: { name }, not_msg: true }),
      transformResponse: (r: Result<DisplayToken>) => r.datas,
      invalidatesTags: [{ type: 'Resource', id: DISPLAY_RESOURCE }],
    }),
    revokeDisplay: build.mutation<DisplayToken, { id: number }>({
      query: ({ id }) => ({ url: DISPLAY_PATHS.revoke(id), method: 'POST', not_msg: true }),
      transformResponse: (r: Result<DisplayToken>) => r.datas,
      invalidatesTags: [{ type: 'Resource', id: DISPLAY_RESOURCE }],
    }),
  }),
});

export const { useIssueDisplayMutation, useRenameDisplayMutation, useRevokeDisplayMutation } = displayApi;
