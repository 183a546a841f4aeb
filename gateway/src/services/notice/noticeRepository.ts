// SQL of notices and receipts: publish with a set-based fan-out (one INSERT … SELECT over the recipients), the
// bell's unread lists and its cheap change tag, the view-all pages, read one / read all, to-dos for work orders.
// Bounded by company_id throughout; a receipt is only ever touched through its owner's user id.
import { type Locale, type MessageKey, messages, translate } from '@waterops/shared/i18n';
import type { Notice, NoticeCategory, NoticePublish, NoticeTarget, Notification } from '@waterops/shared/notice';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { NoticeReceiptsTable } from '../../db/noticeTables.ts';
import type { DB } from '../../db/tables.ts';

type Db = Kysely<DB> | Transaction<DB>;

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** 'YYYY-MM-DD HH:mm' in China time: how a to-do names a due time. */
const chinaMinute = (isoText: string) =>
  new Date(Date.parse(isoText) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/**
 * The parameters of a localized to-do in the reader's language: a parameter named `<x>Key` holds a catalogue key
 * and becomes `<x>` translated; `due` holds an instant and becomes China time.
 */
const localParams = (params: Record<string, string | number>, locale: Locale): Record<string, string | number> => {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (name.endsWith('Key') && typeof value === 'string' && value in messages)
      out[name.slice(0, -3)] = translate(value as MessageKey, locale);
    else if (name === 'due' && typeof value === 'string')
      // an order without a resolution deadline: "none" in the reader's language, not an empty gap
      out[name] = Number.isNaN(Date.parse(value)) ? translate('workOrder.todo.noDue', locale) : chinaMinute(value);
    else out[name] = value;
  }
  return out;
};

type ReceiptRow = Pick<
  Selectable<NoticeReceiptsTable>,
  'id' | 'title' | 'content' | 'created_at' | 'status' | 'category' | 'param' | 'message_key' | 'message_params'
>;

/**
 * A receipt as the bell shows it. A to-do written with a catalogue key (`message_key`, its content under
 * `<key>Content`) reads in the reader's language; otherwise the stored title and content.
 */
export const toNotification = (r: ReceiptRow, locale: Locale = 'zh-CN'): Notification => {
  const key = r.message_key;
  const params = typeof r.message_params === 'string' ? JSON.parse(r.message_params) : (r.message_params ?? {});
  const localized = key !== null && key in messages && `${key}Content` in messages;
  return {
    id: Number(r.id),
    title: localized ? translate(key as MessageKey, locale, localParams(params, locale)) : r.title,
    content: localized ? translate(`${key}Content` as MessageKey, locale, localParams(params, locale)) : r.content,
    createTime: iso(r.created_at),
    status: Number(r.status) === 1 ? 1 : 0,
    category: Number(r.category) === 2 ? 2 : 1,
    param: r.param,
  };
};

const receiptColumns = [
  'id',
  'title',
  'content',
  'created_at',
  'status',
  'category',
  'param',
  'message_key',
  'message_params',
] as const;

/** Escapes LIKE wildcards so a typed `%` or `_` matches itself. */
const likeContains = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `id`: that one notice only (the answer to a save). */
export type NoticeFilter = { title?: string; id?: number; offset: number; limit: number };

/** One page of the tenant's published notices, newest first, with recipient and read counts. */
export const listNotices = async (
  db: Db,
  companyId: number,
  f: NoticeFilter,
): Promise<{ rows: Notice[]; count: number }> => {
  let base = db.selectFrom('notices as n').where('n.company_id', '=', companyId);
  if (f.title) base = base.where('n.title', 'ilike', likeContains(f.title));
  if (f.id !== undefined) base = base.where('n.id', '=', f.id);
  const [rows, total] = await Promise.all([
    base
      .leftJoin('users as u', (j) =>
        j.onRef('u.company_id', '=', 'n.company_id').onRef('u.id', '=', 'n.create_user_id'),
      )
      .select((eb) => [
        'n.id',
        'n.title',
        'n.content',
        'n.target',
        'n.role_ids',
        'n.user_ids',
        'n.created_at',
        'u.nickname',
        'u.username',
        eb
          .selectFrom('notice_receipts as r')
          .select((e) => e.fn.countAll().as('c'))
          .whereRef('r.company_id', '=', 'n.company_id')
          .whereRef('r.notice_id', '=', 'n.id')
          .as('recipients'),
        eb
          .selectFrom('notice_receipts as r')
          .select((e) => e.fn.countAll().as('c'))
          .whereRef('r.company_id', '=', 'n.company_id')
          .whereRef('r.notice_id', '=', 'n.id')
          .where('r.status', '=', 1)
          .as('read_count'),
      ])
      .orderBy('n.id', 'desc')
      .offset(f.offset)
      .limit(f.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      title: r.title,
      content: r.content,
      target: r.target as NoticeTarget,
      roleIds: r.role_ids.map(Number),
      userIds: r.user_ids.map(Number),
      recipients: Number(r.recipients ?? 0),
      readCount: Number(r.read_count ?? 0),
      createUser: r.nickname || r.username || '',
      createTime: iso(r.created_at),
    })),
    count: Number(total.n),
  };
};

