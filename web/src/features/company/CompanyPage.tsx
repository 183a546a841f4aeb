// Companies as a descriptor: the own company and the companies it created — name, code, kind (a tag), contact,
// phone, enabled (a switch; not on the own company), created; filters by name, kind and state; create with the
// first administrator's account (user name and initial password only then) / edit with the shared company rules.
// Companies are disabled, never deleted. `extraActions` is the slot for more row actions (the menus opened for a
// company).
import {
  COMPANY_KINDS,
  COMPANY_PATHS,
  type CompanyDetail,
  CompanySave,
  validateCompany,
} from '@waterops/shared/company';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateRange.ts';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import type { FieldRule, ResourceDescriptor, RowAction } from '../../resources/types.ts';
import { CompanyMenusDialog } from '../system/CompanyMenusDialog.tsx';
import { CompanyEnabledSwitch, CompanyKindTag, LogoImageInput } from './CompanyParts.tsx';
import { COMPANY_RESOURCE } from './companyApi.ts';

export type CompanyFilters = { name: string; kind: string; enabled: string };

const EDIT = ['sys:company:edit'];

/** A field's rule from the shared `validateCompany` (create rules: the create-only fields are not shown on edit). */
const companyRule =
  (field: string): FieldRule =>
  (_value, values) =>
    validateCompany(values as Partial<CompanySave>, 'create').find((v) => v.field === field)?.message ?? null;

const KIND_OPTIONS = COMPANY_KINDS.map((k) => ({ value: k, labelKey: `company.kinds.${k}` }));

