// Device status (设备状态): how many concentrators, collectors and meters are online in the caller's data scope, and
// per kind a list of devices with their online state and last report (how long ago and when); meters also show
// the last reading, voltage and signal. One area choice drives the cards and the lists. The lists are descriptors
// over the device list endpoints; a device's code opens its detail drawer.
import { Card, Classes, FormGroup, HTMLSelect, Tab, Tabs, Tag } from '@blueprintjs/core';
import type { Collector, Concentrator, Meter } from '@waterops/shared/device';
import { DEVICE_PATHS } from '@waterops/shared/device';
import type { DeviceStatusSummary } from '@waterops/shared/deviceStatus';
import type { Area } from '@waterops/shared/place';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateRange.ts';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import { defaultListQuery } from '../../resources/resourceApi.ts';
import type { ColumnDef, FilterValues, ResourceDescriptor } from '../../resources/types.ts';
import { DeviceCodeLink, OnlineTag } from './DeviceStatusCells.tsx';
import { DEVICE_STATUS_RESOURCE, useDeviceStatusSummaryQuery } from './deviceStatusApi.ts';
import { reportAge, reportAgeText } from './lastReport.ts';
import { useMeterAreasQuery } from './meterApi.ts';

export type StatusKind = 'concentrators' | 'collectors' | 'meters';
type StatusFilters = FilterValues & { code: string; online: string };
type Row = { id: number; areaName: string | null; online: boolean; lastReportTime: string | null };

const KINDS: readonly StatusKind[] = ['concentrators', 'collectors', 'meters'];

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** "3 小时前 · 2026-11-23 07:00:00": how long ago, then when. */
function LastReport({ iso }: { iso: string | null }) {
  const { t } = useTranslation();
  const age = reportAgeText(reportAge(iso, new Date()));
  const label = t(age.key, age.count === undefined ? {} : { count: age.count });
  if (!iso) return <span className={Classes.TEXT_MUTED}>{label}</span>;
  return (
    <span title={formatDateTime(new Date(iso))}>
      {label} <span className={Classes.TEXT_MUTED}>· {formatDateTime(new Date(iso))}</span>
    </span>
  );
}

const commonColumns = <R extends Row>(): ColumnDef<R>[] => [
  { key: 'areaName', titleKey: 'deviceStatus.area', width: 130, text: (r) => text(r.areaName) },
  {
    key: 'online',
    titleKey: 'deviceStatus.state',
    width: 110,
    text: (r) => (r.online ? '✓' : '✗'),
    render: (r) => <OnlineTag online={r.online} />,
  },
  {
    key: 'lastReportTime',
    titleKey: 'deviceStatus.lastReport',
    width: 250,
    grow: true,
    text: (r) => (r.lastReportTime ? formatDateTime(new Date(r.lastReportTime)) : ''),
    render: (r) => <LastReport iso={r.lastReportTime} />,
  },
];

const COLUMNS = {
  concentrators: [
    {
      key: 'concentratorCode',
      titleKey: 'deviceStatus.code',
      width: 150,
      sortable: true,
      text: (r: Concentrator) => r.concentratorCode,
      render: (r: Concentrator) => <DeviceCodeLink kind="concentrator" id={r.id} code={r.concentratorCode} />,
    },
    ...commonColumns<Concentrator>().map((c) => (c.key === 'lastReportTime' ? { ...c, sortable: true } : c)),
    {
      key: 'reportRate',
      titleKey: 'deviceStatus.reportRate',
      width: 150,
      text: (r: Concentrator) => text(r.reportRate),
    },
    {
      key: 'meterCount',
      titleKey: 'deviceStatus.meterCount',
      width: 90,
      text: (r: Concentrator) => text(r.meterCount),
    },
  ] as ColumnDef<Concentrator>[],
  collectors: [
    {
      key: 'collectorCode',
      titleKey: 'deviceStatus.code',
      width: 150,
      text: (r: Collector) => r.collectorCode,
      render: (r: Collector) => <DeviceCodeLink kind="collector" id={r.id} code={r.collectorCode} />,
    },
    ...commonColumns<Collector>(),
    {
      key: 'concentratorCode',
      titleKey: 'deviceStatus.concentrator',
      width: 140,
      text: (r: Collector) => text(r.concentratorCode),
    },
    {
      key: 'uploadFrequency',
      titleKey: 'deviceStatus.uploadFrequency',
      width: 190,
      text: (r: Collector) => text(r.uploadFrequency),
    },
  ] as ColumnDef<Collector>[],
  meters: [
    {
      key: 'meterCode',
      titleKey: 'deviceStatus.code',
      width: 150,
      sortable: true,
      text: (r: Meter) => r.meterCode,
      render: (r: Meter) => <DeviceCodeLink kind="meter" id={r.id} code={r.meterCode} />,
    },
    ...commonColumns<Meter>(),
    { key: 'lastReading', titleKey: 'deviceStatus.lastReading', width: 140, text: (r: Meter) => text(r.lastReading) },
    { key: 'voltage', titleKey: 'deviceStatus.voltage', width: 100, text: (r: Meter) => text(r.voltage) },
    { key: 'csq', titleKey: 'deviceStatus.csq', width: 70, text: (r: Meter) => text(r.csq) },
    { key: 'rsrp', titleKey: 'deviceStatus.rsrp', width: 110, text: (r: Meter) => text(r.rsrp) },
    {
      key: 'concentratorCode',
      titleKey: 'deviceStatus.concentrator',
      width: 140,
      hiddenByDefault: true,
      text: (r: Meter) => text(r.concentratorCode),
    },
  ] as ColumnDef<Meter>[],
} as const;

