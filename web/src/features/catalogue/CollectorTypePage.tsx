// Collector types (采集器类型) as a descriptor: type name, wired or wireless, manufacturer; filters by name and link;
// create / edit with the shared rule (type name required and unique); delete (refused while collectors use it); export.
import { sheetPaths } from '@waterops/shared/api';
import { CATALOGUE_PATHS, type CollectorType, CollectorTypeSave, type Manufacturer } from '@waterops/shared/catalogue';
import { useMemo } from 'react';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import type { ResourceDescriptor } from '../../resources/types.ts';
import { COLLECTOR_TYPE_RESOURCE, useAllManufacturersQuery } from './catalogueApi.ts';
import { KeyText } from './KeyText.tsx';
import {
  idOrNull,
  LINK_KIND_OPTIONS,
  manufacturerOptions,
  remarkField,
  trailingColumns,
  typeNameColumn,
  typeNameField,
} from './typeCatalogue.ts';

export type CollectorTypeFilters = { typeName: string; linkKind: string };

const VIEW = ['device:collectorType:view'];
const EDIT = ['device:collectorType:edit'];

export const collectorTypeResource = (
  manufacturers: readonly Manufacturer[],
): ResourceDescriptor<CollectorType, CollectorTypeFilters> => ({
  id: COLLECTOR_TYPE_RESOURCE,
  titleKey: 'collectorType.title',
  icon: 'tag',
  list: { path: CATALOGUE_PATHS.collectorTypes },
  rowKey: (row) => row.id,
  initialFilters: { typeName: '', linkKind: '' },
  filters: [
    { kind: 'text', key: 'typeName', labelKey: 'catalogue.typeName', placeholderKey: 'catalogue.typeNamePlaceholder' },
    {
      kind: 'select',
      key: 'linkKind',
      labelKey: 'collectorType.link',
      options: [{ value: '', labelKey: 'catalogue.all' }, ...LINK_KIND_OPTIONS],
    },
  ],
  columns: [
    typeNameColumn(),
    {
      key: 'linkKind',
      titleKey: 'collectorType.link',
      width: 100,
      render: (r) => <KeyText textKey={`catalogue.linkKind${r.linkKind}`} />,
    },
    { key: 'manufacturerName', titleKey: 'catalogue.manufacturer', width: 180, text: (r) => r.manufacturerName ?? '' },
    ...trailingColumns<CollectorType>(),
  ],
  emptyIcon: 'tag',
  form: {
    itemKey: 'resourceItem.collectorType',
    schema: CollectorTypeSave,
    fields: [
      typeNameField<CollectorType>(CATALOGUE_PATHS.collectorTypeExist),
      {
        key: 'linkKind',
        labelKey: 'collectorType.link',
        kind: 'select',
        options: LINK_KIND_OPTIONS,
        initial: (r) => String(r.linkKind),
      },
      {
        key: 'manufacturerId',
        labelKey: 'catalogue.manufacturer',
        kind: 'select',
        options: manufacturerOptions(manufacturers, 'catalogue.none'),
        initial: (r) => (r.manufacturerId === null ? '' : String(r.manufacturerId)),
      },
      remarkField<CollectorType>(),
    ],
    save: (values, editing) => ({
      url: editing ? CATALOGUE_PATHS.collectorTypeUpdate : CATALOGUE_PATHS.collectorTypeSave,
      method: 'POST',
      data: {
        ...(editing ? { id: editing.id } : {}),
        typeName: values.typeName,
        linkKind: Number(values.linkKind || 1),
        manufacturerId: idOrNull(values.manufacturerId),
        remark: values.remark || null,
      },
      not_filter: true,
    }),
    createPermissions: EDIT,
    editPermissions: EDIT,
  },
  remove: {
    request: (row) => ({ url: CATALOGUE_PATHS.collectorTypeDelete, method: 'POST', data: { id: row.id } }),
    permissions: EDIT,
  },
  exportPath: sheetPaths(CATALOGUE_PATHS.collectorTypes).export,
  exportPermissions: VIEW,
});

export function CollectorTypePage() {
  const { data: manufacturers = [] } = useAllManufacturersQuery();
  const descriptor = useMemo(() => collectorTypeResource(manufacturers), [manufacturers]);
  return <ResourceListPage descriptor={descriptor} />;
}
