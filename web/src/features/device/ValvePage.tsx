// Valves as a descriptor (spec §7 deviceValve): code, name, kind, caliber, state, linked meter, area and position;
// filters by code, area, kind and state; create / edit (insertOrUpdate) with the shared rules; delete; export.
import { Tag } from '@blueprintjs/core';
import { sheetPaths } from '@waterops/shared/api';
import { DEVICE_PATHS, VALVE_KINDS, type Valve, ValveSave, validateValve } from '@waterops/shared/device';
import type { Area } from '@waterops/shared/place';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateRange.ts';
import { MeterSelect } from '../../components/selectors/MeterSelect.tsx';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import type { FieldInputProps, FieldRule, ResourceDescriptor } from '../../resources/types.ts';
import { chosenId, itemOf, itemText, MeterAreaField } from './MeterFields.tsx';
import { useMeterAreasQuery } from './meterApi.ts';
import { VALVE_RESOURCE } from './valveApi.ts';

export type ValveFilters = { valveCode: string; areaId: string; valveKind: string; valveState: string };

const VIEW = ['device:valve:view'];
const EDIT = ['device:valve:edit'];

const valveRule =
  (field: string): FieldRule =>
  (_value, values) =>
    validateValve({ ...values, areaId: chosenId(values.areaId) }).find((v) => v.field === field)?.message ?? null;

const text = (v: string | number | null) => (v === null ? '' : String(v));
const orNull = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : null);
const KIND_OPTIONS = VALVE_KINDS.map((k) => ({ value: String(k), labelKey: `valve.kinds.${k}` }));
const STATE_OPTIONS = [
  { value: '1', labelKey: 'valve.open' },
  { value: '0', labelKey: 'valve.closed' },
];

function ValveStateTag({ state }: { state: number }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={state === 1 ? 'success' : 'warning'}>
      {t(state === 1 ? 'valve.open' : 'valve.closed')}
    </Tag>
  );
}

/** The valve's linked meter: the meter selector under the valve form's own label. */
function ValveMeterField({ value, onChange }: FieldInputProps) {
  const { t } = useTranslation();
  return (
    <MeterSelect
      label={t('valve.meter')}
      value={itemOf(value)}
      onChange={(item) => onChange(item ? JSON.stringify(item) : '')}
    />
  );
}

function ValveKindText({ kind }: { kind: number }) {
  const { t } = useTranslation();
  return <>{t(`valve.kinds.${kind}`)}</>;
}

