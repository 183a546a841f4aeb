// The work calendar's calls (/api-business/workorder calendar, settings, roster): a year's holidays and make-up days,
// the deadline settings, the duty roster of a range. Saving the calendar or the settings moves open orders' due times
// (the server recomputes them and the live topic brings them to the queue; an open order and the history list are
// read again); saving the roster refreshes the crew's duty (the dispatch page's crew panel and assignee picker).
import type { Result } from '@waterops/shared/api';
import {
  type CalendarYear,
  type RosterDay,
  type RosterSave,
  WORK_ORDER_PATHS,
  type WorkOrderSettings,
} from '@waterops/shared/workorder';
import { baseApi } from '../../api/baseApi.ts';

const CALENDAR = 'WorkCalendar' as const;
const SETTINGS = 'WorkOrderSettings' as const;
const ROSTER = 'DutyRoster' as const;
/** the dispatch page's tags (workOrderApi.ts): the crew, one order, the history list */
const CREW = 'WorkOrderCrew' as const;
const ORDER = 'WorkOrder' as const;
const LIST = 'WorkOrderList' as const;

export type RosterRange = { from: string; to: string; departmentId?: number };

export const workCalendarApi = baseApi
  .enhanceEndpoints({ addTagTypes: [CALENDAR, SETTINGS, ROSTER, CREW, ORDER, LIST] })
  .injectEndpoints({
    endpoints: (build) => ({
      calendarYear: build.query<CalendarYear, number>({
        query: (year) => ({ url: WORK_ORDER_PATHS.calendar, params: { year } }),
        transformResponse: (r: Result<CalendarYear>) => r.datas,
        providesTags: (_r, _e, year) => [{ type: CALENDAR, id: year }],
      }),
      /** answers the envelope: its message says how many open orders' due times moved */
      calendarSaved: build.mutation<Result<CalendarYear>, CalendarYear>({
        query: (data) => ({ url: WORK_ORDER_PATHS.calendarSave, method: 'POST', data, not_filter: true }),
        invalidatesTags: (_r, _e, { year }) => [{ type: CALENDAR, id: year }, ORDER, LIST],
      }),
      workOrderSettings: build.query<WorkOrderSettings, void>({
        query: () => ({ url: WORK_ORDER_PATHS.settings }),
        transformResponse: (r: Result<WorkOrderSettings>) => r.datas,
        providesTags: [SETTINGS],
      }),
      workOrderSettingsSaved: build.mutation<Result<WorkOrderSettings>, WorkOrderSettings>({
        // '' working hours means whole days: the body goes as it is
        query: (data) => ({ url: WORK_ORDER_PATHS.settingsSave, method: 'POST', data, not_filter: true }),
        invalidatesTags: [SETTINGS, ORDER, LIST],
      }),
      roster: build.query<RosterDay[], RosterRange>({
        query: (params) => ({ url: WORK_ORDER_PATHS.roster, params }),
        transformResponse: (r: Result<RosterDay[]>) => r.datas ?? [],
        providesTags: [ROSTER],
      }),
      rosterSaved: build.mutation<RosterDay, RosterSave>({
        query: (data) => ({ url: WORK_ORDER_PATHS.rosterSave, method: 'POST', data, not_filter: true }),
        transformResponse: (r: Result<RosterDay>) => r.datas,
        invalidatesTags: [ROSTER, CREW],
      }),
    }),
  });

export const {
  useCalendarYearQuery,
  useCalendarSavedMutation,
  useWorkOrderSettingsQuery,
  useWorkOrderSettingsSavedMutation,
  useRosterQuery,
  useLazyRosterQuery,
  useRosterSavedMutation,
} = workCalendarApi;
