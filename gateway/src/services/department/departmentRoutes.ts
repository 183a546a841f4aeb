// /api-user departments (spec §3 "account (role, department, …)") on the resource registration: list with parent
// names and account counts, saveOrUpdate (the parent must be the tenant's and not the department or below it; a
// name unique among its siblings), exist, delete (refused with sub-departments or accounts).
import { PERMISSIONS } from '@waterops/shared/auth';
import type { Locale } from '@waterops/shared/i18n';
import {
  DEPARTMENT_PATHS,
  type DEPARTMENT_SORT_FIELDS,
  Department,
  DepartmentFilters,
  DepartmentSave,
  validateDepartment,
} from '@waterops/shared/user';
import { badRequest } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { registerResource } from '../resource/registerResource.ts';
import type { DbRow } from '../resource/resourceRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { accountCounts, ancestorIds, departmentNames, hasChildren } from './departmentRepository.ts';

const path = (full: string) => full.slice('/api-user'.length);

const toDepartment = (r: DbRow, _locale: Locale): Department => ({
  id: Number(r.id),
  parentId: Number(r.parent_id),
  parentName: (r.parent_name as string | null | undefined) ?? null,
  name: r.name as string,
  sort: Number(r.sort),
  userCount: Number(r.user_count ?? 0),
  createTime: (r.created_at as Date).toISOString(),
});

export const departmentRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  registerResource(
    app,
    {
      name: 'department',
      table: 'departments',
      columns: ['id', 'parent_id', 'name', 'sort', 'created_at'],
      paths: {
        list: path(DEPARTMENT_PATHS.departments),
        saveOrUpdate: path(DEPARTMENT_PATHS.departmentSaveOrUpdate),
        exist: path(DEPARTMENT_PATHS.departmentExist),
        delete: path(DEPARTMENT_PATHS.department(':id')),
      },
      permissions: { read: PERMISSIONS.sysUserView, write: PERMISSIONS.sysUserEdit },
      schemas: { row: Department, save: DepartmentSave, filters: DepartmentFilters },
      filters: {
        name: { column: 'name', match: 'contains' },
        parentId: { column: 'parent_id', match: 'eq' },
      },
      sortable: { name: 'name', sort: 'sort', createTime: 'created_at' } satisfies Record<
        (typeof DEPARTMENT_SORT_FIELDS)[number],
        string
      >,
      defaultSort: [
        { column: 'parent_id', order: 'asc' },
        { column: 'sort', order: 'asc' },
      ],
      unique: [
        {
          field: 'name',
          column: 'name',
          message: 'resource.departmentName.exists',
          constraint: 'departments_sibling_name_uq',
          within: { field: 'parentId', column: 'parent_id' },
        },
      ],
      operations: { create: 'departmentCreate', update: 'departmentUpdate', delete: 'departmentDelete' },
      toRow: toDepartment,
      enrich: async (a, companyId, rows) => {
        const [names, counts] = await Promise.all([
          departmentNames(
            a.db,
            companyId,
            rows.map((r) => Number(r.parent_id)),
          ),
          accountCounts(
            a.db,
            companyId,
            rows.map((r) => Number(r.id)),
          ),
        ]);
        return rows.map((r) => ({
          ...r,
          parent_name: names.get(Number(r.parent_id)) ?? null,
          user_count: counts.get(Number(r.id)) ?? 0,
        }));
      },
      validate: (body) => validateDepartment(body),
      beforeWrite: async ({ tx, me, body, existing }) => {
        if (body.parentId === 0) return null;
        const chain = await ancestorIds(tx, me.companyId, body.parentId);
        // the parent must exist in the tenant, and not be the department itself or one of its descendants
        if (chain.length === 0 || (existing && chain.includes(existing.id))) throw badRequest('parentId');
        return null;
      },
      toColumns: (body) => ({
        parent_id: body.parentId,
        name: body.name.trim(),
        ...(body.sort !== undefined ? { sort: body.sort } : {}),
      }),
      beforeDelete: async ({ tx, me, existing }) => {
        if (await hasChildren(tx, me.companyId, existing.id)) return { key: 'resource.department.hasChildren' };
        const count = (await accountCounts(tx, me.companyId, [existing.id])).get(existing.id) ?? 0;
        return count > 0 ? { key: 'resource.department.hasUsers', params: { count } } : null;
      },
      describe: (r) => String(r.name ?? ''),
    },
    now,
  );
};
