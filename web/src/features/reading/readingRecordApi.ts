// Reading records, reading rate and the voltage/signal history: read-only queries on the shared contract
// (@waterops/shared/reading records.ts). Days are China days 'YYYY-MM-DD'.
import type { PageResult, Result } from '@waterops/shared/api';
import {
  type DaysQuery,
  type MeterDays,
  type RawReading,
  READING_RECORD_PATHS,
  type ReadingRate,
  type ReadingRateQuery,
  type ReadingsQuery,
  type VoltageHistory,
  type VoltageHistoryQuery,
} from '@waterops/shared/reading';
import { baseApi } from '../../api/baseApi.ts';

export const readingRecordApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    meterReadings: build.query<PageResult<RawReading>, ReadingsQuery>({
      query: (params) => ({ url: READING_RECORD_PATHS.readings, params }),
    }),
    meterDays: build.query<MeterDays, DaysQuery>({
      query: (params) => ({ url: READING_RECORD_PATHS.days, params }),
      transformResponse: (r: Result<MeterDays>) => r.datas,
    }),
    readingRate: build.query<ReadingRate, Partial<ReadingRateQuery>>({
      query: (params) => ({ url: READING_RECORD_PATHS.readingRate, params }),
      transformResponse: (r: Result<ReadingRate>) => r.datas,
    }),
    voltageHistory: build.query<VoltageHistory, VoltageHistoryQuery>({
      query: (params) => ({ url: READING_RECORD_PATHS.voltageHistory, params }),
      transformResponse: (r: Result<VoltageHistory>) => r.datas,
    }),
  }),
});

export const { useMeterReadingsQuery, useMeterDaysQuery, useReadingRateQuery, useVoltageHistoryQuery } =
  readingRecordApi;
