// SQL of collectors beyond the generic resource statements: the meters each reads (counts, codes, the archive
// replaced as a whole), and the rows a batch deletion takes. Every statement is bounded by the caller's company_id.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { type ScopePredicate, scopeExpression } from '../resource/resourceScope.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Per collector: how many meters it reads. */
export const metersUnder = async (db: Db, companyId: number, collectorIds: number[]): Promise<Map<number, number>> => {
  if (collectorIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('water_meters')
    .select(['collector_id', (eb) => eb.fn.countAll().as('n')])
    .where('company_id', '=', companyId)
    .where('collector_id', 'in', collectorIds)
    .groupBy('collector_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.collector_id), Number(r.n)]));
};

/** The body codes of the meters one collector reads, in code order. */
export const meterCodesUnder = async (db: Db, companyId: number, collectorId: number): Promise<string[]> =>
  (
    await db
      .selectFrom('water_meters')
      .select('meter_code')
      .where('company_id', '=', companyId)
      .where('collector_id', '=', collectorId)
      .orderBy('meter_code')
      .execute()
  ).map((r) => r.meter_code);

/** code → id of the tenant's meters with these body codes that lie inside the data scope (null: unrestricted). */
export const meterIdsByCode = async (
  db: Db,
  companyId: number,
  codes: string[],
  predicates: readonly ScopePredicate[] | null,
): Promise<Map<string, number>> => {
  if (codes.length === 0) return new Map();
  let q = (db as Kysely<DB>)
    .selectFrom('water_meters as t')
    .select(['t.id', 't.meter_code'])
    .where('t.company_id', '=', companyId)
    .where('t.meter_code', 'in', codes);
  // biome-ignore lint/suspicious/noExplicitAny: scopeExpression is written for any table aliased `t`
  if (predicates) q = q.where(scopeExpression(predicates) as any);
  return new Map((await q.execute()).map((r) => [r.meter_code, Number(r.id)]));
};

/**
 * Makes the collector read exactly these meters: they hang on it (and on its concentrator), the meters it read
 * before and not in the list hang on nothing any more.
 */
export const replaceCollectorMeters = async (
  tx: Transaction<DB>,
  companyId: number,
  collectorId: number,
  concentratorId: number | null,
  meterIds: number[],
  at: Date,
) => {
  let release = tx
    .updateTable('water_meters')
    .set({ collector_id: null, concentrator_id: null, updated_at: at })
    .where('company_id', '=', companyId)
    .where('collector_id', '=', collectorId);
  if (meterIds.length) release = release.where('id', 'not in', meterIds);
  await release.execute();
  if (meterIds.length === 0) return;
  await tx
    .updateTable('water_meters')
    .set({ collector_id: collectorId, concentrator_id: concentratorId, updated_at: at })
    .where('company_id', '=', companyId)
    .where('id', 'in', meterIds)
    .execute();
};

/** The collectors of the tenant among these ids (code, area for the scope check), locked for the deletion. */
export const collectorsForDelete = async (tx: Transaction<DB>, companyId: number, ids: number[]) =>
  tx
    .selectFrom('collectors')
    .select(['id', 'collector_code'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .forUpdate()
    .execute();

export const deleteCollectors = async (tx: Transaction<DB>, companyId: number, ids: number[]) => {
  await tx.deleteFrom('collectors').where('company_id', '=', companyId).where('id', 'in', ids).execute();
};
