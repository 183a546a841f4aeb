// 工单状态: the open work orders in total, by status and by deadline class (the labels and colours of the work-order
// pages: the shared labelled enums' catalogue texts, DEADLINE_INTENT), and how many were completed today.
import { Tag } from '@blueprintjs/core';
import { DeadlineClass, WorkOrderStatus } from '@waterops/shared/workorder';
import { useTranslation } from 'react-i18next';
import { DEADLINE_INTENT, isSolidDeadline } from '../workorder/deadlineLook.ts';
import { FigureLink } from './FigureLink.tsx';
import { countText } from './figureFormat.ts';
import { LiveWidget, type WidgetProps } from './LiveWidget.tsx';
import { BigNumber } from './OverviewWidget.tsx';

export function WorkOrdersWidget({ sourcePath }: WidgetProps) {
  const { t } = useTranslation();
  return (
    <LiveWidget widget="workOrders" sourcePath={sourcePath}>
      {(f) => {
        // in the enums' order, only what the figures name
        const statuses = WorkOrderStatus.values.filter((s) => f.byStatus[s] !== undefined);
        const classes = DeadlineClass.values.filter((c) => f.deadline[c] !== undefined);
        const orders = { pages: ['workorder/WorkOrderPage'] } as const;
        const name = t('dashboard.workOrders.open');
        return (
          <>
            <dl className="wo-dash-numbers wo-dash-numbers-one">
              <BigNumber
                label={name}
                to={orders}
                value={countText(f.open)}
                note={t('dashboard.workOrders.completedToday', { count: f.completedToday })}
              />
            </dl>
            <ul className="wo-dash-tags" aria-label={t('dashboard.workOrders.byStatus')}>
              {statuses.map((s) => (
                <li key={s}>
                  <FigureLink to={orders} name={name}>
                    <Tag minimal>
                      {t(`workOrder.status.${s}`)} {countText(f.byStatus[s])}
                    </Tag>
                  </FigureLink>
                </li>
              ))}
            </ul>
            <ul className="wo-dash-tags" aria-label={t('dashboard.workOrders.byDeadline')}>
              {classes.map((c) => (
                <li key={c}>
                  <FigureLink to={orders} name={name}>
                    <Tag intent={DEADLINE_INTENT[c]} minimal={!isSolidDeadline(c) || (f.deadline[c] ?? 0) === 0}>
                      {t(`workOrder.deadline.${c}`)} {countText(f.deadline[c])}
                    </Tag>
                  </FigureLink>
                </li>
              ))}
            </ul>
          </>
        );
      }}
    </LiveWidget>
  );
}
