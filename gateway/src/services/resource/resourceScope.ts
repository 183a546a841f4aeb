// Data scope in SQL (issue 3): an account limited to regions or residential areas sees and changes only the rows of a
// scoped resource that fall inside them. `scopeFilter` (pure) decides which predicates apply; `scopeExpression` turns
// them into one Kysely condition on the resource's row alias `t`, so lists, exist, find, update and delete all use it.
import type { DataScope } from '@waterops/shared/place';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';

/** Which columns of a resource's table name its residential area and/or region. */
export type ScopeSpec = {
  areaColumn?: string;
  regionColumn?: string;
  /** the save body's field that places the row (regionId, areaId): named by the 400 of a write outside the scope */
  field?: string;
};

/** One way a row may be inside the scope; a row is inside when any predicate holds. */
export type ScopePredicate =
  /** t.column in ids */
  | { kind: 'in'; column: string; ids: number[] }
  /** the row's area lies in one of the regions: t.areaColumn in (areas of the tenant in those regions) */
  | { kind: 'areaInRegions'; areaColumn: string; regionIds: number[] }
  /** the row's region holds one of the areas: t.regionColumn in (regions of those areas) */
  | { kind: 'regionOfAreas'; regionColumn: string; areaIds: number[] };

/**
 * The predicates restricting a resource for a principal's scope; null = unrestricted (no scope, or a resource
 * without area or region). An empty array means nothing is visible.
 */
export const scopeFilter = (spec: ScopeSpec | undefined, scope: DataScope | null): ScopePredicate[] | null => {
  if (!scope || !spec || (!spec.areaColumn && !spec.regionColumn)) return null;
  const { areaColumn, regionColumn } = spec;
  const regionIds = [...new Set(scope.regionIds)];
  const areaIds = [...new Set(scope.areaIds)];
  const out: ScopePredicate[] = [];
  if (areaIds.length) {
    if (areaColumn) out.push({ kind: 'in', column: areaColumn, ids: areaIds });
    else if (regionColumn) out.push({ kind: 'regionOfAreas', regionColumn, areaIds });
  }
  if (regionIds.length) {
    if (regionColumn) out.push({ kind: 'in', column: regionColumn, ids: regionIds });
    else if (areaColumn) out.push({ kind: 'areaInRegions', areaColumn, regionIds });
  }
  return out;
};

// biome-ignore lint/suspicious/noExplicitAny: resource tables are chosen by name from descriptors written in code.
type AnyEb = ExpressionBuilder<any, any>;

/**
 * `t.<areaColumn>` is an area of one of the regions: `= any(array(select … from areas …))`, which both planners
 * run once (an init plan) and then use the row's area index. Two other spellings were slow: correlated on
 * `t.company_id`, PostgreSQL 15 re-ran the subquery per row (4.5 s a page over 1,000,000 meters, BENCHMARKS.md
 * "Registry"); as a plain `in (select …)`, PGlite chose a scan of the whole table (236 ms over 100,000). The tenant
 * stays safe: the outer query keeps `t.company_id`, and a row's area belongs to the row's tenant (composite keys).
 */
export const inAreasOfRegions = (eb: AnyEb, areaColumn: string, regionIds: readonly number[]): Expression<SqlBool> =>
  sql<SqlBool>`${sql.ref(areaColumn)} = any(array(${eb
    .selectFrom('areas as sa')
    .select('sa.id')
    .where('sa.region_id', 'in', [...regionIds])}))`;

/** The condition of the predicates on alias `t` (which must carry company_id); false when there are none. */
export const scopeExpression =
  (predicates: readonly ScopePredicate[]) =>
  (eb: AnyEb): Expression<SqlBool> => {
    if (predicates.length === 0) return sql<SqlBool>`false`;
    return eb.or(
      predicates.map((p) => {
        if (p.kind === 'in') return eb(`t.${p.column}`, 'in', p.ids);
        if (p.kind === 'areaInRegions') return inAreasOfRegions(eb, `t.${p.areaColumn}`, p.regionIds);
        return eb(
          `t.${p.regionColumn}`,
          'in',
          eb.selectFrom('areas as sa').select('sa.region_id').where('sa.id', 'in', p.areaIds),
        );
      }),
    );
  };

/** Whether a row of the tenant (known to exist) lies inside the scope; true when unrestricted. */
export const rowInScope = async (
  db: Kysely<DB> | Transaction<DB>,
  table: string,
  companyId: number,
  id: number,
  predicates: readonly ScopePredicate[] | null,
): Promise<boolean> => {
  if (predicates === null) return true;
  // biome-ignore lint/suspicious/noExplicitAny: see AnyEb
  const row = await (db as unknown as Kysely<any>)
    .selectFrom(`${table} as t`)
    .select('t.id')
    .where('t.company_id', '=', companyId)
    .where('t.id', '=', id)
    .where(scopeExpression(predicates))
    .executeTakeFirst();
  return row !== undefined;
};

/** A list condition beside the filter conditions (resourceRepository's matchingRows applies it). */
export type ScopeCondition = { op: 'scope'; predicates: readonly ScopePredicate[] };

/** The list condition of a principal's scope on a resource: none when unrestricted. */
export const scopeConditions = (spec: ScopeSpec | undefined, scope: DataScope | null): ScopeCondition[] => {
  const predicates = scopeFilter(spec, scope);
  return predicates === null ? [] : [{ op: 'scope', predicates }];
};
