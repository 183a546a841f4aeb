// SQL of the data verification page: the exception days (reading_days with a rule or an estimate) joined to their
// meter and area, and the meters a check may revalidate. Bounded by company_id and the caller's data scope (the
// meter's area).
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { inAreasOfRegions, type ScopePredicate, scopeExpression } from '../resource/resourceScope.ts';

export type ExceptionFilters = {
  from: string;
  to: string;
  areaId?: number;
  regionId?: number;
  meterCode?: string;
  rule?: string;
  quality?: string;
};

export type ExceptionRow = {
  meterId: number;
  meterCode: string;
  areaId: number | null;
  areaName: string | null;
  day: string;
  rawReading: number | null;
  reading: number;
  consumption: number | null;
  rawConsumption: number | null;
  quality: string;
  rule: string | null;
  reads: number;
};

// biome-ignore lint/suspicious/noExplicitAny: the exception query joins reading_days d and water_meters t
type AnyEb = ExpressionBuilder<any, any>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const exceptionWhere =
  (companyId: number, f: ExceptionFilters, predicates: readonly ScopePredicate[] | null) =>
  (eb: AnyEb): Expression<SqlBool> => {
    const terms: Expression<SqlBool>[] = [
      eb('d.company_id', '=', companyId),
      eb('d.day', '>=', f.from),
      eb('d.day', '<=', f.to),
      eb.or([eb('d.rule', 'is not', null), eb('d.quality', '<>', 'A')]),
    ];
    if (f.areaId !== undefined) terms.push(eb('t.area_id', '=', f.areaId));
    if (f.regionId !== undefined) terms.push(inAreasOfRegions(eb, 't.area_id', [f.regionId]));
    if (f.meterCode) terms.push(eb('t.meter_code', 'like', `${escapeLike(f.meterCode)}%`));
    if (f.rule) terms.push(eb('d.rule', '=', f.rule));
    if (f.quality) terms.push(eb('d.quality', '=', f.quality));
    if (predicates !== null) terms.push(scopeExpression(predicates)(eb));
    return eb.and(terms);
  };

const exceptionsFrom = (db: Kysely<DB>) =>
  db
    .selectFrom('reading_days as d')
    .innerJoin('water_meters as t', (j) =>
      j.onRef('t.company_id', '=', 'd.company_id').onRef('t.id', '=', 'd.meter_id'),
    )
    .leftJoin('areas as a', (j) => j.onRef('a.company_id', '=', 't.company_id').onRef('a.id', '=', 't.area_id'));

/** A page of exception days, newest day first, then by body code; and how many match. */
export const exceptionPage = async (
  db: Kysely<DB>,
  companyId: number,
  filters: ExceptionFilters,
  predicates: readonly ScopePredicate[] | null,
  pageNo: number,
  limit: number,
): Promise<{ rows: ExceptionRow[]; count: number }> => {
  const where = exceptionWhere(companyId, filters, predicates);
  const total = await exceptionsFrom(db)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(where)
    .executeTakeFirstOrThrow();
  const rows = await exceptionsFrom(db)
    .select([
      'd.meter_id',
      't.meter_code',
      't.area_id',
      'a.area_name',
      sql<string>`d.day::text`.as('day'),
      'd.raw_reading',
      'd.reading',
      'd.consumption',
      'd.raw_consumption',
      'd.quality',
      'd.rule',
      'd.reads',
    ])
    .where(where)
    .orderBy('d.day', 'desc')
    .orderBy('t.meter_code')
    .limit(limit)
    .offset((pageNo - 1) * limit)
    .execute();
  return {
    count: Number(total.n),
    rows: rows.map((r) => ({
      meterId: Number(r.meter_id),
      meterCode: r.meter_code,
      areaId: num(r.area_id),
      areaName: r.area_name ?? null,
      day: r.day,
      rawReading: num(r.raw_reading),
      reading: Number(r.reading),
      consumption: num(r.consumption),
      rawConsumption: num(r.raw_consumption),
      quality: r.quality.trim(),
      rule: r.rule,
      reads: Number(r.reads),
    })),
  };
};

/** The company's meters among `ids` or in `areaId`, inside the scope, with their max reading. */
export const metersToCheck = async (
  db: Kysely<DB>,
  companyId: number,
  selection: { meterIds?: number[]; areaId?: number },
  predicates: readonly ScopePredicate[] | null,
): Promise<{ id: number; maxReading: number | null }[]> => {
  let q = db
    .selectFrom('water_meters as t')
    .select(['t.id', 't.max_reading'])
    .where('t.company_id', '=', companyId)
    .orderBy('t.id');
  if (selection.meterIds?.length) q = q.where('t.id', 'in', selection.meterIds);
  if (selection.areaId !== undefined) q = q.where('t.area_id', '=', selection.areaId);
  if (predicates !== null) q = q.where(scopeExpression(predicates));
  const rows = await q.execute();
  return rows.map((r) => ({ id: Number(r.id), maxReading: num(r.max_reading) }));
};

/** Whether the area is the company's and inside the scope (scope by area id or its region). */
export const areaVisible = async (
  db: Kysely<DB>,
  companyId: number,
  areaId: number,
  predicates: readonly ScopePredicate[] | null,
): Promise<boolean> => {
  let q = db.selectFrom('areas as t').select('t.id').where('t.company_id', '=', companyId).where('t.id', '=', areaId);
  if (predicates !== null) q = q.where(scopeExpression(predicates));
  return (await q.executeTakeFirst()) !== undefined;
};