export const valveResource = (areas: readonly Area[]): ResourceDescriptor<Valve, ValveFilters> => ({
  id: VALVE_RESOURCE,
  titleKey: 'valve.title',
  icon: 'git-merge',
  list: { path: DEVICE_PATHS.valves },
  exportPath: sheetPaths(DEVICE_PATHS.valves).export,
  exportPermissions: VIEW,
  rowKey: (row) => row.id,
  initialFilters: { valveCode: '', areaId: '', valveKind: '', valveState: '' },
  filters: [
    { kind: 'text', key: 'valveCode', labelKey: 'valve.valveCode', icon: 'search' },
    {
      kind: 'select',
      key: 'areaId',
      labelKey: 'valve.area',
      options: [
        { value: '', labelKey: 'valve.all' },
        ...areas.map((a) => ({ value: String(a.id), label: a.areaName })),
      ],
    },
    {
      kind: 'select',
      key: 'valveKind',
      labelKey: 'valve.kind',
      options: [{ value: '', labelKey: 'valve.all' }, ...KIND_OPTIONS],
    },
    {
      kind: 'select',
      key: 'valveState',
      labelKey: 'valve.state',
      options: [{ value: '', labelKey: 'valve.all' }, ...STATE_OPTIONS],
    },
  ],
  columns: [
    { key: 'valveCode', titleKey: 'valve.valveCode', width: 140, sortable: true },
    { key: 'name', titleKey: 'valve.name', width: 140, text: (r) => text(r.name) },
    { key: 'valveKind', titleKey: 'valve.kind', width: 100, render: (r) => <ValveKindText kind={r.valveKind} /> },
    { key: 'caliber', titleKey: 'valve.caliber', width: 80, text: (r) => text(r.caliber) },
    {
      key: 'valveState',
      titleKey: 'valve.state',
      width: 80,
      text: (r) => String(r.valveState),
      render: (r) => <ValveStateTag state={r.valveState} />,
    },
    { key: 'meterCode', titleKey: 'valve.meter', width: 140, text: (r) => text(r.meterCode) },
    { key: 'areaName', titleKey: 'valve.area', width: 120, text: (r) => text(r.areaName) },
    { key: 'address', titleKey: 'valve.address', width: 180, grow: true, text: (r) => text(r.address) },
    {
      key: 'createTime',
      titleKey: 'valve.createTime',
      width: 160,
      sortable: true,
      hiddenByDefault: true,
      text: (r) => formatDateTime(new Date(r.createTime)),
    },
  ],
  defaultSort: { key: 'valveCode', direction: 'asc' },
  emptyIcon: 'git-merge',
  form: {
    itemKey: 'resourceItem.valve',
    schema: ValveSave,
    fields: [
      { key: 'valveCode', labelKey: 'valve.valveCode', rules: [valveRule('valveCode')] },
      { key: 'name', labelKey: 'valve.name', initial: (r) => text(r.name) },
      {
        key: 'valveKind',
        labelKey: 'valve.kind',
        kind: 'select',
        options: KIND_OPTIONS,
        initial: (r) => String(r.valveKind),
      },
      { key: 'caliber', labelKey: 'valve.caliber', maxLength: 6, initial: (r) => text(r.caliber) },
      {
        key: 'valveState',
        labelKey: 'valve.state',
        kind: 'select',
        options: STATE_OPTIONS,
        initial: (r) => String(r.valveState),
      },
      {
        key: 'meterId',
        labelKey: 'valve.meter',
        initial: (r) => itemText(r.meterId, r.meterCode),
        render: (p) => <ValveMeterField {...p} />,
      },
      {
        key: 'areaId',
        labelKey: 'valve.area',
        rules: [valveRule('areaId')],
        initial: (r) => itemText(r.areaId, r.areaName),
        render: (p) => <MeterAreaField {...p} />,
      },
      { key: 'address', labelKey: 'valve.address', initial: (r) => text(r.address) },
      { key: 'lng', labelKey: 'valve.lng', maxLength: 20, rules: [valveRule('lng')], initial: (r) => text(r.lng) },
      { key: 'lat', labelKey: 'valve.lat', maxLength: 20, rules: [valveRule('lat')], initial: (r) => text(r.lat) },
      { key: 'remark', labelKey: 'valve.remark', initial: (r) => text(r.remark) },
    ],
    save: (values, editing) => ({
      url: DEVICE_PATHS.valveSave,
      method: 'POST',
      data: {
        ...(editing ? { id: editing.id } : {}),
        valveCode: values.valveCode,
        name: orNull(values.name),
        valveKind: Number(values.valveKind || 1),
        caliber: values.caliber ? Number(values.caliber) : null,
        valveState: Number(values.valveState || 1),
        meterId: chosenId(values.meterId),
        areaId: chosenId(values.areaId),
        address: orNull(values.address),
        lng: orNull(values.lng),
        lat: orNull(values.lat),
        remark: orNull(values.remark),
      },
      not_filter: true,
    }),
    createPermissions: EDIT,
    editPermissions: EDIT,
  },
  remove: {
    request: (row) => ({ url: DEVICE_PATHS.valveDelete, method: 'POST', data: { id: row.id } }),
    permissions: EDIT,
  },
});

export function ValvePage() {
  const { data: areas = [] } = useMeterAreasQuery();
  const descriptor = useMemo(() => valveResource(areas), [areas]);
  return <ResourceListPage descriptor={descriptor} />;
}
