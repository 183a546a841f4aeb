// The Redux store: RTK Query's cache plus the client-state slices. Theme saves are persisted by a listener.
import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { baseApi } from '../api/baseApi.ts';
import { errorLogSlice } from '../shell/errorLogSlice.ts';
import { layoutSlice } from '../shell/layoutSlice.ts';
import { tagsSlice } from '../shell/tagsSlice.ts';
import { themeRestored, themeSaved, themeSlice } from '../shell/themeSlice.ts';
import { sessionSlice } from './sessionSlice.ts';
import { settings } from './settings.ts';

export const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  session: sessionSlice.reducer,
  tags: tagsSlice.reducer,
  layout: layoutSlice.reducer,
  theme: themeSlice.reducer,
  errorLog: errorLogSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export const makeStore = (preloaded?: Partial<RootState>) => {
  const listener = createListenerMiddleware();
  listener.startListening({
    actionCreator: themeSaved,
    effect: (action) => localStorage.setItem(settings.themeStorageKey, JSON.stringify(action.payload)),
  });
  listener.startListening({
    actionCreator: themeRestored,
    effect: () => localStorage.removeItem(settings.themeStorageKey),
  });
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloaded,
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(baseApi.middleware),
  });
};

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
