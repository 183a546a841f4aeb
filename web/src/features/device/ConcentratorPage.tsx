// Concentrators (集中器管理) as a descriptor: code, name, area, online state, last report and what hangs on each;
// filters by code, area and online state; create / edit with the shared rules ("code must be unique", IP, port,
// rate, position), delete (refused while collectors or meters hang on it), a parameters dialog, the detail drawer,
// export and import.
import { Tag } from '@blueprintjs/core';
import { sheetPaths } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { type Concentrator, ConcentratorSave, DEVICE_PATHS, validateConcentrator } from '@waterops/shared/device';
import type { Area } from '@waterops/shared/place';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateRange.ts';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import { importDefOf } from '../../resources/resourceApi.ts';
import type { FieldRule, ResourceDescriptor } from '../../resources/types.ts';
import { type DetailRef, useOpenDetail } from '../detail/detailLink.ts';
import { chosenId, DeviceAreaField, itemText } from './ConcentratorFields.tsx';
import { ConcentratorSettingsDialog } from './ConcentratorSettingsDialog.tsx';
import { CONCENTRATOR_RESOURCE, useDeviceAreasQuery } from './concentratorApi.ts';

export type ConcentratorFilters = { concentratorCode: string; areaId: string; online: string };

const EDIT = [PERMISSIONS.deviceConcentratorEdit];

/** A form rule of the shared validator for one field (the form holds text; the area field holds its JSON item). */
const rule =
  (field: string): FieldRule =>
  (_value, values) =>
    validateConcentrator({ ...values, areaId: chosenId(values.areaId) }).find((v) => v.field === field)?.message ??
    null;

const intOrNull = (text: string | undefined) => (text && text.trim() !== '' ? Number(text) : null);
const textOf = (v: number | string | null) => (v === null ? '' : String(v));

/** The online state as a tag: green online, grey offline. */
export function OnlineTag({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={online ? 'success' : 'none'}>
      {t(online ? 'concentrator.onlineYes' : 'concentrator.onlineNo')}
    </Tag>
  );
}

