// SQL of the catalogues beyond the generic resource: manufacturer names for a page of models or types, how many
// records use an entry (refusing its deletion), the areas of a manufacturer's meters. Bounded by company_id.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { type ScopePredicate, scopeExpression } from '../resource/resourceScope.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** manufacturer id → name, for a page of meter models or collector types. */
export const manufacturerNames = async (db: Db, companyId: number, ids: (number | null)[]) => {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom('manufacturers')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.name]));
};

export const manufacturerExists = async (db: Db, companyId: number, id: number): Promise<boolean> =>
  (await db
    .selectFrom('manufacturers')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst()) !== undefined;

/** The tables (and column) that point at a catalogue entry; counted before a deletion. */
type Reference = {
  table: 'meter_models' | 'collector_types' | 'concentrators' | 'water_meters' | 'collectors' | 'residents';
  column: 'manufacturer_id' | 'meter_model_id' | 'collector_type_id' | 'category_id';
};

export const MANUFACTURER_REFERENCES: readonly Reference[] = [
  { table: 'meter_models', column: 'manufacturer_id' },
  { table: 'collector_types', column: 'manufacturer_id' },
  { table: 'concentrators', column: 'manufacturer_id' },
  { table: 'water_meters', column: 'manufacturer_id' },
];
export const METER_MODEL_REFERENCES: readonly Reference[] = [{ table: 'water_meters', column: 'meter_model_id' }];
export const COLLECTOR_TYPE_REFERENCES: readonly Reference[] = [{ table: 'collectors', column: 'collector_type_id' }];
export const CATEGORY_REFERENCES: readonly Reference[] = [{ table: 'residents', column: 'category_id' }];

/** How many rows of the tenant point at the entry, over all the given references. */
export const usageCount = async (
  db: Db,
  companyId: number,
  id: number,
  references: readonly Reference[],
): Promise<number> => {
  let total = 0;
  for (const { table, column } of references) {
    // biome-ignore lint/suspicious/noExplicitAny: the pair is one of the typed references above
    const row = await (db as Kysely<any>)
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('company_id', '=', companyId)
      .where(column, '=', id)
      .executeTakeFirst();
    total += Number(row?.n ?? 0);
  }
  return total;
};

/** category id → residents of the category, for a page of categories. */
export const residentCounts = async (db: Db, companyId: number, ids: number[]) => {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('residents')
    .select((eb) => ['category_id', eb.fn.countAll().as('n')])
    .where('company_id', '=', companyId)
    .where('category_id', 'in', ids)
    .groupBy('category_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.category_id), Number(r.n)]));
};

/**
 * The areas where a manufacturer's meters are installed (spec §7 findArea): distinct areas of its water meters, by
 * name, inside the account's data scope (`scope` null: unrestricted). No manufacturer: the areas of any's meters.
 */
export const manufacturerAreas = async (
  db: Db,
  companyId: number,
  manufacturerId: number | undefined,
  scope: readonly ScopePredicate[] | null,
) => {
  let q = db
    .selectFrom('areas as t')
    .select(['t.id', 't.area_name'])
    .where('t.company_id', '=', companyId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('water_meters as m')
          .select('m.id')
          .whereRef('m.company_id', '=', 't.company_id')
          .whereRef('m.area_id', '=', 't.id')
          .where((w) =>
            manufacturerId === undefined
              ? w('m.manufacturer_id', 'is not', null)
              : w('m.manufacturer_id', '=', manufacturerId),
          ),
      ),
    );
  if (scope !== null) q = q.where(scopeExpression(scope));
  const rows = await q.orderBy('t.area_name').orderBy('t.id').execute();
  return rows.map((r) => ({ id: Number(r.id), areaName: r.area_name }));
};
