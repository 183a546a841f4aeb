// Water meters as a descriptor (spec §2 "Water meter", §7 device/watermeter): the list with the spec's search fields
// (code, code prefix, kind, area, region, online, bound), the rarely used fields in the column chooser, create / edit
// with the shared meter rules and remote selectors, delete (refused while bound), export / import, batch untie
// (detach from collectors). A body code opens the meter's detail drawer.
import { Button, Tag } from '@blueprintjs/core';
import { sheetPaths } from '@waterops/shared/api';
import type { Manufacturer, MeterModel } from '@waterops/shared/catalogue';
import {
  DEFAULT_METER_KIND,
  DEVICE_PATHS,
  type Meter,
  MeterKind,
  MeterSave,
  meterAreaRequired,
  validateMeter,
} from '@waterops/shared/device';
import type { Area, Region } from '@waterops/shared/place';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateRange.ts';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import { importDefOf } from '../../resources/resourceApi.ts';
import type { ColumnDef, FieldRule, ResourceDescriptor } from '../../resources/types.ts';
import { useOpenDetail } from '../detail/detailLink.ts';
import { useAllRegionsQuery } from '../place/placeApi.ts';
import { REPLACE_PERMISSIONS, ReplaceMeterDialog } from '../reading/ReplaceMeterDialog.tsx';
import {
  chosenId,
  MeterAreaField,
  MeterCodeField,
  MeterCollectorField,
  MeterConcentratorField,
  MeterParentField,
  meterFieldTexts,
} from './MeterFields.tsx';
import {
  METER_RESOURCE,
  useMeterAreasQuery,
  useMeterBatchUntieMutation,
  useMeterManufacturersQuery,
  useMeterModelsQuery,
} from './meterApi.ts';

export type MeterFilters = {
  meterCode: string;
  meterCodePrefix: string;
  meterKind: string;
  areaId: string;
  regionId: string;
  meterModelId: string;
  online: string;
  bound: string;
};

const VIEW = ['device:meter:view'];
const EDIT = ['device:meter:edit'];

/** A field's rule from the shared `validateMeter` (the selector fields hold JSON: their ids are read first). */
const meterRule =
  (field: string): FieldRule =>
  (_value, values) =>
    validateMeter({ ...values, areaId: chosenId(values.areaId) }).find((v) => v.field === field)?.message ?? null;

const text = (v: string | number | null) => (v === null ? '' : String(v));
/** The kinds in declaration order, household first (the form's default). */
const KIND_OPTIONS = MeterKind.values.map((k) => ({ value: k, labelKey: `meter.kind.${k}` }));

/** The body code, as a link opening the meter's drawer. */
function MeterCodeLink({ row }: { row: Meter }) {
  const open = useOpenDetail();
  return (
    <Button variant="minimal" size="small" intent="primary" onClick={() => open({ kind: 'meter', id: row.id })}>
      {row.meterCode}
    </Button>
  );
}

/** The meter's kind; a bulk meter stands out from the household meters around it. */
function KindTag({ kind }: { kind: Meter['meterKind'] }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={kind === DEFAULT_METER_KIND ? 'none' : 'primary'}>
      {t(`meter.kind.${kind}`)}
    </Tag>
  );
}

function OnlineTag({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={online ? 'success' : 'none'}>
      {t(online ? 'meter.onlineState' : 'meter.offlineState')}
    </Tag>
  );
}

