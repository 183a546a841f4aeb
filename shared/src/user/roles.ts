// Roles of a tenant and their menu grants (spec §6: roles have a name, user count and menu permissions).
import { type Static, Type } from '@sinclair/typebox';
import { NameEnText, NameText } from '../rules/textLimits.ts';
import type { RuleViolation } from './rules.ts';

/** One row of the role list. */
export const Role = Type.Object({
  id: Type.Integer(),
  /** stable code (ADMIN is the built-in administrator role) */
  code: Type.String(),
  /** in the request language */
  name: Type.String(),
  /** the Chinese name as stored, for the edit form */
  nameZh: Type.String(),
  nameEn: Type.Union([Type.String(), Type.Null()]),
  /** role type; sent as `identity` by the work-order list */
  type: Type.String(),
  userCount: Type.Integer({ minimum: 0 }),
  createTime: Type.String({ format: 'date-time' }),
});
export type Role = Static<typeof Role>;

/** `POST /api-user/roles/saveOrUpdate`: no id = create. companyId/clientId/tenantId are accepted and ignored. */
export const RoleSave = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  code: Type.String({ maxLength: 50, pattern: '^\\s*[A-Za-z0-9_-]*\\s*$' }),
  /** the Chinese (default) name; required, trimmed ('角色名称不能为空') */
  name: NameText(),
  nameEn: Type.Optional(Type.Union([NameEnText(), Type.Null()])),
  type: Type.Optional(Type.String({ maxLength: 20 })),
  companyId: Type.Optional(Type.Unknown({ description: 'ignored: the tenant comes from the token' })),
  clientId: Type.Optional(Type.Unknown({ description: 'ignored' })),
  tenantId: Type.Optional(Type.Unknown({ description: 'ignored' })),
});
export type RoleSave = Static<typeof RoleSave>;

export const RoleFilters = Type.Object({
  /** contained in the (Chinese) name */
  name: Type.Optional(Type.String({ maxLength: 50 })),
  code: Type.Optional(Type.String({ maxLength: 50 })),
});
export type RoleFilters = Static<typeof RoleFilters>;

export const ROLE_SORT_FIELDS = ['name', 'code', 'createTime'] as const;

export const CompanyRolesQuery = Type.Object({
  companyId: Type.Optional(Type.Integer({ minimum: 1 })),
  tenantId: Type.Optional(Type.String({ maxLength: 50, description: 'ignored: the tenant comes from the token' })),
});

/** One entry of `GET /api-user/menus/{roleId}/menus`: the tenant's menu tree with the role's grants checked. */
export type MenuGrantEntry = {
  id: number;
  parentId: number;
  name: string;
  /** 0 page, 1 menu with children, 2 permission entry */
  type: number;
  /** the permission code of a type 2 entry */
  permission: string | null;
  hidden: boolean;
  checked: boolean;
  subMenus: MenuGrantEntry[];
};
export const MenuGrantEntry = Type.Recursive(
  (Self) =>
    Type.Object({
      id: Type.Integer(),
      parentId: Type.Integer(),
      name: Type.String({ description: 'in the request language' }),
      type: Type.Integer({ description: '0 page, 1 menu with children, 2 permission entry' }),
      permission: Type.Union([Type.String(), Type.Null()]),
      hidden: Type.Boolean(),
      checked: Type.Boolean({ description: 'granted to the role' }),
      subMenus: Type.Array(Self),
    }),
  { $id: 'MenuGrantEntry' },
);

/** `POST /api-user/menus/granted`: the role's grants become exactly these menu ids. */
export const MenuGrant = Type.Object({
  roleId: Type.Integer({ minimum: 1 }),
  menuIds: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 2000 }),
});
export type MenuGrant = Static<typeof MenuGrant>;

/** The role form's rules (spec §5: role name not empty), with the messages the form shows. Inputs trimmed. */
export const validateRole = (r: { code?: string | null; name?: string | null }): RuleViolation[] => [
  ...((r.code ?? '').trim() === '' ? [{ field: 'code', message: 'rules.roleCode.required' as const }] : []),
  ...((r.name ?? '').trim() === '' ? [{ field: 'name', message: 'rules.roleName.required' as const }] : []),
];
