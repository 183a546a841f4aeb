// My work orders (我的工单, /workorder/mine): a crew member's own open orders on a phone (390 px wide, touch targets
// of 40 px and more), live from the `workorders` topic (the server gives a crew member only theirs; a dispatcher
// who opens it sees the orders assigned to them), most pressing first, each with its deadline, address and the
// big buttons of exactly the actions they may take; an order opened shows everything with its timeline and a note
// with photos; the orders finished in the last 7 China days below. ?code= (the bell's to-do) opens that order.
import { Button, ButtonGroup, Classes, type IconName, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { addDays, chinaDay, dayStart } from '@waterops/shared/reading';
import type { Caller, WorkOrder, WorkOrderAction } from '@waterops/shared/workorder';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveChannel } from '../../live/useLive.ts';
import { AlarmLiveStatus } from '../monitoring/AlarmLiveStatus.tsx';
import { MyWorkOrderCard, MyWorkOrderView } from './MyWorkOrderCard.tsx';
import { useActionDialogs } from './useActionDialogs.tsx';
import { actionsFor, useCaller } from './useCaller.ts';
import { useNow } from './useNow.ts';
import { useOrderFromCode } from './useOrderFromCode.ts';
import {
  useLiveWorkOrdersQuery,
  useWorkOrderListQuery,
  WORK_ORDERS_REQUEST,
  workOrderAdapter,
} from './workOrderApi.ts';
import { sortQueue } from './workOrderQueue.ts';
import './workOrderPage.css';

const selectAll = workOrderAdapter.getSelectors().selectAll;
/** Spec-free choice: the finished orders of the last 7 China days (today included). */
export const RECENT_DAYS = 7;
const RECENT_LIMIT = 100;

type View = 'open' | 'recent';

/** The instant the recent window opens: 00:00 China time, RECENT_DAYS − 1 days before today. */
export const recentSince = (now: Date): Date => dayStart(addDays(chinaDay(now), -(RECENT_DAYS - 1)));

type OrderCardsProps = {
  orders: readonly WorkOrder[];
  /** still loading: a spinner until there is an order to show */
  loading: boolean;
  /** the list's accessible name */
  label: string;
  /** what an empty list says */
  empty: { icon: IconName; title: string };
  caller: Caller | null;
  now: Date;
  onOpen: (order: WorkOrder) => void;
  onAction: (action: WorkOrderAction, order: WorkOrder) => void;
};

/** One of the two lists (open, recently finished): each order's card with the caller's actions. */
function OrderCards({ orders, loading, label, empty, caller, now, onOpen, onAction }: OrderCardsProps) {
  const { t } = useTranslation();
  if (loading && orders.length === 0)
    return <NonIdealState icon={<Spinner size={28} />} title={t('workOrderPage.queue.loading')} />;
  if (orders.length === 0) return <NonIdealState icon={empty.icon} title={empty.title} />;
  return (
    <ul className="wo-mine-list" aria-label={label}>
      {orders.map((o) => (
        <li key={o.id}>
          <MyWorkOrderCard order={o} actions={actionsFor(o, caller)} now={now} onOpen={onOpen} onAction={onAction} />
        </li>
      ))}
    </ul>
  );
}

export function MyWorkOrdersPage() {
  const { t } = useTranslation();
  const caller = useCaller();
  const channel = useLiveChannel<WorkOrder>(WORK_ORDERS_REQUEST);
  const { data } = useLiveWorkOrdersQuery();
  const now = useNow();
  const [view, setView] = useState<View>('open');
  const [openId, setOpenId] = useState<number | null>(null);
  const { start, dialogs } = useActionDialogs();

  const mine = useMemo(
    () =>
      caller && data
        ? sortQueue(
            // an order completed and awaiting review is no longer the crew's work: it shows with the finished ones
            selectAll(data).filter((o) => o.assigneeId === caller.userId && o.status !== 'completed'),
            'urgency',
            now,
          )
        : [],
    [data, caller, now],
  );
  const fromCode = useOrderFromCode(mine);
  const since = recentSince(now).toISOString();
  const listArgs = (status: 'completed' | 'closed') => ({
    identity: caller?.identity || undefined,
    assigneeId: caller?.userId,
    status,
    startTime: new Date(Date.parse(since) - 90 * 86_400_000).toISOString(),
    sort: 'createdAt' as const,
    order: 'desc' as const,
    page: 1,
    limit: RECENT_LIMIT,
  });
  const skipRecent = !caller || view !== 'recent';
  const completed = useWorkOrderListQuery(listArgs('completed'), { skip: skipRecent });
  const closed = useWorkOrderListQuery(listArgs('closed'), { skip: skipRecent });
  const recent = useMemo(
    () =>
      [...(completed.data?.data ?? []), ...(closed.data?.data ?? [])]
        .filter((o) => o.completedAt !== null && o.completedAt >= since)
        .sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? '')),
    [completed.data, closed.data, since],
  );

  const openedId = openId ?? fromCode.order?.id ?? null;
  const opened =
    openedId === null
      ? null
      : (mine.find((o) => o.id === openedId) ??
        recent.find((o) => o.id === openedId) ??
        (fromCode.order?.id === openedId ? fromCode.order : null));
  const handleOpen = useCallback(
    (o: WorkOrder) => {
      if (fromCode.code) fromCode.clear();
      setOpenId(o.id);
    },
    [fromCode],
  );
  const handleBack = () => {
    setOpenId(null);
    if (fromCode.code) fromCode.clear();
  };

  if (opened)
    return (
      <div className="wo-page wo-mine-page">
        <MyWorkOrderView
          order={opened}
          actions={actionsFor(opened, caller)}
          now={now}
          onAction={start}
          onBack={handleBack}
        />
        {dialogs}
      </div>
    );

  const cards = { caller, now, onOpen: handleOpen, onAction: start };
  return (
    <div className="wo-page wo-mine-page">
      <div className="wo-mine-head">
        <h1>{t('myWorkOrders.title')}</h1>
        <AlarmLiveStatus state={channel} />
      </div>
      {fromCode.notFound && (
        <p className={`${Classes.TEXT_MUTED} wo-mine-note`}>
          {t('workOrderPage.codeNotFound', { code: fromCode.code })}
        </p>
      )}
      <ButtonGroup fill size="large" className="wo-mine-views">
        <Button
          active={view === 'open'}
          intent={view === 'open' ? Intent.PRIMARY : Intent.NONE}
          text={t('myWorkOrders.open', { count: mine.length })}
          onClick={() => setView('open')}
        />
        <Button
          active={view === 'recent'}
          intent={view === 'recent' ? Intent.PRIMARY : Intent.NONE}
          text={t('myWorkOrders.recent', { days: RECENT_DAYS })}
          onClick={() => setView('recent')}
        />
      </ButtonGroup>
      {view === 'open' ? (
        <OrderCards
          orders={mine}
          loading={channel.seq === null}
          label={t('myWorkOrders.open', { count: mine.length })}
          empty={{ icon: 'tick-circle', title: t('myWorkOrders.empty') }}
          {...cards}
        />
      ) : (
        <OrderCards
          orders={recent}
          loading={completed.isFetching || closed.isFetching}
          label={t('myWorkOrders.recent', { days: RECENT_DAYS })}
          empty={{ icon: 'history', title: t('myWorkOrders.recentEmpty', { days: RECENT_DAYS }) }}
          {...cards}
        />
      )}
      {dialogs}
    </div>
  );
}
