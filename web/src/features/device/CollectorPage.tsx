// Collectors (采集器管理): two tabs, wired (findWiredList) and wireless (findWirelessList), each the collector
// descriptor on its own list path — a documented exception to "one descriptor, one page" because the spec serves
// the two kinds from two lists. Filters by code, area and concentrator; create / edit with the shared rules
// ("code must be unique", IP, port, frequency), delete and batch delete (all or nothing), parameters and meter
// archive dialogs, the detail drawer, export of the tab's list, import (the sheet names the link kind).
import { Alert, Intent, Tab, Tabs } from '@blueprintjs/core';
import { sheetPaths } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  type Collector,
  CollectorSave,
  type Concentrator,
  DEVICE_PATHS,
  type LinkKind,
  validateCollector,
} from '@waterops/shared/device';
import type { Area } from '@waterops/shared/place';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import { formatDateTime } from '../../components/dateRange.ts';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import { importDefOf } from '../../resources/resourceApi.ts';
import type { FieldRule, ResourceDescriptor } from '../../resources/types.ts';
import { type DetailRef, useOpenDetail } from '../detail/detailLink.ts';
import { CollectorArchivesDialog, CollectorSettingsDialog } from './CollectorSettingsDialog.tsx';
import { chosenId, DeviceAreaField, DeviceConcentratorField, itemText } from './ConcentratorFields.tsx';
import { OnlineTag } from './ConcentratorPage.tsx';
import { useBatchDeleteCollectorsMutation } from './collectorApi.ts';
import { COLLECTOR_RESOURCE, useDeviceAreasQuery, useDeviceConcentratorsQuery } from './concentratorApi.ts';

export type CollectorFilters = { collectorCode: string; areaId: string; concentratorId: string };

const EDIT = [PERMISSIONS.deviceCollectorEdit];

const rule =
  (field: string): FieldRule =>
  (_value, values) =>
    validateCollector({ ...values, areaId: chosenId(values.areaId) }).find((v) => v.field === field)?.message ?? null;

const intOrNull = (text: string | undefined) => (text && text.trim() !== '' ? Number(text) : null);
const textOf = (v: number | null) => (v === null ? '' : String(v));

/** What the page gives the descriptor: the filter choices and the actions' callbacks. */
export type CollectorPageContext = {
  kind: LinkKind;
  areas: readonly Area[];
  concentrators: readonly Concentrator[];
  openDetail: (ref: DetailRef) => void;
  onBatchDelete: (rows: Collector[]) => void;
};

