// Notice calls (spec §7 /api-business/notice, noticereceive). The bell's list is the caller's unread receipts: the
// REST answer first, then kept current by the `notifications` live topic (its snapshots and patches are written into
// the cache); the bell polls the REST call hourly only while the socket is down. Reads update the cached list at
// once and refresh the view-all pages.
import type { PageResult, Result } from '@waterops/shared/api';
import { TOPICS } from '@waterops/shared/live';
import {
  MESSAGE_PAGE_SIZE,
  NOTICE_PATHS,
  type Notice,
  type NoticeCategory,
  type NoticePublish,
  type Notification,
} from '@waterops/shared/notice';
import { baseApi } from '../../api/baseApi.ts';
import { streamIntoCache } from '../../live/streamIntoCache.ts';
import { applyBellChange, newestFirst, withoutRead } from './bellItems.ts';

export const NOTICE_RESOURCE = 'notice.notice';
const NOTIFICATION = 'Notification' as const;

export const noticeApi = baseApi.enhanceEndpoints({ addTagTypes: [NOTIFICATION] }).injectEndpoints({
  endpoints: (build) => ({
    bellNotifications: build.query<Notification[], void>({
      // a background call: a failed hourly poll shows no message
      query: () => ({ url: NOTICE_PATHS.showNotice, not_msg: true }),
      transformResponse: (r: Result<Notification[]>) => newestFirst(r.datas ?? []),
      providesTags: [NOTIFICATION],
      onCacheEntryAdded: (_arg, lifecycle) =>
        streamIntoCache<Notification, Notification[]>({ topic: TOPICS.notifications }, lifecycle, (draft, change) => {
          draft.splice(0, draft.length, ...applyBellChange(draft, change));
        }),
    }),
    noticeReceive: build.query<PageResult<Notification>, { category: NoticeCategory; page: number }>({
      query: ({ category, page }) => ({
        url: NOTICE_PATHS.receive,
        params: { category, page, limit: MESSAGE_PAGE_SIZE },
      }),
      providesTags: [NOTIFICATION],
      keepUnusedDataFor: 0,
    }),
    noticeRead: build.mutation<unknown, number>({
      query: (id) => ({ url: NOTICE_PATHS.read, params: { id } }),
      onQueryStarted: (id, { dispatch }) => {
        dispatch(noticeApi.util.updateQueryData('bellNotifications', undefined, (draft) => withoutRead(draft, { id })));
      },
      invalidatesTags: [NOTIFICATION],
    }),
    noticeReadAll: build.mutation<unknown, NoticeCategory>({
      query: (category) => ({ url: NOTICE_PATHS.readAll, params: { category } }),
      onQueryStarted: (category, { dispatch }) => {
        dispatch(
          noticeApi.util.updateQueryData('bellNotifications', undefined, (draft) => withoutRead(draft, { category })),
        );
      },
      invalidatesTags: [NOTIFICATION],
    }),
    noticePublished: build.mutation<Notice, NoticePublish>({
      query: (data) => ({ url: NOTICE_PATHS.save, method: 'POST', data, not_msg: true }),
      transformResponse: (r: Result<Notice>) => r.datas,
      invalidatesTags: [{ type: 'Resource', id: NOTICE_RESOURCE }, NOTIFICATION],
    }),
  }),
});

export const {
  useBellNotificationsQuery,
  useNoticeReceiveQuery,
  useNoticeReadMutation,
  useNoticeReadAllMutation,
  useNoticePublishedMutation,
} = noticeApi;
