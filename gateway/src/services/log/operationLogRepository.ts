// SQL of the operation log: services record who did what (never a secret); the log page lists a tenant's entries.
import type { Operation } from '@waterops/shared/user';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.ts';

export type OperationRecord = {
  companyId: number;
  userId: number | null;
  username: string;
  operation: Operation;
  detail?: string;
  ip: string;
  at: Date;
};

export const recordOperation = async (db: Kysely<DB>, r: OperationRecord): Promise<void> => {
  await db
    .insertInto('operation_log')
    .values({
      company_id: r.companyId,
      user_id: r.userId,
      username: r.username,
      operation: r.operation,
      detail: (r.detail ?? '').slice(0, 500),
      ip: r.ip,
      created_at: r.at,
    })
    .execute();
};

export type OperationFilter = { username?: string; from?: Date; to?: Date; offset: number; limit: number };

/** One page of a tenant's log, newest first, and the number of entries matching the filter. */
export const listOperations = async (db: Kysely<DB>, companyId: number, f: OperationFilter) => {
  let q = db.selectFrom('operation_log').where('company_id', '=', companyId);
  if (f.username) q = q.where('username', '=', f.username);
  if (f.from) q = q.where('created_at', '>=', f.from);
  if (f.to) q = q.where('created_at', '<=', f.to);
  const [rows, total] = await Promise.all([
    q
      .select(['id', 'user_id', 'username', 'operation', 'detail', 'ip', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(f.offset)
      .limit(f.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
};
