// Pipelines as a descriptor (spec §7 pipeNetPipeLine): code, name, type, material, diameter, length, the wells and
// meters at the ends, district and state; filters by code, name, material, diameter class and district; create /
// edit with well, meter and district selectors; delete. Above the list, the EPANET import for editors.
import { Button, Tag } from '@blueprintjs/core';
import { sheetPaths } from '@waterops/shared/api';
import type { District } from '@waterops/shared/dma';
import { NETWORK_PATHS, type Pipeline, PipelineSave, validatePipeline, type Well } from '@waterops/shared/network';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateRange.ts';
import { Permission } from '../../components/Permission.tsx';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import { defaultListQuery } from '../../resources/resourceApi.ts';
import type { FieldRule, ResourceDescriptor } from '../../resources/types.ts';
import { chosenId, itemText } from '../device/MeterFields.tsx';
import { EpanetImportDialog } from './EpanetImportDialog.tsx';
import './network.css';
import { PIPELINE_RESOURCE, useNetworkDistrictsQuery, useNetworkWellsQuery } from './networkApi.ts';
import {
  DIAMETER_FILTERS,
  dateRule,
  diameterRule,
  districtOptions,
  idOrNull,
  MATERIAL_OPTIONS,
  numberOrNull,
  numberRule,
  orNull,
  PIPE_TYPE_OPTIONS,
  PipeMeterField,
  STATUS_OPTIONS,
  text,
  withNone,
} from './networkFields.tsx';

export type PipelineFilters = {
  pipeCode: string;
  name: string;
  material: string;
  diameterClass: string;
  districtId: string;
};

const EDIT = ['network:pipeline:edit'];

const pipelineRule =
  (field: string): FieldRule =>
  (_value, values) =>
    validatePipeline({
      ...values,
      startMeterId: chosenId(values.startMeterId),
      endMeterId: chosenId(values.endMeterId),
    }).find((v) => v.field === field)?.message ?? null;

function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={status === 1 ? 'success' : 'none'}>
      {t(status === 1 ? 'network.pipeline.inService' : 'network.pipeline.outOfService')}
    </Tag>
  );
}

function PipeTypeText({ type }: { type: number }) {
  const { t } = useTranslation();
  return <>{t(`network.pipeline.types.${type}`)}</>;
}

