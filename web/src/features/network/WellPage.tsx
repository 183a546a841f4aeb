// Wells as a descriptor (spec §7 pipeNetWell): code, name, type, depth, elevation, BD-09 position, district and
// address; filters by code, name, type and district; create / edit with the shared rules; delete (the server
// refuses while a pipeline ends at the well and says so).
import { sheetPaths } from '@waterops/shared/api';
import type { District } from '@waterops/shared/dma';
import { NETWORK_PATHS, validateWell, type Well, WellSave } from '@waterops/shared/network';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateRange.ts';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import type { FieldRule, ResourceDescriptor } from '../../resources/types.ts';
import { useNetworkDistrictsQuery, WELL_RESOURCE } from './networkApi.ts';
import {
  districtOptions,
  idOrNull,
  numberOrNull,
  numberRule,
  orNull,
  text,
  WELL_TYPE_OPTIONS,
  withNone,
} from './networkFields.tsx';

export type WellFilters = { wellCode: string; name: string; wellType: string; districtId: string };

const EDIT = ['network:well:edit'];

const wellRule =
  (field: string): FieldRule =>
  (_value, values) =>
    validateWell(values).find((v) => v.field === field)?.message ?? null;
/** Elevation may be below sea level. */
const elevationRule: FieldRule = (value) =>
  value === '' || /^-?\d+(\.\d+)?$/.test(value) ? null : 'network.pipeline.numberFormat';

function WellTypeText({ type }: { type: number }) {
  const { t } = useTranslation();
  return <>{t(`network.well.types.${type}`)}</>;
}

export const wellResource = (districts: readonly District[]): ResourceDescriptor<Well, WellFilters> => {
  const districtChoices = districtOptions(districts);
  return {
    id: WELL_RESOURCE,
    titleKey: 'network.well.title',
    icon: 'circle',
    list: { path: NETWORK_PATHS.wells },
    exportPath: sheetPaths(NETWORK_PATHS.wells).export,
    exportPermissions: ['network:well:view'],
    rowKey: (row) => row.id,
    initialFilters: { wellCode: '', name: '', wellType: '', districtId: '' },
    filters: [
      { kind: 'text', key: 'wellCode', labelKey: 'network.well.wellCode', icon: 'search' },
      { kind: 'text', key: 'name', labelKey: 'network.well.name' },
      {
        kind: 'select',
        key: 'wellType',
        labelKey: 'network.well.wellType',
        options: [{ value: '', labelKey: 'network.all' }, ...WELL_TYPE_OPTIONS],
      },
      {
        kind: 'select',
        key: 'districtId',
        labelKey: 'network.district',
        options: [{ value: '', labelKey: 'network.all' }, ...districtChoices],
      },
    ],
    columns: [
      { key: 'wellCode', titleKey: 'network.well.wellCode', width: 130, sortable: true },
      { key: 'name', titleKey: 'network.well.name', width: 130, text: (r) => text(r.name) },
      {
        key: 'wellType',
        titleKey: 'network.well.wellType',
        width: 90,
        text: (r) => String(r.wellType),
        render: (r) => <WellTypeText type={r.wellType} />,
      },
      { key: 'depthM', titleKey: 'network.well.depthM', width: 90, text: (r) => text(r.depthM) },
      {
        key: 'elevationM',
        titleKey: 'network.well.elevationM',
        width: 90,
        text: (r) => (r.elevationM === null ? '' : r.elevationM.toFixed(2)),
      },
      { key: 'lng', titleKey: 'network.lng', width: 120, text: (r) => (r.lng === null ? '' : r.lng.toFixed(6)) },
      { key: 'lat', titleKey: 'network.lat', width: 120, text: (r) => (r.lat === null ? '' : r.lat.toFixed(6)) },
      { key: 'districtName', titleKey: 'network.district', width: 120, text: (r) => text(r.districtName) },
      { key: 'address', titleKey: 'network.well.address', width: 180, grow: true, text: (r) => text(r.address) },
      {
        key: 'createTime',
        titleKey: 'network.createTime',
        width: 160,
        sortable: true,
        hiddenByDefault: true,
        text: (r) => formatDateTime(new Date(r.createTime)),
      },
    ],
    defaultSort: { key: 'wellCode', direction: 'asc' },
    emptyIcon: 'circle',
    form: {
      itemKey: 'resourceItem.well',
      schema: WellSave,
      fields: [
        { key: 'wellCode', labelKey: 'network.well.wellCode', rules: [wellRule('wellCode')] },
        { key: 'name', labelKey: 'network.well.name', initial: (r) => text(r.name) },
        {
          key: 'wellType',
          labelKey: 'network.well.wellType',
          kind: 'select',
          options: WELL_TYPE_OPTIONS,
          initial: (r) => String(r.wellType),
        },
        {
          key: 'depthM',
          labelKey: 'network.well.depthM',
          maxLength: 8,
          rules: [numberRule],
          initial: (r) => text(r.depthM),
        },
        {
          key: 'elevationM',
          labelKey: 'network.well.elevationM',
          maxLength: 10,
          rules: [elevationRule],
          initial: (r) => text(r.elevationM),
        },
        { key: 'lng', labelKey: 'network.lng', maxLength: 20, rules: [wellRule('lng')], initial: (r) => text(r.lng) },
        { key: 'lat', labelKey: 'network.lat', maxLength: 20, rules: [wellRule('lat')], initial: (r) => text(r.lat) },
        {
          key: 'districtId',
          labelKey: 'network.district',
          kind: 'select',
          options: withNone(districtChoices),
          initial: (r) => text(r.districtId),
        },
        { key: 'address', labelKey: 'network.well.address', initial: (r) => text(r.address) },
        { key: 'remark', labelKey: 'network.remark', initial: (r) => text(r.remark) },
      ],
      save: (values, editing) => ({
        url: NETWORK_PATHS.wellSave,
        method: 'POST',
        data: {
          ...(editing ? { id: editing.id } : {}),
          wellCode: values.wellCode,
          name: orNull(values.name),
          wellType: Number(values.wellType || 1),
          depthM: numberOrNull(values.depthM),
          elevationM: numberOrNull(values.elevationM),
          lng: orNull(values.lng),
          lat: orNull(values.lat),
          districtId: idOrNull(values.districtId),
          address: orNull(values.address),
          remark: orNull(values.remark),
        },
        not_filter: true,
      }),
      createPermissions: EDIT,
      editPermissions: EDIT,
    },
    remove: {
      request: (row) => ({ url: NETWORK_PATHS.wellDelete, method: 'POST', data: { id: row.id } }),
      permissions: EDIT,
    },
  };
};

export function WellPage() {
  const { data: districts = [] } = useNetworkDistrictsQuery();
  const descriptor = useMemo(() => wellResource(districts), [districts]);
  return <ResourceListPage descriptor={descriptor} />;
}
