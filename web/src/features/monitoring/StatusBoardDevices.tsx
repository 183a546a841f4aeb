// The status board's drill-down: the devices of one kind (optionally of one area), offline ones first chosen, as a
// resource list over the monitoring device lists; a code opens the device's detail drawer.
import { Classes } from '@blueprintjs/core';
import {
  MONITORING_PATHS,
  type MonitorCollector,
  type MonitorConcentrator,
  type MonitorMeter,
} from '@waterops/shared/monitoring';
import { formatDateTime } from '../../components/dateRange.ts';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import { defaultListQuery } from '../../resources/resourceApi.ts';
import type { ColumnDef, FilterValues, ResourceDescriptor } from '../../resources/types.ts';
import { DeviceCodeLink, OnlineTag } from '../device/DeviceStatusCells.tsx';
import { BOARD_DEVICES_RESOURCE } from './monitoringApi.ts';
import type { BoardKind } from './statusBoardModel.ts';

type Row = MonitorConcentrator | MonitorCollector | MonitorMeter;
type Filters = FilterValues & { code: string; online: string };

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const codeOf = (kind: BoardKind, r: Row): string =>
  kind === 'concentrator'
    ? (r as MonitorConcentrator).concentratorCode
    : kind === 'collector'
      ? (r as MonitorCollector).collectorCode
      : (r as MonitorMeter).meterCode;

const PATHS: Record<BoardKind, string> = {
  concentrator: MONITORING_PATHS.concentrators,
  collector: MONITORING_PATHS.collectors,
  meter: MONITORING_PATHS.meters,
};

const columns = (kind: BoardKind): ColumnDef<Row>[] => {
  const common: ColumnDef<Row>[] = [
    {
      key: 'code',
      titleKey: 'monitoring.board.code',
      width: 160,
      text: (r) => codeOf(kind, r),
      render: (r) => <DeviceCodeLink kind={kind} id={r.id} code={codeOf(kind, r)} />,
    },
    { key: 'areaName', titleKey: 'monitoring.board.area', width: 130, text: (r) => text(r.areaName) },
    {
      key: 'online',
      titleKey: 'monitoring.board.state',
      width: 110,
      text: (r) => (r.online ? '✓' : '✗'),
      render: (r) => <OnlineTag online={r.online} />,
    },
    {
      key: 'lastReportTime',
      titleKey: 'monitoring.board.lastReport',
      width: 170,
      grow: kind !== 'meter',
      text: (r) => (r.lastReportTime ? formatDateTime(new Date(r.lastReportTime)) : ''),
      render: (r) =>
        r.lastReportTime ? formatDateTime(new Date(r.lastReportTime)) : <span className={Classes.TEXT_MUTED}>—</span>,
    },
  ];
  if (kind === 'concentrator')
    return [
      ...common,
      {
        key: 'meterCount',
        titleKey: 'monitoring.board.offlineMeters',
        width: 130,
        text: (r) => {
          const c = r as MonitorConcentrator;
          return `${c.offlineMeterCount} / ${c.meterCount}`;
        },
      },
    ];
  if (kind === 'collector')
    return [
      ...common,
      {
        key: 'concentratorCode',
        titleKey: 'monitoring.board.concentrator',
        width: 140,
        text: (r) => text((r as MonitorCollector).concentratorCode),
      },
    ];
  return [
    ...common,
    { key: 'voltage', titleKey: 'monitoring.board.voltage', width: 90, text: (r) => text((r as MonitorMeter).voltage) },
    { key: 'csq', titleKey: 'monitoring.board.csq', width: 70, text: (r) => text((r as MonitorMeter).csq) },
    { key: 'rsrp', titleKey: 'monitoring.board.rsrp', width: 100, text: (r) => text((r as MonitorMeter).rsrp) },
    {
      key: 'concentratorCode',
      titleKey: 'monitoring.board.concentrator',
      width: 140,
      text: (r) => text((r as MonitorMeter).concentratorCode),
    },
  ];
};

/** The devices of one kind in one area (null: every area), filtered by code and online state; offline first chosen. */
export const boardDevicesResource = (kind: BoardKind, areaId: number | null): ResourceDescriptor<Row, Filters> => ({
  id: `${BOARD_DEVICES_RESOURCE}.${kind}`,
  titleKey: `monitoring.board.kinds.${kind}`,
  icon: 'pulse',
  list: {
    path: PATHS[kind],
    query: (request) => ({ ...defaultListQuery(request), ...(areaId !== null ? { areaId } : {}) }),
  },
  rowKey: (r) => r.id,
  initialFilters: { code: '', online: 'false' },
  filters: [
    { kind: 'text', key: 'code', labelKey: 'monitoring.board.code', icon: 'search' },
    {
      kind: 'select',
      key: 'online',
      labelKey: 'monitoring.board.state',
      options: [
        { value: '', labelKey: 'monitoring.board.all' },
        { value: 'true', labelKey: 'monitoring.board.online' },
        { value: 'false', labelKey: 'monitoring.board.offline' },
      ],
    },
  ],
  columns: columns(kind),
  emptyIcon: 'pulse',
});

export type StatusBoardDevicesProps = {
  /** the kind listed */
  kind: BoardKind;
  /** the area listed; null: every area in the caller's scope */
  areaId: number | null;
};

export function StatusBoardDevices({ kind, areaId }: StatusBoardDevicesProps) {
  return <ResourceListPage key={`${kind}:${areaId ?? 0}`} descriptor={boardDevicesResource(kind, areaId)} />;
}
