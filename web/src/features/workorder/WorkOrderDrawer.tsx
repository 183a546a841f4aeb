// An order in full (the queue's, the history's, the map's, the bell's ?code=): every declared field with its
// label, the deadline, links to what it came from (meter, resident, area and complaint open their detail drawers;
// alarm and leak event their pages), the photos of all its events, the timeline, and a comment (the note action) — with
// exactly the actions the caller may take.
import {
  Button,
  Callout,
  Classes,
  Drawer,
  Intent,
  NonIdealState,
  Position,
  Spinner,
  Tab,
  Tabs,
} from '@blueprintjs/core';
import { PERMISSIONS } from '@waterops/shared/auth';
import { WORK_ORDER_FIELDS, type WorkOrder } from '@waterops/shared/workorder';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePermission } from '../../components/Permission.tsx';
import { DetailField, show } from '../detail/DetailFields.tsx';
import { DetailLink } from '../detail/DetailHost.tsx';
import { DeadlineTag } from './DeadlineTag.tsx';
import { fieldText, type WorkOrderField } from './fieldText.ts';
import { NoteForm } from './NoteForm.tsx';
import { PhotoStrip, photosOf } from './PhotoGallery.tsx';
import { useActionDialogs } from './useActionDialogs.tsx';
import { actionsFor, useCaller } from './useCaller.ts';
import { WorkOrderActionButtons } from './WorkOrderQueueTable.tsx';
import { PriorityTag, StatusTag } from './WorkOrderTags.tsx';
import { WorkOrderTimeline } from './WorkOrderTimeline.tsx';
import { useWorkOrderContextQuery, useWorkOrderEventsQuery, useWorkOrderQuery } from './workOrderApi.ts';

/** Fields shown elsewhere in the drawer (head, links, location) or kept internal. */
const NOT_LISTED = new Set<string>([
  'id',
  'code',
  'title',
  'status',
  'priority',
  'sourceKey',
  'lng',
  'lat',
  'meterId',
  'residentId',
  'areaId',
  'districtId',
  'alarmId',
  'leakEventId',
  'complaintId',
  'complaintNo',
  'meterCode',
  'residentCode',
  'residentName',
  'areaName',
  'departmentId',
  'assigneeId',
  'resolveTargetMinutes',
  'updatedAt',
]);
const LISTED = (Object.keys(WORK_ORDER_FIELDS) as WorkOrderField[]).filter((f) => !NOT_LISTED.has(f));

export type WorkOrderDrawerProps = {
  /** the order shown (null: closed) */
  orderId: number | null;
  /** the live queue's copy, newer than a fetched one once patches arrive */
  live?: WorkOrder;
  now: Date;
  onClose: () => void;
};

export function WorkOrderDrawer({ orderId, live, now, onClose }: WorkOrderDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      isOpen={orderId !== null}
      onClose={onClose}
      position={Position.RIGHT}
      size="min(680px, 100vw)"
      title={t('workOrderPage.drawer.title')}
      icon="clipboard"
      className="wo-wo-drawer"
    >
      {orderId !== null && <DrawerBody key={orderId} orderId={orderId} live={live} now={now} />}
    </Drawer>
  );
}

