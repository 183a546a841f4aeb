// The complaint drawer (?detail=complaint:<id>, over any page): its fields from the declaration (links to the
// resident, meter and area for users who may open those), its photos, its work order's code and status with the way
// to the order on the dispatch page (/workorder?code=), and the actions its state allows.
import { Button, Classes, NonIdealState, Spinner } from '@blueprintjs/core';
import { PERMISSIONS } from '@waterops/shared/auth';
import { COMPLAINT_FIELDS, type Complaint } from '@waterops/shared/complaint';
import { TOPICS } from '@waterops/shared/live';
import type { WorkOrder } from '@waterops/shared/workorder';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePermission } from '../../components/Permission.tsx';
import { useLiveChannel } from '../../live/useLive.ts';
import { DetailField as Field, show } from '../detail/DetailFields.tsx';
import { DetailLink } from '../detail/DetailHost.tsx';
import type { DetailKind } from '../detail/detailLink.ts';
import type { DetailBodyProps } from '../detail/detailRegistry.tsx';
import { workOrderPath } from '../notice/workOrderLink.ts';
import { PhotoStrip } from '../workorder/PhotoGallery.tsx';
import { StatusTag } from '../workorder/WorkOrderTags.tsx';
import '../workorder/workOrderPage.css';
import { ComplaintStatusTag, SatisfactionTag } from './ComplaintTags.tsx';
import { useComplaintQuery } from './complaintApi.ts';
import { type ComplaintActionLook, offeredActions } from './complaintRowActions.tsx';
import { type ComplaintField, complaintText } from './complaintText.ts';
import { useHeldPermissions } from './useHeldPermissions.ts';
import './complaint.css';

/** Fields shown elsewhere in the drawer (photos, the order) or only ids. */
const NOT_LISTED = new Set<ComplaintField>([
  'id',
  'residentId',
  'meterId',
  'areaId',
  'attachments',
  'workOrderId',
  'workOrderCode',
  'workOrderStatus',
  'updatedAt',
]);
const FIELDS = (Object.keys(COMPLAINT_FIELDS) as ComplaintField[]).filter((f) => !NOT_LISTED.has(f));

/** The code fields that open another record's drawer, the id beside them and who may open it. */
const LINKS: Partial<Record<ComplaintField, { kind: DetailKind; id: ComplaintField; permission: string }>> = {
  residentCode: { kind: 'resident', id: 'residentId', permission: PERMISSIONS.dataResidentView },
  meterCode: { kind: 'meter', id: 'meterId', permission: PERMISSIONS.deviceMeterView },
  areaName: { kind: 'area', id: 'areaId', permission: PERMISSIONS.dataAreaView },
};

function ComplaintValue({ complaint: c, field }: { complaint: Complaint; field: ComplaintField }) {
  const { t } = useTranslation();
  const can = usePermission();
  if (field === 'status') return <ComplaintStatusTag status={c.status} />;
  if (field === 'satisfaction') return c.satisfaction ? <SatisfactionTag satisfaction={c.satisfaction} /> : '—';
  const text = complaintText(c, field, t);
  const link = LINKS[field];
  const id = link ? (c[link.id] as number | null) : null;
  if (link && id !== null && text && can([link.permission]))
    return <DetailLink to={{ kind: link.kind, id }} text={text} />;
  return (
    <span className={field === 'content' || field === 'reply' ? 'wo-complaint-text' : undefined}>{show(text)}</span>
  );
}

function OrderSection({ complaint: c }: { complaint: Complaint }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!c.workOrderCode || !c.workOrderStatus)
    return <p className={Classes.TEXT_MUTED}>{t('complaintPage.detail.noOrder')}</p>;
  return (
    <div className="wo-complaint-order">
      <span className="wo-complaint-order-code">{c.workOrderCode}</span>
      <StatusTag status={c.workOrderStatus} />
      <Button
        size="small"
        icon="share"
        text={t('complaintPage.detail.openOrder')}
        onClick={() => navigate(workOrderPath(c.workOrderCode))}
      />
    </div>
  );
}

function ActionBar({ complaint }: { complaint: Complaint }) {
  const { t } = useTranslation();
  const held = useHeldPermissions();
  const [acting, setActing] = useState<ComplaintActionLook | null>(null);
  const looks = offeredActions(complaint, held, new Date());
  if (looks.length === 0) return null;
  return (
    <div className="wo-complaint-actions">
      {looks.map((look) => (
        <Button
          key={look.action}
          icon={look.icon}
          intent={look.intent}
          text={t(look.labelKey)}
          onClick={() => setActing(look)}
        />
      ))}
      {acting?.dialog({ complaint, onClose: () => setActing(null) })}
    </div>
  );
}

const WORK_ORDERS = { topic: TOPICS.workorders } as const;

/**
 * Keeps a complaint's order status current while its drawer is open: the live work-order set (for those who may read
 * orders) tells when the order moved or left the open set (closed, cancelled), and the complaint is read again — so
 * the call-taker sees the order closed and answers the resident without reloading.
 */
const useOrderFollower = (c: Complaint | undefined, refetch: () => unknown) => {
  const can = usePermission();
  const following = c?.workOrderId != null && c.status === 'ordered' && can([PERMISSIONS.workOrderView]);
  const live = useLiveChannel<WorkOrder>(following ? WORK_ORDERS : null);
  const order = following ? live.items.find((o) => o.id === c?.workOrderId) : undefined;
  const seen = following && live.seq !== null ? (order?.status ?? 'gone') : null;
  useEffect(() => {
    if (seen !== null && seen !== c?.workOrderStatus) void refetch();
  }, [seen, c?.workOrderStatus, refetch]);
};

export function ComplaintDetail({ id }: DetailBodyProps) {
  const { t } = useTranslation();
  const { data: c, isError, isLoading, refetch } = useComplaintQuery(id);
  useOrderFollower(c, refetch);
  if (isLoading) return <Spinner size={28} />;
  if (isError || !c) return <NonIdealState icon="search" title={t('detail.notFound')} />;
  return (
    <div className="wo-complaint-detail">
      <h3 className="wo-detail-heading">
        {c.complaintNo} {t(`complaint.category.${c.category}`)}
      </h3>
      <ActionBar complaint={c} />
      <dl className="wo-detail-fields">
        {FIELDS.map((field) => (
          <Field key={field} label={t(`complaint.field.${field}`)}>
            <ComplaintValue complaint={c} field={field} />
          </Field>
        ))}
      </dl>
      <h4 className="wo-detail-subheading">{t('complaintPage.detail.photos')}</h4>
      {c.attachments.length > 0 ? (
        <PhotoStrip urls={c.attachments} />
      ) : (
        <p className={Classes.TEXT_MUTED}>{t('complaintPage.detail.noPhotos')}</p>
      )}
      <h4 className="wo-detail-subheading">{t('complaintPage.detail.order')}</h4>
      <OrderSection complaint={c} />
    </div>
  );
}