export const collectorResource = ({
  kind,
  areas,
  concentrators,
  openDetail,
  onBatchDelete,
}: CollectorPageContext): ResourceDescriptor<Collector, CollectorFilters> => {
  const listPath = kind === 2 ? DEVICE_PATHS.collectorsWireless : DEVICE_PATHS.collectorsWired;
  return {
    id: COLLECTOR_RESOURCE,
    titleKey: kind === 2 ? 'collector.wireless' : 'collector.wired',
    icon: 'intersection',
    list: { path: listPath },
    rowKey: (row) => row.id,
    initialFilters: { collectorCode: '', areaId: '', concentratorId: '' },
    filters: [
      {
        kind: 'text',
        key: 'collectorCode',
        labelKey: 'collector.code',
        placeholderKey: 'collector.codePlaceholder',
        icon: 'search',
      },
      {
        kind: 'select',
        key: 'areaId',
        labelKey: 'collector.area',
        options: [
          { value: '', labelKey: 'collector.all' },
          ...areas.map((a) => ({ value: String(a.id), label: a.areaName })),
        ],
      },
      {
        kind: 'select',
        key: 'concentratorId',
        labelKey: 'collector.concentrator',
        options: [
          { value: '', labelKey: 'collector.all' },
          ...concentrators.map((c) => ({ value: String(c.id), label: c.concentratorCode })),
        ],
      },
    ],
    defaultSort: { key: 'collectorCode', direction: 'asc' },
    columns: [
      { key: 'collectorCode', titleKey: 'collector.code', width: 140, sortable: true },
      {
        key: 'concentratorCode',
        titleKey: 'collector.concentrator',
        width: 130,
        text: (r) => r.concentratorCode ?? '',
      },
      { key: 'areaName', titleKey: 'collector.area', width: 120, text: (r) => r.areaName ?? '' },
      { key: 'online', titleKey: 'collector.online', width: 80, render: (r) => <OnlineTag online={r.online} /> },
      {
        key: 'lastReportTime',
        titleKey: 'collector.lastReport',
        width: 150,
        sortable: true,
        text: (r) => (r.lastReportTime ? formatDateTime(new Date(r.lastReportTime)) : ''),
      },
      { key: 'meterCount', titleKey: 'collector.meterCount', width: 70, text: (r) => String(r.meterCount) },
      { key: 'ip', titleKey: 'collector.ip', width: 130, hiddenByDefault: true, text: (r) => r.ip ?? '' },
      { key: 'port', titleKey: 'collector.port', width: 70, hiddenByDefault: true, text: (r) => textOf(r.port) },
      {
        key: 'uploadFrequency',
        titleKey: 'collector.uploadFrequency',
        width: 140,
        hiddenByDefault: true,
        text: (r) => textOf(r.uploadFrequency),
      },
      {
        key: 'channel',
        titleKey: 'collector.channel',
        width: 70,
        hiddenByDefault: true,
        text: (r) => textOf(r.channel),
      },
      {
        key: 'address',
        titleKey: 'collector.address',
        width: 180,
        grow: true,
        hiddenByDefault: true,
        text: (r) => r.address ?? '',
      },
      {
        key: 'installDate',
        titleKey: 'collector.installDate',
        width: 110,
        hiddenByDefault: true,
        text: (r) => r.installDate ?? '',
      },
      { key: 'remark', titleKey: 'collector.remark', width: 160, hiddenByDefault: true, text: (r) => r.remark ?? '' },
    ],
    emptyIcon: 'intersection',
    form: {
      itemKey: 'resourceItem.collector',
      schema: CollectorSave,
      width: 560,
      fields: [
        {
          key: 'collectorCode',
          labelKey: 'collector.code',
          rules: [rule('collectorCode')],
          exist: (value, editing) => ({
            url: DEVICE_PATHS.collectorExist,
            params: { field: 'collectorCode', value, ...(editing ? { id: editing.id } : {}) },
          }),
        },
        {
          key: 'linkKind',
          labelKey: 'collector.linkKind',
          kind: 'select',
          options: [
            // the tab's kind first: a new collector of this tab is of its kind unless changed
            ...(kind === 2
              ? [
                  { value: '2', labelKey: 'collector.linkWireless' },
                  { value: '1', labelKey: 'collector.linkWired' },
                ]
              : [
                  { value: '1', labelKey: 'collector.linkWired' },
                  { value: '2', labelKey: 'collector.linkWireless' },
                ]),
          ],
          rules: [rule('linkKind')],
          initial: (r) => String(r.linkKind),
        },
        {
          key: 'concentratorId',
          labelKey: 'collector.concentrator',
          render: (props) => <DeviceConcentratorField {...props} />,
          initial: (r) => itemText(r.concentratorId, r.concentratorCode),
        },
        {
          key: 'areaId',
          labelKey: 'collector.area',
          render: (props) => <DeviceAreaField {...props} />,
          rules: [rule('areaId')],
          initial: (r) => itemText(r.areaId, r.areaName),
        },
        { key: 'address', labelKey: 'collector.address', initial: (r) => r.address ?? '' },
        { key: 'ip', labelKey: 'collector.ip', rules: [rule('ip')], initial: (r) => r.ip ?? '' },
        {
          key: 'port',
          labelKey: 'collector.port',
          maxLength: 5,
          rules: [rule('port')],
          initial: (r) => textOf(r.port),
        },
        {
          key: 'uploadFrequency',
          labelKey: 'collector.uploadFrequency',
          maxLength: 4,
          rules: [rule('uploadFrequency')],
          initial: (r) => textOf(r.uploadFrequency),
        },
        { key: 'channel', labelKey: 'collector.channel', maxLength: 3, initial: (r) => textOf(r.channel) },
        {
          key: 'installDate',
          labelKey: 'collector.installDate',
          placeholderKey: 'concentrator.installDatePlaceholder',
          maxLength: 10,
          initial: (r) => r.installDate ?? '',
        },
        { key: 'remark', labelKey: 'collector.remark', initial: (r) => r.remark ?? '' },
      ],
      save: (values, editing) => ({
        url: editing ? DEVICE_PATHS.collectorUpdate : DEVICE_PATHS.collectorSave,
        method: 'POST',
        data: {
          ...(editing ? { id: editing.id } : {}),
          collectorCode: values.collectorCode,
          linkKind: Number(values.linkKind || kind),
          concentratorId: chosenId(values.concentratorId),
          areaId: chosenId(values.areaId),
          address: values.address || null,
          ip: values.ip || null,
          port: intOrNull(values.port),
          uploadFrequency: intOrNull(values.uploadFrequency),
          channel: intOrNull(values.channel),
          installDate: values.installDate || null,
          remark: values.remark || null,
        },
        // emptied fields are sent as null so the server clears them
        not_filter: true,
      }),
      createPermissions: EDIT,
      editPermissions: EDIT,
    },
    remove: {
      request: (row) => ({ url: DEVICE_PATHS.collectorDelete, method: 'POST', data: { id: row.id } }),
      permissions: EDIT,
    },
    actions: [
      {
        id: 'details',
        labelKey: 'collector.details',
        icon: 'info-sign',
        onClick: (row) => openDetail({ kind: 'collector', id: row.id }),
      },
      {
        id: 'settings',
        labelKey: 'collector.settings',
        icon: 'cog',
        permissions: EDIT,
        dialog: ({ row, onClose }) => <CollectorSettingsDialog row={row} onClose={onClose} />,
      },
      {
        id: 'archives',
        labelKey: 'collector.archives',
        icon: 'th-list',
        permissions: EDIT,
        dialog: ({ row, onClose }) => <CollectorArchivesDialog row={row} onClose={onClose} />,
      },
    ],
    batchActions: [
      {
        id: 'batchDelete',
        labelKey: 'collector.batchDelete',
        icon: 'trash',
        intent: Intent.DANGER,
        permissions: EDIT,
        onClick: onBatchDelete,
      },
    ],
    exportPath: sheetPaths(listPath).export,
    import: importDefOf(DEVICE_PATHS.collectors, EDIT),
  };
};

