// SQL of accounts beyond the generic resource: roles per account, the global user name registry (logins), role
// assignment, enabling, password reset and what deleting an account must clear. Bounded by company_id throughout.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** user id → their roles, for a page of accounts. */
export const rolesOfUsers = async (db: Db, companyId: number, userIds: number[]) => {
  if (userIds.length === 0)
    return new Map<number, { id: number; code: string; name: string; name_en: string | null; type: string }[]>();
  const rows = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', (j) => j.onRef('r.company_id', '=', 'ur.company_id').onRef('r.id', '=', 'ur.role_id'))
    .select(['ur.user_id', 'r.id', 'r.code', 'r.name', 'r.name_en', 'r.type'])
    .where('ur.company_id', '=', companyId)
    .where('ur.user_id', 'in', userIds)
    .orderBy('r.id')
    .execute();
  const map = new Map<number, { id: number; code: string; name: string; name_en: string | null; type: string }[]>();
  for (const { user_id, ...role } of rows) map.set(Number(user_id), [...(map.get(Number(user_id)) ?? []), role]);
  return map;
};

/** Whether a user name is taken in any tenant (sign-in finds the tenant by it), other than by `exceptUserId`. */
export const usernameTaken = async (db: Db, companyId: number, username: string, exceptUserId?: number) => {
  const row = await db
    .selectFrom('logins')
    .select(['company_id', 'user_id'])
    .where('username', '=', username)
    .executeTakeFirst();
  if (!row) return false;
  return !(exceptUserId !== undefined && Number(row.company_id) === companyId && Number(row.user_id) === exceptUserId);
};

export const insertLogin = async (tx: Transaction<DB>, companyId: number, userId: number, username: string) => {
  await tx.insertInto('logins').values({ username, company_id: companyId, user_id: userId }).execute();
};

/** The tenant's roles among these ids, with their codes. */
export const tenantRoles = (db: Db, companyId: number, roleIds: number[]) =>
  roleIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('roles')
        .select(['id', 'code'])
        .where('company_id', '=', companyId)
        .where('id', 'in', roleIds)
        .execute();

export const replaceUserRoles = async (tx: Transaction<DB>, companyId: number, userId: number, roleIds: number[]) => {
  await tx.deleteFrom('user_roles').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
  if (roleIds.length)
    await tx
      .insertInto('user_roles')
      .values(roleIds.map((roleId) => ({ company_id: companyId, user_id: userId, role_id: roleId })))
      .execute();
};

export const setEnabled = async (db: Db, companyId: number, userId: number, enabled: boolean, now: Date) =>
  Number(
    (
      await db
        .updateTable('users')
        .set({ enabled, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', userId)
        .executeTakeFirst()
    ).numUpdatedRows,
  );

/** Ends every session of a user (disabled, password reset, deleted). */
export const revokeAllTokens = async (db: Db, companyId: number, userId: number, now: Date) => {
  await db
    .updateTable('tokens')
    .set({ revoked_at: now })
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
};

/** What must go before the account row: its global login, and its name on the files it uploaded. */
export const clearAccountReferences = async (tx: Transaction<DB>, companyId: number, userId: number) => {
  await tx.deleteFrom('logins').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
  await tx
    .updateTable('files')
    .set({ user_id: null })
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .execute();
};
