// A night-flow leak event's work order (issue 15): in the events table, the event's order (code, status, the repair
// time once completed) and, while the leak is open and has no open order, "生成工单" — a leak-repair order whose
// dialog shows what the leak has cost so far and what each further day costs.
import { Button, Classes } from '@blueprintjs/core';
import { PERMISSIONS } from '@waterops/shared/auth';
import type { LeakEvent } from '@waterops/shared/dma';
import { isOpenStatus, leakCost } from '@waterops/shared/workorder';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/Permission.tsx';
import { figure } from '../dma/balanceFormat.ts';
import { WorkOrderRaiseDialog } from './WorkOrderRaiseDialog.tsx';
import { READ_ORDERS, WorkOrderRaiseEventOrder } from './WorkOrderRaiseSourceOrders.tsx';
import { useWorkOrderListQuery } from './workOrderApi.ts';

/** The leak's size, loss so far and cost of each further day, as the dialog shows them. */
export function WorkOrderRaiseLeakFigures({ event }: { event: LeakEvent }) {
  const { t } = useTranslation();
  const { lostM3, perDayM3 } = leakCost(event);
  return (
    <dl className="wo-raise-figures" aria-label={t('workOrderRaise.leak.size')}>
      <div>
        <dt>{t('workOrderRaise.leak.since')}</dt>
        <dd>{event.startDay}</dd>
      </div>
      <div>
        <dt>{t('workOrderRaise.leak.size')}</dt>
        <dd>{t('workOrderRaise.leak.sizeValue', { value: figure(event.magnitude, 2) })}</dd>
      </div>
      <div>
        <dt>{t('workOrderRaise.leak.lost')}</dt>
        <dd>{t('workOrderRaise.leak.volume', { value: figure(lostM3, 1) })}</dd>
      </div>
      <div>
        <dt>{t('workOrderRaise.leak.perDay')}</dt>
        <dd>{t('workOrderRaise.leak.volume', { value: figure(perDayM3, 1) })}</dd>
      </div>
    </dl>
  );
}

export type WorkOrderRaiseLeakDialogProps = {
  event: LeakEvent;
  onClose: () => void;
};

/** The leak-repair raise of one event: its figures above the raise form. */
export function WorkOrderRaiseLeakDialog({ event, onClose }: WorkOrderRaiseLeakDialogProps) {
  const { t } = useTranslation();
  return (
    <WorkOrderRaiseDialog
      target={{
        kind: 'sources',
        items: [
          {
            label: t('workOrderRaise.source.leak', { district: event.districtName, day: event.startDay }),
            raise: { source: 'nightFlowEvent', leakEventId: event.id },
          },
        ],
      }}
      summary={
        <>
          <WorkOrderRaiseLeakFigures event={event} />
          <p className={Classes.TEXT_MUTED}>{t('workOrderRaise.leak.hint')}</p>
        </>
      }
      onClose={onClose}
    />
  );
}

/** The events table's cell: the event's order, and the raise while the leak is open without an open order. */
export function WorkOrderRaiseLeakCell({ event }: { event: LeakEvent }) {
  const { t } = useTranslation();
  const can = usePermission();
  const canRead = can(READ_ORDERS);
  const canRaise = can([PERMISSIONS.workOrderCreate]);
  const [raising, setRaising] = useState(false);
  const { data } = useWorkOrderListQuery(
    { leakEventId: event.id, limit: 5, sort: 'createdAt', order: 'desc' },
    { skip: !canRead },
  );
  const orders = data?.data ?? [];
  const open = orders.find((o) => isOpenStatus(o.status));
  const shown = open ?? orders[0];
  const offer = canRaise && !open && event.status === 'open';
  return (
    <>
      {shown && <WorkOrderRaiseEventOrder order={shown} />}
      {!shown && !offer && '—'}
      {offer && (
        <Button
          size="small"
          icon="clipboard"
          intent="primary"
          variant="outlined"
          text={t('workOrderRaise.action')}
          onClick={() => setRaising(true)}
        />
      )}
      {raising && <WorkOrderRaiseLeakDialog event={event} onClose={() => setRaising(false)} />}
    </>
  );
}
