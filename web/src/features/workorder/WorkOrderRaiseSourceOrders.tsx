// The work orders of one source — an alarm (its history drawer), a leak event (the night-flow events), a resident or
// a meter (their detail drawers) — through the list's filters: code (a link to the work-order page), status, type,
// when it was raised and completed (for a leak, the repair time). Shown to those who may read orders.
import { Classes, HTMLTable, Spinner } from '@blueprintjs/core';
import { PERMISSIONS } from '@waterops/shared/auth';
import type { WorkOrder } from '@waterops/shared/workorder';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../components/dateRange.ts';
import { usePermission } from '../../components/Permission.tsx';
import { workOrderPath } from '../notice/workOrderLink.ts';
import { StatusTag } from './WorkOrderTags.tsx';
import { useWorkOrderListQuery } from './workOrderApi.ts';
import './workOrderRaise.css';

/** Which orders: those raised for an alarm or a leak event, or placed at a resident or a meter. */
export type OrderSource = { alarmId: number } | { leakEventId: number } | { residentId: number } | { meterId: number };

/** Who may read orders: the dispatcher's queue or a crew member's own (the list route's permissions). */
export const READ_ORDERS = [PERMISSIONS.workOrderView, PERMISSIONS.workOrderComplete];
/** The newest orders a source shows. */
export const SOURCE_ORDERS_SHOWN = 10;

/** to the minute: the table fits a detail drawer */
const time = (iso: string | null) => (iso ? formatDateTime(new Date(iso)).slice(0, 16) : '');

export type WorkOrderRaiseSourceOrdersProps = {
  source: OrderSource;
  /** the completion is the repair of a leak (its time reads "repaired") */
  repair?: boolean;
};

export function WorkOrderRaiseSourceOrders({ source, repair }: WorkOrderRaiseSourceOrdersProps) {
  const { t } = useTranslation();
  const can = usePermission();
  const allowed = can(READ_ORDERS);
  const { data, isFetching, isError } = useWorkOrderListQuery(
    { ...source, limit: SOURCE_ORDERS_SHOWN, sort: 'createdAt', order: 'desc' },
    { skip: !allowed },
  );
  if (!allowed) return null;
  if (!data && isFetching) return <Spinner size={20} />;
  if (isError) return <p className={Classes.TEXT_MUTED}>{t('workOrderRaise.orders.loadFailed')}</p>;
  const orders = data?.data ?? [];
  if (orders.length === 0) return <p className={Classes.TEXT_MUTED}>{t('workOrderRaise.orders.none')}</p>;
  return (
    <>
      <HTMLTable compact striped className="wo-raise-orders" aria-label={t('workOrderRaise.orders.title')}>
        <thead>
          <tr>
            <th>{t('workOrder.field.code')}</th>
            <th>{t('workOrder.field.status')}</th>
            <th>{t('workOrder.field.type')}</th>
            <th>{t('workOrder.field.createdAt')}</th>
            <th>{t(repair ? 'workOrderRaise.orders.repairedColumn' : 'workOrder.field.completedAt')}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.id}>
              <td>
                <Link to={workOrderPath(o.code)} title={o.title}>
                  {o.code}
                </Link>
              </td>
              <td>
                <StatusTag status={o.status} />
              </td>
              <td>{t(`workOrder.type.${o.type}`)}</td>
              <td className="wo-raise-time">{time(o.createdAt)}</td>
              <td className="wo-raise-time">{time(o.completedAt)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {(data?.count ?? 0) > orders.length && (
        <p className={Classes.TEXT_MUTED}>
          {t('workOrderRaise.orders.more', { shown: orders.length, count: data?.count ?? 0 })}
        </p>
      )}
    </>
  );
}

/** A leak event's order in one line (the night-flow events table): code, status and, once done, the repair time. */
export function WorkOrderRaiseEventOrder({ order }: { order: WorkOrder }) {
  const { t } = useTranslation();
  return (
    <span className="wo-raise-order-inline">
      <Link to={workOrderPath(order.code)} title={order.title}>
        {order.code}
      </Link>
      <StatusTag status={order.status} />
      {order.completedAt && (
        <span className={Classes.TEXT_MUTED}>
          {t('workOrderRaise.orders.repairedAt', { time: time(order.completedAt) })}
        </span>
      )}
    </span>
  );
}