function DrawerBody({ orderId, live, now }: { orderId: number; live?: WorkOrder; now: Date }) {
  const { t } = useTranslation();
  const caller = useCaller();
  const fetched = useWorkOrderQuery(orderId);
  const events = useWorkOrderEventsQuery(orderId);
  const [tab, setTab] = useState<'details' | 'timeline'>('details');
  const { start, dialogs } = useActionDialogs();
  // the fresher of the two: the live copy follows patches, the fetched one the last action's answer
  const order =
    live && fetched.data
      ? Date.parse(live.updatedAt) >= Date.parse(fetched.data.updatedAt)
        ? live
        : fetched.data
      : (live ?? fetched.data);
  if (!order)
    return (
      <div className={Classes.DRAWER_BODY}>
        {fetched.isError ? <NonIdealState icon="search" title={t('detail.notFound')} /> : <Spinner size={28} />}
      </div>
    );
  const actions = actionsFor(order, caller);
  const photos = photosOf(events.data ?? []);
  return (
    <section
      className={`${Classes.DRAWER_BODY} wo-wo-drawer-body`}
      aria-label={`${t('workOrderPage.drawer.title')} ${order.code}`}
    >
      <div className="wo-wo-drawer-head">
        <div className="wo-wo-drawer-code">{order.code}</div>
        <h2>{order.title}</h2>
        <div className="wo-wo-drawer-tags">
          <PriorityTag priority={order.priority} />
          <StatusTag status={order.status} />
          <DeadlineTag order={order} now={now} />
        </div>
        {actions.length > 0 && (
          <div className="wo-wo-drawer-actions">
            <WorkOrderActionButtons order={order} actions={actions} onAction={start} />
          </div>
        )}
      </div>
      <Tabs id="wo-wo-drawer-tabs" selectedTabId={tab} onChange={(id) => setTab(id as typeof tab)} size="large">
        <Tab id="details" title={t('workOrderPage.drawer.details')} />
        <Tab id="timeline" title={t('workOrderPage.drawer.timeline', { count: events.data?.length ?? 0 })} />
      </Tabs>
      {tab === 'details' ? (
        <div className="wo-wo-drawer-section">
          {order.lostVolumeM3 !== null && (
            <Callout intent={Intent.WARNING} icon="tint" className="wo-wo-loss">
              {t('workOrderPage.drawer.loss', {
                lost: fieldText(order, 'lostVolumeM3', t),
                perDay: order.lossPerDayM3 === null ? '—' : fieldText(order, 'lossPerDayM3', t),
              })}
            </Callout>
          )}
          <h3>{t('workOrderPage.drawer.links')}</h3>
          <OrderLinks order={order} />
          {order.districtId !== null && <DistrictContext orderId={order.id} />}
          <h3>{t('workOrderPage.drawer.fields')}</h3>
          <dl className="wo-detail-fields">
            {LISTED.map((f) => (
              <DetailField key={f} label={t(`workOrder.field.${f}`)}>
                {show(fieldText(order, f, t))}
              </DetailField>
            ))}
          </dl>
          <h3>{t('workOrderPage.drawer.photos', { count: photos.length })}</h3>
          {photos.length > 0 ? (
            <PhotoStrip urls={photos} />
          ) : (
            <p className={Classes.TEXT_MUTED}>{t('workOrderPage.drawer.noPhotos')}</p>
          )}
        </div>
      ) : (
        <div className="wo-wo-drawer-section">
          <WorkOrderTimeline events={events.data} loading={events.isFetching} />
          {actions.includes('note') && <NoteForm order={order} />}
        </div>
      )}
      {dialogs}
    </section>
  );
}

