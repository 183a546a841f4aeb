// Every department of the tenant, for the account form's and filter's department select and the parent select.
import type { PageResult } from '@waterops/shared/api';
import { DEPARTMENT_PATHS, type Department } from '@waterops/shared/user';
import { baseApi } from '../../api/baseApi.ts';

export const DEPARTMENT_RESOURCE = 'system.department';

export const departmentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    allDepartments: build.query<Department[], void>({
      query: () => ({ url: DEPARTMENT_PATHS.departments, params: { page: 1, limit: 999 } }),
      transformResponse: (r: PageResult<Department>) => r.data ?? [],
      providesTags: [{ type: 'Resource', id: DEPARTMENT_RESOURCE }],
    }),
  }),
});

export const { useAllDepartmentsQuery } = departmentApi;

/** The departments as select options, each child indented under its parent's name ("营业所 / 一班"). */
export const departmentOptions = (departments: readonly Department[]) =>
  departments.map((d) => ({ value: String(d.id), label: d.parentName ? `${d.parentName} / ${d.name}` : d.name }));
