// Ingestion key calls beyond the descriptor's list and delete: creating a key (answered once, in clear) and turning
// one on or off. Both refresh the key list (its resource tag).
import type { Result } from '@waterops/shared/api';
import type { IngestKey, IngestKeyCreated, IngestKeySave } from '@waterops/shared/deviceStatus';
import { INGEST_PATHS } from '@waterops/shared/reading';
import { baseApi } from '../../api/baseApi.ts';

export const INGEST_KEY_RESOURCE = 'device.ingestKey';

export const ingestKeyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createIngestKey: build.mutation<IngestKeyCreated, IngestKeySave>({
      query: (body) => ({ url: INGEST_PATHS.keySave, method: 'POST', data: body, not_msg: true }),
      transformResponse: (r: Result<IngestKeyCreated>) => r.datas,
      invalidatesTags: [{ type: 'Resource', id: INGEST_KEY_RESOURCE }],
    }),
    setIngestKeyEnabled: build.mutation<IngestKey, { id: number; enabled: boolean }>({
      query: (body) => ({ url: INGEST_PATHS.keyEnabled, method: 'POST', data: body }),
      transformResponse: (r: Result<IngestKey>) => r.datas,
      invalidatesTags: [{ type: 'Resource', id: INGEST_KEY_RESOURCE }],
    }),
  }),
});

export const { useCreateIngestKeyMutation, useSetIngestKeyEnabledMutation } = ingestKeyApi;