/**
 * The tenant's newest notices published to the whole company, newest first: what every user of it may read (the
 * home dashboards' advert strip). Notices sent to roles or users stay with their recipients.
 */
export const companyNotices = async (
  db: Db,
  companyId: number,
  limit: number,
): Promise<{ id: number; title: string; content: string; createTime: string }[]> => {
  const rows = await db
    .selectFrom('notices')
    .select(['id', 'title', 'content', 'created_at'])
    .where('company_id', '=', companyId)
    .where('target', '=', 'company')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), title: r.title, content: r.content, createTime: iso(r.created_at) }));
};

/** The enabled users a target reaches, as a subquery (the fan-out selects from it). */
const recipientsOf = (db: Db, companyId: number, target: NoticeTarget, roleIds: number[], userIds: number[]) => {
  let q = db
    .selectFrom('users')
    .select('users.id')
    .where('users.company_id', '=', companyId)
    .where('users.enabled', '=', true);
  if (target === 'roles')
    q = q.where('users.id', 'in', (eb) =>
      eb
        .selectFrom('user_roles')
        .select('user_roles.user_id')
        .where('user_roles.company_id', '=', companyId)
        .where('user_roles.role_id', 'in', roleIds.length ? roleIds : [0]),
    );
  if (target === 'users') q = q.where('users.id', 'in', userIds.length ? userIds : [0]);
  return q;
};

/**
 * Stores a notice and gives every recipient a receipt in one INSERT … SELECT (a company of thousands is one
 * statement, not thousands). Returns the notice id and how many receipts were written.
 */
