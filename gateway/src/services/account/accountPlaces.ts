// The account's department, type and data scope (issue 3): checked, written and listed beside the account resource,
// so accountRoutes.ts only calls in. A scope names the tenant's regions and areas only (another tenant's id: 400).
import { DEFAULT_ACCOUNT_TYPE } from '@waterops/shared/place';
import type { Account, AccountSave } from '@waterops/shared/user';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { badRequest } from '../../plugins/errors.ts';
import { placeNames, replaceUserScope, scopesOfUsers } from '../place/dataScopeRepository.ts';
import { checkScopePlaces } from '../place/userRegionAreaRoutes.ts';
import type { DbRow } from '../resource/resourceRepository.ts';

/** The users columns the account list reads for these fields. */
export const ACCOUNT_PLACE_COLUMNS = ['department_id', 'account_type'] as const;

type Db = Kysely<DB> | Transaction<DB>;
type PlaceFields = Pick<
  Account,
  'departmentId' | 'departmentName' | 'accountType' | 'regionIds' | 'areaIds' | 'regions' | 'areas'
>;

/** Refuses a department or scope place that is not the tenant's (400 naming the field; nothing written). */
export const checkAccountPlaces = async (tx: Transaction<DB>, companyId: number, body: AccountSave): Promise<void> => {
  if (body.departmentId) {
    const found = await tx
      .selectFrom('departments')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', '=', body.departmentId)
      .executeTakeFirst();
    if (!found) throw badRequest('departmentId');
  }
  await checkScopePlaces(tx, companyId, { regionIds: body.regionIds ?? [], areaIds: body.areaIds ?? [] });
};

/** The users columns of the body: on update a left-out field stays as it is. */
export const accountPlaceColumns = (body: AccountSave, mode: 'create' | 'update'): Record<string, unknown> => ({
  ...(body.departmentId !== undefined || mode === 'create' ? { department_id: body.departmentId ?? null } : {}),
  ...(body.accountType !== undefined || mode === 'create'
    ? { account_type: body.accountType ?? DEFAULT_ACCOUNT_TYPE }
    : {}),
});

/** Replaces the account's data scope when the body carries one (always on create). */
export const writeAccountScope = async (
  tx: Transaction<DB>,
  companyId: number,
  userId: number,
  body: AccountSave,
  mode: 'create' | 'update',
): Promise<void> => {
  if (mode === 'update' && body.regionIds === undefined && body.areaIds === undefined) return;
  const current = (await scopesOfUsers(tx, companyId, [userId])).get(userId) ?? { regionIds: [], areaIds: [] };
  await replaceUserScope(tx, companyId, userId, {
    regionIds: body.regionIds ?? current.regionIds,
    areaIds: body.areaIds ?? current.areaIds,
  });
};

/** Adds department names and data scopes (with place names) to a page of accounts: three small queries. */
export const enrichAccountPlaces = async (db: Db, companyId: number, rows: DbRow[]): Promise<DbRow[]> => {
  const ids = rows.map((r) => Number(r.id));
  const departmentIds = [...new Set(rows.flatMap((r) => (r.department_id == null ? [] : [Number(r.department_id)])))];
  const [scopes, departments] = await Promise.all([
    scopesOfUsers(db, companyId, ids),
    departmentIds.length
      ? db
          .selectFrom('departments')
          .select(['id', 'name'])
          .where('company_id', '=', companyId)
          .where('id', 'in', departmentIds)
          .execute()
      : Promise.resolve([]),
  ]);
  const all = [...scopes.values()];
  const names = await placeNames(
    db,
    companyId,
    all.flatMap((s) => s.regionIds),
    all.flatMap((s) => s.areaIds),
  );
  const departmentName = new Map(departments.map((d) => [Number(d.id), d.name]));
  return rows.map((r) => {
    const scope = scopes.get(Number(r.id)) ?? { regionIds: [], areaIds: [] };
    const fields: PlaceFields = {
      departmentId: r.department_id == null ? null : Number(r.department_id),
      departmentName: r.department_id == null ? null : (departmentName.get(Number(r.department_id)) ?? null),
      accountType: Number(r.account_type ?? DEFAULT_ACCOUNT_TYPE),
      regionIds: scope.regionIds,
      areaIds: scope.areaIds,
      regions: scope.regionIds.map((id) => ({ id, regionName: names.regions.get(id) ?? '' })),
      areas: scope.areaIds.map((id) => ({ id, areaName: names.areas.get(id) ?? '' })),
    };
    return { ...r, place_fields: fields };
  });
};

/** The account fields of an enriched row (defaults for a row that was not enriched). */
export const accountPlaceFields = (r: DbRow): PlaceFields =>
  (r.place_fields as PlaceFields | undefined) ?? {
    departmentId: r.department_id == null ? null : Number(r.department_id),
    departmentName: null,
    accountType: Number(r.account_type ?? DEFAULT_ACCOUNT_TYPE),
    regionIds: [],
    areaIds: [],
    regions: [],
    areas: [],
  };
