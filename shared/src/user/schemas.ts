// Schemas of /api-user: the current user, the menu tree, the company, profile and password requests.
import { type Static, Type } from '@sinclair/typebox';
import { NameText } from '../rules/textLimits.ts';

export const RoleSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  code: Type.String(),
  /** role type; the work-order list sends the comma-joined types as `identity` (spec §6) */
  type: Type.String(),
});
export type RoleSummary = Static<typeof RoleSummary>;

/** `GET /api-user/users/current` → datas (spec §3). */
export const CurrentUser = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  nickname: Type.String(),
  mobile: Type.Union([Type.String(), Type.Null()]),
  headImgUrl: Type.Union([Type.String(), Type.Null()]),
  companyId: Type.Integer(),
  companyName: Type.String(),
  createTime: Type.String({ format: 'date-time' }),
  /** permission codes; 'admin' grants everything */
  permissions: Type.Array(Type.String()),
  roles: Type.Array(RoleSummary),
  /** the regions and residential areas the user's data is limited to; null = unrestricted. Optional: a legacy
   * back end may not send it (the live layer then shares no room with this user) */
  dataScope: Type.Optional(
    Type.Union([
      Type.Object({ regionIds: Type.Array(Type.Integer()), areaIds: Type.Array(Type.Integer()) }),
      Type.Null(),
    ]),
  ),
});
export type CurrentUser = Static<typeof CurrentUser>;

/**
 * One entry of `GET /api-user/menus/current` (spec §2): `path` is the page component, `url` the route path,
 * `css` the icon, `type` 1 = a menu with children, `hidden`, `subMenus`. A '||' in path or url marks a hidden
 * or empty-layout entry.
 */
export type MenuEntry = {
  id: number;
  parentId: number;
  name: string;
  path: string;
  url: string;
  css: string;
  type: number;
  hidden: boolean;
  sort: number;
  /** pinned in the tags bar (cannot be closed) */
  affix?: boolean;
  /** side-bar badge text */
  badge?: string | null;
  /** opens in a new window */
  target?: '_blank' | null;
  /** false: not open for the company (shown with the apply-to-open note; its permissions grant nothing) */
  opened?: boolean;
  subMenus: MenuEntry[];
};
export const MenuEntry = Type.Recursive(
  (Self) =>
    Type.Object({
      id: Type.Integer(),
      parentId: Type.Integer(),
      name: Type.String({ description: 'title, in the request language' }),
      path: Type.String({ description: "page component; '||' marks a hidden or empty-layout entry" }),
      url: Type.String({ description: 'route path, or an external http(s) link' }),
      css: Type.String({ description: 'icon name (Blueprint icon)' }),
      type: Type.Integer({ description: '1 = a menu with children, 0 = a page' }),
      hidden: Type.Boolean(),
      sort: Type.Integer(),
      affix: Type.Optional(Type.Boolean()),
      badge: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      target: Type.Optional(Type.Union([Type.Literal('_blank'), Type.Null()])),
      opened: Type.Optional(Type.Boolean({ description: 'false: not open for the company (apply-to-open note)' })),
      subMenus: Type.Array(Self),
    }),
  { $id: 'MenuEntry' },
);

/** `GET /api-user/companys/{id}` → datas (spec §3). */
export const Company = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  logoName: Type.String({ description: 'the name shown beside the logo in the top bar' }),
  logoImg: Type.Union([Type.String(), Type.Null()]),
  roleId: Type.Union([Type.Integer(), Type.Null()]),
});
export type Company = Static<typeof Company>;

/** `PUT /api-user/users/me` (profile; the spec does not show the path). */
export const ProfileUpdate = Type.Object({
  id: Type.Optional(Type.Integer()),
  nickname: NameText(),
  mobile: Type.String({ maxLength: 20 }),
  headImgUrl: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
});
export type ProfileUpdate = Static<typeof ProfileUpdate>;

/** `PUT /api-user/users/password` (JSON, spec §7). */
export const PasswordChange = Type.Object({
  id: Type.Optional(Type.Integer()),
  oldPassword: Type.String({ maxLength: 100 }),
  newPassword: Type.String({ maxLength: 100 }),
  rePassword: Type.Optional(Type.String({ maxLength: 100 })),
});
export type PasswordChange = Static<typeof PasswordChange>;
