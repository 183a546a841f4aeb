// Menu administration calls: the tenant's entries (flat, every one), deleting one, the company's own tree with what
// is open, and a child company's tree with the saving of what is open for it. Changes refresh the side menu too.
import type { CompanyMenuEntry, CompanyMenusOpened, Menu } from '@waterops/shared/user';
import { USER_PATHS } from '@waterops/shared/user';
import { baseApi } from '../../api/baseApi.ts';

type Envelope<T> = { datas: T };

/** The resource id of the menu page: the generic edit dialog refreshes it after a save. */
export const MENU_RESOURCE = 'system.menu';

export const menuAdminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    tenantMenus: build.query<Menu[], void>({
      // every entry at once: a tree cannot be paged (999 is the list maximum)
      query: () => ({ url: USER_PATHS.menus, params: { page: 1, limit: 999 } }),
      transformResponse: (r: { data?: Menu[] }) => r.data ?? [],
      providesTags: [{ type: 'Resource', id: MENU_RESOURCE }],
    }),
    menuDelete: build.mutation<unknown, number>({
      query: (id) => ({ url: USER_PATHS.menu(id), method: 'DELETE', not_msg: true }),
      invalidatesTags: [{ type: 'Resource', id: MENU_RESOURCE }, 'Menus'],
    }),
    ownCompanyMenus: build.query<CompanyMenuEntry[], void>({
      query: () => ({ url: USER_PATHS.companyMenus }),
      transformResponse: (r: Envelope<CompanyMenuEntry[]>) => r.datas ?? [],
      keepUnusedDataFor: 0,
    }),
    childCompanyMenus: build.query<CompanyMenuEntry[], number>({
      query: (companyId) => ({ url: USER_PATHS.childCompanyMenus(companyId) }),
      transformResponse: (r: Envelope<CompanyMenuEntry[]>) => r.datas ?? [],
      keepUnusedDataFor: 0,
    }),
    childCompanyOpened: build.mutation<unknown, { companyId: number } & CompanyMenusOpened>({
      query: ({ companyId, menuIds }) => ({
        url: USER_PATHS.childCompanyOpened(companyId),
        method: 'POST',
        data: { menuIds },
        // an empty list is a real answer (close everything that may be closed)
        not_filter: true,
        not_msg: true,
      }),
    }),
  }),
});

export const {
  useTenantMenusQuery,
  useMenuDeleteMutation,
  useOwnCompanyMenusQuery,
  useChildCompanyMenusQuery,
  useChildCompanyOpenedMutation,
} = menuAdminApi;
