// An alarm's history in a drawer: every transition, newest first, with who (or the system), when and the comment —
// or, for a level change, the levels and the value and limit that moved it.
import { Classes, Drawer, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { type Alarm, type AlarmLevelChange, levelDirection } from '@waterops/shared/monitoring';
import { readAlarmNote } from '@waterops/shared/workorder';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateRange.ts';
import { Permission } from '../../components/Permission.tsx';
import { READ_ORDERS, WorkOrderRaiseSourceOrders } from '../workorder/WorkOrderRaiseSourceOrders.tsx';
import { useAlarmEventsQuery } from './alarmsApi.ts';
import { type AlarmUnit, formatAlarmValue } from './alarmValue.ts';

export type AlarmHistoryDrawerProps = {
  /** the alarm whose history shows */
  alarm: Alarm;
  /** closes the drawer */
  onClose: () => void;
};

export function AlarmHistoryDrawer({ alarm, onClose }: AlarmHistoryDrawerProps) {
  const { t } = useTranslation();
  const { data, isFetching, refetch } = useAlarmEventsQuery(alarm.id, { refetchOnMountOrArgChange: true });
  // a work order's note is stored in Chinese: read back into the reader's language (a listed cause by its label)
  const commentText = (comment: string | null) => {
    const note = readAlarmNote(comment);
    if (!note) return comment ?? '';
    const { causeCode, ...params } = note.params;
    return t(note.key, { ...params, ...(causeCode ? { cause: t(`workOrder.cause.${causeCode}`) } : {}) });
  };
  // "级别由 告警 升为 严重（值 12.3 m³/h / 阈值 8 m³/h）": each amount with the unit of the alarm's type
  const levelChangeText = (change: AlarmLevelChange) => {
    const unitText = (unit: AlarmUnit) => t(`alarmConsole.unit.${unit}`);
    const amount = (value: number | null) =>
      formatAlarmValue({ alarmType: alarm.alarmType, value, threshold: null }, unitText);
    return t(`alarmConsole.levelChange.${levelDirection(change.from, change.to) ?? 'raised'}`, {
      from: t(`alarmConsole.level.${change.from}`),
      to: t(`alarmConsole.level.${change.to}`),
      value: amount(change.value),
      threshold: amount(change.threshold),
    });
  };
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
                    <td>{event.levelChange ? levelChangeText(event.levelChange) : commentText(event.comment)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
          <Permission any={READ_ORDERS}>
            <h4 className="wo-detail-subheading">{t('workOrderRaise.orders.title')}</h4>
            <WorkOrderRaiseSourceOrders source={{ alarmId: alarm.id }} repair={alarm.alarmType === 'nightFlow'} />
          </Permission>
        </div>
      </div>
    </Drawer>
  );
}
