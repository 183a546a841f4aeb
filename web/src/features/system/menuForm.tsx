// The menu entry form as a descriptor form (the generic ResourceEditDialog shows it): parent (tree select), names,
// type, route, component, the '||' no-layout marker, icon, permission code, sort and hidden. The '||' marker is stored
// in `path` the way the router reads it (app/router/buildMenuRoutes.ts); rules are the shared validateMenu's.
import { HTMLSelect, Switch } from '@blueprintjs/core';
import { type Menu, MenuSave, USER_PATHS, validateMenu } from '@waterops/shared/user';
import { useTranslation } from 'react-i18next';
import { HIDDEN_MARKER } from '../../app/router/buildMenuRoutes.ts';
import type { FieldInputProps, FieldRule, FormDef } from '../../resources/types.ts';
import { IconPicker } from './IconPicker.tsx';
import { parentOptions } from './menuTreeRows.ts';

const EDIT = ['sys:menu:edit'];
export const MENU_TYPES = [
  { value: '0', labelKey: 'menuAdmin.typePage' },
  { value: '1', labelKey: 'menuAdmin.typeMenu' },
  { value: '2', labelKey: 'menuAdmin.typePermission' },
] as const;
const MAX_SORT = 1_000_000;

const menuRule =
  (field: 'name' | 'permission'): FieldRule =>
  (_value, values) =>
    validateMenu({ name: values.name, type: Number(values.type), permission: values.permission }).find(
      (v) => v.field === field,
    )?.message ?? null;

const sortRule: FieldRule = (value) =>
  value === '' || (/^\d+$/.test(value) && Number(value) <= MAX_SORT) ? null : 'menuAdmin.sortInvalid';

function ParentSelect({ id, value, onChange, menus, editing }: FieldInputProps & { menus: Menu[]; editing?: number }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const options = [
    { value: '0', label: t('menuAdmin.topLevel') },
    ...parentOptions(menus, editing).map((o) => ({
      value: String(o.value),
      label: `${'\u3000'.repeat(o.depth + 1)}${en ? (o.nameEn ?? o.name) : o.name}`,
    })),
  ];
  return <HTMLSelect id={id} fill value={value} onChange={(e) => onChange(e.currentTarget.value)} options={options} />;
}

function Toggle({ id, value, onChange, labelKey }: FieldInputProps & { labelKey: string }) {
  const { t } = useTranslation();
  return (
    <Switch
      id={id}
      checked={value === 'true'}
      label={t(value === 'true' ? 'menuAdmin.yes' : 'menuAdmin.no')}
      aria-label={t(labelKey)}
      onChange={(e) => onChange(e.currentTarget.checked ? 'true' : '')}
    />
  );
}

/**
 * The form for the tenant's `menus`. `defaultParent` is the parent of a new entry ("add child"): a new entry's
 * parent field starts empty, which means that parent.
 */
export const menuForm = (menus: Menu[], defaultParent: number, editingId: number | undefined): FormDef<Menu> => ({
  itemKey: 'resourceItem.menu',
  schema: MenuSave,
  width: 560,
  createPermissions: EDIT,
  editPermissions: EDIT,
  fields: [
    {
      key: 'parentId',
      labelKey: 'menuAdmin.parent',
      render: (p) => <ParentSelect {...p} value={p.value || String(defaultParent)} menus={menus} editing={editingId} />,
    },
    { key: 'name', labelKey: 'menuAdmin.name', rules: [menuRule('name')] },
    { key: 'nameEn', labelKey: 'menuAdmin.nameEn' },
    { key: 'type', labelKey: 'menuAdmin.type', kind: 'select', options: MENU_TYPES },
    { key: 'url', labelKey: 'menuAdmin.url' },
    {
      key: 'path',
      labelKey: 'menuAdmin.path',
      maxLength: 198,
      initial: (row) => row.path.replaceAll(HIDDEN_MARKER, ''),
    },
    {
      key: 'bare',
      labelKey: 'menuAdmin.bare',
      initial: (row) => (row.path.includes(HIDDEN_MARKER) ? 'true' : ''),
      render: (p) => <Toggle {...p} labelKey="menuAdmin.bare" />,
    },
    { key: 'css', labelKey: 'menuAdmin.icon', render: (p) => <IconPicker {...p} /> },
    {
      key: 'permission',
      labelKey: 'menuAdmin.permission',
      placeholderKey: 'menuAdmin.permissionHelp',
      rules: [menuRule('permission')],
    },
    { key: 'sort', labelKey: 'menuAdmin.sort', maxLength: 7, rules: [sortRule] },
    {
      key: 'hidden',
      labelKey: 'menuAdmin.hidden',
      initial: (row) => (row.hidden ? 'true' : ''),
      render: (p) => <Toggle {...p} labelKey="menuAdmin.hidden" />,
    },
  ],
  save: (values, editing) => {
    const type = Number(values.type || 0);
    return {
      url: USER_PATHS.menuSaveOrUpdate,
      method: 'POST',
      data: {
        ...(editing ? { id: editing.id } : {}),
        parentId: Number(values.parentId || defaultParent),
        name: values.name,
        nameEn: values.nameEn || null,
        type,
        url: values.url ?? '',
        path: `${values.bare === 'true' ? HIDDEN_MARKER : ''}${values.path ?? ''}`,
        css: values.css ?? '',
        permission: type === 2 ? values.permission || null : null,
        sort: Number(values.sort || 0),
        hidden: values.hidden === 'true',
      },
      // empty strings, null and false are real values here (clearing a route, showing an entry again)
      not_filter: true,
    };
  },
});
