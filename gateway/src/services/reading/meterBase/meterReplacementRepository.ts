// SQL of meter swaps (换表): the swap row, and the metering point's meter taking the new body code and base. The
// daily series from the swap's China day on is marked for recomputation (dirty_from), so consumption across the
// swap counts the old register up to its final read and the new one from its base.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../../db/tables.ts';
import type { ScopePredicate } from '../../resource/resourceScope.ts';
import { scopeExpression } from '../../resource/resourceScope.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The meter (locked for the swap unless `lock` is false) if it is the tenant's and inside the scope. */
export const lockMeterForSwap = async (
  tx: Transaction<DB>,
  companyId: number,
  meterId: number,
  scope: ScopePredicate[] | null,
  lock = true,
): Promise<{ id: number; meter_code: string } | undefined> => {
  let q = tx
    .selectFrom('water_meters as t')
    .select(['t.id', 't.meter_code'])
    .where('t.company_id', '=', companyId)
    .where('t.id', '=', meterId);
  // biome-ignore lint/suspicious/noExplicitAny: the scope condition is built on alias `t` of any table
  if (scope) q = q.where((eb) => scopeExpression(scope)(eb as any) as never);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
};

/** Whether another meter of the tenant already has the body code. */
export const meterCodeTaken = async (tx: Db, companyId: number, code: string, exceptId: number): Promise<boolean> =>
  (await tx
    .selectFrom('water_meters')
    .select('id')
    .where('company_id', '=', companyId)
    .where('meter_code', '=', code)
    .where('id', '<>', exceptId)
    .executeTakeFirst()) !== undefined;

export type SwapValues = {
  meterId: number;
  replacedAt: Date;
  oldMeterCode: string;
  oldFinalReading: number;
  newMeterCode: string;
  newBaseReading: number;
  remark: string | null;
  createdBy: number;
  /** the swap's China day: the daily series is recomputed from it */
  day: string;
};

/** Records the swap and moves the meter to the new body code and base; returns the swap's id. */
export const recordSwap = async (tx: Transaction<DB>, companyId: number, v: SwapValues, at: Date): Promise<number> => {
  const row = await tx
    .insertInto('meter_replacements')
    .values({
      company_id: companyId,
      meter_id: v.meterId,
      replaced_at: v.replacedAt,
      old_meter_code: v.oldMeterCode,
      old_final_reading: v.oldFinalReading,
      new_meter_code: v.newMeterCode,
      new_base_reading: v.newBaseReading,
      created_by: v.createdBy,
      remark: v.remark,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    update water_meters
       set meter_code = ${v.newMeterCode}, base_reading = ${v.newBaseReading}, updated_at = ${at},
           -- the register on the wall is now the new one, unless the meter reported since the swap
           last_reading = case when last_report_at is null or last_report_at <= ${v.replacedAt}
                               then ${v.newBaseReading} else last_reading end,
           dirty_from = least(coalesce(dirty_from, ${v.day}::date), ${v.day}::date)
     where company_id = ${companyId} and id = ${v.meterId}`.execute(tx);
  return Number(row.id);
};

export type SwapRow = {
  id: number;
  meter_id: number;
  replaced_at: Date;
  old_meter_code: string;
  old_final_reading: string;
  new_meter_code: string;
  new_base_reading: string;
  remark: string | null;
  created_at: Date;
};

/** The swaps of one meter, or (no meterId) the tenant's latest swaps of meters in the scope; newest first. */
export const swapsOf = async (
  db: Db,
  companyId: number,
  meterId: number | undefined,
  scope: ScopePredicate[] | null = null,
  limit = 999,
): Promise<SwapRow[]> => {
  let q = db
    .selectFrom('meter_replacements as r')
    .innerJoin('water_meters as t', (j) =>
      j.onRef('t.company_id', '=', 'r.company_id').onRef('t.id', '=', 'r.meter_id'),
    )
    .select([
      'r.id',
      'r.meter_id',
      'r.replaced_at',
      'r.old_meter_code',
      'r.old_final_reading',
      'r.new_meter_code',
      'r.new_base_reading',
      'r.remark',
      'r.created_at',
    ])
    .where('r.company_id', '=', companyId);
  if (meterId !== undefined) q = q.where('r.meter_id', '=', meterId);
  // biome-ignore lint/suspicious/noExplicitAny: the scope condition is built on alias `t` of any table
  if (scope) q = q.where((eb) => scopeExpression(scope)(eb as any) as never);
  return (await q.orderBy('r.replaced_at', 'desc').orderBy('r.id', 'desc').limit(limit).execute()) as SwapRow[];
};
