// The work-order calls (spec §7 /api-business/workorder): the live queue (the `workorders` topic streamed into an
// entity cache, like the alarm console), the paged list with the caller's `identity` (spec §6), one order by id or
// by code (the bell's ?code=), its timeline, save, every transition (ACTION_PATHS), batch assign / complete, the
// crew with duty and load, statistics. An action's answer is written into the live cache at once (the topic brings
// the same change a moment later) and refreshes the order, its timeline, the crew's load and the history list.
import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import type { PageResult, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { TOPICS } from '@waterops/shared/live';
import {
  ACTION_PATHS,
  type BatchItemResult,
  type CrewMember,
  isOpenStatus,
  WORK_ORDER_PATHS,
  type WorkOrder,
  type WorkOrderActionBody,
  type WorkOrderBatchBody,
  type WorkOrderContext,
  type WorkOrderEvent,
  type WorkOrderListQuery,
  type WorkOrderSave,
  type WorkOrderStatistics,
} from '@waterops/shared/workorder';
import { baseApi } from '../../api/baseApi.ts';
import { applyToEntities, streamIntoCache } from '../../live/streamIntoCache.ts';

export const WORK_ORDERS_REQUEST = { topic: TOPICS.workorders } as const;
/** The history list's resource id: its stored column choices and the tag a change refreshes. */
export const WORK_ORDER_RESOURCE = 'workorder';

export const workOrderAdapter = createEntityAdapter<WorkOrder>();

/** The transitions with a route of their own (everything but edit, which is a save). */
export type RoutedAction = keyof typeof ACTION_PATHS;

const ORDER = 'WorkOrder' as const;
const EVENTS = 'WorkOrderEvents' as const;
const CREW = 'WorkOrderCrew' as const;
const STATS = 'WorkOrderStatistics' as const;
const HISTORY = { type: 'Resource' as const, id: WORK_ORDER_RESOURCE };

const changedOrder = (id: number) => [
  { type: ORDER, id },
  { type: EVENTS, id },
  CREW,
  STATS,
  HISTORY,
  { type: 'WorkOrderList' as const },
];

export type CrewQuery = { departmentId?: number; day?: string };
/** Who may read the crew (the dispatch view): others skip the call rather than meet a 403. */
export const CREW_READERS: readonly string[] = [PERMISSIONS.workOrderView, PERMISSIONS.workOrderAssign];

export const workOrderApi = baseApi
  .enhanceEndpoints({ addTagTypes: [ORDER, EVENTS, CREW, STATS, 'WorkOrderList'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** the open orders the caller may see: filled by the topic's snapshot, then kept by its patches */
      liveWorkOrders: build.query<EntityState<WorkOrder, number>, void>({
        queryFn: () => ({ data: workOrderAdapter.getInitialState() }),
        onCacheEntryAdded: (_arg, lifecycle) =>
          streamIntoCache<WorkOrder, EntityState<WorkOrder, number>>(
            WORK_ORDERS_REQUEST,
            lifecycle,
            applyToEntities(workOrderAdapter),
          ),
        keepUnusedDataFor: 5,
      }),
      workOrderList: build.query<PageResult<WorkOrder>, WorkOrderListQuery>({
        query: (params) => ({ url: WORK_ORDER_PATHS.list, params }),
        providesTags: ['WorkOrderList'],
      }),
      workOrder: build.query<WorkOrder, number>({
        query: (id) => ({ url: WORK_ORDER_PATHS.find(id) }),
        transformResponse: (r: Result<WorkOrder>) => r.datas,
        providesTags: (_r, _e, id) => [{ type: ORDER, id }],
      }),
      /** the order a to-do names; its own message when not found (the page says so) */
      workOrderByCode: build.query<WorkOrder, string>({
        query: (code) => ({ url: WORK_ORDER_PATHS.findByCode, params: { code }, not_msg: true }),
        transformResponse: (r: Result<WorkOrder>) => r.datas,
        providesTags: (r) => (r ? [{ type: ORDER, id: r.id }] : []),
      }),
      /** the district's open leak events and live alarms around an order (parts the caller may not read: null) */
      workOrderContext: build.query<WorkOrderContext, number>({
        query: (id) => ({ url: WORK_ORDER_PATHS.context(id) }),
        transformResponse: (r: Result<WorkOrderContext>) => r.datas,
        providesTags: (_r, _e, id) => [{ type: EVENTS, id }],
      }),
      workOrderEvents: build.query<WorkOrderEvent[], number>({
        query: (id) => ({ url: WORK_ORDER_PATHS.events(id) }),
        transformResponse: (r: Result<WorkOrderEvent[]>) => r.datas,
        providesTags: (_r, _e, id) => [{ type: EVENTS, id }],
      }),
      /** create (no id) or edit; the dialog shows a refusal itself */
      saveWorkOrder: build.mutation<WorkOrder, WorkOrderSave>({
        // nulls are sent: an edit clears a field that way (the request layer would drop them)
        query: (data) => ({ url: WORK_ORDER_PATHS.save, method: 'POST', data, not_msg: true, not_filter: true }),
        transformResponse: (r: Result<WorkOrder>) => r.datas,
        onQueryStarted: (_body, { dispatch, queryFulfilled }) => {
          queryFulfilled.then(({ data }) => dispatch(upsertLive(data))).catch(() => {});
        },
        invalidatesTags: (r) => (r ? changedOrder(r.id) : []),
      }),
      /** one transition (assign, accept, start, note, complete, delay, resume, remind, close, reopen, cancel) */
      workOrderAction: build.mutation<WorkOrder, { action: RoutedAction; body: WorkOrderActionBody }>({
        query: ({ action, body }) => ({ url: ACTION_PATHS[action], method: 'POST', data: body, not_msg: true }),
        transformResponse: (r: Result<WorkOrder>) => r.datas,
        onQueryStarted: (_arg, { dispatch, queryFulfilled }) => {
          queryFulfilled.then(({ data }) => dispatch(upsertLive(data))).catch(() => {});
        },
        invalidatesTags: (_r, _e, { body }) => changedOrder(body.id),
      }),
      batchAssign: build.mutation<BatchItemResult[], WorkOrderBatchBody>({
        query: (data) => ({ url: WORK_ORDER_PATHS.batchAssign, method: 'POST', data, not_msg: true }),
        transformResponse: (r: Result<BatchItemResult[]>) => r.datas,
        invalidatesTags: [ORDER, EVENTS, CREW, STATS, HISTORY, 'WorkOrderList'],
      }),
      batchComplete: build.mutation<BatchItemResult[], WorkOrderBatchBody>({
        query: (data) => ({ url: WORK_ORDER_PATHS.batchComplete, method: 'POST', data, not_msg: true }),
        transformResponse: (r: Result<BatchItemResult[]>) => r.datas,
        invalidatesTags: [ORDER, EVENTS, CREW, STATS, HISTORY, 'WorkOrderList'],
      }),
      /** the crew with their team, today's duty and open load (served with the duty roster) */
      crew: build.query<CrewMember[], CrewQuery | undefined>({
        query: (params) => ({ url: WORK_ORDER_PATHS.crew, params: params ?? {} }),
        transformResponse: (r: Result<CrewMember[]>) => r.datas,
        providesTags: [CREW],
      }),
      workOrderStatistics: build.query<WorkOrderStatistics, { startTime?: string; endTime?: string } | undefined>({
        query: (params) => ({ url: WORK_ORDER_PATHS.statistics, params: params ?? {} }),
        transformResponse: (r: Result<WorkOrderStatistics>) => r.datas,
        providesTags: [STATS],
      }),
    }),
  });

/** Writes an order just answered by the server into the live queue (an open one) or takes it out (closed). */
const upsertLive = (order: WorkOrder) =>
  workOrderApi.util.updateQueryData('liveWorkOrders', undefined, (draft) => {
    if (isOpenStatus(order.status)) workOrderAdapter.upsertOne(draft, order);
    else workOrderAdapter.removeOne(draft, order.id);
  });

export const {
  useLiveWorkOrdersQuery,
  useWorkOrderListQuery,
  useWorkOrderQuery,
  useWorkOrderByCodeQuery,
  useWorkOrderEventsQuery,
  useWorkOrderContextQuery,
  useSaveWorkOrderMutation,
  useWorkOrderActionMutation,
  useBatchAssignMutation,
  useBatchCompleteMutation,
  useCrewQuery,
  useWorkOrderStatisticsQuery,
} = workOrderApi;
