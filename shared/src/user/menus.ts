// Menu administration (spec §6, §7): the tenant's menu entries as rows — pages (type 0), menus with children
// (type 1) and permission entries (type 2) — listed flat, created, edited and deleted.
import { type Static, Type } from '@sinclair/typebox';
import { NameEnText, NameText } from '../rules/textLimits.ts';
import type { RuleViolation } from './rules.ts';

/** One row of `GET /api-user/menus` (flat; build the tree from parentId). */
export const Menu = Type.Object({
  id: Type.Integer(),
  /** 0 = top level */
  parentId: Type.Integer(),
  /** the Chinese (default) name as stored */
  name: Type.String(),
  nameEn: Type.Union([Type.String(), Type.Null()]),
  /** the web page component, 'Layout' for a menu with children */
  path: Type.String(),
  url: Type.String(),
  /** icon name */
  css: Type.String(),
  type: Type.Integer({ description: '0 page, 1 menu with children, 2 permission entry' }),
  hidden: Type.Boolean(),
  sort: Type.Integer(),
  /** the permission code of a type 2 entry */
  permission: Type.Union([Type.String(), Type.Null()]),
  /** open for the company (set by its parent company, read-only here; menuOpening.ts) */
  opened: Type.Boolean(),
});
export type Menu = Static<typeof Menu>;

/** `POST /api-user/menus/saveOrUpdate`: no id = create. */
export const MenuSave = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  parentId: Type.Integer({ minimum: 0 }),
  /** required, trimmed ('菜单名称不能为空') */
  name: NameText(),
  nameEn: Type.Optional(Type.Union([NameEnText(), Type.Null()])),
  path: Type.Optional(Type.String({ maxLength: 200 })),
  url: Type.Optional(Type.String({ maxLength: 200 })),
  css: Type.Optional(Type.String({ maxLength: 50 })),
  type: Type.Integer({ minimum: 0, maximum: 2 }),
  hidden: Type.Optional(Type.Boolean()),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  /** required for a type 2 entry; one of the known permission codes the editor holds */
  permission: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
});
export type MenuSave = Static<typeof MenuSave>;

export const MenuFilters = Type.Object({
  /** contained in the (Chinese) name */
  name: Type.Optional(Type.String({ maxLength: 50 })),
});
export type MenuFilters = Static<typeof MenuFilters>;

export const MENU_SORT_FIELDS = ['sort', 'name'] as const;

/** The menu form's rules, with the messages the form shows. Inputs trimmed. */
export const validateMenu = (m: {
  name?: string | null;
  type?: number;
  permission?: string | null;
}): RuleViolation[] => [
  ...((m.name ?? '').trim() === '' ? [{ field: 'name', message: 'rules.menuName.required' as const }] : []),
  ...(m.type === 2 && (m.permission ?? '').trim() === ''
    ? [{ field: 'permission', message: 'rules.menuPermission.required' as const }]
    : []),
];
