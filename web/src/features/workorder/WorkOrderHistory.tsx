// The history: every order (all statuses) from the REST list, as a descriptor of the generic list page — filters
// (keyword, status, type, priority, deadline class, created range), server paging 50/100/200 and sort, the columns
// of the field declarations (`columnsOf`: the spec's hidden-by-default columns, the column chooser remembering the
// choice), and the .xlsx export of the same filters. The caller's `identity` (spec §6) goes with every request.
import {
  DeadlineClass,
  deadlineState,
  WORK_ORDER_FIELDS,
  WORK_ORDER_PATHS,
  type WorkOrder,
  WorkOrderPriority,
  WorkOrderStatus,
  WorkOrderType,
} from '@waterops/shared/workorder';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { declaredColumns, enumOptions } from '../../resources/declaredColumns.ts';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import { defaultListQuery } from '../../resources/resourceApi.ts';
import type { ColumnDef, FilterValues, ListRequest, ResourceDescriptor } from '../../resources/types.ts';
import { DeadlineTag } from './DeadlineTag.tsx';
import { fieldText } from './fieldText.ts';
import { OpenOrderButton } from './WorkOrderDrawer.tsx';
import { PriorityTag, StatusTag } from './WorkOrderTags.tsx';
import { WORK_ORDER_RESOURCE } from './workOrderApi.ts';

type HistoryFilters = FilterValues & {
  keyword: string;
  status: string;
  type: string;
  priority: string;
  deadline: string;
  startTime: Date | null;
  endTime: Date | null;
};

const INITIAL: HistoryFilters = {
  keyword: '',
  status: '',
  type: '',
  priority: '',
  deadline: '',
  startTime: null,
  endTime: null,
};

const optionsOf = (field: string, values: readonly string[]) =>
  enumOptions('workOrderPage.filter.all', 'workOrder', field, values);

/** The list's query: the page's filters, paging and sort, and the caller's role types (spec §6). */
export const historyQuery = (identity: string) => (request: ListRequest<HistoryFilters>) => ({
  ...defaultListQuery(request),
  ...(identity ? { identity } : {}),
});

export type WorkOrderHistoryProps = {
  /** the caller's role types, comma-joined */
  identity: string;
  /** opens an order's drawer */
  onOpen: (order: WorkOrder) => void;
  /** the instant deadlines are read at */
  now: Date;
};

export function WorkOrderHistory({ identity, onOpen, now }: WorkOrderHistoryProps) {
  const { t } = useTranslation();
  const descriptor = useMemo<ResourceDescriptor<WorkOrder, HistoryFilters>>(() => {
    const declared = declaredColumns<WorkOrder, typeof WORK_ORDER_FIELDS>(
      'workOrder',
      WORK_ORDER_FIELDS,
      (row, field) => fieldText(row, field, t),
      {
        code: (row) => <OpenOrderButton code={row.code} onOpen={() => onOpen(row)} />,
        status: (row) => <StatusTag status={row.status} />,
        priority: (row) => <PriorityTag priority={row.priority} />,
      },
    );
    const deadline: ColumnDef<WorkOrder> = {
      key: 'deadlineClass',
      titleKey: 'workOrder.sheet.deadlineClass',
      width: 130,
      text: (row) => t(`workOrder.deadline.${deadlineState(row, now).class}`),
      render: (row) => <DeadlineTag order={row} now={now} />,
    };
    const columns = declared.flatMap((c) => {
      // room for a sortable header's button beside its label
      const column = c.sortable ? { ...c, width: Math.max(c.width ?? 0, 100) } : c;
      // the deadline's standing beside the resolution due time (as the export's deadline column)
      return c.key === 'resolveDueAt' ? [column, deadline] : [column];
    });
    return {
      id: WORK_ORDER_RESOURCE,
      titleKey: 'workOrderPage.tab.history',
      icon: 'history',
      list: { path: WORK_ORDER_PATHS.list, query: historyQuery(identity) },
      rowKey: (row) => row.id,
      columns,
      filters: [
        {
          kind: 'text',
          key: 'keyword',
          labelKey: 'workOrderPage.filter.keyword',
          placeholderKey: 'workOrderPage.filter.keywordHint',
          icon: 'search',
        },
        {
          kind: 'select',
          key: 'status',
          labelKey: 'workOrder.field.status',
          options: optionsOf('status', WorkOrderStatus.values),
        },
        {
          kind: 'select',
          key: 'type',
          labelKey: 'workOrder.field.type',
          options: optionsOf('type', WorkOrderType.values),
        },
        {
          kind: 'select',
          key: 'priority',
          labelKey: 'workOrder.field.priority',
          options: optionsOf('priority', WorkOrderPriority.values),
        },
        {
          kind: 'select',
          key: 'deadline',
          labelKey: 'workOrderPage.queue.deadline',
          options: optionsOf('deadline', DeadlineClass.values),
        },
        { kind: 'dateRange', startKey: 'startTime', endKey: 'endTime', labelKey: 'workOrder.field.createdAt' },
      ],
      initialFilters: INITIAL,
      defaultSort: { key: 'createdAt', direction: 'desc' },
      emptyKey: 'workOrderPage.history.empty',
      emptyIcon: 'clipboard',
      actions: [{ id: 'view', labelKey: 'workOrderPage.history.view', icon: 'eye-open', onClick: onOpen }],
      exportPath: WORK_ORDER_PATHS.export,
    };
  }, [identity, onOpen, now, t]);
  return (
    <div className="wo-wo-history">
      <ResourceListPage descriptor={descriptor} />
    </div>
  );
}
