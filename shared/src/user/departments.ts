// Departments of a tenant (spec §3 "account (role, department, …)"): a tree by parentId; a name is unique among its
// siblings. Administered with the accounts (sys:user:view / sys:user:edit).
import { type Static, Type } from '@sinclair/typebox';
import { NameText } from '../rules/textLimits.ts';
import type { RuleViolation } from './rules.ts';

export const DEPARTMENT_PATHS = {
  /** GET: the tenant's departments, paged (name, parentId, sort, order) */
  departments: '/api-user/departments',
  /** POST DepartmentSave: no id = create */
  departmentSaveOrUpdate: '/api-user/departments/saveOrUpdate',
  /** GET ?field=name&value&parentId&id → datas: true when a sibling holds the name */
  departmentExist: '/api-user/departments/exist',
  /** DELETE: refused while it has sub-departments or accounts */
  department: (id: number | string) => `/api-user/departments/${id}`,
} as const;

/** One row of the department list. */
export const Department = Type.Object({
  id: Type.Integer(),
  /** 0 = top level */
  parentId: Type.Integer(),
  parentName: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
  sort: Type.Integer(),
  userCount: Type.Integer({ minimum: 0 }),
  createTime: Type.String({ format: 'date-time' }),
});
export type Department = Static<typeof Department>;

export const DepartmentSave = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  parentId: Type.Integer({ minimum: 0, default: 0 }),
  name: NameText(),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 99_999 })),
});
export type DepartmentSave = Static<typeof DepartmentSave>;

export const DepartmentFilters = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 50 })),
  parentId: Type.Optional(Type.Integer({ minimum: 0 })),
});

export const DEPARTMENT_SORT_FIELDS = ['name', 'sort', 'createTime'] as const;

export const validateDepartment = (d: { name?: string | null }): RuleViolation[] =>
  (d.name ?? '').trim() === '' ? [{ field: 'name', message: 'rules.departmentName.required' }] : [];
