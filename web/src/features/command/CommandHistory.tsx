// A device's latest commands, for the meter, concentrator and collector drawers: state, reason, times; kept
// current while one waits for the device.
import { Classes, HTMLTable, Spinner } from '@blueprintjs/core';
import type { DeviceKindName } from '@waterops/shared/command';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateRange.ts';
import { usePermission } from '../../components/Permission.tsx';
import { CommandStateTag, commandText } from './CommandTags.tsx';
import { useCommandsQuery } from './commandApi.ts';
import { paramsText } from './commandColumns.tsx';
import { usePollWhileWaiting } from './usePolledList.ts';

/** The drawer shows this many of the device's latest commands (the command page has them all). */
const HISTORY_SIZE = 20;

/** Who may read command history (as the server's devicecommand/list): others see no section at all. */
const HISTORY_PERMISSIONS = ['device:command:view', 'device:valveControl:view', 'device:meter:view'];

type CommandHistoryProps = {
  /** which kind of device */
  kind: DeviceKindName;
  /** the device's id */
  deviceId: number;
  /** shown under the heading, e.g. the send-command menu */
  children?: ReactNode;
};

/** The drawer section: a heading, the given actions, and the device's latest commands; only for history readers. */
export function CommandHistory(props: CommandHistoryProps) {
  const { t } = useTranslation();
  const can = usePermission();
  if (!can(HISTORY_PERMISSIONS)) return null;
  return (
    <section className="wo-command-history-section" aria-label={t('command.history')}>
      <h4 className="wo-detail-subheading">{t('command.history')}</h4>
      {props.children}
      <CommandRows kind={props.kind} deviceId={props.deviceId} />
    </section>
  );
}

function CommandRows({ kind, deviceId }: { kind: DeviceKindName; deviceId: number }) {
  const { t } = useTranslation();
  const [pollingInterval, useFollow] = usePollWhileWaiting();
  const { data, isLoading } = useCommandsQuery(
    { deviceKind: kind, deviceId, page: 1, limit: HISTORY_SIZE },
    { pollingInterval },
  );
  const rows = data?.data ?? [];
  useFollow(rows.map((r) => r.state));
  if (isLoading) return <Spinner size={20} />;
  if (rows.length === 0) return <p className={Classes.TEXT_MUTED}>{t('command.noCommands')}</p>;
  return (
    <HTMLTable compact striped className="wo-command-history">
      <thead>
        <tr>
          <th>{t('command.createTime')}</th>
          <th>{t('command.command')}</th>
          <th>{t('command.state')}</th>
          <th>{t('command.message')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <td>{formatDateTime(new Date(r.createTime))}</td>
            <td title={paramsText(r.params)}>{commandText(r.command)}</td>
            <td>
              <CommandStateTag state={r.state} />
            </td>
            <td>{r.message ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
