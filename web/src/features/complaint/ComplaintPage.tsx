// 投诉管理 (Complaints, /complaint): the tenant's complaints as a descriptor of the generic list page — filters
// (keyword, status, channel, category, time taken), server paging 50/100/200 and sort, the columns of the field
// declarations (`columnsOf`, rare ones hidden until chosen), the .xlsx export of the same filters — with the intake
// dialog (the page's documented exception to the descriptor form: the number comes from the code rule and the
// resident fills other fields), the row actions each complaint's state allows, and its detail drawer.
import { Button, Intent } from '@blueprintjs/core';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  COMPLAINT_FIELDS,
  COMPLAINT_PATHS,
  type Complaint,
  ComplaintCategory,
  ComplaintChannel,
  ComplaintStatus,
  complaintActions,
} from '@waterops/shared/complaint';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Permission } from '../../components/Permission.tsx';
import { declaredColumns, enumOptions } from '../../resources/declaredColumns.ts';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import type { ColumnDef, FilterValues, ResourceDescriptor, RowAction } from '../../resources/types.ts';
import { useOpenDetail } from '../detail/detailLink.ts';
import { workOrderPath } from '../notice/workOrderLink.ts';
import { StatusTag } from '../workorder/WorkOrderTags.tsx';
import { ComplaintFormDialog } from './ComplaintFormDialog.tsx';
import { ComplaintStatusTag, SatisfactionTag } from './ComplaintTags.tsx';
import { COMPLAINT_RESOURCE } from './complaintApi.ts';
import { COMPLAINT_ACTION_LOOKS, mayTake } from './complaintRowActions.tsx';
import { type ComplaintField, complaintText } from './complaintText.ts';
import { useHeldPermissions } from './useHeldPermissions.ts';
import './complaint.css';

export type ComplaintFilters = FilterValues & {
  keyword: string;
  status: string;
  channel: string;
  category: string;
  startTime: Date | null;
  endTime: Date | null;
};

const INITIAL: ComplaintFilters = {
  keyword: '',
  status: '',
  channel: '',
  category: '',
  startTime: null,
  endTime: null,
};

const optionsOf = (field: string, values: readonly string[]) =>
  enumOptions('complaintPage.filter.all', 'complaint', field, values);

type T = (key: string) => string;

/** The cells that are more than text: the number opens the drawer, the order leads to the dispatch page. */
const renderers = (
  onOpen: (row: Complaint) => void,
): Partial<Record<ComplaintField, (row: Complaint) => ReactNode>> => ({
  complaintNo: (row) => (
    <Button variant="minimal" size="small" intent="primary" text={row.complaintNo} onClick={() => onOpen(row)} />
  ),
  status: (row) => <ComplaintStatusTag status={row.status} />,
  satisfaction: (row) => (row.satisfaction ? <SatisfactionTag satisfaction={row.satisfaction} /> : ''),
  workOrderCode: (row) =>
    row.workOrderCode ? <Link to={workOrderPath(row.workOrderCode)}>{row.workOrderCode}</Link> : '',
  workOrderStatus: (row) => (row.workOrderStatus ? <StatusTag status={row.workOrderStatus} /> : ''),
});

/** The list's columns, from the declarations. */
export const complaintColumns = (t: T, onOpen: (row: Complaint) => void): ColumnDef<Complaint>[] =>
  declaredColumns<Complaint, typeof COMPLAINT_FIELDS>(
    'complaint',
    COMPLAINT_FIELDS,
    (row, field) => complaintText(row, field, t),
    renderers(onOpen),
  ).map((c) => ({ ...c, grow: c.key === 'content' }));

/** The page's descriptor: `held` decides which actions a row offers beside what its state allows. */
export const complaintResource = (
  t: T,
  held: readonly string[],
  onOpen: (row: Complaint) => void,
): ResourceDescriptor<Complaint, ComplaintFilters> => {
  const actions: RowAction<Complaint>[] = [
    { id: 'view', labelKey: 'complaintPage.action.view', icon: 'eye-open', onClick: onOpen },
    ...COMPLAINT_ACTION_LOOKS.filter((look) => mayTake(look, held)).map((look) => ({
      id: look.action,
      labelKey: look.labelKey,
      icon: look.icon,
      intent: look.intent,
      visible: (row: Complaint) => complaintActions(row, new Date()).includes(look.action),
      dialog: ({ row, onClose }: { row: Complaint; onClose: () => void }) => look.dialog({ complaint: row, onClose }),
    })),
  ];
  return {
    id: COMPLAINT_RESOURCE,
    titleKey: 'complaintPage.title',
    icon: 'chat',
    list: { path: COMPLAINT_PATHS.list },
    rowKey: (row) => row.id,
    columns: complaintColumns(t, onOpen),
    filters: [
      {
        kind: 'text',
        key: 'keyword',
        labelKey: 'complaintPage.filter.keyword',
        placeholderKey: 'complaintPage.filter.keywordHint',
        icon: 'search',
      },
      {
        kind: 'select',
        key: 'status',
        labelKey: 'complaint.field.status',
        options: optionsOf('status', ComplaintStatus.values),
      },
      {
        kind: 'select',
        key: 'channel',
        labelKey: 'complaint.field.channel',
        options: optionsOf('channel', ComplaintChannel.values),
      },
      {
        kind: 'select',
        key: 'category',
        labelKey: 'complaint.field.category',
        options: optionsOf('category', ComplaintCategory.values),
      },
      { kind: 'dateRange', startKey: 'startTime', endKey: 'endTime', labelKey: 'complaint.field.createdAt' },
    ],
    initialFilters: INITIAL,
    defaultSort: { key: 'createdAt', direction: 'desc' },
    emptyKey: 'complaintPage.empty',
    emptyIcon: 'chat',
    actions,
    exportPath: COMPLAINT_PATHS.export,
  };
};

export function ComplaintPage() {
  const { t } = useTranslation();
  const held = useHeldPermissions();
  const open = useOpenDetail();
  const [taking, setTaking] = useState(false);
  const descriptor = useMemo(
    () => complaintResource(t, held, (row) => open({ kind: 'complaint', id: row.id })),
    [t, held, open],
  );
  return (
    <div className="wo-complaint-page">
      {/* beside the page's heading (complaint.css) */}
      <Permission any={[PERMISSIONS.complaintEdit]}>
        <div className="wo-complaint-new">
          <Button intent={Intent.PRIMARY} icon="add" text={t('complaintPage.new')} onClick={() => setTaking(true)} />
        </div>
      </Permission>
      <ResourceListPage descriptor={descriptor} />
      {taking && <ComplaintFormDialog onClose={() => setTaking(false)} />}
    </div>
  );
}
