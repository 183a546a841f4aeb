// The console's status line: live / connecting / reconnecting / degraded ("数据可能不是最新") from the live client.
import { Icon, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ChannelState } from '../../live/liveClient.ts';

export type AlarmLiveStatusProps = {
  /** the channel's state (status and refusal) */
  state: Pick<ChannelState<never>, 'status' | 'error'>;
};

const INTENT = { connecting: Intent.NONE, live: Intent.SUCCESS, degraded: Intent.WARNING, offline: Intent.DANGER };
const ICON = { connecting: 'refresh', live: 'feed', degraded: 'warning-sign', offline: 'offline' } as const;

export function AlarmLiveStatus({ state }: AlarmLiveStatusProps) {
  const { t } = useTranslation();
  const text = state.error ? t('live.refused', { message: state.error.message }) : t(`live.${state.status}`);
  return (
    <span role="status" className="wo-live-status-line">
      <Tag
        minimal
        large
        intent={INTENT[state.status]}
        icon={<Icon icon={ICON[state.status]} />}
        className={`wo-live-status wo-live-${state.status}`}
      >
        {text}
      </Tag>
    </span>
  );
}
