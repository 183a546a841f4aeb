// A crew member's order on a phone: the card of the list (priority, code, status, title, where, the deadline and a
// big button per allowed action) and the order opened (everything about it, its timeline and a note with photos,
// the action buttons kept at hand at the bottom). Positions stay in the app: the address, the area and district,
// and the stored coordinates — no link out to a map app.
import { Button, Card, Classes, Icon } from '@blueprintjs/core';
import type { WorkOrder, WorkOrderAction } from '@waterops/shared/workorder';
import { useTranslation } from 'react-i18next';
import { DetailField, show } from '../detail/DetailFields.tsx';
import { ACTION_ICON, ACTION_INTENT, PRIMARY_ACTIONS } from './actionLook.ts';
import { DeadlineTag } from './DeadlineTag.tsx';
import { fieldText } from './fieldText.ts';
import { NoteForm } from './NoteForm.tsx';
import { PhotoStrip, photosOf } from './PhotoGallery.tsx';
import { PriorityTag, StatusTag } from './WorkOrderTags.tsx';
import { WorkOrderTimeline } from './WorkOrderTimeline.tsx';
import { useWorkOrderEventsQuery } from './workOrderApi.ts';

/** The big buttons of the field view: one per allowed action (the opened order writes its note in place). */
export function BigActionButtons({
  order,
  actions,
  onAction,
  skip = [],
}: {
  order: WorkOrder;
  actions: readonly WorkOrderAction[];
  onAction: (action: WorkOrderAction, order: WorkOrder) => void;
  /** actions shown elsewhere */
  skip?: readonly WorkOrderAction[];
}) {
  const { t } = useTranslation();
  // the next step of the work first, solid; the others outlined
  const shown = actions
    .filter((a) => !skip.includes(a))
    .sort((a, b) => Number(PRIMARY_ACTIONS.includes(b)) - Number(PRIMARY_ACTIONS.includes(a)));
  if (shown.length === 0) return null;
  return (
    <div className="wo-mine-actions" data-actions={shown.join(',')}>
      {shown.map((action) => (
        <Button
          key={action}
          size="large"
          fill
          variant={PRIMARY_ACTIONS.includes(action) ? 'solid' : 'outlined'}
          intent={ACTION_INTENT[action]}
          icon={ACTION_ICON[action]}
          text={t(`workOrder.action.${action}`)}
          onClick={() => onAction(action, order)}
        />
      ))}
    </div>
  );
}

/** Where the order is, in words: address, area and district, and the stored position. */
function Place({ order }: { order: WorkOrder }) {
  const { t } = useTranslation();
  const where = [order.address, order.areaName, order.districtName].filter(Boolean).join(' · ');
  return (
    <div className="wo-mine-place">
      <Icon icon="map-marker" size={14} />
      <span>{where || t('myWorkOrders.noAddress')}</span>
    </div>
  );
}

export type MyWorkOrderCardProps = {
  order: WorkOrder;
  /** the caller's allowed actions on it */
  actions: readonly WorkOrderAction[];
  now: Date;
  onOpen: (order: WorkOrder) => void;
  onAction: (action: WorkOrderAction, order: WorkOrder) => void;
};

export function MyWorkOrderCard({ order, actions, now, onOpen, onAction }: MyWorkOrderCardProps) {
  const { t } = useTranslation();
  return (
    <Card className={`wo-mine-card wo-mine-card-${order.priority}`} data-order-id={order.id}>
      <button
        type="button"
        className="wo-mine-card-open"
        onClick={() => onOpen(order)}
        aria-label={t('workOrderPage.queue.open', { code: order.code })}
      >
        <div className="wo-mine-card-top">
          <PriorityTag priority={order.priority} />
          <span className="wo-mine-code">{order.code}</span>
          <StatusTag status={order.status} />
        </div>
        <div className="wo-mine-title">{order.title}</div>
        <Place order={order} />
        <div className="wo-mine-card-due">
          {order.status === 'completed' || order.status === 'closed' ? (
            <span className={Classes.TEXT_MUTED}>
              {t('myWorkOrders.completedAt', { time: fieldText(order, 'completedAt', t) })}
            </span>
          ) : (
            <DeadlineTag order={order} now={now} large />
          )}
          <span className={`${Classes.TEXT_MUTED} wo-mine-type`}>{t(`workOrder.type.${order.type}`)}</span>
        </div>
      </button>
      <BigActionButtons order={order} actions={actions} onAction={onAction} skip={['edit']} />
    </Card>
  );
}