/** The descriptor; `english` shows the English names where a company has them. */
export const companyResource = (
  english: boolean,
  extraActions: readonly RowAction<CompanyDetail>[] = [],
): ResourceDescriptor<CompanyDetail, CompanyFilters> => ({
  id: COMPANY_RESOURCE,
  titleKey: 'company.title',
  icon: 'office',
  list: { path: COMPANY_PATHS.list },
  rowKey: (row) => row.id,
  initialFilters: { name: '', kind: '', enabled: '' },
  filters: [
    { kind: 'text', key: 'name', labelKey: 'company.name', icon: 'office' },
    {
      kind: 'select',
      key: 'kind',
      labelKey: 'company.kind',
      options: [{ value: '', labelKey: 'company.all' }, ...KIND_OPTIONS],
    },
    {
      kind: 'select',
      key: 'enabled',
      labelKey: 'company.state',
      options: [
        { value: '', labelKey: 'company.all' },
        { value: 'true', labelKey: 'company.enabled' },
        { value: 'false', labelKey: 'company.disabled' },
      ],
    },
  ],
  columns: [
    {
      key: 'name',
      titleKey: 'company.name',
      width: 200,
      grow: true,
      sortable: true,
      text: (row) => (english && row.nameEn ? row.nameEn : row.name),
    },
    { key: 'code', titleKey: 'company.code', width: 140, sortable: true, text: (row) => row.code ?? '' },
    {
      key: 'kind',
      titleKey: 'company.kind',
      width: 130,
      text: (row) => row.kind,
      render: (row) => <CompanyKindTag kind={row.kind} />,
    },
    { key: 'contact', titleKey: 'company.contact', width: 100, text: (row) => row.contact ?? '' },
    { key: 'phone', titleKey: 'company.phone', width: 130, text: (row) => row.phone ?? '' },
    {
      key: 'address',
      titleKey: 'company.address',
      width: 180,
      hiddenByDefault: true,
      text: (row) => row.address ?? '',
    },
    {
      key: 'enabled',
      titleKey: 'company.state',
      width: 110,
      text: (row) => (row.enabled ? '✓' : '✗'),
      render: (row) => <CompanyEnabledSwitch row={row} />,
    },
    {
      key: 'createTime',
      titleKey: 'company.createTime',
      width: 160,
      sortable: true,
      text: (row) => formatDateTime(new Date(row.createTime)),
    },
  ],
  emptyIcon: 'office',
  form: {
    itemKey: 'resourceItem.company',
    schema: CompanySave,
    width: 600,
    fields: [
      {
        key: 'name',
        labelKey: 'company.name',
        rules: [companyRule('name')],
        exist: (value, editing) => ({
          url: COMPANY_PATHS.exist,
          params: { field: 'name', value, ...(editing ? { id: editing.id } : {}) },
        }),
      },
      { key: 'nameEn', labelKey: 'company.nameEn' },
      {
        key: 'code',
        labelKey: 'company.code',
        placeholderKey: 'company.codeHint',
        maxLength: 20,
        rules: [companyRule('code')],
        exist: (value, editing) => ({
          url: COMPANY_PATHS.exist,
          params: { field: 'code', value, ...(editing ? { id: editing.id } : {}) },
        }),
      },
      { key: 'kind', labelKey: 'company.kind', kind: 'select', options: KIND_OPTIONS },
      { key: 'contact', labelKey: 'company.contact' },
      { key: 'phone', labelKey: 'company.phone', rules: [companyRule('phone')] },
      { key: 'address', labelKey: 'company.address' },
      { key: 'logoName', labelKey: 'company.logoName', placeholderKey: 'company.logoNameHint' },
      { key: 'logoNameEn', labelKey: 'company.logoNameEn' },
      { key: 'logoImg', labelKey: 'company.logoImg', render: (props) => <LogoImageInput {...props} /> },
      {
        key: 'adminUsername',
        labelKey: 'company.adminUsername',
        createOnly: true,
        rules: [companyRule('adminUsername')],
      },
      {
        key: 'adminPassword',
        labelKey: 'company.adminPassword',
        kind: 'password',
        createOnly: true,
        rules: [companyRule('adminPassword')],
      },
      { key: 'adminNickname', labelKey: 'company.adminNickname', createOnly: true },
      {
        key: 'adminMobile',
        labelKey: 'company.adminMobile',
        createOnly: true,
        rules: [companyRule('adminMobile')],
      },
    ],
    save: (values, editing) => {
      const orNull = (v: string | undefined) => v || null;
      const common = {
        name: values.name,
        nameEn: orNull(values.nameEn),
        code: values.code,
        kind: values.kind,
        contact: orNull(values.contact),
        phone: orNull(values.phone),
        address: orNull(values.address),
        logoName: orNull(values.logoName),
        logoNameEn: orNull(values.logoNameEn),
        logoImg: orNull(values.logoImg),
      };
      return {
        url: COMPANY_PATHS.saveOrUpdate,
        method: 'POST',
        data: editing
          ? { id: editing.id, ...common }
          : {
              ...common,
              adminUsername: values.adminUsername,
              adminPassword: values.adminPassword,
              adminNickname: orNull(values.adminNickname),
              adminMobile: orNull(values.adminMobile),
            },
        // emptied optional fields are sent as null so the server clears them
        not_filter: true,
      };
    },
    createPermissions: EDIT,
    editPermissions: EDIT,
  },
  actions: [
    // the menus open for a company (H4): the parent company opens a child's; its own are shown read-only
    {
      id: 'menus',
      labelKey: 'companyMenus.action',
      icon: 'lock',
      permissions: EDIT,
      dialog: ({ row, onClose }) => (
        <CompanyMenusDialog
          companyId={row.id}
          companyName={english && row.nameEn ? row.nameEn : row.name}
          own={row.own}
          onClose={onClose}
        />
      ),
    },
    ...(extraActions ?? []),
  ],
});

export type CompanyPageProps = {
  /** more row actions (e.g. the menus opened for a company) */
  extraActions?: readonly RowAction<CompanyDetail>[];
};

export function CompanyPage({ extraActions }: CompanyPageProps = {}) {
  const { i18n } = useTranslation();
  const english = i18n.language === 'en';
  const descriptor = useMemo(() => companyResource(english, extraActions), [english, extraActions]);
  return <ResourceListPage descriptor={descriptor} />;
}
