// SQL of residents beyond the generic resource: the names a list row shows (area, region, category), the meters
// bound now, the app account, and the lookups of the delete, clearance and import paths. Every statement is bounded
// by company_id.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import type { DbRow } from '../resource/resourceRepository.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Adds area_name, region_id, region_name, category_name and meter_codes (bound now) to a page of resident rows. */
export const enrichResidents = async (db: Db, companyId: number, rows: DbRow[]): Promise<DbRow[]> => {
  if (rows.length === 0) return rows;
  const ids = rows.map((r) => Number(r.id));
  const areaIds = [...new Set(rows.map((r) => r.area_id).filter((v) => v !== null && v !== undefined))] as number[];
  const categoryIds = [
    ...new Set(rows.map((r) => r.category_id).filter((v) => v !== null && v !== undefined)),
  ] as number[];
  const [areas, categories, meters] = await Promise.all([
    areaIds.length
      ? db
          .selectFrom('areas as a')
          .innerJoin('regions as g', (j) =>
            j.onRef('g.company_id', '=', 'a.company_id').onRef('g.id', '=', 'a.region_id'),
          )
          .select(['a.id', 'a.area_name', 'a.region_id', 'g.region_name'])
          .where('a.company_id', '=', companyId)
          .where('a.id', 'in', areaIds)
          .execute()
      : [],
    categoryIds.length
      ? db
          .selectFrom('resident_categories')
          .select(['id', 'type_name'])
          .where('company_id', '=', companyId)
          .where('id', 'in', categoryIds)
          .execute()
      : [],
    boundMeterCodes(db, companyId, ids),
  ]);
  const areaOf = new Map(areas.map((a) => [Number(a.id), a]));
  const categoryOf = new Map(categories.map((c) => [Number(c.id), c.type_name]));
  return rows.map((r) => {
    const area = areaOf.get(Number(r.area_id));
    return {
      ...r,
      area_name: area?.area_name ?? null,
      region_id: area ? Number(area.region_id) : null,
      region_name: area?.region_name ?? null,
      category_name: categoryOf.get(Number(r.category_id)) ?? null,
      meter_codes: meters.get(Number(r.id)) ?? [],
    };
  });
};

/** The codes of the meters bound now to each resident, in binding order. */
export const boundMeterCodes = async (db: Db, companyId: number, residentIds: number[]) => {
  const out = new Map<number, string[]>();
  if (residentIds.length === 0) return out;
  const rows = await db
    .selectFrom('resident_meters as b')
    .innerJoin('water_meters as m', (j) =>
      j.onRef('m.company_id', '=', 'b.company_id').onRef('m.id', '=', 'b.meter_id'),
    )
    .select(['b.resident_id', 'm.meter_code'])
    .where('b.company_id', '=', companyId)
    .where('b.resident_id', 'in', residentIds)
    .where('b.unbound_at', 'is', null)
    .orderBy('b.bound_at')
    .orderBy('b.id')
    .execute();
  for (const r of rows) {
    const id = Number(r.resident_id);
    out.set(id, [...(out.get(id) ?? []), r.meter_code]);
  }
  return out;
};

/** Residents of the tenant among the ids, with what the batch paths need. */
export const residentsByIds = (db: Db, companyId: number, ids: number[]) =>
  db
    .selectFrom('residents')
    .select(['id', 'resident_code', 'resident_name', 'area_id', 'status'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();

export const deleteResidents = async (tx: Transaction<DB>, companyId: number, ids: number[]) => {
  await tx.deleteFrom('residents').where('company_id', '=', companyId).where('id', 'in', ids).execute();
};

/** Per resident: its bindings open now and in all (history included). */
export const bindingCounts = async (db: Db, companyId: number, residentIds: number[]) => {
  const rows = await db
    .selectFrom('resident_meters')
    .select((eb) => [
      'resident_id',
      eb.fn.countAll<string | number>().as('total'),
      eb.fn.count<string | number>('id').filterWhere('unbound_at', 'is', null).as('open'),
    ])
    .where('company_id', '=', companyId)
    .where('resident_id', 'in', residentIds)
    .groupBy('resident_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.resident_id), { total: Number(r.total), open: Number(r.open) }]));
};

export const setAppAccount = async (
  tx: Transaction<DB>,
  companyId: number,
  id: number,
  username: string,
  passwordHash: string,
  at: Date,
) => {
  await tx
    .updateTable('residents')
    .set({ app_username: username, app_password_hash: passwordHash, updated_at: at })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
};

export const setResidentStatus = async (
  tx: Transaction<DB>,
  companyId: number,
  ids: number[],
  status: number,
  at: Date,
) => {
  await tx
    .updateTable('residents')
    .set({ status, updated_at: at })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
};

/** Whether a resident of the tenant holds the code (generated codes skip one typed by hand). */
export const residentCodeTaken = async (db: Db, companyId: number, code: string): Promise<boolean> =>
  (await db
    .selectFrom('residents')
    .select('id')
    .where('company_id', '=', companyId)
    .where('resident_code', '=', code)
    .executeTakeFirst()) !== undefined;

/** The tenant's areas and categories by lower-case name (import resolves names, not ids). */
export const importLookups = async (db: Db, companyId: number) => {
  const [areas, categories] = await Promise.all([
    db.selectFrom('areas').select(['id', 'area_name']).where('company_id', '=', companyId).execute(),
    db.selectFrom('resident_categories').select(['id', 'type_name']).where('company_id', '=', companyId).execute(),
  ]);
  return {
    areaId: new Map(areas.map((a) => [a.area_name.trim().toLowerCase(), Number(a.id)])),
    categoryId: new Map(categories.map((c) => [c.type_name.trim().toLowerCase(), Number(c.id)])),
  };
};

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * `YYYY-MM-DD` of a date column. PGlite hands a date over as a Date at UTC midnight, pg at local midnight: a Date
 * exactly at UTC midnight is read in UTC, any other in local time.
 */
export const dateText = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v.slice(0, 10);
  const d = v as Date;
  if (Number.isNaN(d.getTime())) return null;
  if (d.getTime() % 86_400_000 === 0)
    return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
};
