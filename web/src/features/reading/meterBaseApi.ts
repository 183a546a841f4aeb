// Month-end bases and meter swaps on the web: the resource id base lists are tagged with (a freeze, check or
// correction refreshes them), the default period (last China month), and a meter's swaps, tagged as the meter's
// resource because a swap changes the meter (its body code and base) too.
import type { Result } from '@waterops/shared/api';
import { addMonths, chinaMonth, METER_BASE_PATHS, type MeterReplacement } from '@waterops/shared/reading';
import { baseApi } from '../../api/baseApi.ts';
import { METER_RESOURCE } from '../device/meterApi.ts';

export const METER_BASE_RESOURCE = 'reading.meterBase';

/** Last month in China time ('YYYY-MM'): the month a freeze or a check is usually about. */
export const lastPeriod = (now: Date = new Date()): string => addMonths(chinaMonth(now), -1);

export const meterBaseApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** the swaps of one meter, newest first */
    meterReplacements: build.query<MeterReplacement[], number>({
      query: (meterId) => ({ url: METER_BASE_PATHS.replacements, params: { meterId } }),
      transformResponse: (r: Result<MeterReplacement[]>) => r.datas ?? [],
      providesTags: [{ type: 'Resource', id: METER_RESOURCE }],
    }),
  }),
});

export const { useMeterReplacementsQuery } = meterBaseApi;
