// Resident categories (用户类别) as a descriptor: type name, residents of the category, remark; filter by name;
// create / edit with the shared rule (type name required and unique); delete (refused while residents use it); export.
import { sheetPaths } from '@waterops/shared/api';
import { CATALOGUE_PATHS, type ResidentCategory, ResidentCategorySave } from '@waterops/shared/catalogue';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import type { ResourceDescriptor } from '../../resources/types.ts';
import { RESIDENT_CATEGORY_RESOURCE } from './catalogueApi.ts';
import { remarkField, trailingColumns, typeNameColumn, typeNameField } from './typeCatalogue.ts';

export type ResidentCategoryFilters = { typeName: string };

const VIEW = ['data:residentCategory:view'];
const EDIT = ['data:residentCategory:edit'];

export const residentCategoryResource: ResourceDescriptor<ResidentCategory, ResidentCategoryFilters> = {
  id: RESIDENT_CATEGORY_RESOURCE,
  titleKey: 'residentCategory.title',
  icon: 'tag',
  list: { path: CATALOGUE_PATHS.residentCategories },
  rowKey: (row) => row.id,
  initialFilters: { typeName: '' },
  filters: [
    { kind: 'text', key: 'typeName', labelKey: 'catalogue.typeName', placeholderKey: 'catalogue.typeNamePlaceholder' },
  ],
  columns: [
    typeNameColumn(),
    {
      key: 'residentCount',
      titleKey: 'residentCategory.residentCount',
      width: 100,
      text: (r) => String(r.residentCount),
    },
    ...trailingColumns<ResidentCategory>(),
  ],
  emptyIcon: 'tag',
  form: {
    itemKey: 'resourceItem.residentCategory',
    schema: ResidentCategorySave,
    fields: [typeNameField<ResidentCategory>(CATALOGUE_PATHS.residentCategoryExist), remarkField<ResidentCategory>()],
    save: (values, editing) => ({
      url: editing ? CATALOGUE_PATHS.residentCategoryUpdate : CATALOGUE_PATHS.residentCategorySave,
      method: 'POST',
      data: { ...(editing ? { id: editing.id } : {}), typeName: values.typeName, remark: values.remark || null },
      not_filter: true,
    }),
    createPermissions: EDIT,
    editPermissions: EDIT,
  },
  remove: {
    request: (row) => ({ url: CATALOGUE_PATHS.residentCategoryDelete, method: 'POST', data: { id: row.id } }),
    permissions: EDIT,
  },
  exportPath: sheetPaths(CATALOGUE_PATHS.residentCategories).export,
  exportPermissions: VIEW,
};

export function ResidentCategoryPage() {
  return <ResourceListPage descriptor={residentCategoryResource} />;
}
