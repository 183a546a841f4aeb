// Departments as a descriptor: a flat list with the parent's name, order and account count; create / edit (name
// unique among siblings, refused by the save); delete (refused with sub-departments or accounts).
import { DEPARTMENT_PATHS, type Department, DepartmentSave, validateDepartment } from '@waterops/shared/user';
import { useMemo } from 'react';
import { formatDateTime } from '../../components/dateRange.ts';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import type { ResourceDescriptor } from '../../resources/types.ts';
import { DEPARTMENT_RESOURCE, departmentOptions, useAllDepartmentsQuery } from './departmentApi.ts';

export type DepartmentFilters = { name: string };

const EDIT = ['sys:user:edit'];

export const departmentResource = (
  departments: readonly Department[],
): ResourceDescriptor<Department, DepartmentFilters> => ({
  id: DEPARTMENT_RESOURCE,
  titleKey: 'department.title',
  icon: 'layout-hierarchy',
  list: { path: DEPARTMENT_PATHS.departments },
  rowKey: (row) => row.id,
  initialFilters: { name: '' },
  filters: [{ kind: 'text', key: 'name', labelKey: 'department.name', icon: 'layout-hierarchy' }],
  columns: [
    { key: 'name', titleKey: 'department.name', width: 200, sortable: true },
    { key: 'parentName', titleKey: 'department.parent', width: 200, text: (row) => row.parentName ?? '' },
    { key: 'sort', titleKey: 'department.sort', width: 90, sortable: true, text: (row) => String(row.sort) },
    { key: 'userCount', titleKey: 'department.userCount', width: 100, text: (row) => String(row.userCount) },
    {
      key: 'createTime',
      titleKey: 'department.createTime',
      width: 170,
      grow: true,
      sortable: true,
      text: (row) => formatDateTime(new Date(row.createTime)),
    },
  ],
  emptyIcon: 'layout-hierarchy',
  form: {
    itemKey: 'resourceItem.department',
    schema: DepartmentSave,
    fields: [
      {
        key: 'parentId',
        labelKey: 'department.parent',
        kind: 'select',
        options: [{ value: '0', labelKey: 'department.top' }, ...departmentOptions(departments)],
        initial: (row) => String(row.parentId),
      },
      {
        key: 'name',
        labelKey: 'department.name',
        rules: [(_v, values) => validateDepartment(values).find((v) => v.field === 'name')?.message ?? null],
        // no `exist` pre-check: names are unique among siblings and the check cannot see the chosen parent; the
        // save answers the same message
      },
      { key: 'sort', labelKey: 'department.sort', maxLength: 5, initial: (row) => String(row.sort) },
    ],
    save: (values, editing) => ({
      url: DEPARTMENT_PATHS.departmentSaveOrUpdate,
      method: 'POST',
      data: {
        ...(editing ? { id: editing.id } : {}),
        parentId: Number(values.parentId || 0),
        name: values.name,
        ...(values.sort ? { sort: Number(values.sort) } : {}),
      },
    }),
    createPermissions: EDIT,
    editPermissions: EDIT,
  },
  remove: { request: (row) => ({ url: DEPARTMENT_PATHS.department(row.id), method: 'DELETE' }), permissions: EDIT },
});

export function DepartmentPage() {
  const { data: departments = [] } = useAllDepartmentsQuery();
  const descriptor = useMemo(() => departmentResource(departments), [departments]);
  return <ResourceListPage descriptor={descriptor} />;
}
