// The device status page's own call: online / offline / total per device kind (its lists are the device lists).
import type { Result } from '@waterops/shared/api';
import { DEVICE_STATUS_PATHS, type DeviceStatusSummary } from '@waterops/shared/deviceStatus';
import { baseApi } from '../../api/baseApi.ts';

/** The status lists' resource ids (one per tab): their cache tags. */
export const DEVICE_STATUS_RESOURCE = 'device.status';

export const deviceStatusApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    deviceStatusSummary: build.query<DeviceStatusSummary, { areaId?: number }>({
      query: ({ areaId }) => ({ url: DEVICE_STATUS_PATHS.summary, params: areaId ? { areaId } : {} }),
      transformResponse: (r: Result<DeviceStatusSummary>) => r.datas,
    }),
  }),
});

export const { useDeviceStatusSummaryQuery } = deviceStatusApi;
