// The valve control page (阀门控制): meters with valve control, their valve state, reachability and latest valve
// command. Select meters (or one row) → open or close, confirmed with the number of meters; the commands' states
// then change on screen (created → executing → success | failed) as the list polls while any is still waiting.
import { Alert, Classes, Intent, Tag } from '@blueprintjs/core';
import type { ValveMeter } from '@waterops/shared/command';
import type { Area } from '@waterops/shared/place';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import { formatDateTime } from '../../components/dateRange.ts';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import { defaultListQuery } from '../../resources/resourceApi.ts';
import type { ListRequest, ResourceDescriptor } from '../../resources/types.ts';
import { useMeterAreasQuery } from '../device/meterApi.ts';
import { batchSummary, CommandStateTag, commandText } from './CommandTags.tsx';
import {
  useSendMeterReadMutation,
  useSendValveMutation,
  useValveMetersQuery,
  VALVE_CONTROL_RESOURCE,
} from './commandApi.ts';
import { usePollWhileWaiting } from './usePolledList.ts';

export type ValveMeterFilters = { meterCode: string; areaId: string; valveState: string; online: string };

/** What the user asked for and on which meters, waiting for the confirmation. */
type Pending = { action: 'open' | 'close' | 'read'; meters: ValveMeter[] };

const EDIT = ['device:valveControl:edit'];
const READ = ['device:valveControl:edit', 'reading:meterBase:edit'];

function ValveStateText({ state }: { state: number | null }) {
  const { t } = useTranslation();
  if (state === null) return <span className={Classes.TEXT_MUTED}>{t('command.valveUnknown')}</span>;
  return (
    <Tag minimal intent={state === 1 ? Intent.SUCCESS : Intent.WARNING}>
      {t(state === 1 ? 'command.valveOpen' : 'command.valveClosed')}
    </Tag>
  );
}

function OnlineTag({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={online ? Intent.SUCCESS : Intent.NONE}>
      {t(online ? 'command.online' : 'command.offline')}
    </Tag>
  );
}

function LastCommand({ row }: { row: ValveMeter }) {
  const c = row.lastCommand;
  if (!c) return null;
  return (
    <span className="wo-command-cell">
      {commandText(c.command)} <CommandStateTag state={c.state} />
    </span>
  );
}

/** The list, polled every 2 s while a shown command waits for its meter. */
const useValveMeterList = (request: ListRequest<ValveMeterFilters>) => {
  const [pollingInterval, useFollow] = usePollWhileWaiting();
  const result = useValveMetersQuery(defaultListQuery(request), { pollingInterval });
  useFollow((result.data?.data ?? []).map((r) => r.lastCommand?.state));
  return result;
};

