// Accounts as a descriptor: user name, nickname, mobile, roles, enabled (a switch), created; filters by name,
// nickname, mobile, state and role; create (user name and initial password only then) / edit with the shared
// account rules; reset password, two-step verification (require, reset) and delete per row.
import { Tag } from '@blueprintjs/core';
import { sheetPaths } from '@waterops/shared/api';
import { ACCOUNT_TYPES, DEFAULT_ACCOUNT_TYPE } from '@waterops/shared/place';
import {
  type Account,
  AccountSave,
  type Department,
  type Role,
  USER_PATHS,
  validateAccount,
} from '@waterops/shared/user';
import { useMemo } from 'react';
import { formatDateTime } from '../../components/dateRange.ts';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import { importDefOf } from '../../resources/resourceApi.ts';
import type { FieldRule, ResourceDescriptor } from '../../resources/types.ts';
import { EnabledSwitch, PasswordResetDialog, RolePicker, roleIdsOf } from './AccountParts.tsx';
import { AccountTypeLabel, ScopeTags } from './AccountScopeCells.tsx';
import { AreaScopeField, areasText, RegionScopeField, regionsText, scopeIdsOf } from './AccountScopeFields.tsx';
import { AccountTotpDialog } from './AccountTotpDialog.tsx';
import { ACCOUNT_RESOURCE, useAllRolesQuery } from './accessApi.ts';
import { departmentOptions, useAllDepartmentsQuery } from './departmentApi.ts';

export type AccountFilters = {
  username: string;
  nickname: string;
  mobile: string;
  enabled: string;
  roleId: string;
  departmentId: string;
  accountType: string;
};

/** Spec §3 account types, as select options. */
const ACCOUNT_TYPE_OPTIONS = ACCOUNT_TYPES.map((type) => ({
  value: String(type),
  labelKey: `accountScope.type${type}`,
}));

const EDIT = ['sys:user:edit'];

/** A field's rule from the shared `validateAccount` (create rules: the create-only fields are not shown on edit). */
const accountRule =
  (field: 'username' | 'password' | 'nickname' | 'mobile'): FieldRule =>
  (_value, values) =>
    validateAccount(values, 'create').find((v) => v.field === field)?.message ?? null;

