// SQL of the operation log: services record who did what and how it ended (never a secret); the log page lists a
// tenant's entries.
import type { Operation, OperationResult } from '@waterops/shared/user';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.ts';

const DETAIL_MAX = 500;
const REASON_MAX = 500;

export type OperationRecord = {
  companyId: number;
  userId: number | null;
  username: string;
  operation: Operation;
  detail?: string;
  ip: string;
  at: Date;
  /** default 'success': a change records itself inside its own transaction */
  result?: OperationResult;
  /** the message a failed attempt was answered */
  reason?: string;
};

export const recordOperation = async (db: Kysely<DB>, r: OperationRecord): Promise<void> => {
  await db
    .insertInto('operation_log')
    .values({
      company_id: r.companyId,
      user_id: r.userId,
      username: r.username,
      operation: r.operation,
      detail: (r.detail ?? '').slice(0, DETAIL_MAX),
      ip: r.ip,
      created_at: r.at,
      result: r.result ?? 'success',
      reason: r.reason === undefined ? null : r.reason.slice(0, REASON_MAX),
    })
    .execute();
};

/**
 * Records what the signed-in user of a request did. Almost every change logs itself this way: the tenant, user and
 * address are taken from the principal and the request here, once, so a call site states only what happened.
 */
export const recordRequestOperation = (
  db: Kysely<DB>,
  request: { ip: string },
  me: { companyId: number; userId: number; username: string },
  entry: Pick<OperationRecord, 'operation' | 'detail' | 'at' | 'result' | 'reason'>,
): Promise<void> =>
  recordOperation(db, { ...entry, companyId: me.companyId, userId: me.userId, username: me.username, ip: request.ip });

export type OperationFilter = {
  username?: string;
  operation?: Operation;
  result?: OperationResult;
  /** the start of the address */
  ipPrefix?: string;
  from?: Date;
  to?: Date;
  offset: number;
  limit: number;
};

/** Escapes LIKE wildcards so a typed `%` or `_` matches itself. */
const likePrefix = (text: string): string => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of a tenant's log, newest first, and the number of entries matching the filter. */
export const listOperations = async (db: Kysely<DB>, companyId: number, f: OperationFilter) => {
  let q = db.selectFrom('operation_log').where('company_id', '=', companyId);
  if (f.username) q = q.where('username', '=', f.username);
  if (f.operation) q = q.where('operation', '=', f.operation);
  if (f.result) q = q.where('result', '=', f.result);
  if (f.ipPrefix) q = q.where('ip', 'like', likePrefix(f.ipPrefix));
  if (f.from) q = q.where('created_at', '>=', f.from);
  if (f.to) q = q.where('created_at', '<=', f.to);
  const [rows, total] = await Promise.all([
    q
      .select(['id', 'user_id', 'username', 'operation', 'detail', 'ip', 'result', 'reason', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(f.offset)
      .limit(f.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
};
