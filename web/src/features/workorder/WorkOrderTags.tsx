// An order's priority and status as tags (labels from the field declarations), one intent per value.
import { Intent, Tag } from '@blueprintjs/core';
import type { WorkOrderPriority, WorkOrderStatus } from '@waterops/shared/workorder';
import { useTranslation } from 'react-i18next';

const PRIORITY_INTENT: Record<WorkOrderPriority, Intent> = {
  urgent: Intent.DANGER,
  high: Intent.WARNING,
  normal: Intent.PRIMARY,
  low: Intent.NONE,
};

const STATUS_INTENT: Record<WorkOrderStatus, Intent> = {
  pending: Intent.WARNING,
  processing: Intent.PRIMARY,
  deferred: Intent.NONE,
  completed: Intent.SUCCESS,
  closed: Intent.NONE,
  cancelled: Intent.NONE,
};

export function PriorityTag({ priority, large }: { priority: WorkOrderPriority; large?: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag
      intent={PRIORITY_INTENT[priority]}
      minimal={priority !== 'urgent'}
      size={large ? 'large' : 'medium'}
      className={`wo-wo-priority wo-wo-priority-${priority}`}
    >
      {t(`workOrder.priority.${priority}`)}
    </Tag>
  );
}

export function StatusTag({ status, large }: { status: WorkOrderStatus; large?: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag
      intent={STATUS_INTENT[status]}
      minimal
      size={large ? 'large' : 'medium'}
      className="wo-wo-status"
      data-status={status}
    >
      {t(`workOrder.status.${status}`)}
    </Tag>
  );
}
