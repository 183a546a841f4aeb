// An alarm's history in a drawer: every transition, newest first, with who (or the system), when and the comment.
import { Classes, Drawer, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import type { Alarm } from '@waterops/shared/monitoring';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateRange.ts';
import { useAlarmEventsQuery } from './alarmsApi.ts';

export type AlarmHistoryDrawerProps = {
  /** the alarm whose history shows */
  alarm: Alarm;
  /** closes the drawer */
  onClose: () => void;
};

export function AlarmHistoryDrawer({ alarm, onClose }: AlarmHistoryDrawerProps) {
  const { t } = useTranslation();
  const { data, isFetching, refetch } = useAlarmEventsQuery(alarm.id, { refetchOnMountOrArgChange: true });
  // asked again when the alarm changes (a patch brought a new updateTime): its history grew
  const changed = useRef(alarm.updateTime);
  useEffect(() => {
    if (changed.current === alarm.updateTime) return;
    changed.current = alarm.updateTime;
    void refetch();
  }, [alarm.updateTime, refetch]);
  return (
    <Drawer
      isOpen
      onClose={onClose}
      title={t('alarmConsole.historyTitle', { code: alarm.sourceCode })}
      icon="history"
      size="480px"
    >
      <div className={Classes.DRAWER_BODY}>
        <div className={Classes.DIALOG_BODY}>
          {!data && isFetching && <Spinner size={24} />}
          {data && data.length === 0 && <NonIdealState icon="history" title={t('alarmConsole.noHistory')} />}
          {data && data.length > 0 && (
            <HTMLTable compact striped className="wo-alarm-history">
              <tbody>
                {data.map((event) => (
                  <tr key={event.id}>
                    <td>{formatDateTime(new Date(event.at))}</td>
                    <td>{t(`alarmConsole.action.${event.action}`)}</td>
                    <td>{event.username ?? t('alarmConsole.system')}</td>
                    <td>{event.comment ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </div>
      </div>
    </Drawer>
  );
}
