// Blacklists (黑名单): three tabs over one descriptor — data push (ingestion refuses the device's data), reading sync
// (readings kept, the meter left out of the month-end freeze) and the device command filter (valve commands
// intercepted). A device is added by kind and code (the server resolves the code; unknown codes come back on the
// field), its reason can be changed, and an entry removed after confirmation. A device's code opens its drawer.
import { Button, Callout, Tab, Tabs } from '@blueprintjs/core';
import {
  BLACKLIST_KIND,
  type BlacklistEntry,
  type BlacklistKind,
  BlacklistSave,
  blacklistPaths,
  validateBlacklist,
} from '@waterops/shared/blacklist';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateRange.ts';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import type { FieldRule, ResourceDescriptor } from '../../resources/types.ts';
import { type DetailKind, useOpenDetail } from '../detail/detailLink.ts';
import { BLACKLIST_RESOURCE } from './blacklistApi.ts';

export type BlacklistFilters = { deviceKind: string; deviceCode: string };

const EDIT = ['device:blacklist:edit'];
const LISTS: readonly BlacklistKind[] = [
  BLACKLIST_KIND.dataPush,
  BLACKLIST_KIND.readingSync,
  BLACKLIST_KIND.commandFilter,
];
const DETAIL_OF_KIND: Record<number, DetailKind> = { 1: 'concentrator', 2: 'collector', 3: 'meter' };
// meters first: most entries are meters, and the form's select starts on the first option
const KIND_OPTIONS = [3, 1, 2].map((k) => ({ value: String(k), labelKey: `blacklist.deviceKinds.${k}` }));

const codeRule: FieldRule = (value) =>
  validateBlacklist({ deviceCode: value }).find((v) => v.field === 'deviceCode')?.message ?? null;
const text = (v: string | null) => v ?? '';

function DeviceKindText({ kind }: { kind: number }) {
  const { t } = useTranslation();
  return <>{t(`blacklist.deviceKinds.${kind}`)}</>;
}

/** The device's code, opening its detail drawer. */
function DeviceLink({ row }: { row: BlacklistEntry }) {
  const open = useOpenDetail();
  const kind = DETAIL_OF_KIND[row.deviceKind];
  if (!kind) return <>{row.deviceCode}</>;
  return (
    <Button variant="minimal" size="small" intent="primary" onClick={() => open({ kind, id: row.deviceId })}>
      {row.deviceCode}
    </Button>
  );
}

export const blacklistResource = (listKind: BlacklistKind): ResourceDescriptor<BlacklistEntry, BlacklistFilters> => {
  const paths = blacklistPaths(listKind);
  return {
    id: `${BLACKLIST_RESOURCE}.${listKind}`,
    titleKey: `blacklist.lists.${listKind}`,
    icon: 'blocked-person',
    list: { path: paths.list },
    rowKey: (row) => row.id,
    initialFilters: { deviceKind: '', deviceCode: '' },
    filters: [
      { kind: 'text', key: 'deviceCode', labelKey: 'blacklist.deviceCode', icon: 'search' },
      {
        kind: 'select',
        key: 'deviceKind',
        labelKey: 'blacklist.deviceKind',
        options: [{ value: '', labelKey: 'blacklist.all' }, ...KIND_OPTIONS],
      },
    ],
    columns: [
      {
        key: 'deviceKind',
        titleKey: 'blacklist.deviceKind',
        width: 100,
        text: (r) => String(r.deviceKind),
        render: (r) => <DeviceKindText kind={r.deviceKind} />,
      },
      {
        key: 'deviceCode',
        titleKey: 'blacklist.deviceCode',
        width: 160,
        text: (r) => r.deviceCode,
        render: (r) => <DeviceLink row={r} />,
      },
      { key: 'areaName', titleKey: 'blacklist.area', width: 130, text: (r) => text(r.areaName) },
      { key: 'reason', titleKey: 'blacklist.reason', width: 200, grow: true, text: (r) => text(r.reason) },
      { key: 'createdBy', titleKey: 'blacklist.createdBy', width: 110, text: (r) => text(r.createdBy) },
      {
        key: 'createTime',
        titleKey: 'blacklist.createTime',
        width: 160,
        text: (r) => formatDateTime(new Date(r.createTime)),
      },
    ],
    emptyIcon: 'blocked-person',
    form: {
      itemKey: 'resourceItem.listedDevice',
      schema: BlacklistSave,
      fields: [
        {
          key: 'deviceKind',
          labelKey: 'blacklist.deviceKind',
          kind: 'select',
          options: KIND_OPTIONS,
          initial: (r) => String(r.deviceKind),
          readOnlyOnEdit: true,
        },
        {
          key: 'deviceCode',
          labelKey: 'blacklist.deviceCode',
          rules: [codeRule],
          readOnlyOnEdit: true,
        },
        { key: 'reason', labelKey: 'blacklist.reason', initial: (r) => text(r.reason) },
      ],
      save: (values, editing) => ({
        url: paths.save,
        method: 'POST',
        data: {
          ...(editing ? { id: editing.id } : {}),
          deviceKind: Number(values.deviceKind || 3),
          deviceCode: values.deviceCode,
          reason: values.reason || null,
        },
        not_filter: true,
      }),
      createPermissions: EDIT,
      editPermissions: EDIT,
    },
    remove: { request: (row) => ({ url: paths.delete, method: 'POST', data: { id: row.id } }), permissions: EDIT },
  };
};

export function BlacklistPage() {
  const { t } = useTranslation();
  const [listKind, setListKind] = useState<BlacklistKind>(BLACKLIST_KIND.dataPush);
  const descriptor = useMemo(() => blacklistResource(listKind), [listKind]);
  return (
    <div className="wo-blacklist-page">
      <Tabs id="blacklist-kind" selectedTabId={listKind} onChange={(id) => setListKind(Number(id) as BlacklistKind)}>
        {LISTS.map((k) => (
          <Tab key={k} id={k} title={t(`blacklist.lists.${k}`)} />
        ))}
      </Tabs>
      <Callout className="wo-blacklist-hint" icon="info-sign" compact>
        {t(`blacklist.hints.${listKind}`)}
      </Callout>
      <ResourceListPage key={listKind} descriptor={descriptor} />
    </div>
  );
}
