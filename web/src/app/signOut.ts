// Signing out (spec §2, §4): the logout call, then token, permissions (the user cache) and routes are cleared.
import { baseApi } from '../api/baseApi.ts';
import { authApi } from '../features/auth/authApi.ts';
import { tagsCleared } from '../shell/tagsSlice.ts';
import { signedOut } from './sessionSlice.ts';
import type { AppDispatch } from './store.ts';
import { removeToken } from './tokenStorage.ts';

/** Clears everything the session held, without calling the server (expired token, failed user info). */
export const clearSession = (dispatch: AppDispatch): void => {
  removeToken();
  dispatch(signedOut());
  dispatch(tagsCleared());
  dispatch(baseApi.util.resetApiState());
};

/** The logout call (its failure does not keep anyone signed in), then the local clean-up. */
export const signOut = async (dispatch: AppDispatch): Promise<void> => {
  try {
    await dispatch(authApi.endpoints.signOut.initiate()).unwrap();
  } catch {
    // an expired or revoked token cannot be revoked again; sign out locally all the same
  }
  clearSession(dispatch);
};
