// The alarm console's calls: the live alarm set (the `alarms` topic streamed into the cache), an alarm's history
// and grouped children, acknowledge / shelve / unshelve, and the alarm-load panel.
import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import type { Result } from '@waterops/shared/api';
import { TOPICS } from '@waterops/shared/live';
import {
  type Alarm,
  type AlarmAckRequest,
  type AlarmEvent,
  type AlarmLoad,
  type AlarmShelveRequest,
  MONITORING_PATHS,
} from '@waterops/shared/monitoring';
import { baseApi } from '../../api/baseApi.ts';
import { applyToEntities, streamIntoCache } from '../../live/streamIntoCache.ts';

export const ALARMS_REQUEST = { topic: TOPICS.alarms } as const;

export const alarmAdapter = createEntityAdapter<Alarm>();

const EVENTS = { type: 'Resource' as const, id: 'monitoring.alarmEvents' };
const CHILDREN = { type: 'Resource' as const, id: 'monitoring.alarmChildren' };
const LOAD = { type: 'Resource' as const, id: 'monitoring.alarmLoad' };
const changedTags = [EVENTS, CHILDREN, LOAD];

const withId = (path: string, id: number) => path.replace(':id', String(id));

export const alarmsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** the live set: starts empty and is filled by the topic's snapshot, then kept by its patches */
    liveAlarms: build.query<EntityState<Alarm, number>, void>({
      queryFn: () => ({ data: alarmAdapter.getInitialState() }),
      onCacheEntryAdded: (_arg, lifecycle) =>
        streamIntoCache<Alarm, EntityState<Alarm, number>>(ALARMS_REQUEST, lifecycle, applyToEntities(alarmAdapter)),
      keepUnusedDataFor: 5,
    }),
    alarmEvents: build.query<AlarmEvent[], number>({
      query: (id) => ({ url: withId(MONITORING_PATHS.alarmEvents, id) }),
      transformResponse: (r: Result<AlarmEvent[]>) => r.datas,
      providesTags: [EVENTS],
    }),
    alarmChildren: build.query<Alarm[], number>({
      query: (id) => ({ url: withId(MONITORING_PATHS.alarmChildren, id) }),
      transformResponse: (r: Result<Alarm[]>) => r.datas,
      providesTags: [CHILDREN],
    }),
    alarmLoad: build.query<AlarmLoad, void>({
      query: () => ({ url: MONITORING_PATHS.alarmLoad }),
      transformResponse: (r: Result<AlarmLoad>) => r.datas,
      providesTags: [LOAD],
    }),
    acknowledgeAlarms: build.mutation<{ changed: number }, AlarmAckRequest>({
      query: (data) => ({ url: MONITORING_PATHS.acknowledge, method: 'POST', data }),
      transformResponse: (r: Result<{ changed: number }>) => r.datas,
      invalidatesTags: changedTags,
    }),
    shelveAlarms: build.mutation<{ changed: number }, AlarmShelveRequest>({
      query: (data) => ({ url: MONITORING_PATHS.shelve, method: 'POST', data }),
      transformResponse: (r: Result<{ changed: number }>) => r.datas,
      invalidatesTags: changedTags,
    }),
    unshelveAlarms: build.mutation<{ changed: number }, { ids: number[] }>({
      query: (data) => ({ url: MONITORING_PATHS.unshelve, method: 'POST', data }),
      transformResponse: (r: Result<{ changed: number }>) => r.datas,
      invalidatesTags: changedTags,
    }),
  }),
});

export const {
  useLiveAlarmsQuery,
  useAlarmEventsQuery,
  useAlarmChildrenQuery,
  useAlarmLoadQuery,
  useAcknowledgeAlarmsMutation,
  useShelveAlarmsMutation,
  useUnshelveAlarmsMutation,
} = alarmsApi;
