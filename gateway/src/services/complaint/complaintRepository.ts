// SQL of complaints: the complaint as every answer shows it (its order's code and status, the resident's code and
// name, the meter's code and the area's name joined), the caller's visible set (tenant, data scope by the
// complaint's area — plus the complaints they took themselves), the list with its filters and sort, and the writes
// the routes make. Every statement is bounded by the caller's company_id.
import type { Complaint, ComplaintListQuery } from '@waterops/shared/complaint';
import { Complaint as ComplaintSchema } from '@waterops/shared/complaint';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import { rowOf } from '../../db/rowOf.ts';
import type { DB } from '../../db/tables.ts';
import { type ScopePredicate, scopeExpression } from '../resource/resourceScope.ts';

export type Db = Kysely<DB> | Transaction<DB>;

/** The data scope of a caller on complaints: null = every complaint of the tenant. */
export type ComplaintScope = { predicates: readonly ScopePredicate[]; userId: number } | null;

const toComplaint = rowOf<Complaint>(ComplaintSchema);

// biome-ignore lint/suspicious/noExplicitAny: the select below is aliased to the schema's names; rowOf reads it
type AnyEb = ExpressionBuilder<any, any>;

/** The complaints of a tenant as alias `t`, each with everything the Complaint schema shows. */
const complaintsOf = (db: Db, companyId: number) =>
  db
    .selectFrom('complaints as t')
    .leftJoin('work_orders as o', (j) =>
      j.onRef('o.company_id', '=', 't.company_id').onRef('o.id', '=', 't.work_order_id'),
    )
    .leftJoin('residents as r', (j) => j.onRef('r.company_id', '=', 't.company_id').onRef('r.id', '=', 't.resident_id'))
    .leftJoin('water_meters as m', (j) => j.onRef('m.company_id', '=', 't.company_id').onRef('m.id', '=', 't.meter_id'))
    .leftJoin('areas as ar', (j) => j.onRef('ar.company_id', '=', 't.company_id').onRef('ar.id', '=', 't.area_id'))
    .where('t.company_id', '=', companyId)
    .select([
      't.id',
      't.complaint_no',
      't.channel',
      't.category',
      't.status',
      't.complainant',
      't.phone',
      't.resident_id',
      'r.resident_code as resident_code',
      'r.resident_name as resident_name',
      't.meter_id',
      'm.meter_code as meter_code',
      't.area_id',
      'ar.area_name as area_name',
      't.address',
      't.content',
      't.attachments',
      't.work_order_id',
      'o.code as work_order_code',
      'o.status as work_order_status',
      't.reply',
      't.satisfaction',
      't.creator_name',
      't.created_at',
      't.closed_at',
      't.closed_by',
      't.reopen_count',
      't.updated_at',
    ]);

/** The scope's condition on alias `t`: the complaint's area in scope, or taken by the caller. */
const visible =
  (scope: ComplaintScope) =>
  (eb: AnyEb): Expression<SqlBool> =>
    scope === null
      ? sql<SqlBool>`true`
      : eb.or([scopeExpression(scope.predicates)(eb), eb('t.creator_id', '=', scope.userId)]);

const likeContains = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The list filters' condition on alias `t`. */
const filtersOf =
  (q: ComplaintListQuery) =>
  (eb: AnyEb): Expression<SqlBool> => {
    const c: Expression<SqlBool>[] = [];
    for (const [field, column] of [
      ['status', 't.status'],
      ['channel', 't.channel'],
      ['category', 't.category'],
      ['areaId', 't.area_id'],
      ['residentId', 't.resident_id'],
      ['meterId', 't.meter_id'],
    ] as const) {
      const value = q[field];
      if (value !== undefined) c.push(eb(column, '=', value));
    }
    const keyword = q.keyword?.trim();
    if (keyword) {
      const like = likeContains(keyword);
      c.push(
        eb.or([
          eb('t.complaint_no', 'ilike', like),
          eb('t.complainant', 'ilike', like),
          eb('t.phone', 'ilike', like),
          eb('t.address', 'ilike', like),
          eb('t.content', 'ilike', like),
        ]),
      );
    }
    if (q.startTime) c.push(eb('t.created_at', '>=', new Date(q.startTime)));
    if (q.endTime) c.push(eb('t.created_at', '<=', new Date(q.endTime)));
    return eb.and(c);
  };

const SORT_COLUMNS = { complaintNo: 't.complaint_no', createdAt: 't.created_at' } as const;

