// Districts (spec §7 dma/district): metering zones (计量分区) and supervision areas (考核区) as a descriptor — name,
// kind, parent, inlet and outlet counts, member areas and meters, whether an outline is set; filters by name and
// kind; create / edit with the shared rules (validateDistrict) and a live name check; delete (refused by the server
// while sub-zones hang on it); per row "导入边界" (the outline) and a link to its night flow.
import { Tag } from '@blueprintjs/core';
import {
  DISTRICT_KINDS,
  type District,
  DistrictSave,
  DMA_PATHS,
  NIGHT_USE_M3H_MAX,
  validateDistrict,
} from '@waterops/shared/dma';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../components/dateRange.ts';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import type { FieldDef, FieldInputProps, FieldRule, ResourceDescriptor } from '../../resources/types.ts';
import { AreaMultiField, DistrictNameField, idsOf, itemsText, MeterMultiField, metersText } from './DistrictFields.tsx';
import { DISTRICT_RESOURCE, useDistrictChoicesQuery } from './dmaApi.ts';
import { OutlineImportDialog } from './OutlineImportDialog.tsx';
import './dma.css';

export type DistrictFilters = { districtName: string; kind: string };

const EDIT = ['dma:district:edit'];
const ANALYSIS = ['dma:analysis:view'];

/** The form's values as the shared rules read them. */
const ruleInput = (values: Record<string, string>) => ({
  districtName: values.districtName,
  parentId: values.parentId ? Number(values.parentId) : null,
  inletMeterIds: idsOf(values.inletMeterIds),
  outletMeterIds: idsOf(values.outletMeterIds),
  supervisionMeterIds: idsOf(values.supervisionMeterIds),
  memberMeterIds: idsOf(values.memberMeterIds),
});

const districtRule =
  (field: string): FieldRule =>
  (_value, values) =>
    validateDistrict(ruleInput(values)).find((v) => v.field === field)?.message ?? null;

/** A number field: empty, or a number from 0 to `max` (whole when `integer`). */
export const numberRule =
  (max: number, integer = false): FieldRule =>
  (value) => {
    if (value === '') return null;
    const n = Number(value);
    if (!Number.isFinite(n) || n < 0 || n > max) return 'dma.district.errors.range';
    if (integer && !Number.isInteger(n)) return 'dma.district.errors.integer';
    return null;
  };

const text = (v: string | number | null) => (v === null ? '' : String(v));
const orNull = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : null);
const numberOrNull = (v: string | undefined) => (v && v.trim() !== '' ? Number(v) : null);
const countRole = (d: District, role: number) => d.meters.filter((m) => m.role === role).length;

const KIND_OPTIONS = DISTRICT_KINDS.map((k) => ({ value: String(k), labelKey: `dma.district.kinds.${k}` }));

function KindTag({ kind }: { kind: number }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={kind === 1 ? 'primary' : 'none'}>
      {t(`dma.district.kinds.${kind}`)}
    </Tag>
  );
}

function OutlineTag({ has }: { has: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={has ? 'success' : 'none'}>
      {t(has ? 'dma.district.outlineSet' : 'dma.district.outlineMissing')}
    </Tag>
  );
}

/** A meter role's field: several meters, searched by body code. */
const meterField = (key: string, role: number): FieldDef<District> => ({
  key,
  labelKey: `dma.district.${key}`,
  rules: [districtRule(key)],
  initial: (d) => metersText(d, role),
  // inlets (1) and outlets (2) measure the district: bulk meters are offered for them first (issue 19)
  render: (p) => (
    <MeterMultiFieldLabelled {...p} labelKey={`dma.district.${key}`} measuring={role === 1 || role === 2} />
  ),
});

function MeterMultiFieldLabelled(props: FieldInputProps & { labelKey: string; measuring: boolean }) {
  const { t } = useTranslation();
  return <MeterMultiField {...props} label={t(props.labelKey)} />;
}

function AreaMultiFieldLabelled(props: FieldInputProps) {
  const { t } = useTranslation();
  return <AreaMultiField {...props} label={t('dma.district.areas')} />;
}

