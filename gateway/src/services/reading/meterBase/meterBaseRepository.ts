// SQL of month-end bases and meter swaps. Every statement carries the tenant; bases are reached through their meter
// (alias `t`), whose area is what a scoped account's data scope restricts (resourceScope.ts).
import type { DataScope } from '@waterops/shared/place';
import { addMonths, type MeterBaseQuery } from '@waterops/shared/reading';
import { type ExpressionBuilder, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { DB } from '../../../db/tables.ts';
import { inAreasOfRegions, type ScopePredicate, scopeExpression, scopeFilter } from '../../resource/resourceScope.ts';

type Db = Kysely<DB> | Transaction<DB>;
// biome-ignore lint/suspicious/noExplicitAny: the scope helpers build conditions on alias `t` of any table.
type AnyEb = ExpressionBuilder<any, any>;

const METER_SCOPE = { areaColumn: 'area_id' };

/** The scope predicates on the meter alias `t`; null: unrestricted. */
export const meterScope = (scope: DataScope | null): ScopePredicate[] | null => scopeFilter(METER_SCOPE, scope);

export type BaseRow = {
  id: number;
  meter_id: number;
  meter_code: string;
  area_id: number | null;
  area_name: string | null;
  period: string;
  start_reading: string | null;
  end_reading: string | null;
  consumption: string | null;
  quality: string;
  source: number;
  check_state: number;
  check_message: string | null;
  frozen_at: Date;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

type BaseFilters = Omit<MeterBaseQuery, 'page' | 'limit'>;

const basesOf = (db: Db, companyId: number, f: BaseFilters, scope: ScopePredicate[] | null) => {
  let q = db
    .selectFrom('meter_bases as b')
    .innerJoin('water_meters as t', (j) =>
      j.onRef('t.company_id', '=', 'b.company_id').onRef('t.id', '=', 'b.meter_id'),
    )
    .leftJoin('areas as a', (j) => j.onRef('a.company_id', '=', 't.company_id').onRef('a.id', '=', 't.area_id'))
    .where('b.company_id', '=', companyId);
  if (f.period) q = q.where('b.period', '=', f.period);
  if (f.areaId) q = q.where('t.area_id', '=', f.areaId);
  const regionId = f.regionId;
  if (regionId) q = q.where((eb) => inAreasOfRegions(eb as AnyEb, 't.area_id', [regionId]));
  const code = f.meterCode?.trim();
  if (code) q = q.where('t.meter_code', 'like', `${escapeLike(code)}%`);
  if (f.quality) q = q.where('b.quality', '=', f.quality);
  if (f.checkState !== undefined) q = q.where('b.check_state', '=', f.checkState);
  if (scope) q = q.where((eb) => scopeExpression(scope)(eb as AnyEb) as never as ReturnType<typeof sql<SqlBool>>);
  return q;
};

const BASE_COLUMNS = [
  'b.id',
  'b.meter_id',
  't.meter_code',
  't.area_id',
  'a.area_name',
  'b.period',
  'b.start_reading',
  'b.end_reading',
  'b.consumption',
  'b.quality',
  'b.source',
  'b.check_state',
  'b.check_message',
  'b.frozen_at',
] as const;

/** One page of bases, newest period first, then by body code. */
export const listBases = async (
  db: Db,
  companyId: number,
  f: BaseFilters,
  scope: ScopePredicate[] | null,
  offset: number,
  limit: number,
): Promise<{ rows: BaseRow[]; count: number }> => {
  const [rows, total] = await Promise.all([
    basesOf(db, companyId, f, scope)
      .select(BASE_COLUMNS)
      .orderBy('b.period', 'desc')
      .orderBy('t.meter_code')
      .orderBy('b.id')
      .offset(offset)
      .limit(limit)
      .execute(),
    basesOf(db, companyId, f, scope)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as BaseRow[], count: Number(total.count) };
};

/** One base of the tenant inside the scope. */
export const findBase = async (
  db: Db,
  companyId: number,
  id: number,
  scope: ScopePredicate[] | null,
): Promise<BaseRow | undefined> =>
  (await basesOf(db, companyId, {}, scope).select(BASE_COLUMNS).where('b.id', '=', id).executeTakeFirst()) as
    | BaseRow
    | undefined;

export type BaseForCheck = {
  id: number;
  end_reading: string | null;
  consumption: string | null;
  quality: string;
  /** the use of up to three previous periods */
  previous: { period: string; consumption: string | number }[];
  /** the meter's first validated day, 'YYYY-MM-DD' */
  first_day: string | null;
};

/**
 * The bases of a period (in the scope, optionally one area) with the use of the 3 periods before and the meter's
 * first validated day (an index lookup per base on the reading_days key).
 */
export const basesForCheck = async (
  db: Db,
  companyId: number,
  period: string,
  areaId: number | undefined,
  scope: ScopePredicate[] | null,
): Promise<BaseForCheck[]> => {
  const earlier = [1, 2, 3].map((n) => addMonths(period, -n));
  const rows = await basesOf(db, companyId, { period, areaId }, scope)
    .select(['b.id', 'b.end_reading', 'b.consumption', 'b.quality'])
    .select(
      sql<
        BaseForCheck['previous']
      >`coalesce((select json_agg(json_build_object('period', p.period, 'consumption', p.consumption))
        from meter_bases p
        where p.company_id = b.company_id and p.meter_id = b.meter_id and p.consumption is not null
          and p.period in (${sql.join(earlier)})), '[]'::json)`.as('previous'),
    )
    .select(
      sql<string | null>`(select to_char(min(r.day), 'YYYY-MM-DD') from reading_days r
        where r.company_id = b.company_id and r.meter_id = b.meter_id)`.as('first_day'),
    )
    .execute();
  return rows as BaseForCheck[];
};

/** Marks bases with one outcome of the check (codes joined by ','; null when normal). */
export const markChecked = async (
  db: Db,
  companyId: number,
  ids: number[],
  state: number,
  codes: string | null,
  at: Date,
): Promise<void> => {
  if (ids.length === 0) return;
  await db
    .updateTable('meter_bases')
    .set({ check_state: state, check_message: codes, updated_at: at })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
};

/**
 * Sets a base's end reading by hand or import (source 2 or 3, actual, unchecked); its use becomes end − start,
 * and the next period's start and use follow so the two months still add up.
 */
export const setBaseEnd = async (
  tx: Transaction<DB>,
  companyId: number,
  base: { id: number; meter_id: number; period: string },
  endReading: number,
  source: number,
  at: Date,
): Promise<void> => {
  await sql`
    update meter_bases
       set end_reading = ${endReading},
           consumption = case when start_reading is null then null else ${endReading} - start_reading end,
           source = ${source}, quality = 'A', check_state = 0, check_message = null, updated_at = ${at}
     where company_id = ${companyId} and id = ${base.id}`.execute(tx);
  await sql`
    update meter_bases
       set start_reading = ${endReading},
           consumption = case when end_reading is null then null else end_reading - ${endReading} end,
           check_state = 0, check_message = null, updated_at = ${at}
     where company_id = ${companyId} and meter_id = ${base.meter_id} and period = ${addMonths(base.period)}`.execute(
    tx,
  );
};

/** A meter of the tenant by body code, inside the scope. */
export const meterByCode = async (
  db: Db,
  companyId: number,
  code: string,
  scope: ScopePredicate[] | null,
): Promise<{ id: number; base_reading: string | null } | undefined> => {
  let q = db
    .selectFrom('water_meters as t')
    .select(['t.id', 't.base_reading'])
    .where('t.company_id', '=', companyId)
    .where('t.meter_code', '=', code);
  if (scope) q = q.where((eb) => scopeExpression(scope)(eb as AnyEb) as never as ReturnType<typeof sql<SqlBool>>);
  return q.executeTakeFirst();
};

/** An imported base: created (start = the previous base's end, else the meter's base) or its end replaced. */
export const importBase = async (
  tx: Transaction<DB>,
  companyId: number,
  meter: { id: number; base_reading: string | null },
  period: string,
  endReading: number,
  at: Date,
): Promise<void> => {
  const existing = await tx
    .selectFrom('meter_bases')
    .select(['id', 'meter_id', 'period'])
    .where('company_id', '=', companyId)
    .where('meter_id', '=', meter.id)
    .where('period', '=', period)
    .executeTakeFirst();
  if (existing) return setBaseEnd(tx, companyId, existing, endReading, 2, at);
  const previous = await tx
    .selectFrom('meter_bases')
    .select('end_reading')
    .where('company_id', '=', companyId)
    .where('meter_id', '=', meter.id)
    .where('period', '=', addMonths(period, -1))
    .executeTakeFirst();
  const start = previous?.end_reading ?? meter.base_reading;
  await tx
    .insertInto('meter_bases')
    .values({
      company_id: companyId,
      meter_id: meter.id,
      period,
      start_reading: start,
      end_reading: endReading,
      consumption: start === null ? null : endReading - Number(start),
      quality: 'A',
      source: 2,
      frozen_at: at,
      updated_at: at,
    })
    .execute();
};
