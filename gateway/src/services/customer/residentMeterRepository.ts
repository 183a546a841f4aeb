// SQL of the resident–meter binding history (resident_meters): open a binding, end one, read the history, list the
// meters bound to nobody. History rows are only ever inserted and then closed (unbound_at), never deleted. Every
// statement is bounded by company_id.
import type { UnbindKind } from '@waterops/shared/customer';
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { likePattern } from '../resource/resourceQuery.ts';
import { type ScopePredicate, scopeExpression } from '../resource/resourceScope.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Meters of the tenant among the ids, each with the resident it is bound to now (null when free). */
export const metersWithBinding = (db: Db, companyId: number, meterIds: number[]) =>
  db
    .selectFrom('water_meters as m')
    .leftJoin('resident_meters as b', (j) =>
      j.onRef('b.company_id', '=', 'm.company_id').onRef('b.meter_id', '=', 'm.id').on('b.unbound_at', 'is', null),
    )
    .leftJoin('residents as r', (j) => j.onRef('r.company_id', '=', 'b.company_id').onRef('r.id', '=', 'b.resident_id'))
    .select(['m.id', 'm.meter_code', 'm.area_id', 'b.id as binding_id', 'b.resident_id', 'r.resident_code'])
    .where('m.company_id', '=', companyId)
    .where('m.id', 'in', meterIds)
    .orderBy('m.id')
    .execute();

export const insertBindings = async (
  tx: Transaction<DB>,
  companyId: number,
  residentId: number,
  meterIds: number[],
  by: number,
  at: Date,
  remark: string | null,
) => {
  await tx
    .insertInto('resident_meters')
    .values(
      meterIds.map((meterId) => ({
        company_id: companyId,
        resident_id: residentId,
        meter_id: meterId,
        bound_at: at,
        bound_by: by,
        remark,
      })),
    )
    .execute();
};

/** Ends the open bindings with the given ids (kind and who); returns how many were open. */
export const endBindings = async (
  tx: Transaction<DB>,
  companyId: number,
  bindingIds: number[],
  kind: UnbindKind,
  by: number,
  at: Date,
): Promise<number> => {
  if (bindingIds.length === 0) return 0;
  const ended = await tx
    .updateTable('resident_meters')
    .set({ unbound_at: at, unbound_by: by, unbind_kind: kind })
    .where('company_id', '=', companyId)
    .where('id', 'in', bindingIds)
    .where('unbound_at', 'is', null)
    .returning('id')
    .execute();
  return ended.length;
};

/** The open bindings of residents, with the meter codes (for the clearance's log). */
export const openBindingsOf = (db: Db, companyId: number, residentIds: number[]) =>
  db
    .selectFrom('resident_meters as b')
    .innerJoin('water_meters as m', (j) =>
      j.onRef('m.company_id', '=', 'b.company_id').onRef('m.id', '=', 'b.meter_id'),
    )
    .select(['b.id', 'b.resident_id', 'm.meter_code'])
    .where('b.company_id', '=', companyId)
    .where('b.resident_id', 'in', residentIds)
    .where('b.unbound_at', 'is', null)
    .orderBy('b.id')
    .execute();