export type MyWorkOrderViewProps = {
  order: WorkOrder;
  actions: readonly WorkOrderAction[];
  now: Date;
  onAction: (action: WorkOrderAction, order: WorkOrder) => void;
  onBack: () => void;
};

/** Fields a crew member needs on site, in this order. */
const SITE_FIELDS = [
  'type',
  'source',
  'description',
  'contactName',
  'meterCode',
  'residentCode',
  'residentName',
  'departmentName',
  'assigneeName',
  'createdAt',
  'responseDueAt',
  'resolveDueAt',
  'deferredUntil',
  'cause',
  'materials',
  'completedAt',
] as const;

export function MyWorkOrderView({ order, actions, now, onAction, onBack }: MyWorkOrderViewProps) {
  const { t } = useTranslation();
  const events = useWorkOrderEventsQuery(order.id);
  const photos = photosOf(events.data ?? []);
  return (
    <div className="wo-mine-view">
      <Button size="large" variant="minimal" icon="arrow-left" text={t('myWorkOrders.back')} onClick={onBack} />
      <div className="wo-mine-view-head">
        <div className="wo-mine-card-top">
          <PriorityTag priority={order.priority} large />
          <span className="wo-mine-code">{order.code}</span>
          <StatusTag status={order.status} large />
        </div>
        <h2>{order.title}</h2>
        <DeadlineTag order={order} now={now} large />
        <Place order={order} />
        {order.contactPhone && (
          <a className={`${Classes.BUTTON} ${Classes.LARGE} wo-mine-call`} href={`tel:${order.contactPhone}`}>
            <Icon icon="phone" /> {t('myWorkOrders.call', { name: order.contactName ?? '', phone: order.contactPhone })}
          </a>
        )}
        {order.lng !== null && order.lat !== null && (
          <div className={`${Classes.TEXT_MUTED} wo-num`}>
            {t('workOrderPage.drawer.bd09', { longitude: order.lng.toFixed(6), latitude: order.lat.toFixed(6) })}
          </div>
        )}
      </div>
      <section>
        <h3>{t('workOrderPage.drawer.fields')}</h3>
        <dl className="wo-detail-fields wo-mine-fields">
          {SITE_FIELDS.map((f) => (
            <DetailField key={f} label={t(`workOrder.field.${f}`)}>
              {show(fieldText(order, f, t))}
            </DetailField>
          ))}
          {order.lostVolumeM3 !== null && (
            <DetailField label={t('workOrder.field.lostVolumeM3')}>{fieldText(order, 'lostVolumeM3', t)}</DetailField>
          )}
        </dl>
      </section>
      {photos.length > 0 && (
        <section>
          <h3>{t('workOrderPage.drawer.photos', { count: photos.length })}</h3>
          <PhotoStrip urls={photos} />
        </section>
      )}
      {actions.includes('note') && (
        <section>
          <NoteForm order={order} />
        </section>
      )}
      <section>
        <h3>{t('workOrderPage.timeline.title')}</h3>
        <WorkOrderTimeline events={events.data} loading={events.isFetching} />
      </section>
      {actions.some((a) => a !== 'note' && a !== 'edit') && (
        <div className="wo-mine-sticky">
          <BigActionButtons order={order} actions={actions} onAction={onAction} skip={['note', 'edit']} />
        </div>
      )}
    </div>
  );
}
