// Whether a token is held. The token itself lives in token storage (settings.tokenStorage), not in the store.
import { createSlice } from '@reduxjs/toolkit';

export type SessionState = { signedIn: boolean };

export const sessionSlice = createSlice({
  name: 'session',
  initialState: { signedIn: false } as SessionState,
  reducers: {
    signedIn: (state) => {
      state.signedIn = true;
    },
    signedOut: (state) => {
      state.signedIn = false;
    },
  },
});

export const { signedIn, signedOut } = sessionSlice.actions;
