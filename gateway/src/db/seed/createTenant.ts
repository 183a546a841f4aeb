// Creates a tenant with its roles (ADMIN, OPERATOR), the foundation menus and their grants, and users. Used by the
// first-start seed and by tests that need a second tenant.
import type { Kysely, Transaction } from 'kysely';
import { seedAlarmRules } from '../../services/alarm/alarmRuleRepository.ts';
import { type LossRateParams, seedDmaParams } from '../../services/dma/dmaParams.ts';
import { hashPassword } from '../../services/uaa/passwordHash.ts';
import { ADMIN_ROLE_CODE } from '../../services/user/userRepository.ts';
import type { DB } from '../tables.ts';
import { seedWorkCalendar } from './data/chinaWorkCalendar.ts';
import {
  CREW_MENU_KEYS,
  DISPATCHER_MENU_KEYS,
  FOUNDATION_MENUS,
  type MenuSeed,
  OPERATOR_MENU_KEYS,
  SERVICE_MENU_KEYS,
} from './foundationMenus.ts';

export const OPERATOR_ROLE_CODE = 'OPERATOR';
/** The work-order roles (issue 15); their role types are what the work-order list's `identity` carries. */
export const DISPATCHER_ROLE_CODE = 'DISPATCHER';
export const CREW_ROLE_CODE = 'CREW';
export const SERVICE_ROLE_CODE = 'SERVICE';

export type RoleCode =
  | typeof ADMIN_ROLE_CODE
  | typeof OPERATOR_ROLE_CODE
  | typeof DISPATCHER_ROLE_CODE
  | typeof CREW_ROLE_CODE
  | typeof SERVICE_ROLE_CODE;

export type UserSeed = {
  username: string;
  password: string;
  nickname: string;
  mobile?: string | null;
  roles: RoleCode[];
  enabled?: boolean;
};

export type TenantSeed = {
  name: string;
  nameEn?: string | null;
  logoName?: string;
  logoNameEn?: string | null;
  users: UserSeed[];
  /** the CJJ 92 loss-rate conditions when known at creation (the demo city's); otherwise entered later */
  lossRate?: LossRateParams;
  // Companies administration (migration 0007): a company created by another one, with its profile.
  /** 'water' (default) or 'meter' */
  kind?: string;
  code?: string | null;
  /** the creating company */
  parentId?: number | null;
  contact?: string | null;
  phone?: string | null;
  address?: string | null;
  logoImg?: string | null;
  enabled?: boolean;
};

export type CreatedTenant = {
  companyId: number;
  roleIds: Record<RoleCode, number>;
  /** user name → user id */
  userIds: Record<string, number>;
  /** menu seed key → menu id */
  menuIds: Record<string, number>;
};

type Db = Kysely<DB> | Transaction<DB>;

const insertMenus = async (
  db: Db,
  companyId: number,
  seeds: MenuSeed[],
  parentId: number,
  ids: Record<string, number>,
): Promise<void> => {
  for (const [index, m] of seeds.entries()) {
    const row = await db
      .insertInto('menus')
      .values({
        company_id: companyId,
        parent_id: parentId,
        name: m.name,
        name_en: m.nameEn,
        type: m.type,
        permission: m.permission ?? null,
        path: m.path ?? '',
        url: m.url ?? '',
        css: m.css ?? '',
        hidden: m.hidden ?? false,
        sort: (index + 1) * 10,
        affix: m.affix ?? false,
        badge: m.badge ?? null,
        target: m.target ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[m.key] = row.id;
    if (m.children) await insertMenus(db, companyId, m.children, row.id, ids);
  }
};

/** Adds a user (and their global login row) with the given roles of a tenant. */
export const createUser = async (
  db: Db,
  companyId: number,
  roleIds: Partial<Record<RoleCode, number>>,
  u: UserSeed,
): Promise<number> => {
  const now = new Date();
  const { id } = await db
    .insertInto('users')
    .values({
      company_id: companyId,
      username: u.username,
      password_hash: await hashPassword(u.password),
      nickname: u.nickname,
      mobile: u.mobile ?? null,
      enabled: u.enabled ?? true,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('logins').values({ username: u.username, company_id: companyId, user_id: id }).execute();
  for (const code of u.roles) {
    const roleId = roleIds[code];
    if (roleId === undefined) throw new Error(`tenant ${companyId} has no role ${code}`);
    await db.insertInto('user_roles').values({ company_id: companyId, user_id: id, role_id: roleId }).execute();
  }
  return id;
};

export const createTenant = async (db: Db, t: TenantSeed): Promise<CreatedTenant> => {
  const { id: companyId } = await db
    .insertInto('companies')
    .values({
      name: t.name,
      name_en: t.nameEn ?? null,
      logo_name: t.logoName ?? t.name,
      logo_name_en: t.logoNameEn ?? t.nameEn ?? null,
      logo_img: t.logoImg ?? null,
      role_id: null,
      kind: t.kind ?? 'water',
      code: t.code ?? null,
      parent_id: t.parentId ?? null,
      contact: t.contact ?? null,
      phone: t.phone ?? null,
      address: t.address ?? null,
      enabled: t.enabled ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const menuIds: Record<string, number> = {};
  await insertMenus(db, companyId, FOUNDATION_MENUS, 0, menuIds);

  const roles = [
    { code: ADMIN_ROLE_CODE, name: '超级管理员', nameEn: 'Administrator', type: '1', keys: Object.keys(menuIds) },
    { code: OPERATOR_ROLE_CODE, name: '操作员', nameEn: 'Operator', type: '1', keys: [...OPERATOR_MENU_KEYS] },
    { code: DISPATCHER_ROLE_CODE, name: '调度员', nameEn: 'Dispatcher', type: '2', keys: [...DISPATCHER_MENU_KEYS] },
    { code: CREW_ROLE_CODE, name: '维修班组', nameEn: 'Field crew', type: '3', keys: [...CREW_MENU_KEYS] },
    { code: SERVICE_ROLE_CODE, name: '客服专员', nameEn: 'Customer service', type: '4', keys: [...SERVICE_MENU_KEYS] },
  ] as const;
  const roleIds = {} as Record<RoleCode, number>;
  for (const r of roles) {
    const { id } = await db
      .insertInto('roles')
      .values({ company_id: companyId, code: r.code, name: r.name, name_en: r.nameEn, type: r.type })
      .returning('id')
      .executeTakeFirstOrThrow();
    roleIds[r.code] = id;
    await db
      .insertInto('role_menus')
      .values(r.keys.map((key) => ({ company_id: companyId, role_id: id, menu_id: menuIds[key] as number })))
      .execute();
  }
  await db.updateTable('companies').set({ role_id: roleIds.ADMIN }).where('id', '=', companyId).execute();
  // the default alarm rules in parameter config (voltage, signal, usage, offline, delays: issue 6)
  await seedAlarmRules(db, companyId);
  await seedDmaParams(db, companyId, t.lossRate);
  // China's public holidays and make-up working days, for the work orders' deadlines (issue 15)
  await seedWorkCalendar(db, companyId);

  const userIds: Record<string, number> = {};
  for (const u of t.users) userIds[u.username] = await createUser(db, companyId, roleIds, u);
  return { companyId, roleIds, userIds, menuIds };
};
