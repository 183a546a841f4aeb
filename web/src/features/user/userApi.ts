// Profile, password and avatar upload.
import type { Result } from '@waterops/shared/api';
import type { StoredFile } from '@waterops/shared/file';
import { FILE_PATHS, type PasswordChange, type ProfileUpdate, USER_PATHS } from '@waterops/shared/user';
import { baseApi } from '../../api/baseApi.ts';

export const userApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<Result<unknown>, ProfileUpdate>({
      query: (data) => ({ url: USER_PATHS.profile, method: 'PUT', data, not_filter: true }),
      invalidatesTags: ['CurrentUser'],
    }),
    changePassword: build.mutation<Result<unknown>, PasswordChange>({
      query: (data) => ({ url: USER_PATHS.password, method: 'PUT', data }),
    }),
    uploadImage: build.mutation<StoredFile, File>({
      query: (file) => {
        const data = new FormData();
        data.append('file', file);
        return { url: FILE_PATHS.upload, method: 'POST', data };
      },
      transformResponse: (body: Result<StoredFile>) => body.datas,
    }),
  }),
});

export const { useUpdateProfileMutation, useChangePasswordMutation, useUploadImageMutation } = userApi;