export function CollectorPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<LinkKind>(1);
  const [pending, setPending] = useState<Collector[] | null>(null);
  const { data: areas = [] } = useDeviceAreasQuery();
  const { data: concentrators = [] } = useDeviceConcentratorsQuery();
  const [batchDelete, { isLoading }] = useBatchDeleteCollectorsMutation();
  const openDetail = useOpenDetail();
  const descriptor = useMemo(
    () => collectorResource({ kind, areas, concentrators, openDetail, onBatchDelete: setPending }),
    [kind, areas, concentrators, openDetail],
  );
  const confirmDelete = async () => {
    if (!pending) return;
    try {
      await batchDelete(pending.map((r) => r.id)).unwrap();
      showMessage(t('collector.deleted'), 'success');
    } catch (failure) {
      showMessage((failure as RequestFailure).message);
    }
    setPending(null);
  };
  return (
    <div className="wo-collector-page">
      <Tabs id="collector-kind" selectedTabId={kind} onChange={(id) => setKind(Number(id) as LinkKind)}>
        <Tab id={1} title={t('collector.wired')} />
        <Tab id={2} title={t('collector.wireless')} />
      </Tabs>
      <ResourceListPage key={kind} descriptor={descriptor} />
      <Alert
        isOpen={pending !== null}
        intent={Intent.DANGER}
        icon="trash"
        loading={isLoading}
        confirmButtonText={t('common.ok')}
        cancelButtonText={t('common.cancel')}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      >
        {t('collector.batchDeleteConfirm', { count: pending?.length ?? 0 })}
      </Alert>
    </div>
  );
}
