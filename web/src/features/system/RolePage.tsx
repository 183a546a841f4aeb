// Roles as a descriptor: name, code, type, user count; create/edit with the shared role rules and `exist` checks on
// code and name; delete (the server refuses a role that still has users, and says so); menu grants per role.
import { Tag } from '@blueprintjs/core';
import { sheetPaths } from '@waterops/shared/api';
import { type Role, RoleSave, USER_PATHS, validateRole } from '@waterops/shared/user';
import { formatDateTime } from '../../components/dateRange.ts';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import type { FieldRule, ResourceDescriptor } from '../../resources/types.ts';
import { ROLE_RESOURCE } from './accessApi.ts';
import { MenuGrantDialog } from './MenuGrantDialog.tsx';

export type RoleFilters = { name: string; code: string };

const EDIT = ['sys:role:edit'];

/** A field's rule taken from the shared `validateRole`, so the form and the route give the same message. */
const roleRule =
  (field: 'code' | 'name'): FieldRule =>
  (_value, values) =>
    validateRole(values).find((v) => v.field === field)?.message ?? null;

const existCheck = (field: 'code' | 'name') => (value: string, editing: Role | undefined) => ({
  url: USER_PATHS.roleExist,
  params: { field, value, ...(editing ? { id: editing.id } : {}) },
});

export const roleResource: ResourceDescriptor<Role, RoleFilters> = {
  id: ROLE_RESOURCE,
  titleKey: 'role.title',
  list: { path: USER_PATHS.roles },
  exportPath: sheetPaths(USER_PATHS.roles).export,
  exportPermissions: ['sys:role:view'],
  rowKey: (row) => row.id,
  initialFilters: { name: '', code: '' },
  filters: [
    { kind: 'text', key: 'name', labelKey: 'role.name', placeholderKey: 'role.namePlaceholder', icon: 'people' },
    { kind: 'text', key: 'code', labelKey: 'role.code', placeholderKey: 'role.codePlaceholder' },
  ],
  columns: [
    { key: 'name', titleKey: 'role.name', width: 180, sortable: true },
    { key: 'code', titleKey: 'role.code', width: 160, sortable: true },
    { key: 'nameEn', titleKey: 'role.nameEn', width: 160, hiddenByDefault: true, text: (row) => row.nameEn ?? '' },
    { key: 'type', titleKey: 'role.type', width: 120, render: (row) => <Tag minimal>{row.type}</Tag> },
    { key: 'userCount', titleKey: 'role.userCount', width: 100, text: (row) => String(row.userCount) },
    {
      key: 'createTime',
      titleKey: 'role.createTime',
      width: 170,
      grow: true,
      sortable: true,
      text: (row) => formatDateTime(new Date(row.createTime)),
    },
  ],
  emptyIcon: 'people',
  form: {
    itemKey: 'resourceItem.role',
    schema: RoleSave,
    fields: [
      { key: 'code', labelKey: 'role.code', rules: [roleRule('code')], exist: existCheck('code') },
      {
        key: 'name',
        labelKey: 'role.name',
        rules: [roleRule('name')],
        exist: existCheck('name'),
        initial: (row) => row.nameZh,
      },
      { key: 'nameEn', labelKey: 'role.nameEn' },
    ],
    save: (values, editing) => ({
      url: USER_PATHS.roleSaveOrUpdate,
      method: 'POST',
      // an emptied English name is sent as null so the server clears it (empty values are otherwise dropped)
      data: { ...values, nameEn: values.nameEn || null, ...(editing ? { id: editing.id } : {}) },
      not_filter: true,
    }),
    createPermissions: EDIT,
    editPermissions: EDIT,
  },
  remove: { request: (row) => ({ url: USER_PATHS.role(row.id), method: 'DELETE' }), permissions: EDIT },
  actions: [
    {
      id: 'grant',
      labelKey: 'role.grant',
      icon: 'key',
      permissions: EDIT,
      dialog: ({ row, onClose }) => <MenuGrantDialog row={row} onClose={onClose} />,
    },
  ],
};

export function RolePage() {
  return <ResourceListPage descriptor={roleResource} />;
}
