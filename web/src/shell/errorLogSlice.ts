// Errors caught at run time (window errors, unhandled rejections, error boundaries), for the error-log panel.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type CaughtError = {
  id: number;
  /** the route (hash path) where it happened */
  url: string;
  message: string;
  /** stack or component stack */
  details: string;
  /** epoch milliseconds */
  time: number;
};

export type ErrorLogState = { entries: CaughtError[]; nextId: number };

/** Keep the panel readable; older entries drop off. */
export const MAX_ERRORS = 50;

export const errorLogSlice = createSlice({
  name: 'errorLog',
  initialState: { entries: [], nextId: 1 } as ErrorLogState,
  reducers: {
    errorCaught: (state, action: PayloadAction<Omit<CaughtError, 'id'>>) => {
      state.entries.push({ ...action.payload, id: state.nextId });
      state.nextId += 1;
      if (state.entries.length > MAX_ERRORS) state.entries.splice(0, state.entries.length - MAX_ERRORS);
    },
    errorLogDismissed: (state) => {
      state.entries = [];
    },
  },
});

export const { errorCaught, errorLogDismissed } = errorLogSlice.actions;
