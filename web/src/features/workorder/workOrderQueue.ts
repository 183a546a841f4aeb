// The live queue's list rules, pure: the dispatcher's filters (status, type, priority, team, assignee, deadline
// class, keyword) and the orders in urgency order — furthest past due first, then the priority, then the sooner due.
import {
  type DeadlineClass,
  deadlineState,
  WorkOrderPriority as Priorities,
  type WorkOrder,
  type WorkOrderPriority,
  type WorkOrderStatus,
  type WorkOrderType,
} from '@waterops/shared/workorder';
import { DEADLINE_RANK } from './deadlineLook.ts';

/** '' = any; `assigneeId` 'none' = not assigned yet. */
export type QueueFilters = {
  status: WorkOrderStatus | '';
  type: WorkOrderType | '';
  priority: WorkOrderPriority | '';
  departmentId: number | null;
  assigneeId: number | 'none' | null;
  deadline: DeadlineClass | '';
  keyword: string;
};

export const NO_QUEUE_FILTERS: QueueFilters = {
  status: '',
  type: '',
  priority: '',
  departmentId: null,
  assigneeId: null,
  deadline: '',
  keyword: '',
};

/** The texts a keyword is looked for in (like the server's list: code, title, address, contact, meter). */
const haystack = (o: WorkOrder): string =>
  [o.code, o.title, o.address, o.contactName, o.contactPhone, o.meterCode, o.residentName, o.areaName]
    .filter(Boolean)
    .join('\n')
    .toLowerCase();

export const matchesQueueFilters = (o: WorkOrder, f: QueueFilters, now: Date): boolean => {
  if (f.status && o.status !== f.status) return false;
  if (f.type && o.type !== f.type) return false;
  if (f.priority && o.priority !== f.priority) return false;
  if (f.departmentId !== null && o.departmentId !== f.departmentId) return false;
  if (f.assigneeId === 'none' && o.assigneeId !== null) return false;
  if (typeof f.assigneeId === 'number' && o.assigneeId !== f.assigneeId) return false;
  if (f.deadline && deadlineState(o, now).class !== f.deadline) return false;
  const keyword = f.keyword.trim().toLowerCase();
  return keyword === '' || haystack(o).includes(keyword);
};

export const QUEUE_SORTS = ['urgency', 'due', 'created'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];

const priorityRank = (p: WorkOrderPriority) => Priorities.values.indexOf(p);
const dueMs = (o: WorkOrder) => (o.resolveDueAt ? Date.parse(o.resolveDueAt) : Number.POSITIVE_INFINITY);
const createdMs = (o: WorkOrder) => Date.parse(o.createdAt);

/** The orders in the chosen order: urgency (deadline class, priority, due), due time, or newest first. */
export const sortQueue = (orders: readonly WorkOrder[], sort: QueueSort, now: Date): WorkOrder[] => {
  const rank = new Map(orders.map((o) => [o.id, DEADLINE_RANK[deadlineState(o, now).class]]));
  const byDue = (a: WorkOrder, b: WorkOrder) => dueMs(a) - dueMs(b) || createdMs(a) - createdMs(b) || a.id - b.id;
  const compare: Record<QueueSort, (a: WorkOrder, b: WorkOrder) => number> = {
    urgency: (a, b) =>
      (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0) ||
      priorityRank(a.priority) - priorityRank(b.priority) ||
      byDue(a, b),
    due: byDue,
    created: (a, b) => createdMs(b) - createdMs(a) || b.id - a.id,
  };
  return [...orders].sort(compare[sort]);
};

/** Ids of the orders not seen before (the first look only records: a page opened on a full queue flashes nothing). */
export const newOrderIds = (
  seen: ReadonlySet<number> | null,
  orders: readonly Pick<WorkOrder, 'id'>[],
): { fresh: number[]; seen: Set<number> } => {
  const next = new Set(seen ?? []);
  const fresh: number[] = [];
  for (const o of orders)
    if (!next.has(o.id)) {
      next.add(o.id);
      if (seen) fresh.push(o.id);
    }
  return { fresh, seen: next };
};
