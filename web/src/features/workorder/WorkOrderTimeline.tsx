// An order's timeline: every event, oldest first — who (or the system), when, what (a person's action or the
// system's event), the status from → to, the comment, the assignee and team, a new due time, the cause and materials,
// an escalation's level, and the photos taken with it.
import { Classes, Icon, type IconName, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { WorkOrderAction, type WorkOrderEvent } from '@waterops/shared/workorder';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateRange.ts';
import { ACTION_ICON } from './actionLook.ts';
import { PhotoStrip } from './PhotoGallery.tsx';
import { StatusTag } from './WorkOrderTags.tsx';

const SYSTEM_ICON: Record<string, IconName> = {
  created: 'add',
  escalated: 'warning-sign',
  autoResumed: 'play',
  linked: 'link',
};

export const eventLabelKey = (action: WorkOrderEvent['action']): string =>
  WorkOrderAction.is(action) ? `workOrder.action.${action}` : `workOrder.event.${action}`;

export type WorkOrderTimelineProps = {
  events: readonly WorkOrderEvent[] | undefined;
  loading: boolean;
};

export function WorkOrderTimeline({ events, loading }: WorkOrderTimelineProps) {
  const { t } = useTranslation();
  if (!events) return loading ? <Spinner size={24} /> : null;
  if (events.length === 0) return <NonIdealState icon="history" title={t('workOrderPage.timeline.empty')} />;
  return (
    <ol className="wo-wo-timeline" aria-label={t('workOrderPage.timeline.title')}>
      {events.map((e) => {
        const icon = WorkOrderAction.is(e.action) ? ACTION_ICON[e.action] : (SYSTEM_ICON[e.action] ?? 'dot');
        const changed = e.fromStatus !== null && e.fromStatus !== e.toStatus;
        return (
          <li key={e.id} className={`wo-wo-event wo-wo-event-${e.action}`}>
            <span className="wo-wo-event-dot" aria-hidden="true">
              <Icon icon={icon} size={12} intent={e.action === 'escalated' ? Intent.DANGER : Intent.NONE} />
            </span>
            <div className="wo-wo-event-body">
              <div className="wo-wo-event-head">
                <strong>{t(eventLabelKey(e.action))}</strong>
                {e.level !== null && (
                  <Tag minimal intent={Intent.DANGER}>
                    {t('workOrderPage.timeline.level', { level: e.level })}
                  </Tag>
                )}
                <span className={Classes.TEXT_MUTED}>{e.username ?? t('workOrderPage.timeline.system')}</span>
                <time className={`${Classes.TEXT_MUTED} wo-wo-event-time`} dateTime={e.at}>
                  {formatDateTime(new Date(e.at))}
                </time>
              </div>
              {changed && (
                <div className="wo-wo-event-status">
                  <StatusTag status={e.fromStatus as WorkOrderEvent['toStatus']} />{' '}
                  <Icon icon="arrow-right" size={12} /> <StatusTag status={e.toStatus} />
                </div>
              )}
              {e.assigneeName && (
                <div>
                  {t('workOrderPage.timeline.assignee', {
                    name: e.assigneeName,
                    team: e.departmentName ? ` · ${e.departmentName}` : '',
                  })}
                </div>
              )}
              {e.dueAt && <div>{t('workOrderPage.timeline.dueAt', { time: formatDateTime(new Date(e.dueAt)) })}</div>}
              {e.cause && (
                <div>
                  {t('workOrderPage.timeline.cause', {
                    cause: t(`workOrder.cause.${e.cause}`, { defaultValue: e.cause }),
                  })}
                </div>
              )}
              {e.materials && <div>{t('workOrderPage.timeline.materials', { materials: e.materials })}</div>}
              {e.comment && <p className="wo-wo-event-comment">{e.comment}</p>}
              {e.attachments.length > 0 && <PhotoStrip urls={e.attachments} />}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
