// Sign-in, sign-out and what the shell loads after sign-in: the current user, their company and menus.
import { type Result, SUCCESS_CODES } from '@waterops/shared/api';
import { AUTH_PATHS, type SignInFailure, type TokenGrant, type TotpEnrolment } from '@waterops/shared/auth';
import {
  REGISTRATION_PATHS,
  type Registered,
  type RegisterRequest,
  type SmsCodeRequest,
  type SmsCodeSent,
} from '@waterops/shared/registration';
import { type Company, type CurrentUser, type MenuEntry, USER_PATHS } from '@waterops/shared/user';
import { baseApi } from '../../api/baseApi.ts';

export type SignInForm = {
  username: string;
  password: string;
  validCode?: string;
  deviceId?: string;
  totpCode?: string;
};

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    signIn: build.mutation<Partial<TokenGrant>, SignInForm>({
      query: (form) => ({
        url: AUTH_PATHS.token,
        method: 'POST',
        contentType: 'form',
        data: { grant_type: 'password', ...form },
      }),
      transformResponse: (body: Result<Partial<TokenGrant> | null>) => body.datas ?? {},
    }),
    signOut: build.mutation<void, void>({
      query: () => ({ url: AUTH_PATHS.removeToken, not_msg: true }),
    }),
    captchaRequired: build.query<boolean, string>({
      query: (username) => ({ url: AUTH_PATHS.captchaRequired, params: { username }, not_msg: true }),
      transformResponse: (body: Result<{ required: boolean }>) => body.datas.required,
    }),
    currentUser: build.query<CurrentUser | null, void>({
      query: () => ({ url: USER_PATHS.currentUser }),
      transformResponse: (body: Result<CurrentUser | null>) => body.datas ?? null,
      providesTags: ['CurrentUser'],
    }),
    company: build.query<Company, number>({
      query: (id) => ({ url: USER_PATHS.company(id), not_msg: true }),
      transformResponse: (body: Result<Company>) => body.datas,
      providesTags: ['Company'],
    }),
    // Self-registration: the SMS code (after the image code) and the registration; the message comes from the server.
    sendSmsCode: build.mutation<Result<SmsCodeSent>, SmsCodeRequest>({
      query: (data) => ({ url: REGISTRATION_PATHS.smsCode, method: 'POST', data }),
    }),
    register: build.mutation<Result<Registered>, RegisterRequest>({
      query: (data) => ({ url: REGISTRATION_PATHS.register, method: 'POST', data }),
    }),
    currentMenus: build.query<MenuEntry[], void>({
      query: () => ({ url: USER_PATHS.currentMenus }),
      transformResponse: (body: Result<MenuEntry[] | null>) => body.datas ?? [],
      providesTags: ['Menus'],
    }),
    withheldRoutes: build.query<string[], void>({
      query: () => ({ url: USER_PATHS.withheldRoutes }),
      transformResponse: (body: Result<string[] | null>) => body.datas ?? [],
      providesTags: ['Menus'],
    }),
  }),
});

export const {
  useSignInMutation,
  useWithheldRoutesQuery,
  useSignOutMutation,
  useLazyCaptchaRequiredQuery,
  useCurrentUserQuery,
  useCompanyQuery,
  useCurrentMenusQuery,
  useSendSmsCodeMutation,
  useRegisterMutation,
} = authApi;

/** The failed sign-in body tells whether the verification code is now demanded. */
export const captchaDemanded = (body: unknown): boolean => {
  const b = body as { resp_code?: number; datas?: Partial<SignInFailure> } | undefined;
  return b !== undefined && !SUCCESS_CODES.includes(b.resp_code ?? -1) && b.datas?.captchaRequired === true;
};

/**
 * The failed sign-in body's two-step verification step: whether the authenticator code is asked for, and the key to
 * enrol when the account must still set it up. Undefined when the password step did not pass.
 */
export const totpAsked = (body: unknown): { enrolment: TotpEnrolment | null } | undefined => {
  const b = body as { resp_code?: number; datas?: Partial<SignInFailure> } | undefined;
  if (!b || SUCCESS_CODES.includes(b.resp_code ?? -1) || b.datas?.totpRequired !== true) return undefined;
  return { enrolment: b.datas.totpEnrolment ?? null };
};

/** Spec §3: the permission list defaults to ['admin'] when the server returns it empty. */
export const effectivePermissions = (user: CurrentUser | null | undefined): string[] =>
  user ? (user.permissions.length > 0 ? user.permissions : ['admin']) : [];