export const publishNotice = async (
  tx: Transaction<DB>,
  companyId: number,
  p: Required<Pick<NoticePublish, 'title' | 'content' | 'target'>> & { roleIds: number[]; userIds: number[] },
  createUserId: number,
  at: Date,
): Promise<{ id: number; recipients: number }> => {
  const { id } = await tx
    .insertInto('notices')
    .values({
      company_id: companyId,
      title: p.title,
      content: p.content,
      target: p.target,
      role_ids: p.target === 'roles' ? p.roleIds : [],
      user_ids: p.target === 'users' ? p.userIds : [],
      create_user_id: createUserId,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const noticeId = Number(id);
  // the columns in the order the SELECT yields them: the recipient's id first
  const users = recipientsOf(tx, companyId, p.target, p.roleIds, p.userIds);
  const inserted = await tx
    .insertInto('notice_receipts')
    .columns(['user_id', 'company_id', 'notice_id', 'category', 'title', 'content', 'created_at'])
    .expression(
      users.select([
        sql<number>`${companyId}::bigint`.as('company_id'),
        sql<number>`${noticeId}::bigint`.as('notice_id'),
        sql<number>`1::smallint`.as('category'),
        sql<string>`${p.title}::text`.as('title'),
        sql<string>`${p.content}::text`.as('content'),
        sql<Date>`${at}::timestamptz`.as('created_at'),
      ]),
    )
    .executeTakeFirst();
  return { id: noticeId, recipients: Number(inserted.numInsertedOrUpdatedRows ?? 0) };
};

/** A to-do for a work order, as every recipient's receipt; see createTodos in noticeService.ts. */
/**
 * A to-do: its stored title and content (the utility's language), the work-order code as `param`, and optionally a
 * catalogue key (content under `<key>Content`) with parameters, so each reader sees it in their own language.
 */
export type TodoSeed = {
  title: string;
  content: string;
  param: string | null;
  messageKey?: MessageKey | null;
  params?: Record<string, string | number>;
};

/**
 * To-dos (category 2, no notice) for the given users of a tenant, in one statement; ids that are not the tenant's
 * users are skipped. Returns how many were written.
 */
export const insertTodos = (db: Db, companyId: number, userIds: number[], todo: TodoSeed, at: Date) =>
  insertTodoSet(
    db,
    companyId,
    userIds.map((userId) => ({ userId, todo })),
    at,
  );

/**
 * Each user their own to-do (a batch of assignments: one per order), in one statement; users that are not the
 * tenant's are skipped. Returns how many were written.
 */
export const insertTodoSet = async (
  db: Db,
  companyId: number,
  items: readonly { userId: number; todo: TodoSeed }[],
  at: Date,
): Promise<number> => {
  if (items.length === 0) return 0;
  const rows = sql.join(
    items.map(
      ({ userId, todo }) =>
        sql`(${userId}::bigint, ${todo.title}::text, ${todo.content}::text, ${todo.param}::text, ${
          todo.messageKey ?? null
        }::text, ${todo.params ? JSON.stringify(todo.params) : null}::jsonb)`,
    ),
  );
  const inserted = await sql`
    insert into notice_receipts
      (company_id, user_id, category, title, content, param, created_at, message_key, message_params)
    select u.company_id, u.id, 2, v.title, v.content, v.param, ${at}::timestamptz, v.message_key, v.message_params
    from (values ${rows}) as v (user_id, title, content, param, message_key, message_params)
    join users u on u.company_id = ${companyId} and u.id = v.user_id`.execute(db);
  return Number(inserted.numAffectedRows ?? 0);
};

/** A user's unread receipts of one category, newest first, at most `limit`. */
export const unreadReceipts = async (
  db: Db,
  companyId: number,
  userId: number,
  category: NoticeCategory,
  limit: number,
  locale: Locale = 'zh-CN',
) =>
  (
    await db
      .selectFrom('notice_receipts')
      .select(receiptColumns)
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .where('category', '=', category)
      .where('status', '=', 0)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
  ).map((r) => toNotification(r, locale));

/**
 * What the bell's list of a user depends on, in one query over two index probes: the newest receipt id (a new
 * receipt raises it) and the unread count (a read lowers it; receipts are never deleted nor made unread again).
 */
export const receiptVersion = async (
  db: Db,
  companyId: number,
  userId: number,
): Promise<{ maxId: number; unread: number }> => {
  const { rows } = await sql<{ max_id: string | number | null; unread: string | number }>`
    select
      (select max(id) from notice_receipts where company_id = ${companyId} and user_id = ${userId}) as max_id,
      (select count(*) from notice_receipts where company_id = ${companyId} and user_id = ${userId} and status = 0) as unread`.execute(
    db,
  );
  const row = rows[0];
  return { maxId: Number(row?.max_id ?? 0), unread: Number(row?.unread ?? 0) };
};

/** One page of a user's receipts of a category (undefined: both), read and unread, newest first, and their number. */
export const receiveReceipts = async (
  db: Db,
  companyId: number,
  userId: number,
  category: NoticeCategory | undefined,
  offset: number,
  limit: number,
  locale: Locale = 'zh-CN',
) => {
  let base = db.selectFrom('notice_receipts').where('company_id', '=', companyId).where('user_id', '=', userId);
  if (category !== undefined) base = base.where('category', '=', category);
  const [rows, total] = await Promise.all([
    base.select(receiptColumns).orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => toNotification(r, locale)), count: Number(total.n) };
};

/** Whether the receipt is the user's (read or not). */
export const ownsReceipt = async (db: Db, companyId: number, userId: number, id: number) =>
  (await db
    .selectFrom('notice_receipts')
    .select('id')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst()) !== undefined;

/** Marks one of the user's receipts read (an already read one keeps its first read time). */
export const markRead = async (db: Db, companyId: number, userId: number, id: number, at: Date) => {
  await db
    .updateTable('notice_receipts')
    .set({ status: 1, read_at: at })
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('status', '=', 0)
    .execute();
};

/** Marks every unread receipt of a category of the user read; returns how many. */
export const markAllRead = async (db: Db, companyId: number, userId: number, category: NoticeCategory, at: Date) =>
  Number(
    (
      await db
        .updateTable('notice_receipts')
        .set({ status: 1, read_at: at })
        .where('company_id', '=', companyId)
        .where('user_id', '=', userId)
        .where('category', '=', category)
        .where('status', '=', 0)
        .executeTakeFirst()
    ).numUpdatedRows,
  );