const PATHS: Record<StatusKind, string> = {
  concentrators: DEVICE_PATHS.concentrators,
  collectors: DEVICE_PATHS.collectors,
  meters: DEVICE_PATHS.meters,
};
/** The code filter's name on each list. */
const CODE_PARAM: Record<StatusKind, string> = {
  concentrators: 'concentratorCode',
  collectors: 'collectorCode',
  meters: 'meterCode',
};

/** The list of one kind, narrowed to the page's area. */
export const statusResource = (kind: StatusKind, areaId: string): ResourceDescriptor<Row, StatusFilters> => ({
  id: `${DEVICE_STATUS_RESOURCE}.${kind}`,
  titleKey: `deviceStatus.kinds.${kind}`,
  icon: 'pulse',
  list: {
    path: PATHS[kind],
    query: (request) => {
      const { code, ...rest } = defaultListQuery(request);
      return { ...rest, ...(code ? { [CODE_PARAM[kind]]: code } : {}), ...(areaId ? { areaId } : {}) };
    },
  },
  rowKey: (row) => row.id,
  initialFilters: { code: '', online: '' },
  filters: [
    { kind: 'text', key: 'code', labelKey: 'deviceStatus.code', icon: 'search' },
    {
      kind: 'select',
      key: 'online',
      labelKey: 'deviceStatus.state',
      options: [
        { value: '', labelKey: 'deviceStatus.all' },
        { value: 'true', labelKey: 'deviceStatus.online' },
        { value: 'false', labelKey: 'deviceStatus.offline' },
      ],
    },
  ],
  columns: COLUMNS[kind] as unknown as ColumnDef<Row>[],
  emptyIcon: 'pulse',
});

/** One kind's card: online of total, the offline count, and the online share. */
function SummaryCard({ kind, counts }: { kind: StatusKind; counts: DeviceStatusSummary[StatusKind] | undefined }) {
  const { t } = useTranslation();
  const share = counts && counts.total > 0 ? Math.round((counts.online / counts.total) * 1000) / 10 : null;
  return (
    <section aria-label={t(`deviceStatus.kinds.${kind}`)}>
      <Card className="wo-status-card">
        <div className={Classes.TEXT_MUTED}>{t(`deviceStatus.kinds.${kind}`)}</div>
        <div className="wo-status-card-value">
          {counts ? t('deviceStatus.onlineOf', { online: counts.online, total: counts.total }) : '…'}
        </div>
        <div>
          <Tag minimal intent="danger">
            {t('deviceStatus.offlineCount', { count: counts?.offline ?? 0 })}
          </Tag>{' '}
          {share !== null && <span className={Classes.TEXT_MUTED}>{t('deviceStatus.share', { share })}</span>}
        </div>
      </Card>
    </section>
  );
}

export type DeviceStatusPageProps = {
  /** the tab shown first (default concentrators) */
  initialKind?: StatusKind;
};

export function DeviceStatusPage({ initialKind = 'concentrators' }: DeviceStatusPageProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<StatusKind>(initialKind);
  const [areaId, setAreaId] = useState('');
  const { data: areas = [] } = useMeterAreasQuery();
  const { data: summary } = useDeviceStatusSummaryQuery(areaId ? { areaId: Number(areaId) } : {});
  const descriptor = useMemo(() => statusResource(kind, areaId), [kind, areaId]);
  return (
    <div className="wo-device-status-page">
      <div className="wo-status-head">
        <h1>{t('deviceStatus.title')}</h1>
        <FormGroup inline label={t('deviceStatus.area')} labelFor="wo-status-area">
          <HTMLSelect
            id="wo-status-area"
            value={areaId}
            onChange={(e) => setAreaId(e.currentTarget.value)}
            options={[
              { value: '', label: t('deviceStatus.allAreas') },
              ...areas.map((a: Area) => ({ value: String(a.id), label: a.areaName })),
            ]}
          />
        </FormGroup>
      </div>
      <div className="wo-status-cards">
        {KINDS.map((k) => (
          <SummaryCard key={k} kind={k} counts={summary?.[k]} />
        ))}
      </div>
      <Tabs id="device-status-kind" selectedTabId={kind} onChange={(id) => setKind(id as StatusKind)}>
        {KINDS.map((k) => (
          <Tab key={k} id={k} title={t(`deviceStatus.kinds.${k}`)} />
        ))}
      </Tabs>
      <ResourceListPage key={`${kind}:${areaId}`} descriptor={descriptor} />
    </div>
  );
}