/** The complaints matching a list query, in its order (newest first by default); `limit` null: all of them. */
export const listComplaints = async (
  db: Db,
  companyId: number,
  scope: ComplaintScope,
  q: ComplaintListQuery,
  range: { offset: number; limit: number },
): Promise<{ rows: Complaint[]; count: number }> => {
  const where = (eb: AnyEb) => eb.and([visible(scope)(eb), filtersOf(q)(eb)]);
  const column = SORT_COLUMNS[q.sort ?? 'createdAt'];
  const order = q.order ?? (q.sort ? 'asc' : 'desc');
  const [rows, total] = await Promise.all([
    complaintsOf(db, companyId)
      .where(where)
      .orderBy(column, order)
      .orderBy('t.id', order)
      .offset(range.offset)
      .limit(range.limit)
      .execute(),
    db
      .selectFrom('complaints as t')
      .where('t.company_id', '=', companyId)
      .where(where)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => toComplaint(r)), count: Number(total.n) };
};

/** One complaint of the tenant inside the caller's scope, or undefined. `lock`: held until the transaction ends. */
export const findComplaint = async (
  db: Db,
  companyId: number,
  scope: ComplaintScope,
  id: number,
  lock = false,
): Promise<Complaint | undefined> => {
  if (lock)
    await db
      .selectFrom('complaints')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .forUpdate()
      .execute();
  const row = await complaintsOf(db, companyId).where('t.id', '=', id).where(visible(scope)).executeTakeFirst();
  return row ? toComplaint(row) : undefined;
};

/** Whether the number is held by a complaint of the tenant other than `exceptId`. */
export const complaintNoTaken = async (db: Db, companyId: number, no: string, exceptId?: number): Promise<boolean> => {
  let q = db.selectFrom('complaints').select('id').where('company_id', '=', companyId).where('complaint_no', '=', no);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
};

/** The columns a save writes. */
export type ComplaintColumns = {
  complaint_no: string;
  channel: string;
  category: string;
  complainant: string;
  phone: string | null;
  resident_id: number | null;
  meter_id: number | null;
  area_id: number | null;
  address: string | null;
  content: string;
  attachments: string[];
};

export const insertComplaint = async (
  tx: Transaction<DB>,
  companyId: number,
  values: ComplaintColumns,
  creator: { id: number; name: string },
  at: Date,
): Promise<number> =>
  Number(
    (
      await tx
        .insertInto('complaints')
        .values({
          ...values,
          attachments: JSON.stringify(values.attachments),
          company_id: companyId,
          status: 'open',
          creator_id: creator.id,
          creator_name: creator.name,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );

export const updateComplaint = async (
  tx: Transaction<DB>,
  companyId: number,
  id: number,
  values: Partial<Omit<ComplaintColumns, 'attachments'>> & {
    attachments?: string[];
    status?: string;
    work_order_id?: number | null;
    reply?: string | null;
    satisfaction?: string | null;
    closed_at?: Date | null;
    closed_by?: string | null;
    reopen_count?: number;
  },
  at: Date,
): Promise<void> => {
  const { attachments, ...rest } = values;
  await tx
    .updateTable('complaints')
    .set({ ...rest, ...(attachments ? { attachments: JSON.stringify(attachments) } : {}), updated_at: at })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
};

export const deleteComplaint = async (tx: Transaction<DB>, companyId: number, id: number): Promise<void> => {
  await tx.deleteFrom('complaints').where('company_id', '=', companyId).where('id', '=', id).execute();
};

/** A resident of the tenant as a complaint takes it (its area and address fill the complaint's when not given). */
export const findResidentPlace = (db: Db, companyId: number, id: number) =>
  db
    .selectFrom('residents')
    .select(['id', 'area_id', 'address'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

/** A meter of the tenant as a complaint takes it. */
export const findMeterPlace = (db: Db, companyId: number, id: number) =>
  db
    .selectFrom('water_meters')
    .select(['id', 'area_id', 'address'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export const areaExists = async (db: Db, companyId: number, id: number): Promise<boolean> =>
  (await db
    .selectFrom('areas')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst()) !== undefined;

/** How a user is named on a complaint (taken by, closed by): the nickname, else the user name. */
export const displayNameOf = async (db: Db, companyId: number, userId: number, username: string): Promise<string> => {
  const row = await db
    .selectFrom('users')
    .select('nickname')
    .where('company_id', '=', companyId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.nickname?.trim() || username;
};
