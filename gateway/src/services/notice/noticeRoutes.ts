// /api-business/notice and /api-business/noticereceive (spec §7): the tenant's published notices (list) and
// publishing (save, to the company, roles or users: one receipt per recipient); the bell's calls for every signed-in
// user (showNotice with ETag / 304, receive, read, readAll). A receipt is only ever reached through its owner: another
// user's id answers 404 like a missing one.
import { type Static, Type } from '@sinclair/typebox';
import { DEFAULT_PAGE_SIZE, ErrorBody, ok, PageResult, page, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { TOPICS } from '@waterops/shared/live';
import {
  MESSAGE_PAGE_SIZE,
  NOTICE_CATEGORY,
  NOTICE_PATHS,
  Notice,
  NoticeListQuery,
  NoticePublish,
  Notification,
  ReadAllQuery,
  ReadQuery,
  ReceiveQuery,
  validateNoticePublish,
} from '@waterops/shared/notice';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { alreadyHeld } from '../conditionalGet.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import { tenantIdsAmong } from '../resource/resourceRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { noticeEtag } from './noticeEtag.ts';
import {
  listNotices,
  markAllRead,
  markRead,
  ownsReceipt,
  publishNotice,
  receiptVersion,
  receiveReceipts,
  unreadReceipts,
} from './noticeRepository.ts';

const path = (full: string) => full.slice('/api-business'.length);
const tags = ['notice'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
/** The bell is every signed-in user's: its calls need only what every account holds. */
const bell = { permission: PERMISSIONS.profileView };
/** Spec §2: the bell shows at most this many unread items per category (the badge caps at 99 anyway). */
export const BELL_LIST_MAX = 100;

const unique = (ids: number[] | undefined) => [...new Set(ids ?? [])];

export const noticeRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  app.get(
    path(NOTICE_PATHS.list),
    {
      config: { permission: PERMISSIONS.noticeView },
      schema: {
        tags,
        summary: 'The notices the tenant published, newest first, with recipient and read counts (title contains)',
        querystring: NoticeListQuery,
        response: { 200: PageResult(Notice), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const q = request.query as Static<typeof NoticeListQuery>;
      const limit = q.limit ?? DEFAULT_PAGE_SIZE;
      const title = q.title?.trim();
      const { rows, count } = await listNotices(app.db, me.companyId, {
        ...(title ? { title } : {}),
        offset: ((q.page ?? 1) - 1) * limit,
        limit,
      });
      return page(rows, count, request.t('common.success'));
    },
  );

  // the recipients' bells (and the caller's other tabs, after a read) move in one live tick, not one interval
  const announce = (companyId: number) => app.changeHints.announce({ companyId, topic: TOPICS.notifications });

  app.post(
    path(NOTICE_PATHS.save),
    {
      config: { permission: PERMISSIONS.noticeEdit, operation: 'noticePublish' },
      schema: {
        tags,
        summary: 'Publish a notice to the whole company, to roles or to users: each recipient gets an unread receipt',
        description: 'Roles and users must be the tenant’s (another tenant’s id answers 404); disabled users get none.',
        body: NoticePublish,
        response: { 200: Result(Notice), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const body = request.body as Static<typeof NoticePublish>;
      const violation = validateNoticePublish(body)[0];
      if (violation) throw new AppError(400, violation.message, violation.field);
      const roleIds = body.target === 'roles' ? unique(body.roleIds) : [];
      const userIds = body.target === 'users' ? unique(body.userIds) : [];
      const at = now();
      const published = await app.db.transaction().execute(async (tx) => {
        // a role or user that is not the tenant's: 404, nothing written
        const known = async (table: 'roles' | 'users', ids: number[]) =>
          (await tenantIdsAmong(tx, table, me.companyId, ids)).size === new Set(ids).size;
        if (!(await known('roles', roleIds)) || !(await known('users', userIds))) throw notFound();
        const title = body.title.trim();
        const saved = await publishNotice(
          tx,
          me.companyId,
          { title, content: body.content.trim(), target: body.target, roleIds, userIds },
          me.userId,
          at,
        );
        await recordRequestOperation(tx, request, me, {
          operation: 'noticePublish',
          detail: `${title} → ${body.target} (${saved.recipients})`,
          at,
        });
        return saved;
      });
      const { rows } = await listNotices(app.db, me.companyId, { id: published.id, offset: 0, limit: 1 });
      const notice = rows[0];
      if (!notice) throw notFound();
      announce(me.companyId);
      return ok(notice, request.t('common.success'));
    },
  );

  app.get(
    path(NOTICE_PATHS.showNotice),
    {
      config: bell,
      schema: {
        tags,
        summary: 'The caller’s unread notices and to-dos for the bell (≤ 100 per category, newest first)',
        description:
          'Answers a weak ETag; a request whose If-None-Match names it gets 304 with no body after one cheap query.',
        response: { 200: Result(Type.Array(Notification)), 304: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      const me = app.principalOf(request);
      const etag = noticeEtag(await receiptVersion(app.db, me.companyId, me.userId), request.locale);
      if (alreadyHeld(request, reply, etag)) return reply.code(304).send(null);
      const [notices, todos] = await Promise.all([
        unreadReceipts(app.db, me.companyId, me.userId, NOTICE_CATEGORY.notice, BELL_LIST_MAX, request.locale),
        unreadReceipts(app.db, me.companyId, me.userId, NOTICE_CATEGORY.todo, BELL_LIST_MAX, request.locale),
      ]);
      return ok([...notices, ...todos], request.t('common.success'));
    },
  );

  app.get(
    path(NOTICE_PATHS.receive),
    {
      config: bell,
      schema: {
        tags,
        summary:
          'The caller’s notices or to-dos (category 1 / 2; none: both), read and unread, newest first (view all)',
        querystring: ReceiveQuery,
        response: { 200: PageResult(Notification), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const q = request.query as Static<typeof ReceiveQuery>;
      const limit = q.limit ?? MESSAGE_PAGE_SIZE;
      const { rows, count } = await receiveReceipts(
        app.db,
        me.companyId,
        me.userId,
        q.category,
        ((q.page ?? 1) - 1) * limit,
        limit,
        request.locale,
      );
      return page(rows, count, request.t('common.success'));
    },
  );

  app.get(
    path(NOTICE_PATHS.read),
    {
      config: bell,
      schema: {
        tags,
        summary: 'Marks one of the caller’s receipts read (another user’s id answers 404)',
        querystring: ReadQuery,
        response: { 200: Result(Type.Null()), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { id } = request.query as Static<typeof ReadQuery>;
      if (!(await ownsReceipt(app.db, me.companyId, me.userId, id))) throw notFound();
      await markRead(app.db, me.companyId, me.userId, id, now());
      announce(me.companyId);
      return ok(null, request.t('common.success'));
    },
  );

  app.get(
    path(NOTICE_PATHS.readAll),
    {
      config: bell,
      schema: {
        tags,
        summary: 'Marks every unread receipt of a category (1 notices, 2 to-dos) of the caller read',
        querystring: ReadAllQuery,
        response: { 200: Result(Type.Null()), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { category } = request.query as Static<typeof ReadAllQuery>;
      await markAllRead(app.db, me.companyId, me.userId, category, now());
      announce(me.companyId);
      return ok(null, request.t('common.success'));
    },
  );
};
