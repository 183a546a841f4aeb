// An order's deadline as a tag: its class's colour (the shared deadlineState decides it) and the countdown — time
// left, or how late — with the due time in the title. Callers pass `now`, re-read every 30 s by the page.
import { Icon, Tag } from '@blueprintjs/core';
import { deadlineState, type WorkOrder } from '@waterops/shared/workorder';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateRange.ts';
import { countdownText, DEADLINE_INTENT, isSolidDeadline } from './deadlineLook.ts';

export type DeadlineTagProps = {
  /** the order (status, resolution due time and target) */
  order: Pick<WorkOrder, 'status' | 'resolveDueAt' | 'resolveTargetMinutes'>;
  /** the instant the countdown is read at */
  now: Date;
  /** a bigger tag (the field view) */
  large?: boolean;
};

export function DeadlineTag({ order, now, large }: DeadlineTagProps) {
  const { t } = useTranslation();
  const state = deadlineState(order, now);
  const solid = isSolidDeadline(state.class);
  const due = state.dueAt ? formatDateTime(new Date(state.dueAt)) : '';
  return (
    <Tag
      intent={DEADLINE_INTENT[state.class]}
      minimal={!solid}
      size={large ? 'large' : 'medium'}
      className={`wo-deadline wo-deadline-${state.class}`}
      data-deadline={state.class}
      title={
        due ? `${t(`workOrder.deadline.${state.class}`)} · ${t('workOrder.field.resolveDueAt')} ${due}` : undefined
      }
      icon={state.class === 'over72' ? <Icon icon="flame" /> : state.class === 'paused' ? <Icon icon="pause" /> : null}
    >
      {countdownText(state, t)}
    </Tag>
  );
}
