// @waterops/shared/notice — notices and to-dos (spec §2 message bell, §3 Notification, §4 notifications, §7
// /api-business/notice and /api-business/noticereceive). A notice is published to the whole company, to roles or
// to users; each recipient gets a receipt (a Notification) that is unread until clicked, read singly or "all read"
// per category. A to-do is a Notification of category 2 whose `param` is a work-order code.
import { type Static, Type } from '@sinclair/typebox';
import { MAX_LIMIT } from '../api/paging.ts';

const B = '/api-business';
export const NOTICE_PATHS = {
  /** GET NoticeListQuery → PageResult(Notice): the notices the tenant published (management page) */
  list: `${B}/notice/list`,
  /** POST NoticePublish → Result(Notice): publish to a company, roles or users */
  save: `${B}/notice/save`,
  /** GET → Result(Notification[]): the bell's list — the caller's unread notices and to-dos (at most 100 per
   * category, newest first); answers ETag and 304 to a matching If-None-Match */
  showNotice: `${B}/notice/showNotice`,
  /** GET ReceiveQuery (category, page, limit) → PageResult(Notification): the "view all" dialog, read and unread */
  receive: `${B}/noticereceive/receive`,
  /** GET ?id → Result(null): one receipt read */
  read: `${B}/noticereceive/read`,
  /** GET ?category → Result(null): every receipt of the category read ("all read") */
  readAll: `${B}/noticereceive/readAll`,
} as const;

/** Spec §3: category 1 notice, 2 to-do. */
export const NOTICE_CATEGORY = { notice: 1, todo: 2 } as const;
export const NoticeCategory = Type.Union([Type.Literal(1), Type.Literal(2)]);
export type NoticeCategory = Static<typeof NoticeCategory>;

/** Spec §3 Notification (a receipt): status 1 = read, 0 = unread; param = the work-order code of a to-do. */
export const Notification = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  createTime: Type.String({ format: 'date-time' }),
  status: Type.Union([Type.Literal(0), Type.Literal(1)]),
  category: NoticeCategory,
  param: Type.Union([Type.String(), Type.Null()]),
});
export type Notification = Static<typeof Notification>;

export const NOTICE_TARGETS = ['company', 'roles', 'users'] as const;
export const NoticeTarget = Type.Union(NOTICE_TARGETS.map((t) => Type.Literal(t)));
export type NoticeTarget = Static<typeof NoticeTarget>;

/** A published notice (management view): whom it went to and how many have read it. */
export const Notice = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  target: NoticeTarget,
  roleIds: Type.Array(Type.Integer()),
  userIds: Type.Array(Type.Integer()),
  recipients: Type.Integer({ minimum: 0 }),
  readCount: Type.Integer({ minimum: 0 }),
  createUser: Type.String(),
  createTime: Type.String({ format: 'date-time' }),
});
export type Notice = Static<typeof Notice>;

export const NoticePublish = Type.Object({
  title: Type.String({ maxLength: 100 }),
  content: Type.String({ maxLength: 2000 }),
  target: NoticeTarget,
  roleIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 200 })),
  userIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000 })),
});
export type NoticePublish = Static<typeof NoticePublish>;

export const NoticeListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  /** the page offers 50 / 100 / 200; any size up to MAX_LIMIT is answered, as every list's is */
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT })),
  title: Type.Optional(Type.String({ maxLength: 100 })),
});
/** Spec §9: the view-all dialog pages by 10. */
export const MESSAGE_PAGE_SIZE = 10;
export const ReceiveQuery = Type.Object({
  /** absent: both categories */
  category: Type.Optional(NoticeCategory),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT })),
});
export const ReadQuery = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const ReadAllQuery = Type.Object({ category: NoticeCategory });

/** Spec §9: the bell's badge is capped at 99; the list polls every 3,600,000 ms (only while the socket is down). */
export const BADGE_CAP = 99;
export const NOTICE_POLL_MS = 3_600_000;

export { validateNoticePublish } from './noticeRules.ts';