/** The descriptor; the area filter lists the tenant's areas, the details action opens the drawer. */
export const concentratorResource = (
  areas: readonly Area[],
  openDetail: (ref: DetailRef) => void,
): ResourceDescriptor<Concentrator, ConcentratorFilters> => ({
  id: CONCENTRATOR_RESOURCE,
  titleKey: 'concentrator.title',
  icon: 'satellite',
  list: { path: DEVICE_PATHS.concentrators },
  rowKey: (row) => row.id,
  initialFilters: { concentratorCode: '', areaId: '', online: '' },
  filters: [
    {
      kind: 'text',
      key: 'concentratorCode',
      labelKey: 'concentrator.code',
      placeholderKey: 'concentrator.codePlaceholder',
      icon: 'search',
    },
    {
      kind: 'select',
      key: 'areaId',
      labelKey: 'concentrator.area',
      options: [
        { value: '', labelKey: 'concentrator.all' },
        ...areas.map((a) => ({ value: String(a.id), label: a.areaName })),
      ],
    },
    {
      kind: 'select',
      key: 'online',
      labelKey: 'concentrator.online',
      options: [
        { value: '', labelKey: 'concentrator.all' },
        { value: 'true', labelKey: 'concentrator.onlineYes' },
        { value: 'false', labelKey: 'concentrator.onlineNo' },
      ],
    },
  ],
  defaultSort: { key: 'concentratorCode', direction: 'asc' },
  columns: [
    { key: 'concentratorCode', titleKey: 'concentrator.code', width: 150, sortable: true },
    { key: 'name', titleKey: 'concentrator.name', width: 130, hiddenByDefault: true, text: (r) => r.name ?? '' },
    { key: 'areaName', titleKey: 'concentrator.area', width: 130, text: (r) => r.areaName ?? '' },
    { key: 'online', titleKey: 'concentrator.online', width: 90, render: (r) => <OnlineTag online={r.online} /> },
    {
      key: 'lastReportTime',
      titleKey: 'concentrator.lastReport',
      width: 165,
      sortable: true,
      text: (r) => (r.lastReportTime ? formatDateTime(new Date(r.lastReportTime)) : ''),
    },
    {
      key: 'collectorCount',
      titleKey: 'concentrator.collectorCount',
      width: 90,
      text: (r) => String(r.collectorCount),
    },
    { key: 'meterCount', titleKey: 'concentrator.meterCount', width: 80, text: (r) => String(r.meterCount) },
    { key: 'ip', titleKey: 'concentrator.ip', width: 130, hiddenByDefault: true, text: (r) => r.ip ?? '' },
    { key: 'port', titleKey: 'concentrator.port', width: 70, hiddenByDefault: true, text: (r) => textOf(r.port) },
    {
      key: 'reportRate',
      titleKey: 'concentrator.reportRate',
      width: 120,
      hiddenByDefault: true,
      text: (r) => textOf(r.reportRate),
    },
    {
      key: 'simCard',
      titleKey: 'concentrator.simCard',
      width: 170,
      hiddenByDefault: true,
      text: (r) => r.simCard ?? '',
    },
    { key: 'address', titleKey: 'concentrator.address', width: 180, grow: true, text: (r) => r.address ?? '' },
    {
      key: 'installDate',
      titleKey: 'concentrator.installDate',
      width: 110,
      hiddenByDefault: true,
      text: (r) => r.installDate ?? '',
    },
    {
      key: 'used',
      titleKey: 'concentrator.used',
      width: 90,
      hiddenByDefault: true,
      text: (r) => (r.used ? '✓' : '—'),
    },
    { key: 'remark', titleKey: 'concentrator.remark', width: 160, hiddenByDefault: true, text: (r) => r.remark ?? '' },
  ],
  emptyIcon: 'satellite',
  form: {
    itemKey: 'resourceItem.concentrator',
    schema: ConcentratorSave,
    width: 560,
    fields: [
      {
        key: 'concentratorCode',
        labelKey: 'concentrator.code',
        rules: [rule('concentratorCode')],
        exist: (value, editing) => ({
          url: DEVICE_PATHS.concentratorExist,
          params: { field: 'concentratorCode', value, ...(editing ? { id: editing.id } : {}) },
        }),
      },
      { key: 'name', labelKey: 'concentrator.name', initial: (r) => r.name ?? '' },
      {
        key: 'areaId',
        labelKey: 'concentrator.area',
        render: (props) => <DeviceAreaField {...props} />,
        rules: [rule('areaId')],
        initial: (r) => itemText(r.areaId, r.areaName),
      },
      { key: 'address', labelKey: 'concentrator.address', initial: (r) => r.address ?? '' },
      { key: 'ip', labelKey: 'concentrator.ip', rules: [rule('ip')], initial: (r) => r.ip ?? '' },
      {
        key: 'port',
        labelKey: 'concentrator.port',
        maxLength: 5,
        rules: [rule('port')],
        initial: (r) => textOf(r.port),
      },
      {
        key: 'reportRate',
        labelKey: 'concentrator.reportRate',
        maxLength: 4,
        rules: [rule('reportRate')],
        initial: (r) => textOf(r.reportRate),
      },
      { key: 'simCard', labelKey: 'concentrator.simCard', initial: (r) => r.simCard ?? '' },
      {
        key: 'installDate',
        labelKey: 'concentrator.installDate',
        placeholderKey: 'concentrator.installDatePlaceholder',
        maxLength: 10,
        initial: (r) => r.installDate ?? '',
      },
      {
        key: 'used',
        labelKey: 'concentrator.used',
        kind: 'select',
        options: [
          { value: 'true', labelKey: 'concentrator.usedYes' },
          { value: 'false', labelKey: 'concentrator.usedNo' },
        ],
        initial: (r) => String(r.used),
      },
      { key: 'lng', labelKey: 'concentrator.lng', maxLength: 20, rules: [rule('lng')], initial: (r) => textOf(r.lng) },
      { key: 'lat', labelKey: 'concentrator.lat', maxLength: 20, rules: [rule('lat')], initial: (r) => textOf(r.lat) },
      { key: 'remark', labelKey: 'concentrator.remark', initial: (r) => r.remark ?? '' },
    ],
    save: (values, editing) => ({
      url: editing ? DEVICE_PATHS.concentratorUpdate : DEVICE_PATHS.concentratorSave,
      method: 'POST',
      data: {
        ...(editing ? { id: editing.id } : {}),
        concentratorCode: values.concentratorCode,
        name: values.name || null,
        areaId: chosenId(values.areaId),
        address: values.address || null,
        ip: values.ip || null,
        port: intOrNull(values.port),
        reportRate: intOrNull(values.reportRate),
        simCard: values.simCard || null,
        installDate: values.installDate || null,
        used: values.used !== 'false',
        lng: intOrNull(values.lng),
        lat: intOrNull(values.lat),
        remark: values.remark || null,
      },
      // emptied fields are sent as null so the server clears them
      not_filter: true,
    }),
    createPermissions: EDIT,
    editPermissions: EDIT,
  },
  remove: {
    request: (row) => ({ url: DEVICE_PATHS.concentratorDelete, method: 'POST', data: { id: row.id } }),
    permissions: EDIT,
  },
  actions: [
    {
      id: 'details',
      labelKey: 'concentrator.details',
      icon: 'info-sign',
      onClick: (row) => openDetail({ kind: 'concentrator', id: row.id }),
    },
    {
      id: 'settings',
      labelKey: 'concentrator.settings',
      icon: 'cog',
      permissions: EDIT,
      dialog: ({ row, onClose }) => <ConcentratorSettingsDialog row={row} onClose={onClose} />,
    },
  ],
  exportPath: sheetPaths(DEVICE_PATHS.concentrators).export,
  import: importDefOf(DEVICE_PATHS.concentrators, EDIT),
});

export function ConcentratorPage() {
  const { data: areas = [] } = useDeviceAreasQuery();
  const openDetail = useOpenDetail();
  const descriptor = useMemo(() => concentratorResource(areas, openDetail), [areas, openDetail]);
  return <ResourceListPage descriptor={descriptor} />;
}