export const pipelineResource = (
  districts: readonly District[],
  wells: readonly Well[],
): ResourceDescriptor<Pipeline, PipelineFilters> => {
  const wellOptions = withNone(wells.map((w) => ({ value: String(w.id), label: w.wellCode })));
  const districtChoices = districtOptions(districts);
  return {
    id: PIPELINE_RESOURCE,
    titleKey: 'network.pipeline.title',
    icon: 'flows',
    list: {
      path: NETWORK_PATHS.pipelines,
      // the diameter class filter is a range on the server
      query: (request) => {
        const { diameterClass, ...filters } = request.filters;
        return { ...defaultListQuery({ ...request, filters }), ...(DIAMETER_FILTERS[diameterClass] ?? {}) };
      },
    },
    exportPath: sheetPaths(NETWORK_PATHS.pipelines).export,
    exportPermissions: ['network:pipeline:view'],
    rowKey: (row) => row.id,
    initialFilters: { pipeCode: '', name: '', material: '', diameterClass: '', districtId: '' },
    filters: [
      { kind: 'text', key: 'pipeCode', labelKey: 'network.pipeline.pipeCode', icon: 'search' },
      { kind: 'text', key: 'name', labelKey: 'network.pipeline.name' },
      {
        kind: 'select',
        key: 'material',
        labelKey: 'network.pipeline.material',
        options: [{ value: '', labelKey: 'network.all' }, ...MATERIAL_OPTIONS],
      },
      {
        kind: 'select',
        key: 'diameterClass',
        labelKey: 'network.pipeline.diameterMm',
        options: [
          { value: '', labelKey: 'network.all' },
          ...Object.keys(DIAMETER_FILTERS).map((c) => ({ value: c, labelKey: `network.monitoring.classes.${c}` })),
        ],
      },
      {
        kind: 'select',
        key: 'districtId',
        labelKey: 'network.district',
        options: [{ value: '', labelKey: 'network.all' }, ...districtChoices],
      },
    ],
    columns: [
      { key: 'pipeCode', titleKey: 'network.pipeline.pipeCode', width: 130, sortable: true },
      { key: 'name', titleKey: 'network.pipeline.name', width: 130, text: (r) => text(r.name) },
      {
        key: 'pipeType',
        titleKey: 'network.pipeline.pipeType',
        width: 90,
        text: (r) => String(r.pipeType),
        render: (r) => <PipeTypeText type={r.pipeType} />,
      },
      { key: 'material', titleKey: 'network.pipeline.material', width: 90, text: (r) => text(r.material) },
      {
        key: 'diameterMm',
        titleKey: 'network.pipeline.diameterMm',
        width: 100,
        sortable: true,
        text: (r) => text(r.diameterMm),
      },
      {
        key: 'lengthM',
        titleKey: 'network.pipeline.lengthM',
        width: 100,
        sortable: true,
        text: (r) => (r.lengthM === null ? '' : r.lengthM.toFixed(1)),
      },
      { key: 'startWellCode', titleKey: 'network.pipeline.startWell', width: 110, text: (r) => text(r.startWellCode) },
      { key: 'endWellCode', titleKey: 'network.pipeline.endWell', width: 110, text: (r) => text(r.endWellCode) },
      {
        key: 'startMeterCode',
        titleKey: 'network.pipeline.startMeter',
        width: 120,
        text: (r) => text(r.startMeterCode),
      },
      { key: 'endMeterCode', titleKey: 'network.pipeline.endMeter', width: 120, text: (r) => text(r.endMeterCode) },
      { key: 'districtName', titleKey: 'network.district', width: 120, text: (r) => text(r.districtName) },
      {
        key: 'status',
        titleKey: 'network.pipeline.status',
        width: 90,
        text: (r) => String(r.status),
        render: (r) => <StatusTag status={r.status} />,
      },
      {
        key: 'installDate',
        titleKey: 'network.pipeline.installDate',
        width: 110,
        hiddenByDefault: true,
        text: (r) => text(r.installDate),
      },
      {
        key: 'createTime',
        titleKey: 'network.createTime',
        width: 160,
        sortable: true,
        hiddenByDefault: true,
        text: (r) => formatDateTime(new Date(r.createTime)),
      },
    ],
    defaultSort: { key: 'pipeCode', direction: 'asc' },
    emptyIcon: 'flows',
    form: {
      itemKey: 'resourceItem.pipeline',
      schema: PipelineSave,
      width: 640,
      fields: [
        { key: 'pipeCode', labelKey: 'network.pipeline.pipeCode', rules: [pipelineRule('pipeCode')] },
        { key: 'name', labelKey: 'network.pipeline.name', initial: (r) => text(r.name) },
        {
          key: 'pipeType',
          labelKey: 'network.pipeline.pipeType',
          kind: 'select',
          options: PIPE_TYPE_OPTIONS,
          initial: (r) => String(r.pipeType),
        },
        { key: 'material', labelKey: 'network.pipeline.material', initial: (r) => text(r.material) },
        {
          key: 'diameterMm',
          labelKey: 'network.pipeline.diameterMm',
          maxLength: 6,
          rules: [diameterRule],
          initial: (r) => text(r.diameterMm),
        },
        {
          key: 'lengthM',
          labelKey: 'network.pipeline.lengthM',
          maxLength: 12,
          rules: [numberRule],
          initial: (r) => text(r.lengthM),
        },
        {
          key: 'depthM',
          labelKey: 'network.pipeline.depthM',
          maxLength: 8,
          rules: [numberRule],
          initial: (r) => text(r.depthM),
        },
        {
          key: 'startWellId',
          labelKey: 'network.pipeline.startWell',
          kind: 'select',
          options: wellOptions,
          initial: (r) => text(r.startWellId),
        },
        {
          key: 'endWellId',
          labelKey: 'network.pipeline.endWell',
          kind: 'select',
          options: wellOptions,
          rules: [pipelineRule('endWellId')],
          initial: (r) => text(r.endWellId),
        },
        {
          key: 'startMeterId',
          labelKey: 'network.pipeline.startMeter',
          initial: (r) => itemText(r.startMeterId, r.startMeterCode),
          render: (p) => <PipeMeterField {...p} labelKey="network.pipeline.startMeter" />,
        },
        {
          key: 'endMeterId',
          labelKey: 'network.pipeline.endMeter',
          rules: [pipelineRule('endMeterId')],
          initial: (r) => itemText(r.endMeterId, r.endMeterCode),
          render: (p) => <PipeMeterField {...p} labelKey="network.pipeline.endMeter" />,
        },
        {
          key: 'districtId',
          labelKey: 'network.district',
          kind: 'select',
          options: withNone(districtChoices),
          initial: (r) => text(r.districtId),
        },
        {
          key: 'status',
          labelKey: 'network.pipeline.status',
          kind: 'select',
          options: STATUS_OPTIONS,
          initial: (r) => String(r.status),
        },
        {
          key: 'installDate',
          labelKey: 'network.pipeline.installDate',
          placeholderKey: 'network.pipeline.installDateFormat',
          maxLength: 10,
          rules: [dateRule],
          initial: (r) => text(r.installDate),
        },
        { key: 'remark', labelKey: 'network.remark', initial: (r) => text(r.remark) },
      ],
      save: (values, editing) => ({
        url: NETWORK_PATHS.pipelineSave,
        method: 'POST',
        data: {
          ...(editing ? { id: editing.id, path: editing.path } : {}),
          pipeCode: values.pipeCode,
          name: orNull(values.name),
          pipeType: Number(values.pipeType || 2),
          material: orNull(values.material),
          diameterMm: numberOrNull(values.diameterMm),
          lengthM: numberOrNull(values.lengthM),
          depthM: numberOrNull(values.depthM),
          startWellId: idOrNull(values.startWellId),
          endWellId: idOrNull(values.endWellId),
          startMeterId: chosenId(values.startMeterId),
          endMeterId: chosenId(values.endMeterId),
          districtId: idOrNull(values.districtId),
          status: Number(values.status || 1),
          installDate: orNull(values.installDate),
          remark: orNull(values.remark),
        },
        not_filter: true,
      }),
      createPermissions: EDIT,
      editPermissions: EDIT,
    },
    remove: {
      request: (row) => ({ url: NETWORK_PATHS.pipelineDelete, method: 'POST', data: { id: row.id } }),
      permissions: EDIT,
    },
  };
};

export function PipelinePage() {
  const { t } = useTranslation();
  const { data: districts = [] } = useNetworkDistrictsQuery();
  const { data: wells = [] } = useNetworkWellsQuery();
  const [importing, setImporting] = useState(false);
  const descriptor = useMemo(() => pipelineResource(districts, wells), [districts, wells]);
  return (
    <>
      <Permission any={EDIT}>
        <div className="wo-network-actions">
          <Button icon="import" onClick={() => setImporting(true)}>
            {t('network.pipeline.importInp')}
          </Button>
        </div>
      </Permission>
      <ResourceListPage descriptor={descriptor} />
      <EpanetImportDialog isOpen={importing} onClose={() => setImporting(false)} />
    </>
  );
}