export const valveControlResource = (
  areas: readonly Area[],
  onAsk: (pending: Pending) => void,
): ResourceDescriptor<ValveMeter, ValveMeterFilters> => ({
  id: VALVE_CONTROL_RESOURCE,
  titleKey: 'command.valveTitle',
  icon: 'git-merge',
  list: { useList: useValveMeterList },
  rowKey: (row) => row.id,
  initialFilters: { meterCode: '', areaId: '', valveState: '', online: '' },
  filters: [
    { kind: 'text', key: 'meterCode', labelKey: 'command.meterCode', icon: 'search' },
    {
      kind: 'select',
      key: 'areaId',
      labelKey: 'command.area',
      options: [
        { value: '', labelKey: 'command.all' },
        ...areas.map((a) => ({ value: String(a.id), label: a.areaName })),
      ],
    },
    {
      kind: 'select',
      key: 'valveState',
      labelKey: 'command.valveState',
      options: [
        { value: '', labelKey: 'command.all' },
        { value: '1', labelKey: 'command.valveOpen' },
        { value: '0', labelKey: 'command.valveClosed' },
      ],
    },
    {
      kind: 'select',
      key: 'online',
      labelKey: 'command.onlineState',
      options: [
        { value: '', labelKey: 'command.all' },
        { value: 'true', labelKey: 'command.online' },
        { value: 'false', labelKey: 'command.offline' },
      ],
    },
  ],
  columns: [
    { key: 'meterCode', titleKey: 'command.meterCode', width: 150 },
    { key: 'areaName', titleKey: 'command.area', width: 140, text: (r) => r.areaName ?? '' },
    { key: 'concentratorCode', titleKey: 'command.concentrator', width: 140, text: (r) => r.concentratorCode ?? '' },
    {
      key: 'valveState',
      titleKey: 'command.valveState',
      width: 100,
      text: (r) => String(r.valveState ?? ''),
      render: (r) => <ValveStateText state={r.valveState} />,
    },
    {
      key: 'online',
      titleKey: 'command.onlineState',
      width: 90,
      text: (r) => String(r.online),
      render: (r) => <OnlineTag online={r.online} />,
    },
    {
      key: 'lastCommand',
      titleKey: 'command.lastCommand',
      width: 170,
      grow: true,
      text: (r) => (r.lastCommand ? `${commandText(r.lastCommand.command)} ${r.lastCommand.state}` : ''),
      render: (r) => <LastCommand row={r} />,
    },
    {
      key: 'lastCommandTime',
      titleKey: 'command.lastCommandTime',
      width: 160,
      text: (r) => (r.lastCommand ? formatDateTime(new Date(r.lastCommand.createTime)) : ''),
    },
    {
      key: 'lastReportTime',
      titleKey: 'command.lastReportTime',
      width: 160,
      hiddenByDefault: true,
      text: (r) => (r.lastReportTime ? formatDateTime(new Date(r.lastReportTime)) : ''),
    },
  ],
  emptyKey: 'command.noValveMeters',
  emptyIcon: 'git-merge',
  actions: [
    {
      id: 'open',
      labelKey: 'command.rowOpen',
      icon: 'unlock',
      permissions: EDIT,
      onClick: (r) => onAsk({ action: 'open', meters: [r] }),
    },
    {
      id: 'close',
      labelKey: 'command.rowClose',
      icon: 'lock',
      intent: Intent.DANGER,
      permissions: EDIT,
      onClick: (r) => onAsk({ action: 'close', meters: [r] }),
    },
  ],
  batchActions: [
    {
      id: 'open',
      labelKey: 'command.open',
      icon: 'unlock',
      permissions: EDIT,
      onClick: (rows) => onAsk({ action: 'open', meters: rows }),
    },
    {
      id: 'close',
      labelKey: 'command.close',
      icon: 'lock',
      intent: Intent.DANGER,
      permissions: EDIT,
      onClick: (rows) => onAsk({ action: 'close', meters: rows }),
    },
    {
      id: 'read',
      labelKey: 'command.readNow',
      icon: 'refresh',
      permissions: READ,
      onClick: (rows) => onAsk({ action: 'read', meters: rows }),
    },
  ],
});

type ConfirmSendProps = {
  /** the action and meters to confirm */
  pending: Pending;
  /** closes the confirmation, sent or not */
  onClose: () => void;
};

/** "Close the valves of 3 meters?" — then sends, and says how many were sent and why others were cancelled. */
function ConfirmSend({ pending, onClose }: ConfirmSendProps) {
  const { t } = useTranslation();
  const [sendValve, valveState] = useSendValveMutation();
  const [sendRead, readState] = useSendMeterReadMutation();
  const meterIds = pending.meters.map((m) => m.id);
  const handleConfirm = async () => {
    const result =
      pending.action === 'read' ? await sendRead({ meterIds }) : await sendValve({ meterIds, action: pending.action });
    if ('data' in result && result.data) {
      const summary = batchSummary(result.data);
      showMessage(summary.text, summary.allSent ? 'success' : 'warning');
    }
    onClose();
  };
  return (
    <Alert
      isOpen
      icon={pending.action === 'close' ? 'lock' : pending.action === 'open' ? 'unlock' : 'refresh'}
      intent={pending.action === 'close' ? Intent.DANGER : Intent.PRIMARY}
      confirmButtonText={t(`command.confirm.${pending.action}Button`)}
      cancelButtonText={t('common.cancel')}
      loading={valveState.isLoading || readState.isLoading}
      onConfirm={handleConfirm}
      onCancel={onClose}
    >
      <p>{t(`command.confirm.${pending.action}`, { count: pending.meters.length })}</p>
      {pending.meters.length <= 5 && (
        <p className={Classes.TEXT_MUTED}>{pending.meters.map((m) => m.meterCode).join(', ')}</p>
      )}
    </Alert>
  );
}

export function ValveControlPage() {
  const { data: areas = [] } = useMeterAreasQuery();
  const [pending, setPending] = useState<Pending | null>(null);
  const descriptor = useMemo(() => valveControlResource(areas, setPending), [areas]);
  return (
    <>
      <ResourceListPage descriptor={descriptor} />
      {pending && <ConfirmSend pending={pending} onClose={() => setPending(null)} />}
    </>
  );
}