export const districtResource = (
  districts: readonly District[],
  openNightFlow: (d: District) => void,
): ResourceDescriptor<District, DistrictFilters> => ({
  id: DISTRICT_RESOURCE,
  titleKey: 'dma.district.title',
  icon: 'layout-group-by',
  list: { path: DMA_PATHS.districts },
  rowKey: (row) => row.id,
  initialFilters: { districtName: '', kind: '' },
  filters: [
    { kind: 'text', key: 'districtName', labelKey: 'dma.district.districtName', icon: 'search' },
    {
      kind: 'select',
      key: 'kind',
      labelKey: 'dma.district.kind',
      options: [{ value: '', labelKey: 'dma.all' }, ...KIND_OPTIONS],
    },
  ],
  columns: [
    { key: 'districtName', titleKey: 'dma.district.districtName', width: 150 },
    {
      key: 'kind',
      titleKey: 'dma.district.kind',
      width: 90,
      text: (r) => String(r.kind),
      render: (r) => <KindTag kind={r.kind} />,
    },
    { key: 'parentName', titleKey: 'dma.district.parent', width: 110, text: (r) => text(r.parentName) },
    { key: 'inlets', titleKey: 'dma.district.inletCount', width: 70, text: (r) => String(countRole(r, 1)) },
    { key: 'outlets', titleKey: 'dma.district.outletCount', width: 70, text: (r) => String(countRole(r, 2)) },
    {
      key: 'areas',
      titleKey: 'dma.district.areas',
      width: 150,
      grow: true,
      text: (r) => r.areas.map((a) => a.areaName).join('、'),
    },
    {
      key: 'memberMeterCount',
      titleKey: 'dma.district.memberMeterCount',
      width: 90,
      text: (r) => String(r.memberMeterCount),
    },
    {
      key: 'polygon',
      titleKey: 'dma.district.outline',
      width: 80,
      text: (r) => (r.polygon ? '1' : '0'),
      render: (r) => <OutlineTag has={r.polygon !== null && r.polygon.length > 0} />,
    },
    {
      key: 'createTime',
      titleKey: 'dma.district.createTime',
      width: 160,
      // hidden at first so that the four row actions fit beside the figures at 1440 px
      hiddenByDefault: true,
      text: (r) => formatDateTime(new Date(r.createTime)),
    },
    { key: 'remark', titleKey: 'dma.district.remark', width: 160, hiddenByDefault: true, text: (r) => text(r.remark) },
  ],
  emptyIcon: 'layout-group-by',
  form: {
    itemKey: 'resourceItem.district',
    schema: DistrictSave,
    width: 720,
    fields: [
      {
        key: 'districtName',
        labelKey: 'dma.district.districtName',
        rules: [districtRule('districtName')],
        render: (p) => <DistrictNameField {...p} />,
        exist: (name, editing) => ({
          url: DMA_PATHS.districtNameCheck,
          params: { districtName: name, id: editing?.id },
        }),
      },
      {
        key: 'kind',
        labelKey: 'dma.district.kind',
        kind: 'select',
        options: KIND_OPTIONS,
        initial: (r) => String(r.kind),
      },
      {
        key: 'parentId',
        labelKey: 'dma.district.parent',
        kind: 'select',
        options: [
          { value: '', labelKey: 'dma.district.noParent' },
          ...districts.map((d) => ({ value: String(d.id), label: d.districtName })),
        ],
        rules: [districtRule('parentId')],
        initial: (r) => text(r.parentId),
      },
      meterField('inletMeterIds', 1),
      meterField('outletMeterIds', 2),
      meterField('supervisionMeterIds', 3),
      meterField('memberMeterIds', 4),
      {
        key: 'areaIds',
        labelKey: 'dma.district.areas',
        initial: (r) => itemsText(r.areas.map((a) => ({ id: a.areaId, label: a.areaName }))),
        render: (p) => <AreaMultiFieldLabelled {...p} />,
      },
      {
        key: 'mainsLengthKm',
        labelKey: 'dma.district.mainsLengthKm',
        maxLength: 12,
        rules: [numberRule(100000)],
        initial: (r) => text(r.mainsLengthKm),
      },
      {
        key: 'connections',
        labelKey: 'dma.district.connections',
        placeholderKey: 'dma.district.connectionsPlaceholder',
        maxLength: 9,
        rules: [numberRule(10000000, true)],
        initial: (r) => text(r.connections),
      },
      {
        key: 'privatePipeKm',
        labelKey: 'dma.district.privatePipeKm',
        maxLength: 12,
        rules: [numberRule(100000)],
        initial: (r) => text(r.privatePipeKm),
      },
      {
        key: 'meanPressureM',
        labelKey: 'dma.district.meanPressureM',
        maxLength: 8,
        rules: [numberRule(1000)],
        initial: (r) => text(r.meanPressureM),
      },
      {
        key: 'nightUsePerConnectionLh',
        labelKey: 'dma.district.nightUsePerConnectionLh',
        placeholderKey: 'dma.district.defaultPlaceholder',
        maxLength: 8,
        rules: [numberRule(1000)],
        initial: (r) => text(r.nightUsePerConnectionLh),
      },
      {
        // stated directly, it wins over connections × the per-connection use (issue 19)
        key: 'nightUseM3h',
        labelKey: 'dma.district.nightUseM3h',
        placeholderKey: 'dma.district.nightUseM3hPlaceholder',
        maxLength: 10,
        rules: [numberRule(NIGHT_USE_M3H_MAX)],
        initial: (r) => text(r.nightUseM3h ?? null),
      },
      {
        key: 'nightDayFactorHours',
        labelKey: 'dma.district.nightDayFactorHours',
        placeholderKey: 'dma.district.defaultPlaceholder',
        maxLength: 6,
        rules: [numberRule(24)],
        initial: (r) => text(r.nightDayFactorHours),
      },
      { key: 'remark', labelKey: 'dma.district.remark', initial: (r) => text(r.remark) },
    ],
    // the outline is left out: it has its own dialog and call, and an update without it keeps it
    save: (values, editing) => ({
      url: editing ? DMA_PATHS.districtUpdate : DMA_PATHS.districtSave,
      method: 'POST',
      data: {
        ...(editing ? { id: editing.id } : {}),
        districtName: values.districtName,
        kind: Number(values.kind || 1),
        parentId: numberOrNull(values.parentId),
        mainsLengthKm: numberOrNull(values.mainsLengthKm),
        connections: numberOrNull(values.connections),
        privatePipeKm: numberOrNull(values.privatePipeKm),
        meanPressureM: numberOrNull(values.meanPressureM),
        nightUsePerConnectionLh: numberOrNull(values.nightUsePerConnectionLh),
        nightDayFactorHours: numberOrNull(values.nightDayFactorHours),
        nightUseM3h: numberOrNull(values.nightUseM3h),
        remark: orNull(values.remark),
        inletMeterIds: idsOf(values.inletMeterIds),
        outletMeterIds: idsOf(values.outletMeterIds),
        supervisionMeterIds: idsOf(values.supervisionMeterIds),
        memberMeterIds: idsOf(values.memberMeterIds),
        areaIds: idsOf(values.areaIds),
      },
      not_filter: true,
    }),
    createPermissions: EDIT,
    editPermissions: EDIT,
  },
  remove: {
    request: (row) => ({ url: DMA_PATHS.districtDelete(row.id), method: 'POST' }),
    permissions: EDIT,
  },
  actions: [
    {
      id: 'outline',
      labelKey: 'dma.district.importOutline',
      icon: 'polygon-filter',
      permissions: EDIT,
      dialog: ({ row, onClose }) => <OutlineImportDialog district={row} onClose={onClose} />,
    },
    {
      id: 'nightFlow',
      labelKey: 'dma.district.nightFlow',
      icon: 'moon',
      permissions: ANALYSIS,
      onClick: openNightFlow,
    },
  ],
});

export function DistrictPage() {
  const navigate = useNavigate();
  const { data: districts = [] } = useDistrictChoicesQuery();
  const descriptor = useMemo(
    () => districtResource(districts, (d) => navigate(`/dma/nightFlow?districtId=${d.id}`)),
    [districts, navigate],
  );
  return <ResourceListPage descriptor={descriptor} />;
}