/** A resident's or a meter's bindings, oldest first, with codes and the user names of who bound and unbound. */
export const bindingHistory = (
  db: Db,
  companyId: number,
  by: { residentId?: number | undefined; meterId?: number | undefined },
  p: { offset: number; limit: number; scope: readonly ScopePredicate[] | null },
) => {
  let q = db
    .selectFrom('resident_meters as b')
    .innerJoin('residents as r', (j) =>
      j.onRef('r.company_id', '=', 'b.company_id').onRef('r.id', '=', 'b.resident_id'),
    )
    .innerJoin('water_meters as m', (j) =>
      j.onRef('m.company_id', '=', 'b.company_id').onRef('m.id', '=', 'b.meter_id'),
    )
    .leftJoin('users as ub', (j) => j.onRef('ub.company_id', '=', 'b.company_id').onRef('ub.id', '=', 'b.bound_by'))
    .leftJoin('users as uu', (j) => j.onRef('uu.company_id', '=', 'b.company_id').onRef('uu.id', '=', 'b.unbound_by'))
    .select([
      'b.id',
      'b.resident_id',
      'r.resident_code',
      'r.resident_name',
      'b.meter_id',
      'm.meter_code',
      'b.bound_at',
      'ub.username as bound_by',
      'b.unbound_at',
      'uu.username as unbound_by',
      'b.unbind_kind',
      'b.remark',
    ])
    .where('b.company_id', '=', companyId);
  if (by.residentId !== undefined) q = q.where('b.resident_id', '=', by.residentId);
  if (by.meterId !== undefined) q = q.where('b.meter_id', '=', by.meterId);
  if (p.scope) q = q.where(residentInScope(p.scope));
  // one resident's or meter's story reads oldest first; the tenant's whole history newest first
  const order = by.residentId === undefined && by.meterId === undefined ? 'desc' : 'asc';
  return q.orderBy('b.bound_at', order).orderBy('b.id', order).offset(p.offset).limit(p.limit).execute();
};

/** The tenant's meters with no open binding, code containing `meterCode`, a page of them and the count. */
export const unboundMeters = async (
  db: Kysely<DB>,
  companyId: number,
  p: { meterCode?: string | undefined; offset: number; limit: number; scope: readonly ScopePredicate[] | null },
) => {
  // aliased `t`: the data scope's condition is written on that alias (resourceScope.ts)
  let q = db
    .selectFrom('water_meters as m')
    .where('m.company_id', '=', companyId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('resident_meters as b')
            .select(sql.lit(1).as('one'))
            .whereRef('b.company_id', '=', 'm.company_id')
            .whereRef('b.meter_id', '=', 'm.id')
            .where('b.unbound_at', 'is', null),
        ),
      ),
    );
  const code = p.meterCode?.trim();
  if (code) q = q.where('m.meter_code', 'ilike', likePattern(code));
  if (p.scope) {
    const inScope = scopeExpression(p.scope);
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('water_meters as t')
          .select(sql.lit(1).as('one'))
          .whereRef('t.company_id', '=', 'm.company_id')
          .whereRef('t.id', '=', 'm.id')
          .where(inScope),
      ),
    );
  }
  const [rows, total] = await Promise.all([
    q
      .select(['m.id', 'm.meter_code', 'm.remote_code', 'm.area_id', 'm.address'])
      .orderBy('m.meter_code')
      .orderBy('m.id')
      .offset(p.offset)
      .limit(p.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
};

/** The meters bound now, to one resident or to any in the scope (water/list). */
export const residentWater = (
  db: Db,
  companyId: number,
  residentId: number | undefined,
  p: { offset: number; limit: number; scope: readonly ScopePredicate[] | null },
) => {
  let q = db
    .selectFrom('resident_meters as b')
    .innerJoin('water_meters as m', (j) =>
      j.onRef('m.company_id', '=', 'b.company_id').onRef('m.id', '=', 'b.meter_id'),
    )
    .select(['b.resident_id', 'm.id', 'm.meter_code', 'm.remote_code', 'b.bound_at'])
    .where('b.company_id', '=', companyId)
    .where('b.unbound_at', 'is', null);
  if (residentId !== undefined) q = q.where('b.resident_id', '=', residentId);
  if (p.scope) q = q.where(residentInScope(p.scope));
  return q.orderBy('b.resident_id').orderBy('b.bound_at').orderBy('b.id').offset(p.offset).limit(p.limit).execute();
};

/** The binding's resident lies in the data scope (the scope's condition is written on alias `t`). */
const residentInScope =
  (scope: readonly ScopePredicate[]) =>
  // biome-ignore lint/suspicious/noExplicitAny: the binding alias `b` is joined freely here
  (eb: ExpressionBuilder<any, any>) =>
    eb.exists(
      eb
        .selectFrom('residents as t')
        .select(sql.lit(1).as('one'))
        .whereRef('t.company_id', '=', 'b.company_id')
        .whereRef('t.id', '=', 'b.resident_id')
        .where(scopeExpression(scope)),
    );