/** The descriptor; the role filter lists the tenant's roles. */
export const accountResource = (
  roles: readonly Role[],
  departments: readonly Department[] = [],
): ResourceDescriptor<Account, AccountFilters> => ({
  id: ACCOUNT_RESOURCE,
  titleKey: 'account.title',
  list: { path: USER_PATHS.users },
  exportPath: sheetPaths(USER_PATHS.users).export,
  exportPermissions: ['sys:user:view'],
  import: importDefOf(USER_PATHS.users, EDIT),
  rowKey: (row) => row.id,
  initialFilters: {
    username: '',
    nickname: '',
    mobile: '',
    enabled: '',
    roleId: '',
    departmentId: '',
    accountType: '',
  },
  filters: [
    { kind: 'text', key: 'username', labelKey: 'account.username', icon: 'user' },
    { kind: 'text', key: 'nickname', labelKey: 'account.nickname' },
    { kind: 'text', key: 'mobile', labelKey: 'account.mobile', icon: 'mobile-phone' },
    {
      kind: 'select',
      key: 'enabled',
      labelKey: 'account.state',
      options: [
        { value: '', labelKey: 'account.all' },
        { value: 'true', labelKey: 'account.enabled' },
        { value: 'false', labelKey: 'account.disabled' },
      ],
    },
    {
      kind: 'select',
      key: 'roleId',
      labelKey: 'account.roles',
      options: [{ value: '', labelKey: 'account.all' }, ...roles.map((r) => ({ value: String(r.id), label: r.name }))],
    },
    {
      kind: 'select',
      key: 'departmentId',
      labelKey: 'accountScope.department',
      options: [{ value: '', labelKey: 'account.all' }, ...departmentOptions(departments)],
    },
    {
      kind: 'select',
      key: 'accountType',
      labelKey: 'accountScope.accountType',
      options: [{ value: '', labelKey: 'account.all' }, ...ACCOUNT_TYPE_OPTIONS],
    },
  ],
  columns: [
    { key: 'username', titleKey: 'account.username', width: 140, sortable: true },
    { key: 'nickname', titleKey: 'account.nickname', width: 140, sortable: true },
    { key: 'mobile', titleKey: 'account.mobile', width: 130, text: (row) => row.mobile ?? '' },
    {
      key: 'roles',
      titleKey: 'account.roles',
      width: 150,
      grow: true,
      text: (row) => row.roles.map((r) => r.name).join(', '),
      render: (row) => (
        <span className="wo-tag-row">
          {row.roles.map((r) => (
            <Tag key={r.id} minimal>
              {r.name}
            </Tag>
          ))}
        </span>
      ),
    },
    {
      key: 'departmentName',
      titleKey: 'accountScope.department',
      width: 110,
      // the table fits 1440 px with the scope shown; department and type are in the column chooser and filters
      hiddenByDefault: true,
      text: (row) => row.departmentName ?? '',
    },
    {
      key: 'accountType',
      titleKey: 'accountScope.accountType',
      width: 100,
      hiddenByDefault: true,
      render: (row) => <AccountTypeLabel type={row.accountType} />,
    },
    {
      key: 'scope',
      titleKey: 'accountScope.scope',
      width: 120,
      text: (row) => [...row.regions.map((r) => r.regionName), ...row.areas.map((x) => x.areaName)].join(', '),
      render: (row) => <ScopeTags row={row} />,
    },
    {
      key: 'enabled',
      titleKey: 'account.state',
      width: 110,
      text: (row) => (row.enabled ? '✓' : '✗'),
      render: (row) => <EnabledSwitch row={row} />,
    },
    {
      key: 'createTime',
      titleKey: 'account.createTime',
      width: 160,
      sortable: true,
      text: (row) => formatDateTime(new Date(row.createTime)),
    },
  ],
  emptyIcon: 'person',
  form: {
    itemKey: 'resourceItem.account',
    schema: AccountSave,
    fields: [
      {
        key: 'username',
        labelKey: 'account.username',
        rules: [accountRule('username')],
        readOnlyOnEdit: true,
        exist: (value, editing) => ({
          url: USER_PATHS.userExist,
          params: { field: 'username', value, ...(editing ? { id: editing.id } : {}) },
        }),
      },
      {
        key: 'password',
        labelKey: 'account.password',
        kind: 'password',
        createOnly: true,
        rules: [accountRule('password')],
      },
      { key: 'nickname', labelKey: 'account.nickname', rules: [accountRule('nickname')] },
      { key: 'mobile', labelKey: 'account.mobile', rules: [accountRule('mobile')] },
      {
        key: 'roleIds',
        labelKey: 'account.roles',
        initial: (row) => row.roleIds.join(','),
        render: (props) => <RolePicker {...props} />,
      },
      {
        key: 'departmentId',
        labelKey: 'accountScope.department',
        kind: 'select',
        options: [{ value: '', labelKey: 'accountScope.noDepartment' }, ...departmentOptions(departments)],
        initial: (row) => (row.departmentId ? String(row.departmentId) : ''),
      },
      {
        key: 'accountType',
        labelKey: 'accountScope.accountType',
        kind: 'select',
        // a new account is an operator (the server's default): the dialog preselects the first option
        options: [
          ...ACCOUNT_TYPE_OPTIONS.filter((o) => o.value === String(DEFAULT_ACCOUNT_TYPE)),
          ...ACCOUNT_TYPE_OPTIONS.filter((o) => o.value !== String(DEFAULT_ACCOUNT_TYPE)),
        ],
        initial: (row) => String(row.accountType),
      },
      {
        key: 'regionIds',
        labelKey: 'accountScope.regions',
        initial: regionsText,
        render: (p) => <RegionScopeField {...p} />,
      },
      { key: 'areaIds', labelKey: 'accountScope.areas', initial: areasText, render: (p) => <AreaScopeField {...p} /> },
    ],
    save: (values, editing) => {
      const common = {
        nickname: values.nickname,
        mobile: values.mobile || null,
        roleIds: roleIdsOf(values.roleIds ?? ''),
        departmentId: values.departmentId ? Number(values.departmentId) : null,
        accountType: Number(values.accountType || DEFAULT_ACCOUNT_TYPE),
        regionIds: scopeIdsOf(values.regionIds),
        areaIds: scopeIdsOf(values.areaIds),
      };
      return {
        url: USER_PATHS.userSaveOrUpdate,
        method: 'POST',
        data: editing
          ? { id: editing.id, ...common }
          : { username: values.username, password: values.password, ...common },
        // an emptied mobile is sent as null so the server clears it
        not_filter: true,
      };
    },
    createPermissions: EDIT,
    editPermissions: EDIT,
  },
  remove: { request: (row) => ({ url: USER_PATHS.user(row.id), method: 'DELETE' }), permissions: EDIT },
  actions: [
    {
      id: 'resetPassword',
      labelKey: 'account.resetPassword',
      icon: 'lock',
      permissions: EDIT,
      dialog: ({ row, onClose }) => <PasswordResetDialog row={row} onClose={onClose} />,
    },
    {
      id: 'totp',
      labelKey: 'totp.adminAction',
      icon: 'mobile-phone',
      permissions: EDIT,
      dialog: ({ row, onClose }) => <AccountTotpDialog row={row} onClose={onClose} />,
    },
  ],
});

export function AccountPage() {
  const { data: roles = [] } = useAllRolesQuery();
  const { data: departments = [] } = useAllDepartmentsQuery();
  const descriptor = useMemo(() => accountResource(roles, departments), [roles, departments]);
  return <ResourceListPage descriptor={descriptor} />;
}
