// The dispatcher's workstation (工单调度, /workorder): the live queue of open orders with no refresh (the `workorders`
// topic; a new order is highlighted for a few seconds, with an optional tone for urgent and high ones), filters and
// the deadline countdowns (re-read every 30 s), exactly the caller's actions per row, selection with batch assign and
// batch complete, the crew with duty and load, a small map; the history of every order; the duty roster; a new
// order by hand; the detail drawer, also opened by the bell's ?code=. A viewer without rights sees it read-only.
import { Button, Callout, Classes, Intent, NonIdealState, Spinner, Switch, Tab, Tabs } from '@blueprintjs/core';
import { PERMISSIONS } from '@waterops/shared/auth';
import { deadlineState, isLate, type WorkOrder } from '@waterops/shared/workorder';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission, usePermission } from '../../components/Permission.tsx';
import { useLiveChannel } from '../../live/useLive.ts';
import { ErrorBoundary } from '../../shell/ErrorBoundary.tsx';
import { AlarmLiveStatus } from '../monitoring/AlarmLiveStatus.tsx';
import { CrewPanel } from './CrewPanel.tsx';
import { DutyRosterPanel } from './DutyRosterPanel.tsx';
import { useActionDialogs } from './useActionDialogs.tsx';
import { actionsFor, useCaller } from './useCaller.ts';
import { useNow } from './useNow.ts';
import { useOrderFromCode } from './useOrderFromCode.ts';
import { useOrderTone } from './useOrderTone.ts';
import { type BatchAction, WorkOrderBatchDialog } from './WorkOrderBatchDialog.tsx';
import { WorkOrderDrawer } from './WorkOrderDrawer.tsx';
import { WorkOrderFilterBar } from './WorkOrderFilterBar.tsx';
import { WorkOrderFormDialog } from './WorkOrderFormDialog.tsx';
import { WorkOrderHistory } from './WorkOrderHistory.tsx';
import { WorkOrderQueueTable } from './WorkOrderQueueTable.tsx';
import { CREW_READERS, useLiveWorkOrdersQuery, WORK_ORDERS_REQUEST, workOrderAdapter } from './workOrderApi.ts';
import {
  matchesQueueFilters,
  NO_QUEUE_FILTERS,
  newOrderIds,
  type QueueFilters,
  type QueueSort,
  sortQueue,
} from './workOrderQueue.ts';
import './workOrderPage.css';

const WorkOrderMap = lazy(() => import('./WorkOrderMap.tsx').then((m) => ({ default: m.WorkOrderMap })));

/** Rows drawn at first and added per "show more": the most pressing are on top. */
export const QUEUE_ROWS_STEP = 200;
/** How long a new order stays highlighted. */
export const NEW_HIGHLIGHT_MS = 8_000;

const selectAll = workOrderAdapter.getSelectors().selectAll;
type PageTab = 'queue' | 'history' | 'roster';