const columns: ColumnDef<Meter>[] = [
  {
    key: 'meterCode',
    titleKey: 'meter.meterCode',
    width: 150,
    sortable: true,
    text: (r) => r.meterCode,
    render: (r) => <MeterCodeLink row={r} />,
  },
  {
    key: 'meterKind',
    titleKey: 'meter.field.meterKind',
    width: 110,
    text: (r) => r.meterKind,
    render: (r) => <KindTag kind={r.meterKind} />,
  },
  { key: 'remoteCode', titleKey: 'meter.remoteCode', width: 120, text: (r) => text(r.remoteCode) },
  { key: 'areaName', titleKey: 'meter.area', width: 120, text: (r) => text(r.areaName) },
  { key: 'address', titleKey: 'meter.address', width: 160, grow: true, text: (r) => text(r.address) },
  { key: 'collectorCode', titleKey: 'meter.collector', width: 120, text: (r) => text(r.collectorCode) },
  { key: 'concentratorCode', titleKey: 'meter.concentrator', width: 120, text: (r) => text(r.concentratorCode) },
  {
    key: 'resident',
    titleKey: 'meter.resident',
    width: 140,
    text: (r) => (r.residentCode ? `${r.residentCode} ${r.residentName ?? ''}` : ''),
  },
  {
    key: 'online',
    titleKey: 'meter.online',
    width: 80,
    text: (r) => (r.online ? '✓' : '✗'),
    render: (r) => <OnlineTag online={r.online} />,
  },
  // rarely used: in the column chooser
  {
    key: 'manufacturerName',
    titleKey: 'meter.manufacturer',
    hiddenByDefault: true,
    text: (r) => text(r.manufacturerName),
  },
  { key: 'meterModelName', titleKey: 'meter.model', hiddenByDefault: true, text: (r) => text(r.meterModelName) },
  { key: 'caliber', titleKey: 'meter.caliber', width: 80, hiddenByDefault: true, text: (r) => text(r.caliber) },
  {
    key: 'valveControl',
    titleKey: 'meter.valveControl',
    width: 80,
    hiddenByDefault: true,
    text: (r) => (r.valveControl ? '✓' : ''),
  },
  { key: 'steelSeal', titleKey: 'meter.steelSeal', hiddenByDefault: true, text: (r) => text(r.steelSeal) },
  { key: 'leadSealNo', titleKey: 'meter.leadSealNo', hiddenByDefault: true, text: (r) => text(r.leadSealNo) },
  {
    key: 'maxReading',
    titleKey: 'meter.maxReading',
    width: 100,
    hiddenByDefault: true,
    text: (r) => text(r.maxReading),
  },
  {
    key: 'baseReading',
    titleKey: 'meter.baseReading',
    width: 100,
    hiddenByDefault: true,
    text: (r) => text(r.baseReading),
  },
  { key: 'precision', titleKey: 'meter.precision', width: 80, hiddenByDefault: true, text: (r) => text(r.precision) },
  {
    key: 'parentMeterCode',
    titleKey: 'meter.parentMeter',
    hiddenByDefault: true,
    text: (r) => text(r.parentMeterCode),
  },
  {
    key: 'installDate',
    titleKey: 'meter.installDate',
    width: 110,
    sortable: true,
    hiddenByDefault: true,
    text: (r) => text(r.installDate),
  },
  {
    key: 'operationYears',
    titleKey: 'meter.operationYears',
    width: 90,
    hiddenByDefault: true,
    text: (r) => text(r.operationYears),
  },
  {
    key: 'position',
    titleKey: 'meter.position',
    hiddenByDefault: true,
    text: (r) => (r.lng !== null && r.lat !== null ? `${r.lng}, ${r.lat}` : ''),
  },
  {
    key: 'createTime',
    titleKey: 'meter.createTime',
    width: 160,
    sortable: true,
    hiddenByDefault: true,
    text: (r) => formatDateTime(new Date(r.createTime)),
  },
];

const orNull = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : null);
const intOrNull = (v: string | undefined) => (v && v.trim() !== '' ? Number(v) : null);

/** What the filters and choices list: the tenant's areas, regions, manufacturers and meter models. */
export type MeterChoices = {
  areas: readonly Area[];
  regions: readonly Region[];
  manufacturers: readonly Manufacturer[];
  models: readonly MeterModel[];
};

