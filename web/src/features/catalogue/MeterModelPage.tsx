// Meter models (表型管理) as a descriptor: type name, manufacturer, kind, caliber, maximum reading, decimals, valve
// control; filters by name, manufacturer and kind; create / edit with the shared rules; delete (refused while meters
// use it); export.
import { sheetPaths } from '@waterops/shared/api';
import {
  CATALOGUE_PATHS,
  type Manufacturer,
  type MeterModel,
  MeterModelSave,
  validateMeterModel,
} from '@waterops/shared/catalogue';
import { useMemo } from 'react';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import type { FieldRule, ResourceDescriptor } from '../../resources/types.ts';
import { METER_MODEL_RESOURCE, useAllManufacturersQuery } from './catalogueApi.ts';
import { KeyText } from './KeyText.tsx';
import {
  idOrNull,
  METER_KIND_OPTIONS,
  manufacturerOptions,
  numberOrNull,
  remarkField,
  trailingColumns,
  typeNameColumn,
  typeNameField,
} from './typeCatalogue.ts';

export type MeterModelFilters = { typeName: string; manufacturerId: string; meterKind: string };

const VIEW = ['device:meterModel:view'];
const EDIT = ['device:meterModel:edit'];

const rule =
  (field: 'caliber' | 'maxReading' | 'precision'): FieldRule =>
  (_value, values) =>
    validateMeterModel(values).find((v) => v.field === field)?.message ?? null;

const text = (v: number | null) => (v === null ? '' : String(v));

export const meterModelResource = (
  manufacturers: readonly Manufacturer[],
): ResourceDescriptor<MeterModel, MeterModelFilters> => ({
  id: METER_MODEL_RESOURCE,
  titleKey: 'meterModel.title',
  icon: 'box',
  list: { path: CATALOGUE_PATHS.meterModels },
  rowKey: (row) => row.id,
  initialFilters: { typeName: '', manufacturerId: '', meterKind: '' },
  filters: [
    { kind: 'text', key: 'typeName', labelKey: 'catalogue.typeName', placeholderKey: 'catalogue.typeNamePlaceholder' },
    {
      kind: 'select',
      key: 'manufacturerId',
      labelKey: 'catalogue.manufacturer',
      options: manufacturerOptions(manufacturers, 'catalogue.all'),
    },
    {
      kind: 'select',
      key: 'meterKind',
      labelKey: 'meterModel.kind',
      options: [{ value: '', labelKey: 'catalogue.all' }, ...METER_KIND_OPTIONS],
    },
  ],
  columns: [
    typeNameColumn(),
    { key: 'manufacturerName', titleKey: 'catalogue.manufacturer', width: 170, text: (r) => r.manufacturerName ?? '' },
    {
      key: 'meterKind',
      titleKey: 'meterModel.kind',
      width: 130,
      render: (r) => <KeyText textKey={`catalogue.meterKind${r.meterKind}`} />,
    },
    { key: 'caliber', titleKey: 'meterModel.caliber', width: 100, text: (r) => text(r.caliber) },
    { key: 'maxReading', titleKey: 'meterModel.maxReading', width: 130, text: (r) => text(r.maxReading) },
    { key: 'precision', titleKey: 'meterModel.precision', width: 100, text: (r) => text(r.precision) },
    {
      key: 'valveControl',
      titleKey: 'meterModel.valveControl',
      width: 100,
      render: (r) => <KeyText textKey={r.valveControl ? 'catalogue.yes' : 'catalogue.no'} />,
    },
    ...trailingColumns<MeterModel>(true),
  ],
  emptyIcon: 'box',
  form: {
    itemKey: 'resourceItem.meterModel',
    schema: MeterModelSave,
    fields: [
      typeNameField<MeterModel>(CATALOGUE_PATHS.meterModelExist),
      {
        key: 'manufacturerId',
        labelKey: 'catalogue.manufacturer',
        kind: 'select',
        options: manufacturerOptions(manufacturers, 'catalogue.none'),
        initial: (r) => text(r.manufacturerId),
      },
      {
        key: 'meterKind',
        labelKey: 'meterModel.kind',
        kind: 'select',
        options: METER_KIND_OPTIONS,
        initial: (r) => String(r.meterKind),
      },
      {
        key: 'caliber',
        labelKey: 'meterModel.caliber',
        maxLength: 4,
        rules: [rule('caliber')],
        initial: (r) => text(r.caliber),
      },
      {
        key: 'maxReading',
        labelKey: 'meterModel.maxReading',
        maxLength: 15,
        rules: [rule('maxReading')],
        initial: (r) => text(r.maxReading),
      },
      {
        key: 'precision',
        labelKey: 'meterModel.precision',
        maxLength: 1,
        rules: [rule('precision')],
        initial: (r) => text(r.precision),
      },
      {
        key: 'valveControl',
        labelKey: 'meterModel.valveControl',
        kind: 'select',
        options: [
          { value: 'false', labelKey: 'catalogue.no' },
          { value: 'true', labelKey: 'catalogue.yes' },
        ],
        initial: (r) => String(r.valveControl),
      },
      remarkField<MeterModel>(),
    ],
    save: (values, editing) => ({
      url: editing ? CATALOGUE_PATHS.meterModelUpdate : CATALOGUE_PATHS.meterModelSave,
      method: 'POST',
      data: {
        ...(editing ? { id: editing.id } : {}),
        typeName: values.typeName,
        manufacturerId: idOrNull(values.manufacturerId),
        meterKind: Number(values.meterKind || 1),
        caliber: numberOrNull(values.caliber),
        maxReading: numberOrNull(values.maxReading),
        precision: numberOrNull(values.precision),
        valveControl: values.valveControl === 'true',
        remark: values.remark || null,
      },
      not_filter: true,
    }),
    createPermissions: EDIT,
    editPermissions: EDIT,
  },
  remove: {
    request: (row) => ({ url: CATALOGUE_PATHS.meterModelDelete, method: 'POST', data: { id: row.id } }),
    permissions: EDIT,
  },
  exportPath: sheetPaths(CATALOGUE_PATHS.meterModels).export,
  exportPermissions: VIEW,
});

export function MeterModelPage() {
  const { data: manufacturers = [] } = useAllManufacturersQuery();
  const descriptor = useMemo(() => meterModelResource(manufacturers), [manufacturers]);
  return <ResourceListPage descriptor={descriptor} />;
}
