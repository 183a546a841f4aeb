// The pure half of a resource list: which query fields become which WHERE conditions, and which sort the caller may
// ask for. The repository turns the result into SQL; nothing here touches the database.
import type { SortOrder } from '@waterops/shared/api';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';

/**
 * How a filter field matches: its column equals the value, contains the text (case-insensitive), or a row of a
 * link table (`through`, keyed by company_id and `key` = the row's id) holds the value in `column`
 * (accounts by role: user_roles.role_id).
 */
export type FilterMatch = 'eq' | 'contains' | 'linked' | 'where';

/**
 * A 'where' filter's condition on the row alias `t`, for what a column cannot say (a resident's region is its
 * area's, a bound meter lives in another table). Written in code; the value is bound as a parameter.
 */
// biome-ignore lint/suspicious/noExplicitAny: resource tables are chosen by name from descriptors written in code.
export type WhereFilter = (value: unknown) => (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;

export type FilterSpec = Record<
  string,
  { column: string; match: FilterMatch; through?: LinkTable; where?: WhereFilter }
>;

/** A link table a 'linked' filter looks through; named in code, never from a request. */
export type LinkTable = { table: 'user_roles'; key: 'user_id' };

export type Condition =
  | { column: string; op: '=' | 'ilike'; value: unknown }
  | { column: string; op: 'linked'; value: unknown; through: LinkTable }
  | { column: string; op: 'where'; value: unknown; where: WhereFilter };

/** Escapes LIKE wildcards so a typed `%` or `_` matches itself. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The conditions of the filter fields present in a query. Empty strings, null and undefined mean "no filter"
 * (the web drops them anyway); 0 and false are real values and filter (spec §5). Strings are trimmed.
 */
export const filterConditions = (spec: FilterSpec, query: Record<string, unknown>): Condition[] =>
  Object.entries(spec).flatMap(([field, { column, match, through, where }]): Condition[] => {
    const raw = query[field];
    if (raw === undefined || raw === null) return [];
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value === '') return [];
    if (match === 'contains') return [{ column, op: 'ilike', value: likePattern(String(value)) }];
    if (match === 'linked') {
      if (!through) throw new Error(`filter ${field} is linked but names no link table`);
      return [{ column, op: 'linked', value, through }];
    }
    if (match === 'where') {
      if (!where) throw new Error(`filter ${field} is a where filter but has no condition`);
      return [{ column, op: 'where', value, where }];
    }
    return [{ column, op: '=', value }];
  });

export type SortTerm = { column: string; order: SortOrder };

/**
 * The ORDER BY of a list: the requested field when the resource allows it (else the default), always ending with
 * the id so pages are stable when the sort column has ties. Returns null for a field that may not be sorted on.
 */
export const sortTerms = (
  sortable: Record<string, string>,
  defaults: readonly SortTerm[],
  sort: string | undefined,
  order: SortOrder | undefined,
): SortTerm[] | null => {
  let terms: SortTerm[];
  if (sort === undefined) terms = [...defaults];
  else {
    const column = Object.hasOwn(sortable, sort) ? sortable[sort] : undefined;
    if (column === undefined) return null;
    terms = [{ column, order: order ?? 'asc' }];
  }
  if (!terms.some((t) => t.column === 'id')) terms.push({ column: 'id', order: terms[0]?.order ?? 'asc' });
  return terms;
};
