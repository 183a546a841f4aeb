// The live queue's table: one row per open order — priority, code (opens the drawer) and when it was created, title
// with type and address, status with assignee and team, the deadline countdown — with a check box for batch work and exactly the
// actions the caller may take (the next step named, the rest as labelled icon buttons). New orders are highlighted.
import { Button, Checkbox, Classes, HTMLTable, Intent } from '@blueprintjs/core';
import type { WorkOrder, WorkOrderAction } from '@waterops/shared/workorder';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateRange.ts';
import { ACTION_ICON, ACTION_INTENT, PRIMARY_ACTIONS } from './actionLook.ts';
import { DeadlineTag } from './DeadlineTag.tsx';
import { PriorityTag, StatusTag } from './WorkOrderTags.tsx';

export type WorkOrderQueueTableProps = {
  /** the rows, in order */
  orders: readonly WorkOrder[];
  /** the actions the caller may take on an order */
  actionsOf: (order: WorkOrder) => WorkOrderAction[];
  /** selected order ids (absent: no check boxes, e.g. a viewer without batch rights) */
  selected?: ReadonlySet<number>;
  onSelectedChange?: (selected: Set<number>) => void;
  /** ids drawn highlighted (just arrived) */
  fresh: ReadonlySet<number>;
  /** the instant deadlines are read at */
  now: Date;
  /** the order's code was clicked */
  onOpen: (order: WorkOrder) => void;
  /** an action button was pressed */
  onAction: (action: WorkOrderAction, order: WorkOrder) => void;
};

const shortTime = (iso: string) => formatDateTime(new Date(iso)).slice(5, 16);

export function WorkOrderActionButtons({
  order,
  actions,
  onAction,
}: {
  order: WorkOrder;
  actions: readonly WorkOrderAction[];
  onAction: (action: WorkOrderAction, order: WorkOrder) => void;
}) {
  const { t } = useTranslation();
  const primary = PRIMARY_ACTIONS.find((a) => actions.includes(a));
  return (
    <span className="wo-wo-row-actions" data-actions={actions.join(',')}>
      {/* the named next step first, then the others as icons, in the machine's order */}
      {[...actions]
        .sort((a, b) => Number(b === primary) - Number(a === primary))
        .map((action) =>
          action === primary ? (
            <Button
              key={action}
              size="small"
              intent={ACTION_INTENT[action]}
              icon={ACTION_ICON[action]}
              text={t(`workOrder.action.${action}`)}
              onClick={() => onAction(action, order)}
            />
          ) : (
            <Button
              key={action}
              size="small"
              variant="minimal"
              icon={ACTION_ICON[action]}
              intent={action === 'cancel' ? ACTION_INTENT.cancel : undefined}
              aria-label={t(`workOrder.action.${action}`)}
              title={t(`workOrder.action.${action}`)}
              onClick={() => onAction(action, order)}
            />
          ),
        )}
    </span>
  );
}

export function WorkOrderQueueTable({
  orders,
  actionsOf,
  selected,
  onSelectedChange,
  fresh,
  now,
  onOpen,
  onAction,
}: WorkOrderQueueTableProps) {
  const { t } = useTranslation();
  const selectable = selected !== undefined && onSelectedChange !== undefined;
  const ids = orders.map((o) => o.id);
  const allSelected = selectable && ids.length > 0 && ids.every((id) => selected.has(id));
  const toggle = (id: number) => {
    if (!selectable) return;
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectedChange(next);
  };
  return (
    <HTMLTable compact interactive className="wo-wo-table" aria-label={t('workOrderPage.queue.table')}>
      <thead>
        <tr>
          {selectable && (
            <th>
              <Checkbox
                className="wo-wo-check"
                checked={allSelected}
                indeterminate={!allSelected && ids.some((id) => selected.has(id))}
                aria-label={t('workOrderPage.queue.selectAll')}
                onChange={() => onSelectedChange(allSelected ? new Set() : new Set(ids))}
              />
            </th>
          )}
          <th>{t('workOrder.field.priority')}</th>
          <th>{t('workOrder.field.code')}</th>
          <th>{t('workOrder.field.title')}</th>
          <th>{t('workOrderPage.queue.handling')}</th>
          <th>{t('workOrderPage.queue.deadline')}</th>
          <th>{t('workOrderPage.queue.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr
            key={o.id}
            data-order-id={o.id}
            className={`wo-wo-row wo-wo-row-${o.priority}${fresh.has(o.id) ? ' wo-wo-new' : ''}`}
          >
            {selectable && (
              <td>
                <Checkbox
                  className="wo-wo-check"
                  checked={selected.has(o.id)}
                  aria-label={t('workOrderPage.queue.selectRow', { code: o.code })}
                  onChange={() => toggle(o.id)}
                />
              </td>
            )}
            <td>
              <PriorityTag priority={o.priority} />
            </td>
            <td>
              <Button
                variant="minimal"
                size="small"
                intent={Intent.PRIMARY}
                className="wo-wo-code"
                text={o.code}
                aria-label={t('workOrderPage.queue.open', { code: o.code })}
                onClick={() => onOpen(o)}
              />
              {fresh.has(o.id) && <span className="wo-wo-new-mark">{t('workOrderPage.queue.new')}</span>}
              <div className={`${Classes.TEXT_MUTED} wo-wo-sub`} title={formatDateTime(new Date(o.createdAt))}>
                {shortTime(o.createdAt)}
              </div>
            </td>
            <td className="wo-wo-title-cell">
              <div className="wo-wo-title">{o.title}</div>
              <div className={`${Classes.TEXT_MUTED} wo-wo-sub`}>
                {[t(`workOrder.type.${o.type}`), o.address ?? o.areaName].filter(Boolean).join(' · ')}
              </div>
            </td>
            <td>
              <StatusTag status={o.status} />{' '}
              {o.assigneeName ?? <span className={Classes.TEXT_MUTED}>{t('workOrderPage.queue.unassigned')}</span>}
              {o.departmentName && <div className={`${Classes.TEXT_MUTED} wo-wo-sub`}>{o.departmentName}</div>}
            </td>
            <td>
              <DeadlineTag order={o} now={now} />
            </td>
            <td className="wo-wo-actions-cell">
              <WorkOrderActionButtons order={o} actions={actionsOf(o)} onAction={onAction} />
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
