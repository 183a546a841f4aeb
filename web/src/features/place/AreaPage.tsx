// Residential areas (小区) as a descriptor: name, region, address, BD-09 position, remark; filters by name and
// region; create / edit with the shared rules (name unique, region chosen, coordinates in range); delete (POST {id});
// move the selected areas to another region (batchEdit).
import { type Area, AreaSave, PLACE_PATHS, type Region, validateArea } from '@waterops/shared/place';
import { useMemo, useState } from 'react';
import { formatDateTime } from '../../components/dateRange.ts';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import type { FieldRule, ResourceDescriptor } from '../../resources/types.ts';
import { MoveAreasDialog } from './MoveAreasDialog.tsx';
import { AREA_RESOURCE, useAllRegionsQuery } from './placeApi.ts';

export type AreaFilters = { areaName: string; regionId: string };

const EDIT = ['data:area:edit'];

const areaRule =
  (field: 'areaName' | 'regionId' | 'lng' | 'lat'): FieldRule =>
  (_value, values) =>
    validateArea(values).find((v) => v.field === field)?.message ?? null;

const numberOrNull = (text: string | undefined) => (text && text.trim() !== '' ? Number(text) : null);
const coordinate = (v: number | null) => (v === null ? '' : String(v));

/** The descriptor; the region filter and field list the tenant's regions. */
export const areaResource = (
  regions: readonly Region[],
  /** the batch action "move to region" with the selected areas */
  onMove: (areas: Area[]) => void = () => undefined,
): ResourceDescriptor<Area, AreaFilters> => {
  const regionOptions = regions.map((r) => ({ value: String(r.id), label: r.regionName }));
  return {
    id: AREA_RESOURCE,
    titleKey: 'place.areaTitle',
    icon: 'map-marker',
    list: { path: PLACE_PATHS.areas },
    rowKey: (row) => row.id,
    initialFilters: { areaName: '', regionId: '' },
    filters: [
      {
        kind: 'text',
        key: 'areaName',
        labelKey: 'place.areaName',
        placeholderKey: 'place.areaNamePlaceholder',
        icon: 'map-marker',
      },
      {
        kind: 'select',
        key: 'regionId',
        labelKey: 'place.region',
        options: [{ value: '', labelKey: 'place.all' }, ...regionOptions],
      },
    ],
    columns: [
      { key: 'areaName', titleKey: 'place.areaName', width: 170, sortable: true },
      { key: 'regionName', titleKey: 'place.region', width: 130 },
      { key: 'address', titleKey: 'place.address', width: 220, grow: true, text: (row) => row.address ?? '' },
      { key: 'lng', titleKey: 'place.lng', width: 110, text: (row) => coordinate(row.lng) },
      { key: 'lat', titleKey: 'place.lat', width: 110, text: (row) => coordinate(row.lat) },
      { key: 'remark', titleKey: 'place.remark', width: 160, hiddenByDefault: true, text: (row) => row.remark ?? '' },
      {
        key: 'createTime',
        titleKey: 'place.createTime',
        width: 170,
        sortable: true,
        text: (row) => formatDateTime(new Date(row.createTime)),
      },
    ],
    emptyIcon: 'map-marker',
    form: {
      itemKey: 'resourceItem.area',
      schema: AreaSave,
      fields: [
        {
          key: 'areaName',
          labelKey: 'place.areaName',
          rules: [areaRule('areaName')],
          exist: (value, editing) => ({
            url: PLACE_PATHS.areaExist,
            params: { field: 'areaName', value, ...(editing ? { id: editing.id } : {}) },
          }),
        },
        {
          key: 'regionId',
          labelKey: 'place.region',
          kind: 'select',
          options: [{ value: '', labelKey: 'place.regionPlaceholder' }, ...regionOptions],
          rules: [areaRule('regionId')],
          initial: (row) => String(row.regionId),
        },
        { key: 'address', labelKey: 'place.address' },
        {
          key: 'lng',
          labelKey: 'place.lng',
          maxLength: 20,
          rules: [areaRule('lng')],
          initial: (r) => coordinate(r.lng),
        },
        {
          key: 'lat',
          labelKey: 'place.lat',
          maxLength: 20,
          rules: [areaRule('lat')],
          initial: (r) => coordinate(r.lat),
        },
        { key: 'remark', labelKey: 'place.remark' },
      ],
      save: (values, editing) => ({
        url: PLACE_PATHS.areaSave,
        method: 'POST',
        data: {
          ...(editing ? { id: editing.id } : {}),
          areaName: values.areaName,
          regionId: Number(values.regionId),
          address: values.address || null,
          lng: numberOrNull(values.lng),
          lat: numberOrNull(values.lat),
          remark: values.remark || null,
        },
        // emptied fields are sent as null so the server clears them
        not_filter: true,
      }),
      createPermissions: EDIT,
      editPermissions: EDIT,
    },
    remove: {
      request: (row) => ({ url: PLACE_PATHS.areaDelete, method: 'POST', data: { id: row.id } }),
      permissions: EDIT,
    },
    batchActions: [
      { id: 'move', labelKey: 'areaMove.action', icon: 'swap-horizontal', permissions: EDIT, onClick: onMove },
    ],
  };
};

export function AreaPage() {
  const { data: regions = [] } = useAllRegionsQuery();
  const [moving, setMoving] = useState<Area[] | null>(null);
  const descriptor = useMemo(() => areaResource(regions, setMoving), [regions]);
  return (
    <>
      <ResourceListPage descriptor={descriptor} />
      {moving && <MoveAreasDialog areas={moving} regions={regions} onClose={() => setMoving(null)} />}
    </>
  );
}