/** The descriptor; `onUntie` detaches the selected meters from their collectors. */
export const meterResource = (
  { areas, regions, manufacturers, models }: MeterChoices,
  onUntie: (rows: Meter[]) => Promise<void>,
): ResourceDescriptor<Meter, MeterFilters> => ({
  id: METER_RESOURCE,
  titleKey: 'meter.title',
  icon: 'dashboard',
  list: { path: DEVICE_PATHS.meters },
  exportPath: sheetPaths(DEVICE_PATHS.meters).export,
  exportPermissions: VIEW,
  import: importDefOf(DEVICE_PATHS.meters, EDIT),
  rowKey: (row) => row.id,
  initialFilters: {
    meterCode: '',
    meterCodePrefix: '',
    meterKind: '',
    areaId: '',
    regionId: '',
    meterModelId: '',
    online: '',
    bound: '',
  },
  filters: [
    { kind: 'text', key: 'meterCode', labelKey: 'meter.meterCode', icon: 'search' },
    { kind: 'text', key: 'meterCodePrefix', labelKey: 'meter.codePrefix' },
    {
      kind: 'select',
      key: 'meterKind',
      labelKey: 'meter.field.meterKind',
      options: [{ value: '', labelKey: 'meter.all' }, ...KIND_OPTIONS],
    },
    {
      kind: 'select',
      key: 'areaId',
      labelKey: 'meter.area',
      options: [
        { value: '', labelKey: 'meter.all' },
        ...areas.map((a) => ({ value: String(a.id), label: a.areaName })),
      ],
    },
    {
      kind: 'select',
      key: 'regionId',
      labelKey: 'meter.region',
      options: [
        { value: '', labelKey: 'meter.all' },
        ...regions.map((r) => ({ value: String(r.id), label: r.regionName })),
      ],
    },
    {
      kind: 'select',
      key: 'meterModelId',
      labelKey: 'meter.model',
      options: [
        { value: '', labelKey: 'meter.all' },
        ...models.map((m) => ({ value: String(m.id), label: m.typeName })),
      ],
    },
    {
      kind: 'select',
      key: 'online',
      labelKey: 'meter.online',
      options: [
        { value: '', labelKey: 'meter.all' },
        { value: 'true', labelKey: 'meter.onlineState' },
        { value: 'false', labelKey: 'meter.offlineState' },
      ],
    },
    {
      kind: 'select',
      key: 'bound',
      labelKey: 'meter.binding',
      options: [
        { value: '', labelKey: 'meter.all' },
        { value: 'true', labelKey: 'meter.bound' },
        { value: 'false', labelKey: 'meter.unbound' },
      ],
    },
  ],
  columns,
  defaultSort: { key: 'meterCode', direction: 'asc' },
  emptyIcon: 'dashboard',
  form: {
    itemKey: 'resourceItem.meter',
    schema: MeterSave,
    width: 640,
    fields: [
      {
        key: 'meterCode',
        labelKey: 'meter.meterCode',
        maxLength: 50,
        rules: [meterRule('meterCode')],
        render: (p) => <MeterCodeField {...p} />,
        exist: (value, editing) => ({
          url: DEVICE_PATHS.meterExist,
          params: { field: 'meterCode', value, ...(editing ? { id: editing.id } : {}) },
        }),
      },
      { key: 'remoteCode', labelKey: 'meter.remoteCode', initial: (r) => text(r.remoteCode) },
      {
        key: 'meterKind',
        labelKey: 'meter.field.meterKind',
        kind: 'select',
        options: KIND_OPTIONS,
        initial: (r) => r.meterKind,
      },
      {
        // a household meter sits in a residential area; a bulk meter (district, bulk, pump) may not (issue 19)
        key: 'areaId',
        labelKey: 'meter.area',
        required: (values) => meterAreaRequired(values.meterKind),
        rules: [meterRule('areaId')],
        initial: meterFieldTexts.areaId,
        render: (p) => <MeterAreaField {...p} />,
      },
      { key: 'address', labelKey: 'meter.address', initial: (r) => text(r.address) },
      {
        key: 'collectorId',
        labelKey: 'meter.collector',
        initial: meterFieldTexts.collectorId,
        render: (p) => <MeterCollectorField {...p} />,
      },
      {
        key: 'concentratorId',
        labelKey: 'meter.concentrator',
        initial: meterFieldTexts.concentratorId,
        render: (p) => <MeterConcentratorField {...p} />,
      },
      {
        key: 'manufacturerId',
        labelKey: 'meter.manufacturer',
        kind: 'select',
        options: [
          { value: '', labelKey: 'meter.none' },
          ...manufacturers.map((m) => ({ value: String(m.id), label: m.name })),
        ],
        initial: (r) => text(r.manufacturerId),
      },
      {
        key: 'meterModelId',
        labelKey: 'meter.model',
        kind: 'select',
        options: [
          { value: '', labelKey: 'meter.none' },
          ...models.map((m) => ({ value: String(m.id), label: m.typeName })),
        ],
        initial: (r) => text(r.meterModelId),
      },
      { key: 'caliber', labelKey: 'meter.caliber', maxLength: 6, initial: (r) => text(r.caliber) },
      {
        key: 'valveControl',
        labelKey: 'meter.valveControl',
        kind: 'select',
        options: [
          { value: 'false', labelKey: 'meter.no' },
          { value: 'true', labelKey: 'meter.yes' },
        ],
        initial: (r) => String(r.valveControl),
      },
      { key: 'precision', labelKey: 'meter.precision', maxLength: 1, initial: (r) => text(r.precision) },
      {
        key: 'maxReading',
        labelKey: 'meter.maxReading',
        maxLength: 20,
        rules: [meterRule('maxReading')],
        initial: (r) => text(r.maxReading),
      },
      {
        key: 'baseReading',
        labelKey: 'meter.baseReading',
        maxLength: 20,
        rules: [meterRule('baseReading')],
        initial: (r) => text(r.baseReading),
      },
      { key: 'steelSeal', labelKey: 'meter.steelSeal', initial: (r) => text(r.steelSeal) },
      { key: 'leadSealNo', labelKey: 'meter.leadSealNo', initial: (r) => text(r.leadSealNo) },
      {
        key: 'parentMeterId',
        labelKey: 'meter.parentMeter',
        initial: meterFieldTexts.parentMeterId,
        render: (p) => <MeterParentField {...p} />,
      },
      {
        key: 'installDate',
        labelKey: 'meter.installDate',
        placeholderKey: 'meter.datePlaceholder',
        rules: [meterRule('installDate')],
        initial: (r) => text(r.installDate),
      },
      {
        key: 'operationYears',
        labelKey: 'meter.operationYears',
        maxLength: 2,
        rules: [meterRule('operationYears')],
        initial: (r) => text(r.operationYears),
      },
      { key: 'lng', labelKey: 'meter.lng', maxLength: 20, rules: [meterRule('lng')], initial: (r) => text(r.lng) },
      { key: 'lat', labelKey: 'meter.lat', maxLength: 20, rules: [meterRule('lat')], initial: (r) => text(r.lat) },
      { key: 'remark', labelKey: 'meter.remark', initial: (r) => text(r.remark) },
    ],
    save: (values, editing) => ({
      url: editing ? DEVICE_PATHS.meterUpdate : DEVICE_PATHS.meterSave,
      method: 'POST',
      data: {
        ...(editing ? { id: editing.id, used: editing.used } : {}),
        meterCode: values.meterCode,
        meterKind: MeterKind.is(values.meterKind) ? values.meterKind : DEFAULT_METER_KIND,
        remoteCode: orNull(values.remoteCode),
        areaId: chosenId(values.areaId),
        address: orNull(values.address),
        collectorId: chosenId(values.collectorId),
        concentratorId: chosenId(values.concentratorId),
        caliber: intOrNull(values.caliber),
        maxReading: orNull(values.maxReading),
        baseReading: orNull(values.baseReading),
        steelSeal: orNull(values.steelSeal),
        leadSealNo: orNull(values.leadSealNo),
        parentMeterId: chosenId(values.parentMeterId),
        installDate: orNull(values.installDate),
        operationYears: orNull(values.operationYears),
        lng: orNull(values.lng),
        lat: orNull(values.lat),
        remark: orNull(values.remark),
        manufacturerId: intOrNull(values.manufacturerId),
        meterModelId: intOrNull(values.meterModelId),
        valveControl: values.valveControl === 'true',
        precision: intOrNull(values.precision),
      },
      // emptied fields are sent as null so the server clears them
      not_filter: true,
    }),
    createPermissions: EDIT,
    editPermissions: EDIT,
  },
  remove: {
    request: (row) => ({ url: DEVICE_PATHS.meterDelete, method: 'POST', data: { id: row.id } }),
    permissions: EDIT,
  },
  // meter swap (换表, H-JOBS): the metering point takes a new body code and base
  actions: [
    {
      id: 'replace',
      labelKey: 'meterBase.replaceButton',
      icon: 'swap-horizontal',
      permissions: REPLACE_PERMISSIONS,
      dialog: ({ row, onClose }) => <ReplaceMeterDialog meter={row} onClose={onClose} />,
    },
  ],
  batchActions: [{ id: 'untie', labelKey: 'meter.untie', icon: 'disable', permissions: EDIT, onClick: onUntie }],
});

export function MeterPage() {
  const { data: areas = [] } = useMeterAreasQuery();
  const { data: regions = [] } = useAllRegionsQuery();
  const { data: manufacturers = [] } = useMeterManufacturersQuery();
  const { data: models = [] } = useMeterModelsQuery();
  const [untie] = useMeterBatchUntieMutation();
  const descriptor = useMemo(
    () =>
      meterResource({ areas, regions, manufacturers, models }, async (rows) => {
        await untie(rows.map((r) => r.id));
      }),
    [areas, regions, manufacturers, models, untie],
  );
  return <ResourceListPage descriptor={descriptor} />;
}