/** What the order points at: meter, resident and area open their drawers, the rest their pages; its location. */
export function OrderLinks({ order }: { order: WorkOrder }) {
  const { t } = useTranslation();
  const can = usePermission();
  // a record's drawer only for those who may read it (its call would answer 403 otherwise)
  const linked = (permission: string) => can([permission]);
  return (
    <dl className="wo-detail-fields">
      <DetailField label={t('workOrder.field.meterCode')}>
        {order.meterId !== null && linked(PERMISSIONS.deviceMeterView) ? (
          <DetailLink to={{ kind: 'meter', id: order.meterId }} text={order.meterCode ?? String(order.meterId)} />
        ) : (
          show(order.meterCode)
        )}
      </DetailField>
      <DetailField label={t('workOrder.field.residentName')}>
        {order.residentId !== null && linked(PERMISSIONS.dataResidentView) ? (
          <DetailLink
            to={{ kind: 'resident', id: order.residentId }}
            text={`${order.residentCode ?? ''} ${order.residentName ?? ''}`.trim() || String(order.residentId)}
          />
        ) : (
          show(`${order.residentCode ?? ''} ${order.residentName ?? ''}`.trim())
        )}
      </DetailField>
      <DetailField label={t('workOrder.field.areaName')}>
        {order.areaId !== null && linked(PERMISSIONS.dataAreaView) ? (
          <DetailLink to={{ kind: 'area', id: order.areaId }} text={order.areaName ?? String(order.areaId)} />
        ) : (
          show(order.areaName)
        )}
      </DetailField>
      {order.alarmId !== null && (
        <DetailField label={t('workOrder.field.alarmId')}>
          {linked(PERMISSIONS.monitoringAlarmView) ? (
            <Link to="/monitoring/alarms">{t('workOrderPage.drawer.alarmLink', { id: order.alarmId })}</Link>
          ) : (
            `#${order.alarmId}`
          )}
        </DetailField>
      )}
      {order.leakEventId !== null && (
        <DetailField label={t('workOrder.field.leakEventId')}>
          {linked(PERMISSIONS.dmaAnalysisView) ? (
            <Link to={order.districtId !== null ? `/dma/nightFlow?districtId=${order.districtId}` : '/dma/nightFlow'}>
              {t('workOrderPage.drawer.leakLink', { id: order.leakEventId, district: order.districtName ?? '' })}
            </Link>
          ) : (
            `#${order.leakEventId} ${order.districtName ?? ''}`
          )}
        </DetailField>
      )}
      {order.complaintId !== null && (
        <DetailField label={t('workOrder.field.complaintNo')}>
          {linked(PERMISSIONS.complaintView) ? (
            <DetailLink
              to={{ kind: 'complaint', id: order.complaintId }}
              text={order.complaintNo ?? `#${order.complaintId}`}
            />
          ) : (
            (order.complaintNo ?? `#${order.complaintId}`)
          )}
        </DetailField>
      )}
      <DetailField label={t('workOrderPage.drawer.location')}>
        {order.lng !== null && order.lat !== null ? (
          <span className="wo-num">
            {t('workOrderPage.drawer.bd09', { longitude: order.lng.toFixed(6), latitude: order.lat.toFixed(6) })}
          </span>
        ) : (
          '—'
        )}
      </DetailField>
    </dl>
  );
}

/**
 * What surrounds the order in its district: the open night-flow leak events (with the order repairing each) and the
 * live alarms — what a dispatcher weighs before sending a crew to a "no water" call. Parts the caller may not read
 * are left out (the server answers null for them).
 */
export function DistrictContext({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const { data } = useWorkOrderContextQuery(orderId);
  if (!data || (data.leakEvents === null && data.alarms === null)) return null;
  const leaks = data.leakEvents ?? [];
  const alarms = data.alarms ?? [];
  return (
    <section
      className="wo-wo-context"
      aria-label={t('workOrderPage.context.title', { district: data.districtName ?? '' })}
    >
      <h3>{t('workOrderPage.context.title', { district: data.districtName ?? '' })}</h3>
      {data.leakEvents !== null && (
        <p>
          {leaks.length === 0
            ? t('workOrderPage.context.noLeak')
            : t('workOrderPage.context.leaks', { count: leaks.length })}
        </p>
      )}
      {leaks.length > 0 && (
        <ul className="wo-wo-context-list">
          {leaks.map((e) => (
            <li key={e.id}>
              {t('workOrderPage.context.leak', {
                day: e.startDay,
                magnitude: e.magnitude.toFixed(1),
                volume: Math.round(e.volume).toLocaleString(),
              })}
              {e.orderCode ? ` · ${e.orderCode}` : ''}
            </li>
          ))}
        </ul>
      )}
      {data.alarms !== null && (
        <p>
          {data.alarmCount === 0
            ? t('workOrderPage.context.noAlarm')
            : t('workOrderPage.context.alarms', { count: data.alarmCount })}
        </p>
      )}
      {alarms.length > 0 && (
        <ul className="wo-wo-context-list">
          {alarms.slice(0, 5).map((a) => (
            <li key={a.id}>
              {t(`alarmConsole.level.${a.level}`)} · {t(`alarmConsole.type.${a.alarmType}`)} · {a.sourceCode}
            </li>
          ))}
        </ul>
      )}
      {data.otherOpenOrders > 0 && <p>{t('workOrderPage.context.otherOrders', { count: data.otherOpenOrders })}</p>}
    </section>
  );
}

/** A button that opens the drawer of an order by id (history rows, map points). */
export function OpenOrderButton({ code, onOpen }: { code: string; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="minimal"
      size="small"
      intent="primary"
      className="wo-wo-code"
      text={code}
      aria-label={t('workOrderPage.queue.open', { code })}
      onClick={onOpen}
    />
  );
}