/** Ids of orders that arrived after the first snapshot, each highlighted for NEW_HIGHLIGHT_MS. */
const useFreshOrders = (items: readonly WorkOrder[], seq: number | null, onFresh: (orders: WorkOrder[]) => void) => {
  const seen = useRef<Set<number> | null>(null);
  const [fresh, setFresh] = useState<ReadonlyMap<number, number>>(new Map());
  useEffect(() => {
    if (seq === null) return;
    const found = newOrderIds(seen.current, items);
    seen.current = found.seen;
    if (found.fresh.length === 0) return;
    const until = Date.now() + NEW_HIGHLIGHT_MS;
    setFresh((m) => new Map([...m, ...found.fresh.map((id) => [id, until] as const)]));
    const ids = new Set(found.fresh);
    onFresh(items.filter((o) => ids.has(o.id)));
  }, [items, seq, onFresh]);
  useEffect(() => {
    if (fresh.size === 0) return;
    const next = Math.min(...fresh.values());
    const timer = setTimeout(
      () => setFresh((m) => new Map([...m].filter(([, until]) => until > Date.now()))),
      Math.max(0, next - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [fresh]);
  return useMemo(() => new Set(fresh.keys()), [fresh]);
};

export function WorkOrderPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const caller = useCaller();
  const canAssign = can([PERMISSIONS.workOrderAssign]);
  const canComplete = can([PERMISSIONS.workOrderComplete, PERMISSIONS.workOrderAssign]);
  const channel = useLiveChannel<WorkOrder>(WORK_ORDERS_REQUEST);
  const { data } = useLiveWorkOrdersQuery();
  const orders = useMemo(() => (data ? selectAll(data) : []), [data]);
  const now = useNow();
  const tone = useOrderTone();
  const fresh = useFreshOrders(channel.items, channel.seq, tone.announce);

  const [tab, setTab] = useState<PageTab>('queue');
  const [filters, setFilters] = useState<QueueFilters>(NO_QUEUE_FILTERS);
  const [sort, setSort] = useState<QueueSort>('urgency');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [rowLimit, setRowLimit] = useState(QUEUE_ROWS_STEP);
  const [openId, setOpenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [batch, setBatch] = useState<{ action: BatchAction; orders: WorkOrder[] } | null>(null);
  const { start, dialogs } = useActionDialogs();
  const fromCode = useOrderFromCode(orders);

  const shown = useMemo(
    () =>
      sortQueue(
        orders.filter((o) => matchesQueueFilters(o, filters, now)),
        sort,
        now,
      ),
    [orders, filters, sort, now],
  );
  const drawn = useMemo(() => shown.slice(0, rowLimit), [shown, rowLimit]);
  // a selection holds only orders still shown (one closed elsewhere leaves a batch by itself)
  const selectedOrders = useMemo(() => shown.filter((o) => selected.has(o.id)), [shown, selected]);
  const late = useMemo(() => orders.filter((o) => isLate(deadlineState(o, now).class)).length, [orders, now]);
  const actionsOf = useCallback((o: WorkOrder) => actionsFor(o, caller), [caller]);

  const drawerId = openId ?? fromCode.order?.id ?? null;
  const live = drawerId === null ? undefined : orders.find((o) => o.id === drawerId);
  const openOrder = useCallback(
    (o: WorkOrder) => {
      if (fromCode.code) fromCode.clear();
      setOpenId(o.id);
    },
    [fromCode],
  );
  const closeDrawer = () => {
    setOpenId(null);
    if (fromCode.code) fromCode.clear();
  };
  const changeFilters = (next: QueueFilters) => {
    setFilters(next);
    setRowLimit(QUEUE_ROWS_STEP);
  };
  const ready = channel.seq !== null;

  return (
    <div className="wo-page wo-wo-page">
      <div className="wo-wo-head">
        <h1>{t('workOrderPage.title')}</h1>
        <AlarmLiveStatus state={channel} />
        <span className="wo-wo-counts" role="note">
          {t('workOrderPage.counts', { open: orders.length, late })}
        </span>
        <span className="wo-wo-head-end">
          <Switch
            checked={tone.enabled}
            onChange={tone.toggle}
            label={t('workOrderPage.tone')}
            className="wo-wo-tone"
          />
          <Permission any={[PERMISSIONS.workOrderCreate]}>
            <Button
              intent={Intent.PRIMARY}
              icon="add"
              text={t('workOrderPage.create')}
              onClick={() => setCreating(true)}
            />
          </Permission>
        </span>
      </div>
      {fromCode.notFound && (
        <Callout intent={Intent.WARNING} icon="search" className="wo-wo-code-missing">
          {t('workOrderPage.codeNotFound', { code: fromCode.code })}
        </Callout>
      )}
      <Tabs id="wo-wo-tabs" selectedTabId={tab} onChange={(id) => setTab(id as PageTab)} size="large">
        <Tab id="queue" title={t('workOrderPage.tab.queue', { count: orders.length })} />
        <Tab id="history" title={t('workOrderPage.tab.history')} />
        {can(CREW_READERS) && <Tab id="roster" title={t('workOrderPage.tab.roster')} />}
      </Tabs>

      {tab === 'queue' && (
        <div className="wo-wo-queue">
          <div className="wo-wo-toolbar">
            <WorkOrderFilterBar
              filters={filters}
              onChange={changeFilters}
              sort={sort}
              onSortChange={setSort}
              orders={orders}
            />
            {(canAssign || canComplete) && (
              <div className="wo-wo-batch">
                <span className={Classes.TEXT_MUTED}>
                  {t('workOrderPage.selected', { count: selectedOrders.length })}
                </span>
                {canAssign && (
                  <Button
                    icon="people"
                    intent={Intent.PRIMARY}
                    disabled={selectedOrders.length === 0}
                    text={t('workOrderPage.batchAssign')}
                    onClick={() => setBatch({ action: 'assign', orders: selectedOrders })}
                  />
                )}
                {canComplete && (
                  <Button
                    icon="tick-circle"
                    disabled={selectedOrders.length === 0}
                    text={t('workOrderPage.batchComplete')}
                    onClick={() => setBatch({ action: 'complete', orders: selectedOrders })}
                  />
                )}
              </div>
            )}
          </div>
          <div className="wo-wo-body">
            <div className="wo-wo-main">
              {!ready && orders.length === 0 ? (
                <NonIdealState icon={<Spinner size={28} />} title={t('workOrderPage.queue.loading')} />
              ) : shown.length === 0 ? (
                <NonIdealState
                  icon="tick-circle"
                  title={t(orders.length === 0 ? 'workOrderPage.queue.empty' : 'workOrderPage.queue.noMatch')}
                />
              ) : (
                <WorkOrderQueueTable
                  orders={drawn}
                  actionsOf={actionsOf}
                  {...(canAssign || canComplete ? { selected, onSelectedChange: setSelected } : {})}
                  fresh={fresh}
                  now={now}
                  onOpen={openOrder}
                  onAction={start}
                />
              )}
              {shown.length > drawn.length && (
                <div className="wo-wo-more">
                  <span>{t('workOrderPage.showing', { shown: drawn.length, total: shown.length })}</span>
                  <Button
                    size="small"
                    text={t('workOrderPage.showMore', {
                      count: Math.min(QUEUE_ROWS_STEP, shown.length - drawn.length),
                    })}
                    onClick={() => setRowLimit((n) => n + QUEUE_ROWS_STEP)}
                  />
                </div>
              )}
            </div>
            <aside className="wo-wo-side">
              {can(CREW_READERS) && (
                <CrewPanel
                  selected={typeof filters.assigneeId === 'number' ? filters.assigneeId : null}
                  onSelect={(userId) => changeFilters({ ...filters, assigneeId: userId })}
                />
              )}
              <section className="wo-wo-map-card" aria-label={t('workOrderPage.map.title')}>
                <h2>{t('workOrderPage.map.title')}</h2>
                <ErrorBoundary>
                  <Suspense fallback={<div className="wo-wo-map wo-wo-map-loading" />}>
                    <WorkOrderMap orders={shown} now={now} selectedId={drawerId} onPick={openOrder} />
                  </Suspense>
                </ErrorBoundary>
              </section>
            </aside>
          </div>
        </div>
      )}
      {tab === 'history' && caller && <WorkOrderHistory identity={caller.identity} onOpen={openOrder} now={now} />}
      {tab === 'roster' && <DutyRosterPanel />}

      <WorkOrderDrawer orderId={drawerId} live={live} now={now} onClose={closeDrawer} />
      {dialogs}
      {creating && <WorkOrderFormDialog onClose={() => setCreating(false)} onSaved={(o) => setOpenId(o.id)} />}
      {batch && (
        <WorkOrderBatchDialog
          action={batch.action}
          orders={batch.orders}
          onClose={() => setBatch(null)}
          onDone={() => setSelected(new Set())}
        />
      )}
    </div>
  );
}
