// The queue's filters: keyword, status, type, priority, team, assignee, deadline class — and the order the queue is
// sorted in. Teams and assignees are the ones the crew list and the queue know.
import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import {
  DeadlineClass,
  OPEN_STATUSES,
  type WorkOrder,
  WorkOrderPriority,
  WorkOrderType,
} from '@waterops/shared/workorder';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/Permission.tsx';
import { crewName } from './crewSuggestion.ts';
import { CREW_READERS, useCrewQuery } from './workOrderApi.ts';
import { NO_QUEUE_FILTERS, QUEUE_SORTS, type QueueFilters, type QueueSort } from './workOrderQueue.ts';

export type WorkOrderFilterBarProps = {
  filters: QueueFilters;
  onChange: (filters: QueueFilters) => void;
  sort: QueueSort;
  onSortChange: (sort: QueueSort) => void;
  /** the live orders (their teams and assignees are offered too) */
  orders: readonly WorkOrder[];
};

export function WorkOrderFilterBar({ filters, onChange, sort, onSortChange, orders }: WorkOrderFilterBarProps) {
  const { t } = useTranslation();
  const can = usePermission();
  const { data: crew = [] } = useCrewQuery(undefined, { skip: !can(CREW_READERS) });
  const all = { value: '', label: t('workOrderPage.filter.all') };
  const teams = useMemo(() => {
    const m = new Map<number, string>();
    for (const c of crew) if (c.departmentId !== null) m.set(c.departmentId, c.departmentName ?? `#${c.departmentId}`);
    for (const o of orders)
      if (o.departmentId !== null) m.set(o.departmentId, o.departmentName ?? `#${o.departmentId}`);
    return [...m].sort((a, b) => a[1].localeCompare(b[1], 'zh-CN'));
  }, [crew, orders]);
  const people = useMemo(() => {
    const m = new Map<number, string>();
    for (const c of crew) m.set(c.userId, crewName(c));
    for (const o of orders)
      if (o.assigneeId !== null && !m.has(o.assigneeId)) m.set(o.assigneeId, o.assigneeName ?? '');
    return [...m].sort((a, b) => a[1].localeCompare(b[1], 'zh-CN'));
  }, [crew, orders]);
  const set = (patch: Partial<QueueFilters>) => onChange({ ...filters, ...patch });
  const select = (
    id: string,
    label: string,
    value: string,
    options: { value: string | number; label: string }[],
    onValue: (v: string) => void,
  ) => (
    <FormGroup inline label={label} labelFor={id}>
      <HTMLSelect id={id} value={value} onChange={(e) => onValue(e.target.value)} options={[all, ...options]} />
    </FormGroup>
  );
  const changed = JSON.stringify(filters) !== JSON.stringify(NO_QUEUE_FILTERS);
  return (
    <div className="wo-wo-filters">
      <InputGroup
        type="search"
        leftIcon="search"
        aria-label={t('workOrderPage.filter.keyword')}
        placeholder={t('workOrderPage.filter.keywordHint')}
        value={filters.keyword}
        onValueChange={(keyword) => set({ keyword })}
        className="wo-wo-keyword"
      />
      {select(
        'wo-filter-status',
        t('workOrder.field.status'),
        filters.status,
        OPEN_STATUSES.map((s) => ({ value: s, label: t(`workOrder.status.${s}`) })),
        (v) => set({ status: v as QueueFilters['status'] }),
      )}
      {select(
        'wo-filter-type',
        t('workOrder.field.type'),
        filters.type,
        WorkOrderType.values.map((v) => ({ value: v, label: t(`workOrder.type.${v}`) })),
        (v) => set({ type: v as QueueFilters['type'] }),
      )}
      {select(
        'wo-filter-priority',
        t('workOrder.field.priority'),
        filters.priority,
        WorkOrderPriority.values.map((v) => ({ value: v, label: t(`workOrder.priority.${v}`) })),
        (v) => set({ priority: v as QueueFilters['priority'] }),
      )}
      {select(
        'wo-filter-team',
        t('workOrder.field.departmentName'),
        filters.departmentId === null ? '' : String(filters.departmentId),
        teams.map(([id, name]) => ({ value: id, label: name })),
        (v) => set({ departmentId: v === '' ? null : Number(v) }),
      )}
      {select(
        'wo-filter-assignee',
        t('workOrder.field.assigneeName'),
        filters.assigneeId === null ? '' : String(filters.assigneeId),
        [
          { value: 'none', label: t('workOrderPage.queue.unassigned') },
          ...people.map(([id, name]) => ({ value: id, label: name })),
        ],
        (v) => set({ assigneeId: v === '' ? null : v === 'none' ? 'none' : Number(v) }),
      )}
      {select(
        'wo-filter-deadline',
        t('workOrderPage.queue.deadline'),
        filters.deadline,
        DeadlineClass.values
          .filter((c) => c !== 'done')
          .map((c) => ({ value: c, label: t(`workOrder.deadline.${c}`) })),
        (v) => set({ deadline: v as QueueFilters['deadline'] }),
      )}
      <FormGroup inline label={t('workOrderPage.filter.sort')} labelFor="wo-filter-sort">
        <HTMLSelect
          id="wo-filter-sort"
          value={sort}
          onChange={(e) => onSortChange(e.target.value as QueueSort)}
          options={QUEUE_SORTS.map((s) => ({ value: s, label: t(`workOrderPage.sort.${s}`) }))}
        />
      </FormGroup>
      {changed && (
        <Button
          variant="minimal"
          icon="filter-remove"
          text={t('common.reset')}
          onClick={() => onChange(NO_QUEUE_FILTERS)}
        />
      )}
    </div>
  );
}
