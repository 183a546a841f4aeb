// Two-step verification (TOTP): the signed-in user's enrolment from the personal center, and an administrator's
// requirement and reset of an account's.
import type { Result } from '@waterops/shared/api';
import { TOTP_PATHS, type TotpEnrolment, type TotpStatus } from '@waterops/shared/auth';
import { baseApi } from '../../api/baseApi.ts';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Totp'] });

export const totpApi = api.injectEndpoints({
  endpoints: (build) => ({
    myTotp: build.query<TotpStatus, void>({
      query: () => ({ url: TOTP_PATHS.mine, not_msg: true }),
      transformResponse: (body: Result<TotpStatus>) => body.datas,
      providesTags: [{ type: 'Totp', id: 'me' }],
    }),
    startTotpEnrolment: build.mutation<TotpEnrolment, void>({
      query: () => ({ url: TOTP_PATHS.myEnrolment, method: 'POST', not_msg: true }),
      transformResponse: (body: Result<TotpEnrolment>) => body.datas,
    }),
    confirmTotp: build.mutation<unknown, string>({
      query: (code) => ({ url: TOTP_PATHS.mine, method: 'POST', data: { code }, not_msg: true }),
      invalidatesTags: [{ type: 'Totp', id: 'me' }],
    }),
    turnTotpOff: build.mutation<unknown, string>({
      query: (code) => ({ url: TOTP_PATHS.myOff, method: 'POST', data: { code }, not_msg: true }),
      invalidatesTags: [{ type: 'Totp', id: 'me' }],
    }),
    accountTotp: build.query<TotpStatus, number>({
      query: (id) => ({ url: TOTP_PATHS.user(id), not_msg: true }),
      transformResponse: (body: Result<TotpStatus>) => body.datas,
      providesTags: (_r, _e, id) => [{ type: 'Totp', id }],
    }),
    setAccountTotpRequired: build.mutation<unknown, { id: number; required: boolean }>({
      query: ({ id, required }) => ({ url: TOTP_PATHS.user(id), method: 'PUT', data: { required }, not_msg: true }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Totp', id }],
    }),
    resetAccountTotp: build.mutation<unknown, number>({
      query: (id) => ({ url: TOTP_PATHS.user(id), method: 'DELETE', not_msg: true }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Totp', id }],
    }),
  }),
});

export const {
  useMyTotpQuery,
  useStartTotpEnrolmentMutation,
  useConfirmTotpMutation,
  useTurnTotpOffMutation,
  useAccountTotpQuery,
  useSetAccountTotpRequiredMutation,
  useResetAccountTotpMutation,
} = totpApi;
