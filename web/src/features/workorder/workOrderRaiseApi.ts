// Raising work orders from where the problem is seen (issue 15, Deliver 3): one source or a batch (≤ 500) through
// workorder/raise and batchRaise, month-end bases through the meter-reading page's meterBase workOrder and
// batchWorkOrder. The dialog shows refusals and per-item results itself (not_msg); a raise refreshes the order lists
// the detail drawers and the night-flow events show (the list endpoint's tag).
import type { Result } from '@waterops/shared/api';
import {
  type BatchRaiseItem,
  type MeterBaseBatchWorkOrder,
  type MeterBaseWorkOrder,
  type RaiseResult,
  WORK_ORDER_PATHS,
  type WorkOrderRaise,
} from '@waterops/shared/workorder';
import { baseApi } from '../../api/baseApi.ts';

/** The work-order list's tag (workOrderApi's list): lists of a source's orders refresh after a raise. */
const LISTS = 'WorkOrderList' as const;

/** A single raise's answer: the order (new, or the source's open one) and the server's message. */
export type RaiseAnswer = RaiseResult & { message: string };

export const workOrderRaiseApi = baseApi.enhanceEndpoints({ addTagTypes: [LISTS] }).injectEndpoints({
  endpoints: (build) => ({
    raiseWorkOrder: build.mutation<RaiseAnswer, WorkOrderRaise>({
      query: (data) => ({ url: WORK_ORDER_PATHS.raise, method: 'POST', data, not_msg: true }),
      transformResponse: (r: Result<RaiseResult>) => ({ ...r.datas, message: r.resp_msg }),
      invalidatesTags: [LISTS],
    }),
    batchRaiseWorkOrders: build.mutation<BatchRaiseItem[], WorkOrderRaise[]>({
      query: (items) => ({ url: WORK_ORDER_PATHS.batchRaise, method: 'POST', data: { items }, not_msg: true }),
      transformResponse: (r: Result<BatchRaiseItem[]>) => r.datas,
      invalidatesTags: [LISTS],
    }),
    meterBaseWorkOrder: build.mutation<RaiseAnswer, MeterBaseWorkOrder>({
      query: (data) => ({ url: WORK_ORDER_PATHS.meterBaseWorkOrder, method: 'POST', data, not_msg: true }),
      transformResponse: (r: Result<RaiseResult>) => ({ ...r.datas, message: r.resp_msg }),
      invalidatesTags: [LISTS],
    }),
    meterBaseBatchWorkOrder: build.mutation<BatchRaiseItem[], MeterBaseBatchWorkOrder>({
      query: (data) => ({ url: WORK_ORDER_PATHS.meterBaseBatchWorkOrder, method: 'POST', data, not_msg: true }),
      transformResponse: (r: Result<BatchRaiseItem[]>) => r.datas,
      invalidatesTags: [LISTS],
    }),
  }),
});

export const {
  useRaiseWorkOrderMutation,
  useBatchRaiseWorkOrdersMutation,
  useMeterBaseWorkOrderMutation,
  useMeterBaseBatchWorkOrderMutation,
} = workOrderRaiseApi;
