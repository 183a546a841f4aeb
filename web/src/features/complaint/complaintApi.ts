// The complaint calls (spec §7 /api-business/complaint): the list is the descriptor page's (generic resource list,
// tagged COMPLAINT_RESOURCE); one complaint for the drawer; the next number and its uniqueness for the intake; save,
// turn into a work order, close, reopen, delete — each refreshes the list and the drawer. Refusals come back as the
// server's message for the dialog to show (not_msg: the dialog shows it beside its fields).
import type { Result } from '@waterops/shared/api';
import {
  COMPLAINT_PATHS,
  type Complaint,
  type ComplaintOver,
  type ComplaintReopen,
  type ComplaintSave,
  type ComplaintToWorkOrder,
} from '@waterops/shared/complaint';
import { baseApi } from '../../api/baseApi.ts';
import { request } from '../../api/request.ts';

/** The list's resource id: its stored column choices and the tag a change refreshes. */
export const COMPLAINT_RESOURCE = 'complaint';

const COMPLAINT = 'Complaint' as const;
const changed = (id?: number) => [
  { type: 'Resource' as const, id: COMPLAINT_RESOURCE },
  ...(id ? [{ type: COMPLAINT, id }] : []),
];
const post =
  <B>(url: string) =>
  (data: B) => ({ url, method: 'POST' as const, data, not_msg: true, not_filter: true });

/** An answer with a message worth showing (the order a complaint already has). */
export type Answered = { complaint: Complaint; message: string };

export const complaintApi = baseApi.enhanceEndpoints({ addTagTypes: [COMPLAINT] }).injectEndpoints({
  endpoints: (build) => ({
    complaint: build.query<Complaint, number>({
      // the drawer says "not found" itself (a complaint just deleted)
      query: (id) => ({ url: COMPLAINT_PATHS.find(id), not_msg: true }),
      transformResponse: (r: Result<Complaint>) => r.datas,
      providesTags: (_r, _e, id) => [{ type: COMPLAINT, id }],
    }),
    saveComplaint: build.mutation<Complaint, ComplaintSave>({
      query: post(COMPLAINT_PATHS.save),
      transformResponse: (r: Result<Complaint>) => r.datas,
      invalidatesTags: (_r, _e, body) => changed(body.id),
    }),
    complaintToWorkOrder: build.mutation<Answered, ComplaintToWorkOrder>({
      query: post(COMPLAINT_PATHS.workOrder),
      transformResponse: (r: Result<Complaint>) => ({ complaint: r.datas, message: r.resp_msg }),
      invalidatesTags: (_r, _e, body) => changed(body.id),
    }),
    closeComplaint: build.mutation<Complaint, ComplaintOver>({
      query: post(COMPLAINT_PATHS.over),
      transformResponse: (r: Result<Complaint>) => r.datas,
      invalidatesTags: (_r, _e, body) => changed(body.id),
    }),
    reopenComplaint: build.mutation<Complaint, ComplaintReopen>({
      query: post(COMPLAINT_PATHS.reopen),
      transformResponse: (r: Result<Complaint>) => r.datas,
      invalidatesTags: (_r, _e, body) => changed(body.id),
    }),
    deleteComplaint: build.mutation<null, number>({
      query: (id) => post<{ id: number }>(COMPLAINT_PATHS.delete)({ id }),
      invalidatesTags: (_r, _e, id) => changed(id),
    }),
  }),
});

export const {
  useComplaintQuery,
  useSaveComplaintMutation,
  useComplaintToWorkOrderMutation,
  useCloseComplaintMutation,
  useReopenComplaintMutation,
  useDeleteComplaintMutation,
} = complaintApi;

/** The next complaint number of the code rule (consumes it), or '' when it cannot be had. */
export const fetchNewComplaintNo = async (): Promise<string> => {
  try {
    const r = await request<Result<string>>({ url: COMPLAINT_PATHS.newNo, method: 'POST', not_msg: true });
    return r.datas ?? '';
  } catch {
    return '';
  }
};

/** Whether another complaint (not `id`) holds the number; null when the check could not be made. */
export const complaintNoTaken = async (complaintNo: string, id?: number): Promise<boolean | null> => {
  try {
    const r = await request<Result<boolean>>({
      url: COMPLAINT_PATHS.exist,
      params: { complaintNo, ...(id ? { id } : {}) },
      not_msg: true,
    });
    return r.datas === true;
  } catch {
    return null;
  }
};
