// Roles and accounts calls beyond the generic list/save/delete: every role (the role picker and filter), a role's
// menu grant tree and its saving, enabling an account and resetting its password.
import { type MenuGrant, type MenuGrantEntry, type Role, USER_PATHS } from '@waterops/shared/user';
import { baseApi } from '../../api/baseApi.ts';

type Envelope<T> = { datas: T };

/** The resource ids of the two pages: their lists are refreshed after these calls. */
export const ROLE_RESOURCE = 'system.role';
export const ACCOUNT_RESOURCE = 'system.account';

export const accessApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    allRoles: build.query<Role[], void>({
      query: () => ({ url: USER_PATHS.allRoles }),
      transformResponse: (r: Envelope<Role[]>) => r.datas ?? [],
      providesTags: [{ type: 'Resource', id: ROLE_RESOURCE }],
    }),
    roleMenus: build.query<MenuGrantEntry[], number>({
      query: (roleId) => ({ url: USER_PATHS.roleMenus(roleId) }),
      transformResponse: (r: Envelope<MenuGrantEntry[]>) => r.datas ?? [],
      keepUnusedDataFor: 0,
    }),
    menusGranted: build.mutation<unknown, MenuGrant>({
      query: (data) => ({ url: USER_PATHS.menusGranted, method: 'POST', data, not_msg: true }),
    }),
    accountEnabled: build.mutation<unknown, { id: number; enabled: boolean }>({
      query: ({ id, enabled }) => ({ url: USER_PATHS.userEnabled, params: { id, enabled }, not_msg: true }),
      invalidatesTags: [{ type: 'Resource', id: ACCOUNT_RESOURCE }],
    }),
    accountPasswordReset: build.mutation<unknown, { id: number; password: string }>({
      query: ({ id, password }) => ({
        url: USER_PATHS.userPassword(id),
        method: 'PUT',
        data: { password },
        not_msg: true,
      }),
    }),
  }),
});

export const {
  useAllRolesQuery,
  useRoleMenusQuery,
  useMenusGrantedMutation,
  useAccountEnabledMutation,
  useAccountPasswordResetMutation,
} = accessApi;
