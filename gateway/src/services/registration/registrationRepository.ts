// SQL of self-registration: which company newcomers join, the role they get, whether a mobile is already an
// account of that company, and the new account itself (user, global login, role).
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../../config.ts';
import { OPERATOR_ROLE_CODE } from '../../db/seed/createTenant.ts';
import type { DB } from '../../db/tables.ts';
import { insertLogin } from '../account/accountRepository.ts';
import { ADMIN_ROLE_CODE } from '../user/userRepository.ts';

type Db = Kysely<DB> | Transaction<DB>;

export type RegistrationCompany = { id: number; roleId: number | null };

/**
 * The company self-registered accounts join: WATEROPS_REGISTRATION_COMPANY when set (an unknown or disabled company
 * closes registration), otherwise the demo company (the first one) in demo mode; null when registration is closed.
 */
export const registrationCompany = async (db: Db, config: Config): Promise<RegistrationCompany | null> => {
  const configured = config.WATEROPS_REGISTRATION_COMPANY;
  if (configured === undefined && !config.WATEROPS_DEMO) return null;
  let q = db.selectFrom('companies').select(['id', 'role_id', 'enabled']);
  q = configured === undefined ? q.orderBy('id').limit(1) : q.where('id', '=', configured);
  const row = await q.executeTakeFirst();
  if (!row?.enabled) return null;
  return { id: Number(row.id), roleId: row.role_id === null ? null : Number(row.role_id) };
};

/**
 * The role a newcomer gets: the company's default role (spec §6: "roleId comes from the company record"), else its
 * OPERATOR role. Never the administrator role, even when the company record names it (the seed does): a stranger
 * registering must not administer the company.
 */
export const newcomerRoleId = async (db: Db, company: RegistrationCompany): Promise<number | null> => {
  const roles = await db
    .selectFrom('roles')
    .select(['id', 'code'])
    .where('company_id', '=', company.id)
    .where((eb) =>
      eb.or([eb('code', '=', OPERATOR_ROLE_CODE), ...(company.roleId === null ? [] : [eb('id', '=', company.roleId)])]),
    )
    .execute();
  const preferred = roles.find((r) => Number(r.id) === company.roleId && r.code !== ADMIN_ROLE_CODE);
  const fallback = roles.find((r) => r.code === OPERATOR_ROLE_CODE);
  const chosen = preferred ?? fallback;
  return chosen ? Number(chosen.id) : null;
};

/** Whether an account of the company already has this mobile. */
export const mobileTaken = async (db: Db, companyId: number, mobile: string): Promise<boolean> =>
  (await db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where('mobile', '=', mobile)
    .limit(1)
    .executeTakeFirst()) !== undefined;

export type Newcomer = { username: string; passwordHash: string; mobile: string; roleId: number; at: Date };

/** Inserts the enabled account with its global login row and role; the user id. */
export const insertNewcomer = async (tx: Transaction<DB>, companyId: number, n: Newcomer): Promise<number> => {
  const { id } = await tx
    .insertInto('users')
    .values({
      company_id: companyId,
      username: n.username,
      password_hash: n.passwordHash,
      nickname: n.username,
      mobile: n.mobile,
      enabled: true,
      updated_at: n.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const userId = Number(id);
  await insertLogin(tx, companyId, userId, n.username);
  await tx.insertInto('user_roles').values({ company_id: companyId, user_id: userId, role_id: n.roleId }).execute();
  return userId;
};
