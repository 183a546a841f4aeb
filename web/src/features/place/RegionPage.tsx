// Regions (片区) as a descriptor: name, area count, remark, created; filter by name; create / rename with the shared
// rule and an `exist` check (spec §5: zone name unique); delete (the server refuses a region that has areas).
import { PLACE_PATHS, type Region, RegionSave, validateRegion } from '@waterops/shared/place';
import { formatDateTime } from '../../components/dateRange.ts';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import type { ResourceDescriptor } from '../../resources/types.ts';
import { REGION_RESOURCE } from './placeApi.ts';

export type RegionFilters = { regionName: string };

const EDIT = ['data:region:edit'];

export const regionResource: ResourceDescriptor<Region, RegionFilters> = {
  id: REGION_RESOURCE,
  titleKey: 'place.regionTitle',
  icon: 'map',
  list: { path: PLACE_PATHS.regions },
  rowKey: (row) => row.id,
  initialFilters: { regionName: '' },
  filters: [
    {
      kind: 'text',
      key: 'regionName',
      labelKey: 'place.regionName',
      placeholderKey: 'place.regionNamePlaceholder',
      icon: 'map',
    },
  ],
  columns: [
    { key: 'regionName', titleKey: 'place.regionName', width: 200, sortable: true },
    { key: 'areaCount', titleKey: 'place.areaCount', width: 100, text: (row) => String(row.areaCount) },
    { key: 'remark', titleKey: 'place.remark', width: 240, grow: true, text: (row) => row.remark ?? '' },
    {
      key: 'createTime',
      titleKey: 'place.createTime',
      width: 170,
      sortable: true,
      text: (row) => formatDateTime(new Date(row.createTime)),
    },
  ],
  emptyIcon: 'map',
  form: {
    itemKey: 'resourceItem.region',
    schema: RegionSave,
    fields: [
      {
        key: 'regionName',
        labelKey: 'place.regionName',
        rules: [(_v, values) => validateRegion(values).find((v) => v.field === 'regionName')?.message ?? null],
        exist: (value, editing) => ({
          url: PLACE_PATHS.regionExist,
          params: { field: 'regionName', value, ...(editing ? { id: editing.id } : {}) },
        }),
      },
      { key: 'remark', labelKey: 'place.remark' },
    ],
    save: (values, editing) => ({
      url: editing ? PLACE_PATHS.regionUpdate : PLACE_PATHS.regionSave,
      method: 'POST',
      // an emptied remark is sent as null so the server clears it
      data: { regionName: values.regionName, remark: values.remark || null, ...(editing ? { id: editing.id } : {}) },
      not_filter: true,
    }),
    createPermissions: EDIT,
    editPermissions: EDIT,
  },
  remove: {
    request: (row) => ({ url: PLACE_PATHS.regionDelete, params: { id: row.id } }),
    permissions: EDIT,
  },
};

export function RegionPage() {
  return <ResourceListPage descriptor={regionResource} />;
}
