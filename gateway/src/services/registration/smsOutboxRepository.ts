// SQL of the built-in SMS outbox: the built-in sender appends, the administrator's page lists a tenant's messages.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.ts';

export type OutboxMessage = { companyId: number; mobile: string; text: string; purpose: string; at: Date };

export const insertOutboxMessage = async (db: Kysely<DB>, m: OutboxMessage): Promise<void> => {
  await db
    .insertInto('sms_outbox')
    .values({ company_id: m.companyId, mobile: m.mobile, text: m.text, purpose: m.purpose, created_at: m.at })
    .execute();
};

export type OutboxFilter = { mobile?: string; offset: number; limit: number };

/** One page of a tenant's outbox, newest first, and the number of messages matching the filter. */
export const listOutbox = async (db: Kysely<DB>, companyId: number, f: OutboxFilter) => {
  let q = db.selectFrom('sms_outbox').where('company_id', '=', companyId);
  // strpos, not LIKE: a typed % or _ is matched as itself.
  if (f.mobile) q = q.where((eb) => eb(eb.fn('strpos', ['mobile', eb.val(f.mobile)]), '>', 0));
  const [rows, total] = await Promise.all([
    q
      .select(['id', 'mobile', 'text', 'purpose', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(f.offset)
      .limit(f.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
};
